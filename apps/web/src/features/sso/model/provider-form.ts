/**
 * The provider dialog's form: what the admin fills in per kind ↔ the provider the server keeps,
 * and the checks that mirror the server's (@tun/shared/sso).
 */
import {
  ENTRA_TENANT,
  entraIssuer,
  FEIDE_ISSUER,
  GOOGLE_ISSUER,
  ssoIssuerUrlSchema,
  ssoProviderCreateSchema,
  type SsoKind,
  type SsoProvider,
  type SsoProviderCreate,
  type SsoProviderUpdate,
} from '@tun/shared/sso';

export interface ProviderFormValues {
  kind: SsoKind;
  /** The button's name on the login page. */
  name: string;
  /** Microsoft Entra ID: the tenant's id or one of its domains, which makes the issuer. */
  tenant: string;
  /** Google Workspace: only accounts of this domain; empty for any. */
  domain: string;
  /** Any other provider: its issuer or discovery address. */
  issuer: string;
  clientId: string;
  /** Empty on a change: the stored secret is kept. */
  clientSecret: string;
  matchByEmail: boolean;
  matchByFeideId: boolean;
}

export type ProviderFormField = keyof ProviderFormValues;
export type ProviderFormProblem = 'required' | 'tenantInvalid' | 'domainInvalid' | 'issuerInvalid';

/** The name Tun suggests for a kind's button, in the language shown; empty for an unknown provider. */
type DefaultName = (kind: SsoKind) => string;

/** Only Feide's accounts carry a Feide id, or a provider in front of Feide. */
export function carriesFeideIds(kind: SsoKind): boolean {
  return kind === 'feide' || kind === 'oidc';
}

const MATCH_DEFAULTS: Record<SsoKind, Pick<ProviderFormValues, 'matchByEmail' | 'matchByFeideId'>> = {
  entra: { matchByEmail: true, matchByFeideId: false },
  google: { matchByEmail: true, matchByFeideId: false },
  // Feide does not verify addresses, and its people have Feide ids instead.
  feide: { matchByEmail: false, matchByFeideId: true },
  oidc: { matchByEmail: true, matchByFeideId: false },
};

const ENTRA_ISSUER = /^https:\/\/login\.microsoftonline\.com\/([^/]+)\/v2\.0\/?$/;

/** The tenant an Entra issuer was made from; empty for an issuer of another shape. */
export function tenantOf(issuer: string): string {
  const tenant = ENTRA_ISSUER.exec(issuer)?.[1];
  if (!tenant) return '';
  try {
    return decodeURIComponent(tenant);
  } catch {
    return '';
  }
}

export function providerValuesOf(
  provider: SsoProvider | undefined,
  defaultName: DefaultName,
): ProviderFormValues {
  if (!provider) {
    return {
      kind: 'entra',
      name: defaultName('entra'),
      tenant: '',
      domain: '',
      issuer: '',
      clientId: '',
      clientSecret: '',
      ...MATCH_DEFAULTS.entra,
    };
  }
  return {
    kind: provider.kind,
    name: provider.name,
    tenant: provider.kind === 'entra' ? tenantOf(provider.issuer) : '',
    domain: provider.domain ?? '',
    issuer: provider.kind === 'oidc' ? provider.issuer : '',
    clientId: provider.clientId,
    clientSecret: '',
    matchByEmail: provider.matchByEmail,
    matchByFeideId: provider.matchByFeideId,
  };
}

/** Another kind chosen: its suggested name, unless the admin wrote one of their own, and its matching. */
export function withKind(
  values: ProviderFormValues,
  kind: SsoKind,
  defaultName: DefaultName,
): ProviderFormValues {
  const suggested = values.name.trim() === '' || values.name === defaultName(values.kind);
  return { ...values, kind, name: suggested ? defaultName(kind) : values.name, ...MATCH_DEFAULTS[kind] };
}

/** The issuer the values stand for; null while an Entra tenant is missing or malformed. */
export function issuerOf(values: ProviderFormValues): string | null {
  switch (values.kind) {
    case 'entra': {
      const tenant = values.tenant.trim();
      return ENTRA_TENANT.test(tenant) ? entraIssuer(tenant) : null;
    }
    case 'google':
      return GOOGLE_ISSUER;
    case 'feide':
      return FEIDE_ISSUER;
    case 'oidc':
      return values.issuer.trim();
  }
}

export function providerCreateOf(values: ProviderFormValues): SsoProviderCreate {
  const domain = values.domain.trim().toLowerCase();
  return {
    kind: values.kind,
    name: values.name.trim(),
    issuer: issuerOf(values) ?? '',
    clientId: values.clientId.trim(),
    // Pasted from the provider's portal, often with a stray space; no secret starts or ends with one.
    clientSecret: values.clientSecret.trim(),
    domain: values.kind === 'google' && domain ? domain : null,
    matchByEmail: values.matchByEmail,
    matchByFeideId: carriesFeideIds(values.kind) && values.matchByFeideId,
  };
}

const KEPT_FIELDS = [
  'kind',
  'name',
  'issuer',
  'clientId',
  'domain',
  'matchByEmail',
  'matchByFeideId',
] as const;

/**
 * Only what changed: the server fetches the provider's discovery document again when the issuer,
 * client id or secret is sent, which a new name alone should not wait for (or fail on).
 */
export function providerChangesOf(provider: SsoProvider, values: ProviderFormValues): SsoProviderUpdate {
  const { clientSecret, ...next } = providerCreateOf(values);
  const changes: Record<string, unknown> = {};
  for (const field of KEPT_FIELDS) {
    if (next[field] !== provider[field]) changes[field] = next[field];
  }
  if (clientSecret) changes.clientSecret = clientSecret;
  return changes as SsoProviderUpdate;
}

export function providerFormProblems(
  values: ProviderFormValues,
  { editing }: { editing: boolean },
): Partial<Record<ProviderFormField, ProviderFormProblem>> {
  const problems: Partial<Record<ProviderFormField, ProviderFormProblem>> = {};
  if (!values.name.trim()) problems.name = 'required';
  if (values.kind === 'entra') {
    if (!values.tenant.trim()) problems.tenant = 'required';
    else if (!issuerOf(values)) problems.tenant = 'tenantInvalid';
  }
  const domain = values.domain.trim();
  if (values.kind === 'google' && domain && !ssoProviderCreateSchema.shape.domain.safeParse(domain).success) {
    problems.domain = 'domainInvalid';
  }
  if (values.kind === 'oidc') {
    const issuer = values.issuer.trim();
    if (!issuer) problems.issuer = 'required';
    else if (!ssoIssuerUrlSchema.safeParse(issuer).success) problems.issuer = 'issuerInvalid';
  }
  if (!values.clientId.trim()) problems.clientId = 'required';
  if (!editing && !values.clientSecret.trim()) problems.clientSecret = 'required';
  return problems;
}

const SAME_NAMED: readonly ProviderFormField[] = [
  'kind',
  'name',
  'clientId',
  'clientSecret',
  'matchByEmail',
  'matchByFeideId',
];

/**
 * The field a server error is about ('body.issuer' → the tenant for Entra). An issuer or domain
 * the form does not ask for follows from the kind, so the error goes there.
 */
export function providerFieldOf(kind: SsoKind): (path: readonly string[]) => ProviderFormField | undefined {
  return ([field]) => {
    if (field === 'issuer') return kind === 'entra' ? 'tenant' : kind === 'oidc' ? 'issuer' : 'kind';
    if (field === 'domain') return kind === 'google' ? 'domain' : 'kind';
    return SAME_NAMED.find((candidate) => candidate === field);
  };
}
