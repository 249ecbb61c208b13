import { z } from 'zod';
import { singleLineText } from './text';
import { COLOR_THEMES } from './colors';

export const ELECTIVE_NAME_MAX = 100;
/** Far above any school's head count; only there to bound a request. */
export const ELECTIVE_MEMBERS_MAX = 2000;

export const electiveSchema = z.object({
  id: z.string(),
  name: z.string(),
  color: z.enum(COLOR_THEMES),
  /** A room id, present only when the elective has a main room (SPEC §3). */
  mainRoom: z.string().optional(),
  /** Person ids. */
  members: z.array(z.string()),
});
export type Elective = z.infer<typeof electiveSchema>;

const electiveFields = {
  name: singleLineText().min(1).max(ELECTIVE_NAME_MAX),
  color: z.enum(COLOR_THEMES),
  /** null (or absent) for no main room. */
  mainRoom: z.string().min(1).nullable().optional(),
  members: z.array(z.string().min(1)).max(ELECTIVE_MEMBERS_MAX),
};

/** A new elective from the new/edit dialog. */
export const electiveInputSchema = z.object({
  ...electiveFields,
  members: electiveFields.members.default([]),
});
export type ElectiveInput = z.infer<typeof electiveInputSchema>;

/**
 * A change: only the fields sent are touched. Built without defaults, so that leaving out
 * `members` keeps the members instead of emptying the elective.
 */
export const electiveUpdateSchema = z.object(electiveFields).partial();
export type ElectiveUpdate = z.infer<typeof electiveUpdateSchema>;
