import { z } from 'zod';
import { emailSchema } from './contact';
import { personNameSchema, roleSchema, userMutableDataSchema } from './people';
import { schoolNamesSchema } from './school';
import { ACTIONS } from './policy';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './limits';
import { APP_FEATURES, APP_LANGUAGES } from './app-settings';
import { ssoSignInOptionSchema } from './sso';

export const passwordSchema = z.string().min(PASSWORD_MIN_LENGTH).max(PASSWORD_MAX_LENGTH);

export const loginSchema = z.object({
  email: emailSchema,
  password: z.string().min(1).max(PASSWORD_MAX_LENGTH),
});
export type LoginInput = z.infer<typeof loginSchema>;

/** The first-run wizard: the school and its first admin. */
export const setupSchema = z.object({
  school: schoolNamesSchema,
  admin: z.object({
    name: personNameSchema,
    email: emailSchema,
    password: passwordSchema,
  }),
});
export type SetupInput = z.infer<typeof setupSchema>;

/**
 * What the login page needs before it draws: whether the first-run wizard is still due, and the
 * ways to sign in besides e-mail and password (one request, since the page waits for it).
 */
export const setupStatusSchema = z.object({
  needsSetup: z.boolean(),
  /** A one-time link by e-mail: offered only when Tun can send mail (SMTP_URL). */
  emailLink: z.boolean(),
  /** The schools' single sign-on providers, one button each. */
  sso: z.array(ssoSignInOptionSchema),
});
export type SetupStatus = z.infer<typeof setupStatusSchema>;

export const sessionSchema = z.object({
  user: z.object({
    id: z.string(),
    name: personNameSchema,
    email: z.string().nullable(),
    roles: z.array(roleSchema),
    userMutableData: userMutableDataSchema,
  }),
  school: z.object({ id: z.string(), shortName: z.string(), longName: z.string() }),
  /** Actions the user may do to every record. */
  actions: z.array(z.enum(ACTIONS)),
  /** Actions the user may do to their own records only. */
  ownActions: z.array(z.enum(ACTIONS)),
  /** The features switched on for the school: the navigation shows only these. */
  features: z.array(z.enum(APP_FEATURES)),
  /** How the school's app presents itself (its app settings, without the admin's details). */
  app: z.object({
    name: z.string(),
    shortName: z.string(),
    themeColor: z.string(),
    /** The logo's inline URL in the file archive, or null for Tun's own. */
    logoUrl: z.string().nullable(),
    defaultLanguage: z.enum(APP_LANGUAGES),
  }),
});
export type Session = z.infer<typeof sessionSchema>;

/** How a session was opened. */
export const SIGN_IN_METHODS = ['password', 'email-link', 'passkey', 'oidc', 'tv-pairing'] as const;
export type SignInMethod = (typeof SIGN_IN_METHODS)[number];

/** One of the signed-in person's sessions, as «Min profil» lists them. */
export const signedInSessionSchema = z.object({
  id: z.string(),
  /** Null for a session opened before Tun recorded how. */
  method: z.enum(SIGN_IN_METHODS).nullable(),
  /** The browser's User-Agent when the session was opened, as it told it. */
  userAgent: z.string().nullable(),
  createdAt: z.string(),
  /** The session this request came with. */
  current: z.boolean(),
});
export type SignedInSession = z.infer<typeof signedInSessionSchema>;
