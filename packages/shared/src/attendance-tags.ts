/**
 * Room tags and scans (SPEC §3 room attendance key, §4 tag validation) as the API answers them:
 * the server checks its answers against these schemas and the web app infers its types from them.
 */
import { z } from 'zod';
import { attendanceStatusSchema } from './attendance';
import { idSchema } from './ids';

/** A room's tag as staff see it (GET, POST and PATCH /rooms/:id/tag). */
export const roomTagSchema = z.object({
  roomId: z.string(),
  /** A room with a screen: the code changes every minute. */
  rotating: z.boolean(),
  /** The school date (YYYY-MM-DD) the key of the day is for. */
  date: z.string(),
  keyOfTheDay: z.string(),
  /** The link for the QR code or the NFC tag, with the key that works now. */
  scanUrl: z.string(),
  /** Rooms with a screen: the code of this minute and how many seconds it has left. */
  minuteCode: z.string().nullable(),
  secondsLeft: z.number().int().nullable(),
  createdAt: z.string(),
});
export type RoomTag = z.infer<typeof roomTagSchema>;

/** A student's scan of a room's tag or screen code. */
export const scanInputSchema = z.object({
  roomId: idSchema,
  key: z.string().min(1).max(100),
});
export type ScanInput = z.infer<typeof scanInputSchema>;

const scanEventSchema = z.object({ id: z.string(), name: z.string(), start: z.string(), end: z.string() });

export const scanResultSchema = z.object({
  event: scanEventSchema,
  /** The effective status after the scan: a teacher's manual status still wins (SPEC §4). */
  status: attendanceStatusSchema,
});
export type ScanResult = z.infer<typeof scanResultSchema>;

/** What a 409 scan-too-early tells besides its code (RFC 9457 extension members). */
export const scanTooEarlySchema = z.object({
  event: scanEventSchema,
  /** From when a scan counts: the start less the buffer (SPEC §9). */
  opensAt: z.string(),
});
export type ScanTooEarly = z.infer<typeof scanTooEarlySchema>;
