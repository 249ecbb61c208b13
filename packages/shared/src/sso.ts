/**
 * Single sign-on per school with OpenID Connect (docs/decisions/035-single-sign-on.md): the
 * providers an admin adds, what the login page offers, and the rules both sides share.
 */
import { z } from 'zod';
import { singleLineText } from './text';
import type { Role } from './roles';

/** Microsoft Entra ID, Google Workspace, Feide, or any provider found by discovery. */
export const SSO_KINDS = ['entra', 'google', 'feide', 'oidc'] as const;
export type SsoKind = (typeof SSO_KINDS)[number];

export const GOOGLE_ISSUER = 'https://accounts.google.com';
/** Feide's OpenID Connect provider (docs.feide.no, «OpenID Connect»). */
export const FEIDE_ISSUER = 'https://auth.dataporten.no';
/** The Feide user id (eduPersonPrincipalName, «ola@skole.no»), with the scope userid-feide. */
export const FEIDE_ID_CLAIM = 'https://n.feide.no/claims/eduPersonPrincipalName';

/** An Entra ID tenant: its id (a GUID) or one of its domains. */
export const ENTRA_TENANT = /^[A-Za-z0-9][A-Za-z0-9.-]{0,252}$/;

export function entraIssuer(tenant: string): string {
  return `https://login.microsoftonline.com/${encodeURIComponent(tenant)}/v2.0`;
}

/** The scopes Tun asks every provider of a kind for. */
export function ssoScopes(kind: SsoKind): string[] {
  const scopes = ['openid', 'profile', 'email'];
  return kind === 'feide' ? [...scopes, 'userid-feide'] : scopes;
}

export const SSO_NAME_MAX = 60;
export const SSO_URL_MAX = 500;
export const SSO_CLIENT_ID_MAX = 300;
export const SSO_CLIENT_SECRET_MAX = 1000;
export const FEIDE_ID_MAX = 200;

/**
 * An issuer or discovery URL: https, or http on this machine's loopback (a provider run beside
 * Tun for a trial or a test). Anything else would send the client secret in the clear.
 */
export const ssoIssuerUrlSchema = z
  .url({ protocol: /^https?$/ })
  .max(SSO_URL_MAX)
  .refine((value) => {
    // zod runs this even when the value is no URL; the url check has said so already.
    if (!URL.canParse(value)) return true;
    const url = new URL(value);
    return url.protocol === 'https:' || ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
  }, 'https');

/** The Feide user id stored on a person: `name@realm`. */
export const feideIdSchema = z
  .string()
  .trim()
  .max(FEIDE_ID_MAX)
  .regex(/^[^\s@]+@[^\s@]+$/);

/** A provider as the admin sees it: never its secret. */
export const ssoProviderSchema = z.object({
  id: z.string(),
  kind: z.enum(SSO_KINDS),
  /** The button's name on the login page («Microsoft», «Feide»). */
  name: z.string(),
  issuer: z.string(),
  clientId: z.string(),
  /** Google Workspace: only accounts of this domain (the `hd` claim); null for any. */
  domain: z.string().nullable(),
  /** A first sign-in may be matched to the person with the same address, if the provider verified it. */
  matchByEmail: z.boolean(),
  /** A first sign-in may be matched to the person with the same Feide id. */
  matchByFeideId: z.boolean(),
  /** People linked to an account at this provider. */
  linkedPeople: z.number().int(),
  createdAt: z.string(),
});
export type SsoProvider = z.infer<typeof ssoProviderSchema>;

const ssoProviderFields = {
  kind: z.enum(SSO_KINDS),
  name: singleLineText().min(1).max(SSO_NAME_MAX),
  issuer: ssoIssuerUrlSchema,
  clientId: singleLineText().min(1).max(SSO_CLIENT_ID_MAX),
  domain: z
    .string()
    .trim()
    .max(253)
    .regex(/^[a-z0-9.-]+\.[a-z]{2,}$/i)
    .nullable(),
  matchByEmail: z.boolean(),
  matchByFeideId: z.boolean(),
};

export const ssoProviderCreateSchema = z.object({
  ...ssoProviderFields,
  clientSecret: z.string().min(1).max(SSO_CLIENT_SECRET_MAX),
});
export type SsoProviderCreate = z.infer<typeof ssoProviderCreateSchema>;

/** A change; a secret left out is kept. */
export const ssoProviderUpdateSchema = z
  .object({ ...ssoProviderFields, clientSecret: z.string().min(1).max(SSO_CLIENT_SECRET_MAX) })
  .partial();
export type SsoProviderUpdate = z.infer<typeof ssoProviderUpdateSchema>;

/** The school's sign-in settings page: its providers and whether staff must use them. */
export const ssoSettingsSchema = z.object({
  requiredForStaff: z.boolean(),
  providers: z.array(ssoProviderSchema),
  /** The address every provider must send people back to. */
  redirectUri: z.string(),
});
export type SsoSettings = z.infer<typeof ssoSettingsSchema>;

export const ssoRequirementSchema = z.object({ requiredForStaff: z.boolean() });
export type SsoRequirement = z.infer<typeof ssoRequirementSchema>;

/** An account at a provider linked to a person, as an admin sees it in the person's details. */
export const personSsoIdentitySchema = z.object({
  id: z.string(),
  /** The provider's name («Microsoft»). */
  provider: z.string(),
  kind: z.enum(SSO_KINDS),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type PersonSsoIdentity = z.infer<typeof personSsoIdentitySchema>;

/** A button on the login page. */
export const ssoSignInOptionSchema = z.object({
  id: z.string(),
  kind: z.enum(SSO_KINDS),
  name: z.string(),
  /** The school's short name, shown when the installation has more than one school. */
  school: z.string(),
});
export type SsoSignInOption = z.infer<typeof ssoSignInOptionSchema>;

/**
 * Staff: everyone with a role but the scholar's and a TV's. The people a school may require to
 * sign in with its provider.
 */
export function isStaff(roles: readonly Role[]): boolean {
  return roles.some((role) => role !== 'stipp' && role !== 'tv');
}

/** Where a sign-in through a provider goes wrong, as the login page is told (`?sso-error=`). */
export const SSO_ERRORS = [
  'sso-failed',
  'sso-cancelled',
  'sso-unknown-account',
  'sso-provider-unavailable',
] as const;
export type SsoError = (typeof SSO_ERRORS)[number];
