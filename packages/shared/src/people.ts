import { z } from 'zod';
import { PERSON_NAME_PART_MAX } from './limits';
import { ROLES } from './roles';
import { emailSchema, phoneSchema } from './contact';

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

export const PERSON_ROOM_MAX = 50;

/** A person as the school enters them (new-user form, import). */
export const personInputSchema = z.object({
  name: personNameSchema,
  email: emailSchema.nullable().optional(),
  phone: phoneSchema.nullable().optional(),
  room: z.string().trim().max(PERSON_ROOM_MAX).nullable().optional(),
  /** SPEC User.memberOf: ids of the lines the person belongs to. */
  memberOf: z.array(z.string().min(1)).max(50).default([]),
  roles: z.array(roleSchema).max(7).default([]),
});
export type PersonInput = z.infer<typeof personInputSchema>;

export const personSchema = z.object({
  id: z.string(),
  name: personNameSchema,
  email: z.string().nullable(),
  phone: z.string().nullable(),
  room: z.string().nullable(),
  memberOf: z.array(z.string()),
  roles: z.array(roleSchema),
  /** Whether the person can sign in (has set a password). */
  hasLogin: z.boolean(),
  userMutableData: userMutableDataSchema,
});
export type Person = z.infer<typeof personSchema>;
