import { z } from 'zod';
import { singleLineText } from './text';

export const ROOM_NAME_MAX = 100;

export const roomSchema = z.object({
  id: z.string(),
  name: z.string(),
});
export type Room = z.infer<typeof roomSchema>;

/** What the new/edit room dialog sends (SPEC §3: a room stores only its name). */
export const roomInputSchema = z.object({
  name: singleLineText().min(1).max(ROOM_NAME_MAX),
});
export type RoomInput = z.infer<typeof roomInputSchema>;

/**
 * What deleting a room would clear (SPEC §4 'Room deletion', §8): every count is always
 * present, also for kinds of data the installation does not hold yet.
 */
export const roomReferencesSchema = z.object({
  /** Custom calendar events from now on that use the room (roomUsed). */
  futureEvents: z.number().int().min(0),
  /** Entries of the weekly schedule (normalWeek) that use the room. */
  scheduleEvents: z.number().int().min(0),
  /** Lines whose dedicated room (mainRoom) it is. */
  lines: z.number().int().min(0),
  /** Electives whose main room it is. */
  electives: z.number().int().min(0),
});
export type RoomReferences = z.infer<typeof roomReferencesSchema>;
export type RoomReferenceKind = keyof RoomReferences;
