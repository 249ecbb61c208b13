/**
 * Passkeys (WebAuthn): registered on «Min profil», used to sign in on the login page. What the
 * browser sends is bounded here; its meaning is checked by the server (@simplewebauthn/server).
 */
import { z } from 'zod';

/** A passkey's own name, given by the person («iPhone», «Jobb-PC»). */
export const PASSKEY_NAME_MAX = 60;

const base64url = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[A-Za-z0-9_-]*$/);

const credentialFields = {
  id: base64url(1400),
  rawId: base64url(1400),
  type: z.literal('public-key'),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: z.record(z.string().max(100), z.unknown()),
};

/** A browser's answer to navigator.credentials.create(), as @simplewebauthn/browser sends it. */
export const registrationResponseSchema = z.object({
  ...credentialFields,
  response: z.object({
    clientDataJSON: base64url(4000),
    attestationObject: base64url(20_000),
    authenticatorData: base64url(20_000).optional(),
    transports: z.array(z.string().max(20)).max(10).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: base64url(4000).optional(),
  }),
});

/** A browser's answer to navigator.credentials.get(). */
export const authenticationResponseSchema = z.object({
  ...credentialFields,
  response: z.object({
    clientDataJSON: base64url(4000),
    authenticatorData: base64url(20_000),
    signature: base64url(2000),
    userHandle: base64url(200).optional(),
  }),
});

/** Options for the browser, and the challenge's id to send back with its answer. */
export const passkeyOptionsSchema = z.object({
  challengeId: z.string(),
  options: z.record(z.string(), z.unknown()),
});
export type PasskeyOptions = z.infer<typeof passkeyOptionsSchema>;

export const passkeyRegistrationSchema = z.object({
  challengeId: z.string().max(100),
  name: z.string().trim().min(1).max(PASSKEY_NAME_MAX),
  response: registrationResponseSchema,
});
export type PasskeyRegistration = z.infer<typeof passkeyRegistrationSchema>;

export const passkeySignInSchema = z.object({
  challengeId: z.string().max(100),
  response: authenticationResponseSchema,
});
export type PasskeySignIn = z.infer<typeof passkeySignInSchema>;

export const passkeySchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type Passkey = z.infer<typeof passkeySchema>;
