/**
 * Signing in through a school's provider: authorization code with PKCE, state and nonce
 * (openid-client checks the id_token's signature, issuer, audience, expiry and nonce). An
 * account at the provider is linked to a person by its subject, never by an address alone; a
 * first sign-in is matched to a person only as the admin allowed (decision 035).
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import * as oidc from 'openid-client';
import { FEIDE_ID_CLAIM, fullName, safeRedirect, ssoScopes } from '@tun/shared';
import type { AppContext } from '../../context';
import { accountForPerson } from '../../auth/accounts';
import { nowIso } from '../../db/database';
import type { SsoProviderTable } from '../../db/schema';
import { personName } from '../../db/rows';
import { write } from '../../db/write';
import { ProblemError } from '../../http/problem';
import { recordAudit } from '../audit/audit.service';
import { findPerson } from '../people/directory.service';
import { attachAccount } from '../people/people.service';
import { clientConfiguration, redirectUri } from './sso-client';
import * as repository from './sso.repository';

type Deps = Pick<AppContext, 'database' | 'live' | 'config' | 'auth'>;

/** Time to type a password and answer a second factor at the provider. */
export const SSO_SIGN_IN_MINUTES = 10;
const PRUNE_EVERY_MS = 60_000;
let lastPrune = 0;

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/**
 * Starts a sign-in through the provider, to end on `redirect` (a page of Tun; the dashboard for
 * anything else). Answers where to send the browser, and the token of the cookie that ties the
 * sign-in to this browser (so a link to the callback made by someone else's sign-in signs nobody
 * in here).
 */
export async function startSsoSignIn(
  deps: Deps,
  providerId: string,
  redirect: string | undefined,
): Promise<{ location: string; browserToken: string }> {
  const { db } = deps.database;
  const provider = await repository.findProviderById(db, providerId);
  if (!provider) throw new ProblemError('not-found');
  const config = await clientConfiguration(deps, provider);

  const nowMs = Date.now();
  if (nowMs - lastPrune > PRUNE_EVERY_MS) {
    lastPrune = nowMs;
    await repository.deleteExpiredSignIns(db, new Date(nowMs).toISOString());
  }
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const browserToken = randomBytes(32).toString('base64url');
  await repository.insertSignIn(db, {
    id: state,
    provider_id: provider.id,
    browser_hash: sha256(browserToken),
    code_verifier: codeVerifier,
    nonce,
    return_to: safeRedirect(redirect),
    expires_at: new Date(nowMs + SSO_SIGN_IN_MINUTES * 60_000).toISOString(),
  });
  const parameters: Record<string, string> = {
    redirect_uri: redirectUri(deps.config.publicUrl),
    scope: ssoScopes(provider.kind).join(' '),
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
    nonce,
  };
  // Google shows only the Workspace's accounts; the answer's `hd` is checked all the same.
  if (provider.kind === 'google' && provider.domain) parameters.hd = provider.domain;
  return { location: oidc.buildAuthorizationUrl(config, parameters).href, browserToken };
}

function stringClaim(claims: oidc.IDToken, name: string): string | undefined {
  const value = claims[name];
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}

/** The person a first sign-in is matched to, as the provider's settings allow, or undefined. */
async function matchPerson(
  deps: Deps,
  provider: SsoProviderTable,
  claims: oidc.IDToken,
): Promise<{ personId: string; by: 'email' | 'feide-id' } | undefined> {
  const { db } = deps.database;
  const feideId = stringClaim(claims, FEIDE_ID_CLAIM);
  if (provider.match_by_feide_id === 1 && feideId) {
    const people = await repository.peopleWith(db, provider.school_id, 'feide_id', feideId);
    if (people.length === 1 && people[0]) return { personId: people[0].id, by: 'feide-id' };
  }
  // Only an address the provider says it verified: Feide, for one, does not.
  const email = stringClaim(claims, 'email');
  if (provider.match_by_email === 1 && email && claims.email_verified === true) {
    const people = await repository.peopleWith(db, provider.school_id, 'email', email);
    if (people.length === 1 && people[0]) return { personId: people[0].id, by: 'email' };
  }
  return undefined;
}

/**
 * Finishes a sign-in on the provider's way back (the callback's query): checks the state
 * against this browser, exchanges the code, checks the id_token, finds or links the person and
 * gives them an account if they have none. Answers the account to open a session for.
 */
export async function finishSsoSignIn(
  deps: Deps,
  input: { query: Record<string, string>; browserToken: string | undefined },
): Promise<{ userId: string; returnTo: string }> {
  const { db, dialect } = deps.database;
  const state = input.query.state;
  // Each state is used once: taken whether or not the rest succeeds.
  const signIn = state ? await repository.takeSignIn(db, state) : undefined;
  if (!signIn || signIn.expires_at <= nowIso()) throw new ProblemError('sso-failed');
  if (input.browserToken === undefined || sha256(input.browserToken) !== signIn.browser_hash) {
    throw new ProblemError('sso-failed');
  }
  if (input.query.error) {
    throw new ProblemError(input.query.error === 'access_denied' ? 'sso-cancelled' : 'sso-failed');
  }
  const provider = await repository.findProviderById(db, signIn.provider_id);
  if (!provider) throw new ProblemError('sso-failed');
  const config = await clientConfiguration(deps, provider);

  const callback = new URL(redirectUri(deps.config.publicUrl));
  for (const [name, value] of Object.entries(input.query)) callback.searchParams.set(name, value);
  const tokens = await oidc
    .authorizationCodeGrant(config, callback, {
      pkceCodeVerifier: signIn.code_verifier,
      expectedState: signIn.id,
      expectedNonce: signIn.nonce,
      idTokenExpected: true,
    })
    .catch((error: unknown) => {
      throw new ProblemError('sso-failed', error instanceof Error ? error.message.slice(0, 200) : undefined);
    });
  const claims = tokens.claims();
  if (!claims) throw new ProblemError('sso-failed');
  if (provider.kind === 'google' && provider.domain && claims.hd !== provider.domain) {
    throw new ProblemError('sso-unknown-account');
  }

  const known = await repository.findIdentity(db, provider.id, claims.sub);
  const matched = known ? undefined : await matchPerson(deps, provider, claims);
  const personId = known?.person_id ?? matched?.personId;
  if (!personId) throw new ProblemError('sso-unknown-account');

  return write(deps, provider.school_id, async (trx, publish) => {
    const person = await findPerson(trx, provider.school_id, personId);
    if (!person || person.left_on !== null || person.erased_at !== null) {
      throw new ProblemError('sso-unknown-account');
    }
    const now = nowIso();
    const account = await accountForPerson(trx, dialect, {
      userId: person.user_id,
      email: person.email,
      name: fullName(personName(person)),
    });
    if (account.created) {
      await attachAccount(trx, person.id, account.userId, now);
      publish('people', [person.id]);
    }
    if (known) {
      await repository.markIdentityUsed(trx, known.id, now);
    } else {
      await repository.insertIdentity(trx, {
        id: randomUUID(),
        provider_id: provider.id,
        subject: claims.sub,
        person_id: person.id,
        school_id: provider.school_id,
        created_at: now,
        last_used_at: now,
      });
    }
    await recordAudit(trx, {
      schoolId: provider.school_id,
      actorPersonId: person.id,
      action: 'sign-in',
      entity: 'person',
      entityId: person.id,
      after: {
        method: 'oidc',
        provider: provider.name,
        ...(matched ? { linkedBy: matched.by } : {}),
        ...(account.created ? { account: 'created' } : {}),
      },
    });
    return { userId: account.userId, returnTo: signIn.return_to };
  });
}
