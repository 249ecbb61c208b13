/**
 * Tun as an OpenID Connect client of a school's provider (openid-client): the provider's
 * configuration comes from its discovery document, fetched once per provider and change, with
 * its signing keys cached by openid-client.
 */
import * as oidc from 'openid-client';
import type { AppContext } from '../../context';
import type { SsoProviderTable } from '../../db/schema';
import { secretBox, type SecretBox } from '../../auth/secret-box';
import { ProblemError } from '../../http/problem';

/** Long enough for a slow provider, short enough that a login page never hangs on one. */
const PROVIDER_TIMEOUT_SECONDS = 10;
/** A provider's keys and endpoints change seldom; a changed provider is fetched anew at once. */
const DISCOVERY_TTL_MS = 60 * 60 * 1000;

const discovered = new Map<string, { config: oidc.Configuration; at: number }>();

export async function clientSecrets(auth: AppContext['auth']): Promise<SecretBox> {
  return secretBox((await auth.$context).secret, 'sso-client-secret');
}

function isLoopback(url: URL): boolean {
  return ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
}

/** Where every provider sends people back: one address for all, the state tells them apart. */
export function redirectUri(publicUrl: string): string {
  return `${publicUrl}/api/v1/login/sso/callback`;
}

/** Discovers the provider; 'sso-provider-unavailable' when its document cannot be had. */
export async function discover(
  issuer: string,
  clientId: string,
  clientSecret: string,
): Promise<oidc.Configuration> {
  const url = new URL(issuer);
  try {
    return await oidc.discovery(url, clientId, clientSecret, undefined, {
      timeout: PROVIDER_TIMEOUT_SECONDS,
      // The id_token's signature is checked too, though it came straight from the provider: a
      // provider's keys are the one thing a man in the middle of a broken TLS setup lacks.
      // http only on this machine's loopback (ssoIssuerUrlSchema refuses it elsewhere).
      execute: [oidc.enableNonRepudiationChecks, ...(isLoopback(url) ? [oidc.allowInsecureRequests] : [])],
    });
  } catch {
    throw new ProblemError('sso-provider-unavailable');
  }
}

export async function clientConfiguration(
  deps: Pick<AppContext, 'auth'>,
  provider: Pick<SsoProviderTable, 'id' | 'issuer' | 'client_id' | 'client_secret' | 'updated_at'>,
): Promise<oidc.Configuration> {
  const key = `${provider.id}|${provider.updated_at}`;
  const cached = discovered.get(key);
  if (cached && Date.now() - cached.at < DISCOVERY_TTL_MS) return cached.config;
  const secret = (await clientSecrets(deps.auth)).open(provider.client_secret);
  const config = await discover(provider.issuer, provider.client_id, secret);
  for (const stale of discovered.keys()) if (stale.startsWith(`${provider.id}|`)) discovered.delete(stale);
  discovered.set(key, { config, at: Date.now() });
  return config;
}
