/** One-time links to set a password: made by an admin, used once by the person. */
import { z } from 'zod';
import { passwordSchema } from './auth';

/** How long a link works: long enough for a letter sent before the school year starts. */
export const PASSWORD_LINK_DAYS = 7;

export const passwordLinkSchema = z.object({
  /** The whole link, token included; shown once, never stored. */
  url: z.string(),
  expiresAt: z.string(),
  /** Whether the link was also sent to the person's e-mail. */
  emailed: z.boolean(),
});
export type PasswordLink = z.infer<typeof passwordLinkSchema>;

export const setPasswordSchema = z.object({
  token: z.string().min(20).max(200),
  password: passwordSchema,
});
export type SetPasswordInput = z.infer<typeof setPasswordSchema>;

/** The e-mail to sign in with, so that the page can sign the person in straight away. */
export const setPasswordResultSchema = z.object({ email: z.string() });
export type SetPasswordResult = z.infer<typeof setPasswordResultSchema>;
