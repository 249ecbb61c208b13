/**
 * The test provider itself, driven by openid-client as a relying party would (no Tun server):
 * a sign-in gives the account's claims, each way of tampering with the ID token is refused, an
 * unknown account is denied, and a code is good only once.
 */
import * as client from 'openid-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestOidcProvider, type TestOidcProvider } from './oidc-provider';

const REDIRECT_URI = 'http://127.0.0.1:1/cb';
const FEIDE_PRINCIPAL_NAME = 'https://n.feide.no/claims/eduPersonPrincipalName';

const ola = {
  sub: 'ola-sub',
  claims: {
    email: 'ola@example.no',
    email_verified: true,
    name: 'Ola Nordmann',
    [FEIDE_PRINCIPAL_NAME]: 'ola@feide.no',
  },
};
const kari = {
  sub: 'kari-sub',
  claims: { email: 'kari@example.no', email_verified: true, name: 'Kari Nordmann' },
};

let provider: TestOidcProvider;
/** The provider's cookies, kept across sign-ins as one browser would. */
const cookies = new Map<string, string>();

beforeAll(async () => {
  provider = await startTestOidcProvider({ redirectUris: [REDIRECT_URI], accounts: [ola] });
  provider.addAccount(kari);
});
afterAll(() => provider.stop());
afterEach(() => provider.tamper('none'));

async function discover(auth?: client.ClientAuth): Promise<client.Configuration> {
  // Signatures are checked too (they are not by default for an ID token from the token endpoint).
  return client.discovery(new URL(provider.issuer), provider.clientId, provider.clientSecret, auth, {
    execute: [client.allowInsecureRequests, client.enableNonRepudiationChecks],
  });
}

interface Attempt {
  callback: URL;
  codeVerifier: string;
  state: string;
  nonce: string;
}

/** Follows the redirects from the authorization request up to the one to the redirect URI. */
async function authorize(config: client.Configuration): Promise<Attempt> {
  const codeVerifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const nonce = client.randomNonce();
  let url = client.buildAuthorizationUrl(config, {
    redirect_uri: REDIRECT_URI,
    scope: 'openid email profile userid-feide',
    code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
    nonce,
  });
  for (let hop = 0; hop < 10; hop += 1) {
    if (`${url.origin}${url.pathname}` === REDIRECT_URI) return { callback: url, codeVerifier, state, nonce };
    const cookie = [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await fetch(url, { redirect: 'manual', headers: cookie ? { cookie } : {} });
    for (const setCookie of response.headers.getSetCookie()) {
      const pair = setCookie.split(';')[0] ?? '';
      const name = pair.slice(0, pair.indexOf('='));
      const value = pair.slice(pair.indexOf('=') + 1);
      if (value) cookies.set(name, value);
      else cookies.delete(name);
    }
    const location = response.headers.get('location');
    if (!location) throw new Error(`${response.status} from ${url.href}: ${await response.text()}`);
    url = new URL(location, url);
  }
  throw new Error('too many redirects');
}

function grant(config: client.Configuration, attempt: Attempt) {
  return client.authorizationCodeGrant(config, attempt.callback, {
    pkceCodeVerifier: attempt.codeVerifier,
    expectedState: attempt.state,
    expectedNonce: attempt.nonce,
    idTokenExpected: true,
  });
}

describe('the test OIDC provider', () => {
  it.each(['client_secret_post', 'client_secret_basic'])(
    'signs in as the account named, with %s',
    async (method) => {
      const config = await discover(
        method === 'client_secret_basic' ? client.ClientSecretBasic(provider.clientSecret) : undefined,
      );
      provider.signInAs(ola.sub);
      const tokens = await grant(config, await authorize(config));
      expect(tokens.claims()).toMatchObject({
        iss: provider.issuer,
        aud: provider.clientId,
        sub: ola.sub,
        email: 'ola@example.no',
        email_verified: true,
        name: 'Ola Nordmann',
        [FEIDE_PRINCIPAL_NAME]: 'ola@feide.no',
      });
    },
  );

  it('signs in afresh as another account in the same browser', async () => {
    const config = await discover();
    provider.signInAs(ola.sub);
    expect((await grant(config, await authorize(config))).claims()?.sub).toBe(ola.sub);
    provider.signInAs(kari.sub);
    expect((await grant(config, await authorize(config))).claims()?.sub).toBe(kari.sub);
  });

  it.each([
    ['wrong-audience', /"aud"/],
    ['expired', /"exp"/],
    ['wrong-nonce', /"nonce"/],
    ['bad-signature', /signature verification failed/],
  ] as const)('hands out an ID token that is refused: %s', async (mode, reason) => {
    const config = await discover();
    provider.signInAs(ola.sub);
    provider.tamper(mode);
    await expect(grant(config, await authorize(config))).rejects.toMatchObject({
      cause: { message: expect.stringMatching(reason) },
    });
  });

  it('denies an unknown account at the redirect URI', async () => {
    const config = await discover();
    provider.signInAs('nobody');
    const { callback, state } = await authorize(config);
    expect(callback.searchParams.get('error')).toBe('access_denied');
    expect(callback.searchParams.get('state')).toBe(state);
    expect(callback.searchParams.has('code')).toBe(false);
  });

  it('takes a code only once', async () => {
    const config = await discover();
    provider.signInAs(ola.sub);
    const attempt = await authorize(config);
    await grant(config, attempt);
    await expect(grant(config, attempt)).rejects.toMatchObject({ error: 'invalid_grant' });
  });
});
