import { z } from 'zod';
import { singleLineText } from './text';
import { PERSON_NAME_PART_MAX } from './limits';
import { ROLES } from './roles';
import { emailSchema, phoneSchema } from './contact';
import { feideIdSchema } from './sso';
import { isIsoDate, todayInSchoolZone } from './time';

export const personNameSchema = z.object({
  first: singleLineText().min(1).max(PERSON_NAME_PART_MAX),
  middle: singleLineText().max(PERSON_NAME_PART_MAX).optional(),
  last: singleLineText().min(1).max(PERSON_NAME_PART_MAX),
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
  room: singleLineText().max(PERSON_ROOM_MAX).nullable().optional(),
  /** What a first sign-in with Feide is matched by; no two people of a school share one. */
  feideId: feideIdSchema.nullable().optional(),
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
  /**
   * Feide user id (eduPersonPrincipalName). Only those who may change people are sent it: it
   * says how the person signs in, which nobody else needs.
   */
  feideId: z.string().nullable().optional(),
  memberOf: z.array(z.string()),
  roles: z.array(roleSchema),
  /** Whether the person can sign in (has set a password). */
  hasLogin: z.boolean(),
  userMutableData: userMutableDataSchema,
  /**
   * The day the person left the school («Sluttet»), YYYY-MM-DD at the school; null while they
   * are at the school. From that day they are gone from current lists, pickers and sheets.
   */
  leftOn: z.string().nullable(),
  /** What remains of an erased person: no name («Slettet bruker»), kept for the school's records. */
  erased: z.boolean(),
});
export type Person = z.infer<typeof personSchema>;

/**
 * PUT /people/:id/left («Avslutt»): the day the person left. It may lie in the past (the office
 * learns late) but not ahead, so that everything leaving ends happens at once.
 */
export const personLeftSchema = z.object({
  leftOn: z
    .string()
    .refine(isIsoDate, 'Ugyldig dato (ÅÅÅÅ-MM-DD)')
    .refine((date) => date >= '2000-01-01', 'Datoen er for tidlig.')
    .refine((date) => date <= todayInSchoolZone(), 'Sluttdatoen kan ikke ligge fram i tid.'),
});
export type PersonLeftInput = z.infer<typeof personLeftSchema>;

/** PATCH /people/:id: the fields the school keeps about a person; roles change through their own route. */
export const personUpdateSchema = personInputSchema
  .omit({ roles: true, memberOf: true })
  .partial()
  .extend({ memberOf: z.array(z.string().min(1)).max(50).optional() });
export type PersonUpdate = z.infer<typeof personUpdateSchema>;

export const personRolesSchema = z.object({ roles: z.array(roleSchema).max(ROLES.length) });
export type PersonRolesInput = z.infer<typeof personRolesSchema>;

/**
 * GET /people filters: a role or 'student' (no roles), and a line. People who have left are
 * listed only with `former=true` (the users page's «Vis tidligere», and names in history).
 */
export const peopleQuerySchema = z.object({
  role: z.enum([...ROLES, 'student']).optional(),
  line: z.string().min(1).optional(),
  former: z.enum(['true', 'false']).optional(),
});
export type PeopleQuery = z.infer<typeof peopleQuerySchema>;

/**
 * A picture the app can show: a path on this server or an https address. Anything else
 * (javascript:, data: with markup, plain http on a school network) is refused when written.
 */
export const profilePicUrlSchema = z
  .string()
  .trim()
  .max(2000)
  .refine(
    (value) => value === '' || /^\/(?!\/)\S*$/.test(value) || /^https:\/\/[^\s/]+\S*$/i.test(value),
    'Bruk en adresse som begynner med https://',
  );

/** PATCH /me: a person's own userMutableData, merged into what is stored; '' clears the picture. */
export const meUpdateSchema = z.object({
  userMutableData: z
    .object({
      firstSetupDone: z.boolean().optional(),
      mailboxFlag: z.boolean().optional(),
      profilePicURL: profilePicUrlSchema.optional(),
    })
    .strict(),
});
export type MeUpdate = z.infer<typeof meUpdateSchema>;
