import { z } from 'zod';
import { PERSON_NAME_PART_MAX } from './limits';
import { ROLES } from './roles';

export const personNameSchema = z.object({
  first: z.string().trim().min(1).max(PERSON_NAME_PART_MAX),
  middle: z.string().trim().max(PERSON_NAME_PART_MAX).optional(),
  last: z.string().trim().min(1).max(PERSON_NAME_PART_MAX),
});
export type PersonName = z.infer<typeof personNameSchema>;

/** Fields a person may change about themselves (SPEC §3 userMutableData). */
export const userMutableDataSchema = z.object({
  firstSetupDone: z.boolean().optional(),
  mailboxFlag: z.boolean().optional(),
  profilePicURL: z.string().max(2000).optional(),
});
export type UserMutableData = z.infer<typeof userMutableDataSchema>;

export const roleSchema = z.enum(ROLES);
