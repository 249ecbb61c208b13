/**
 * An OpenID Connect provider for the tests, standing in for Feide: a real one (oidc-provider) on
 * a local port, so that Tun's sign-in is checked against a provider that keeps the protocol
 * rather than against canned answers. Nobody fills in a login form: every authorization signs in
 * as the account the test names, and the test can have the token endpoint hand out ID tokens
 * that a careful relying party must refuse.
 */
import { generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
// @ts-expect-error -- oidc-provider ships no type declarations; the parts used are typed below.
import OidcProvider from 'oidc-provider';

export interface TestOidcAccount {
  sub: string;
  /** Claims beyond `sub`, given out as the scopes allow, e.g. email, name or Feide's eduPersonPrincipalName. */
  claims: Record<string, unknown>;
}

/** What the token endpoint does to the ID tokens it hands out. */
export type TokenTamper = 'none' | 'wrong-audience' | 'expired' | 'wrong-nonce' | 'bad-signature';

export interface TestOidcProvider {
  /** `http://127.0.0.1:<port>`, also the base of `/.well-known/openid-configuration`. */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The redirect URIs the client is registered for. */
  redirectUris: string[];
  /**
   * Which account the next authorization signs in as. There is no login form and no single
   * sign-on: each authorization signs in afresh, and with no account (or an unknown one) it ends
   * in error=access_denied at the redirect URI.
   */
  signInAs(sub: string): void;
  addAccount(account: TestOidcAccount): void;
  /**
   * From now on, rewrite the ID token in the token endpoint's answers: its audience becomes
   * 'someone-else', it expired an hour ago, its nonce is another, or its signature has a byte
   * flipped. All but the last are signed again with the provider's own key, so only the claim
   * itself is wrong. 'none' hands them out as issued.
   */
  tamper(mode: TokenTamper): void;
  stop(): Promise<void>;
}

export interface TestOidcProviderOptions {
  redirectUris: string[];
  accounts?: TestOidcAccount[];
  /** Scopes to support beyond openid, email, profile and userid-feide. */
  scopes?: string[];
}

const FEIDE_PRINCIPAL_NAME = 'https://n.feide.no/claims/eduPersonPrincipalName';

/** The parts of koa's context used here. */
interface KoaContext {
  path: string;
  status: number;
  type: string;
  body: unknown;
}

interface Grant {
  addOIDCScope(scope: string): void;
  addOIDCClaims(claims: string[]): void;
  save(): Promise<string>;
}

interface Interaction {
  uid: string;
  grantId?: string;
  params: Record<string, unknown>;
  prompt: { name: string; details: Record<string, unknown> };
}

/** The parts of oidc-provider's Provider used here. */
interface ProviderInstance {
  callback(): (request: IncomingMessage, response: ServerResponse) => void;
  use(middleware: (ctx: KoaContext, next: () => Promise<void>) => Promise<void>): void;
  interactionDetails(request: IncomingMessage, response: ServerResponse): Promise<Interaction>;
  interactionFinished(
    request: IncomingMessage,
    response: ServerResponse,
    result: Record<string, unknown>,
    options: { mergeWithLastSubmission: boolean },
  ): Promise<void>;
  Grant: {
    new (init: { accountId: string; clientId: string }): Grant;
    find(id: string): Promise<Grant | undefined>;
  };
}

const Provider = OidcProvider as new (
  issuer: string,
  configuration: Record<string, unknown>,
) => ProviderInstance;

export async function startTestOidcProvider(options: TestOidcProviderOptions): Promise<TestOidcProvider> {
  const accounts = new Map<string, TestOidcAccount>();
  for (const account of options.accounts ?? []) accounts.set(account.sub, account);
  let signedInAs: string | undefined;
  let tamperMode: TokenTamper = 'none';

  let handle: (request: IncomingMessage, response: ServerResponse) => void = (_request, response) => {
    response.statusCode = 503;
    response.end();
  };
  const server = createServer((request, response) => handle(request, response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const { privateKey, jwk } = signingKey();
  const clientId = 'tun';
  const clientSecret = randomBytes(24).toString('base64url');
  const provider = new Provider(issuer, {
    adapter: memoryAdapter(),
    jwks: { keys: [jwk] },
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: options.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        // oidc-provider takes the secret in the body (client_secret_post) from such a client too.
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    responseTypes: ['code'],
    pkce: { required: () => true, methods: ['S256'] },
    scopes: [...new Set(['openid', 'email', 'profile', 'userid-feide', ...(options.scopes ?? [])])],
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'given_name', 'family_name'],
      'userid-feide': [FEIDE_PRINCIPAL_NAME],
    },
    // Feide puts what the scopes give in the ID token as well as at userinfo.
    conformIdTokenClaims: false,
    findAccount: (_ctx: unknown, sub: string) => {
      const account = accounts.get(sub);
      if (!account) return undefined;
      return { accountId: sub, claims: () => ({ ...account.claims, sub }) };
    },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    features: { devInteractions: { enabled: false } },
    cookies: {
      keys: [randomBytes(32).toString('base64url')],
      // A browser drops a SameSite=None cookie (the session cookie's default) that is not Secure,
      // and over http it cannot be; Lax is enough for the top-level redirects of a sign-in.
      long: { httpOnly: true, sameSite: 'lax' },
      short: { httpOnly: true, sameSite: 'lax' },
    },
    // Given, so that oidc-provider does not print that the defaults should be changed.
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      IdToken: 600,
      Interaction: 600,
      Session: 600,
      Grant: 600,
    },
    clientBasedCORS: () => true,
    renderError: (ctx: KoaContext, out: Record<string, unknown>) => {
      ctx.type = 'text/plain';
      ctx.body = Object.entries(out)
        .map(([key, value]) => `${key}: ${String(value)}`)
        .join('\n');
    },
  });

  provider.use(async (ctx, next) => {
    await next();
    if (tamperMode === 'none' || ctx.path !== '/token' || ctx.status !== 200) return;
    const body = ctx.body as { id_token?: unknown } | undefined;
    if (typeof body?.id_token !== 'string') return;
    ctx.body = { ...body, id_token: tamperedIdToken(body.id_token, tamperMode, privateKey) };
  });

  async function finishInteraction(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const details = await provider.interactionDetails(request, response);
    const account = signedInAs === undefined ? undefined : accounts.get(signedInAs);
    if (!account) {
      await provider.interactionFinished(
        request,
        response,
        { error: 'access_denied', error_description: `no test account to sign in as (${signedInAs})` },
        { mergeWithLastSubmission: false },
      );
      return;
    }
    // Login and consent in one answer: the grant covers whatever the client asked for.
    const grant =
      (details.grantId ? await provider.Grant.find(details.grantId) : undefined) ??
      new provider.Grant({ accountId: account.sub, clientId: String(details.params.client_id) });
    if (typeof details.params.scope === 'string') grant.addOIDCScope(details.params.scope);
    const missingClaims = details.prompt.details.missingOIDCClaims;
    if (Array.isArray(missingClaims)) grant.addOIDCClaims(missingClaims as string[]);
    const grantId = await grant.save();
    await provider.interactionFinished(
      request,
      response,
      { login: { accountId: account.sub }, consent: { grantId } },
      { mergeWithLastSubmission: false },
    );
  }

  const providerCallback = provider.callback();
  handle = (request, response) => {
    if (new URL(request.url ?? '/', issuer).pathname.startsWith('/interaction/')) {
      finishInteraction(request, response).catch((error: unknown) => {
        response.statusCode = 400;
        response.setHeader('content-type', 'text/plain');
        response.end(`the interaction could not be finished: ${String(error)}`);
      });
      return;
    }
    // With its session remembered, the provider would sign the next authorization in as the
    // previous account, or stop at its "sign out first?" page when signInAs has changed.
    dropSessionCookies(request);
    providerCallback(request, response);
  };

  return {
    issuer,
    clientId,
    clientSecret,
    redirectUris: [...options.redirectUris],
    signInAs: (sub) => {
      signedInAs = sub;
    },
    addAccount: (account) => {
      accounts.set(account.sub, account);
    },
    tamper: (mode) => {
      tamperMode = mode;
    },
    stop: () =>
      new Promise((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/** An RS256 key pair: the private half as a JWK for the provider, and as a key to sign again with. */
function signingKey(): { privateKey: KeyObject; jwk: Record<string, unknown> } {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    privateKey,
    jwk: { ...privateKey.export({ format: 'jwk' }), kid: 'test-oidc', alg: 'RS256', use: 'sig' },
  };
}

function tamperedIdToken(idToken: string, mode: Exclude<TokenTamper, 'none'>, privateKey: KeyObject): string {
  const [header, payload, signature] = idToken.split('.');
  if (!header || !payload || !signature) throw new Error('the ID token is not a compact JWS');
  if (mode === 'bad-signature') {
    const bytes = Buffer.from(signature, 'base64url');
    const middle = Math.floor(bytes.length / 2);
    bytes.writeUInt8(bytes.readUInt8(middle) ^ 0xff, middle);
    return `${header}.${payload}.${bytes.toString('base64url')}`;
  }
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
  const now = Math.floor(Date.now() / 1000);
  if (mode === 'wrong-audience') claims.aud = 'someone-else';
  if (mode === 'expired') Object.assign(claims, { iat: now - 7200, exp: now - 3600 });
  if (mode === 'wrong-nonce') claims.nonce = `${String(claims.nonce ?? '')}-not-the-one-sent`;
  // The header stays as it was (alg RS256 and the key's kid), so the signature is the provider's.
  const signedPart = `${header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}`;
  return `${signedPart}.${sign('sha256', Buffer.from(signedPart), privateKey).toString('base64url')}`;
}

function dropSessionCookies(request: IncomingMessage): void {
  const cookie = request.headers.cookie;
  if (!cookie) return;
  const kept = cookie.split(/;\s*/).filter((pair) => !/^_session(\.legacy)?(\.sig)?=/.test(pair));
  if (kept.length > 0) request.headers.cookie = kept.join('; ');
  else delete request.headers.cookie;
}

/**
 * oidc-provider's storage, one per provider. Its own in-memory adapter would do, but it is shared
 * by every provider in the process and announces on the console that it is for development only.
 */
function memoryAdapter() {
  const stored = new Map<string, { payload: Record<string, unknown>; expiresAt: number }>();
  const read = (key: string) => {
    const entry = stored.get(key);
    if (entry && entry.expiresAt <= Date.now()) stored.delete(key);
    return entry && entry.expiresAt > Date.now() ? entry.payload : undefined;
  };
  const write = (key: string, payload: Record<string, unknown>, expiresIn: number) =>
    stored.set(key, { payload, expiresAt: Date.now() + expiresIn * 1000 });

  return class MemoryAdapter {
    private readonly model: string;

    constructor(model: string) {
      this.model = model;
    }

    async upsert(id: string, payload: Record<string, unknown>, expiresIn: number): Promise<void> {
      write(`${this.model}:${id}`, payload, expiresIn);
      if (typeof payload.uid === 'string') write(`${this.model}:uid:${payload.uid}`, { id }, expiresIn);
      if (typeof payload.userCode === 'string') {
        write(`${this.model}:userCode:${payload.userCode}`, { id }, expiresIn);
      }
    }

    async find(id: string): Promise<Record<string, unknown> | undefined> {
      return read(`${this.model}:${id}`);
    }

    async findByUid(uid: string): Promise<Record<string, unknown> | undefined> {
      const index = read(`${this.model}:uid:${uid}`);
      return index ? this.find(String(index.id)) : undefined;
    }

    async findByUserCode(userCode: string): Promise<Record<string, unknown> | undefined> {
      const index = read(`${this.model}:userCode:${userCode}`);
      return index ? this.find(String(index.id)) : undefined;
    }

    async consume(id: string): Promise<void> {
      const payload = read(`${this.model}:${id}`);
      if (payload) payload.consumed = Math.floor(Date.now() / 1000);
    }

    async destroy(id: string): Promise<void> {
      stored.delete(`${this.model}:${id}`);
    }

    /** A code used twice revokes everything issued under its grant. */
    async revokeByGrantId(grantId: string): Promise<void> {
      for (const [key, entry] of stored) if (entry.payload.grantId === grantId) stored.delete(key);
    }
  };
}
