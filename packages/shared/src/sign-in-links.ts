/**
 * Signing in with a one-time link sent by e-mail («Send meg en innloggingslenke»): asked for on
 * the login page, used once on the phone or computer that opens it.
 */
import { z } from 'zod';
import { emailSchema } from './contact';

/** How long a sign-in link works. */
export const SIGN_IN_LINK_MINUTES = 15;

export const signInLinkRequestSchema = z.object({ email: emailSchema });
export type SignInLinkRequest = z.infer<typeof signInLinkRequestSchema>;

/** The same answer whether the address belongs to an account or not. */
export const signInLinkRequestedSchema = z.object({ expiresInMinutes: z.number() });
export type SignInLinkRequested = z.infer<typeof signInLinkRequestedSchema>;

export const signInLinkUseSchema = z.object({ token: z.string().min(20).max(200) });
export type SignInLinkUse = z.infer<typeof signInLinkUseSchema>;
