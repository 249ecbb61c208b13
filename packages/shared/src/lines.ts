/**
 * Lines: the SPEC's "groups" (classes). A person's memberships are SPEC User.memberOf; the
 * count is derived from them, never stored.
 */
import { z } from 'zod';
import { idSchema } from './ids';
import { singleLineText } from './text';
import { COLOR_THEMES } from './colors';

export const LINE_NAME_MAX = 100;
export const LINE_SHORT_NAME_MAX = 20;
/** Generous for a folk high school line (20–40 students), and a bound on one request. */
export const LINE_STAFF_MAX = 50;
export const LINE_MEMBERS_MAX = 1000;

const personIds = (max: number) => z.array(idSchema).max(max);

export const lineSchema = z.object({
  id: z.string(),
  name: z.string(),
  shortName: z.string(),
  color: z.enum(COLOR_THEMES),
  /** SPEC §3: the dedicated room's id, present only when one is set. */
  mainRoom: z.string().optional(),
  teachers: z.array(z.string()),
  assistants: z.array(z.string()),
  memberCount: z.number().int().nonnegative(),
});
export type Line = z.infer<typeof lineSchema>;

export const lineDetailsSchema = lineSchema.extend({
  /** Ids of the people whose memberOf holds this line. */
  members: z.array(z.string()),
});
export type LineDetails = z.infer<typeof lineDetailsSchema>;

const lineFields = {
  name: singleLineText().min(1).max(LINE_NAME_MAX),
  shortName: singleLineText().min(1).max(LINE_SHORT_NAME_MAX),
  color: z.enum(COLOR_THEMES),
  /** A room of the school; null (or absent) for none. */
  mainRoom: idSchema.nullable().optional(),
  teachers: personIds(LINE_STAFF_MAX),
  assistants: personIds(LINE_STAFF_MAX),
};

export const lineInputSchema = z.object({
  ...lineFields,
  teachers: lineFields.teachers.default([]),
  assistants: lineFields.assistants.default([]),
});
export type LineInput = z.infer<typeof lineInputSchema>;

/** A change: only the fields given are changed; lists replace the stored ones. */
export const lineUpdateSchema = z.object(lineFields).partial();
export type LineUpdate = z.infer<typeof lineUpdateSchema>;

export const lineMembersInputSchema = z.object({ personIds: personIds(LINE_MEMBERS_MAX) });
export type LineMembersInput = z.infer<typeof lineMembersInputSchema>;
