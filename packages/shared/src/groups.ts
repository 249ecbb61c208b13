import { z } from 'zod';
import { singleLineText } from './text';
import { isoDateSchema, storedDateSchema } from './dates';
import { idSchema } from './ids';
import { todayInSchoolZone } from './time';

export const GROUP_NAME_MAX = 100;
/** A temporary group is for a trip, a course week, a team: a few hundred people at most. */
export const GROUP_MEMBERS_MAX = 1000;

/** A temporary group (SPEC §2 /app/groups): after its end date it moves to the archive. */
export const groupSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Person ids. */
  members: z.array(z.string()),
  /** The last day of the group at the school (YYYY-MM-DD), or null when it does not end. */
  endDate: storedDateSchema.nullable(),
  createdBy: z.string().nullable(),
  /** The end date has passed (in the school's zone). */
  archived: z.boolean(),
});
export type Group = z.infer<typeof groupSchema>;

export const groupInputSchema = z.object({
  name: singleLineText().min(1).max(GROUP_NAME_MAX),
  members: z.array(z.string().min(1)).max(GROUP_MEMBERS_MAX).default([]),
  endDate: isoDateSchema.nullable().optional(),
});
export type GroupInput = z.input<typeof groupInputSchema>;

export const groupUpdateSchema = z.object({
  name: singleLineText().min(1).max(GROUP_NAME_MAX).optional(),
  members: z.array(z.string().min(1)).max(GROUP_MEMBERS_MAX).optional(),
  endDate: isoDateSchema.nullable().optional(),
});
export type GroupUpdate = z.infer<typeof groupUpdateSchema>;

export const groupParamsSchema = z.object({ id: idSchema });

/** Archived once the end date is behind us: a group ending today is still active today. */
export function isGroupArchived(endDate: string | null, today: string = todayInSchoolZone()): boolean {
  return endDate !== null && endDate < today;
}
