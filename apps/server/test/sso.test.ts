/**
 * Single sign-on per school (issue 20, decision 035), against a real OpenID Connect provider
 * started beside the test (oidc-provider.ts): discovery, PKCE, state, nonce and a signed
 * id_token. Accounts link by subject; a first sign-in is matched only as the admin allowed; every
 * tampered answer is refused and signs nobody in.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { FEIDE_ID_CLAIM, type Session, type SsoProvider, type SsoSettings } from '@tun/shared';
import { createPerson, createSchool, login, setupSchool } from './factories';
import { createTestApp, dialects, type TestApp } from './helper';
import { startTestOidcProvider, type TestOidcProvider } from './oidc-provider';
import { SIGN_IN_CEREMONIES_PER_ADDRESS } from '../src/modules/session/sign-in-throttle.service';

const PUBLIC_URL = 'https://tun.fjordtun.no';
const REDIRECT_URI = `${PUBLIC_URL}/api/v1/login/sso/callback`;

function cookieHeader(response: LightMyRequestResponse): string {
  return response.cookies
    .filter((cookie) => cookie.value !== '')
    .map((cookie) => `${cookie.name}=${cookie.value}`)
    .join('; ');
}

describe.each(dialects())('single sign-on on %s', (dialect) => {
  let t: TestApp;
  let op: TestOidcProvider;
  let schoolId: string;
  let adminCookie: string;

  beforeAll(async () => {
    op = await startTestOidcProvider({ redirectUris: [REDIRECT_URI] });
    t = await createTestApp(dialect, { env: { PUBLIC_URL, LOGIN_RATE_LIMIT: '1000' } });
    ({ schoolId, adminCookie } = await setupSchool(t));
  });
  afterAll(async () => {
    await t.close();
    await op.stop();
  });

  const db = () => t.ctx.database.db;

  async function addProvider(cookie: string, fields: Record<string, unknown> = {}) {
    const response = await t.request({
      method: 'POST',
      url: '/api/v1/sso/providers',
      cookie,
      payload: {
        kind: 'oidc',
        name: 'Skolekonto',
        issuer: op.issuer,
        clientId: op.clientId,
        clientSecret: op.clientSecret,
        domain: null,
        matchByEmail: false,
        matchByFeideId: false,
        ...fields,
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<SsoProvider>();
  }

  /** Starts a sign-in at Tun; answers the provider's URL and this browser's cookie. */
  async function start(providerId: string, query = '') {
    const started = await t.request({ method: 'GET', url: `/api/v1/login/sso/${providerId}${query}` });
    expect(started.statusCode, started.body).toBe(303);
    return { at: new URL(String(started.headers.location)), browser: cookieHeader(started) };
  }

  /** Follows the provider's redirects, as a browser would, until it sends the person back. */
  async function throughProvider(url: URL): Promise<URL> {
    const jar = new Map<string, string>();
    let next = url;
    for (let step = 0; step < 10 && next.origin === new URL(op.issuer).origin; step += 1) {
      const response = await fetch(next, {
        redirect: 'manual',
        headers: { cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; ') },
      });
      for (const line of response.headers.getSetCookie()) {
        const [pair = ''] = line.split(';');
        const equals = pair.indexOf('=');
        jar.set(pair.slice(0, equals), pair.slice(equals + 1));
      }
      const location = response.headers.get('location');
      if (!location) throw new Error(`the provider stopped at ${next.href} with ${response.status}`);
      next = new URL(location, next);
    }
    expect(next.href.startsWith(REDIRECT_URI)).toBe(true);
    return next;
  }

  const callback = (back: URL, browser: string) =>
    t.request({ method: 'GET', url: `${back.pathname}${back.search}`, cookie: browser });

  /** A whole sign-in as `sub`; answers Tun's last answer. */
  async function signInAs(providerId: string, sub: string) {
    op.signInAs(sub);
    const { at, browser } = await start(providerId);
    return callback(await throughProvider(at), browser);
  }

  function expectRefused(response: LightMyRequestResponse, code: string) {
    expect(response.statusCode, response.body).toBe(303);
    expect(response.headers.location).toBe(`/login?sso-error=${code}`);
    expect(response.cookies.some((cookie) => cookie.name.includes('session_token'))).toBe(false);
  }

  async function expectSignedInAs(response: LightMyRequestResponse, personId: string) {
    expect(response.statusCode, response.body).toBe(303);
    expect(response.headers.location).toBe('/app/dashboard');
    const cookie = cookieHeader(response);
    const session = await t.request({ method: 'GET', url: '/api/v1/session', cookie });
    expect(session.json<Session>().user.id).toBe(personId);
    return cookie;
  }

  it('keeps a provider with its secret encrypted, never answered, and offers it on the login page', async () => {
    const provider = await addProvider(adminCookie, { name: 'Microsoft' });
    expect(provider).toMatchObject({ name: 'Microsoft', issuer: op.issuer, linkedPeople: 0 });
    expect(JSON.stringify(provider)).not.toContain(op.clientSecret);
    const settings = await t.request({ method: 'GET', url: '/api/v1/sso', cookie: adminCookie });
    expect(settings.json<SsoSettings>()).toMatchObject({
      requiredForStaff: false,
      redirectUri: REDIRECT_URI,
    });
    expect(settings.body).not.toContain(op.clientSecret);
    const [row] = await db().selectFrom('sso_provider').selectAll().where('id', '=', provider.id).execute();
    expect(row?.client_secret).not.toContain(op.clientSecret);
    const setup = await t.request({ method: 'GET', url: '/api/v1/setup' });
    expect(setup.json().sso).toContainEqual({
      id: provider.id,
      kind: 'oidc',
      name: 'Microsoft',
      school: expect.any(String),
    });
  });

  it('refuses a provider it cannot discover, or one reached over plain http elsewhere, and stores nothing', async () => {
    const before = await db().selectFrom('sso_provider').select('id').execute();
    const unreachable = await t.request({
      method: 'POST',
      url: '/api/v1/sso/providers',
      cookie: adminCookie,
      payload: {
        kind: 'oidc',
        name: 'Borte',
        issuer: 'http://127.0.0.1:1',
        clientId: 'x',
        clientSecret: 'y',
        domain: null,
        matchByEmail: false,
        matchByFeideId: false,
      },
    });
    expect(unreachable.statusCode).toBe(502);
    expect(unreachable.json().code).toBe('sso-provider-unavailable');
    const plain = await t.request({
      method: 'POST',
      url: '/api/v1/sso/providers',
      cookie: adminCookie,
      payload: {
        kind: 'oidc',
        name: 'Klartekst',
        issuer: 'http://idp.example.no',
        clientId: 'x',
        clientSecret: 'y',
        domain: null,
        matchByEmail: false,
        matchByFeideId: false,
      },
    });
    expect(plain.statusCode).toBe(400);
    expect(plain.json().code).toBe('validation-failed');
    const noUrl = await t.request({
      method: 'PATCH',
      url: `/api/v1/sso/providers/${before[0]?.id ?? 'x'}`,
      cookie: adminCookie,
      payload: { issuer: 'ikke en adresse' },
    });
    expect(noUrl.statusCode).toBe(400);
    expect(noUrl.json().code).toBe('validation-failed');
    expect(await db().selectFrom('sso_provider').select('id').execute()).toEqual(before);
  });

  it('refuses an unknown subject, and links one matched by a verified address by its subject from then on', async () => {
    const provider = await addProvider(adminCookie, { matchByEmail: true });
    const { personId, email } = await createPerson(t, schoolId, { roles: ['teacher'], login: true });
    op.addAccount({ sub: 'stranger-1', claims: { email: 'nobody@fjordtun.no', email_verified: true } });
    expectRefused(await signInAs(provider.id, 'stranger-1'), 'sso-unknown-account');

    op.addAccount({
      sub: 'teacher-1',
      claims: { email: email.toUpperCase(), email_verified: true, name: 'Lærer' },
    });
    const cookie = await expectSignedInAs(await signInAs(provider.id, 'teacher-1'), personId);
    const sessions = await t.request({ method: 'GET', url: '/api/v1/sessions', cookie });
    expect(sessions.json()).toContainEqual(expect.objectContaining({ method: 'oidc', current: true }));
    const identity = await db()
      .selectFrom('sso_identity')
      .selectAll()
      .where('person_id', '=', personId)
      .execute();
    expect(identity).toMatchObject([{ provider_id: provider.id, subject: 'teacher-1' }]);

    // The subject, not the address, is what counts from now on.
    op.addAccount({ sub: 'teacher-1', claims: { email: 'changed@elsewhere.no', email_verified: true } });
    await expectSignedInAs(await signInAs(provider.id, 'teacher-1'), personId);
    const audit = await db()
      .selectFrom('audit_log')
      .select('after')
      .where('entity_id', '=', personId)
      .where('action', '=', 'sign-in')
      .execute();
    expect(audit.map((entry) => JSON.parse(String(entry.after)).method)).toEqual(['oidc', 'oidc']);
  });

  it('opens the page that sent the person to sign in, and only pages of Tun', async () => {
    const provider = await addProvider(adminCookie, { matchByEmail: true });
    const { email } = await createPerson(t, schoolId, { roles: ['teacher'] });
    op.addAccount({ sub: 'returning-1', claims: { email, email_verified: true } });
    op.signInAs('returning-1');
    const cases = [
      ['/app/rooms?tab=tags', '/app/rooms?tab=tags'],
      ['https://elsewhere.example/app', '/app/dashboard'],
      ['//elsewhere.example/app', '/app/dashboard'],
    ] as const;
    for (const [asked, opened] of cases) {
      const { at, browser } = await start(provider.id, `?redirect=${encodeURIComponent(asked)}`);
      const answer = await callback(await throughProvider(at), browser);
      expect(answer.statusCode, answer.body).toBe(303);
      expect(answer.headers.location).toBe(opened);
    }
  });

  it('never matches by an address the provider did not verify, nor by one when matching is off', async () => {
    const matching = await addProvider(adminCookie, { matchByEmail: true });
    const notMatching = await addProvider(adminCookie, { matchByEmail: false });
    const { email } = await createPerson(t, schoolId, { roles: ['teacher'] });
    op.addAccount({ sub: 'unverified-1', claims: { email, email_verified: false } });
    expectRefused(await signInAs(matching.id, 'unverified-1'), 'sso-unknown-account');
    op.addAccount({ sub: 'verified-1', claims: { email, email_verified: true } });
    expectRefused(await signInAs(notMatching.id, 'verified-1'), 'sso-unknown-account');
    expect(
      await db()
        .selectFrom('sso_identity')
        .select('id')
        .where('subject', 'in', ['unverified-1', 'verified-1'])
        .execute(),
    ).toEqual([]);
  });

  it('matches a Feide id stored on the person, and gives a person without an account one', async () => {
    const feide = await addProvider(adminCookie, { kind: 'feide', name: 'Feide', matchByFeideId: true });
    const { personId } = await createPerson(t, schoolId, { email: null });
    await db()
      .updateTable('person')
      .set({ feide_id: 'kari@fjordtun.no' })
      .where('id', '=', personId)
      .execute();
    op.addAccount({
      sub: 'feide-kari',
      claims: { [FEIDE_ID_CLAIM]: 'Kari@fjordtun.no', email_verified: false },
    });
    await expectSignedInAs(await signInAs(feide.id, 'feide-kari'), personId);
    const [person] = await db().selectFrom('person').select('user_id').where('id', '=', personId).execute();
    expect(person?.user_id).not.toBeNull();
  });

  describe('tampered and replayed answers', () => {
    let providerId: string;
    let personId: string;

    beforeAll(async () => {
      providerId = (await addProvider(adminCookie, { matchByEmail: true })).id;
      const person = await createPerson(t, schoolId, { roles: ['teacher'] });
      personId = person.personId;
      op.addAccount({ sub: 'tamper-target', claims: { email: person.email, email_verified: true } });
    });

    for (const tamper of ['wrong-audience', 'expired', 'wrong-nonce', 'bad-signature'] as const) {
      it(`refuses an id_token with ${tamper}`, async () => {
        op.tamper(tamper);
        try {
          expectRefused(await signInAs(providerId, 'tamper-target'), 'sso-failed');
        } finally {
          op.tamper('none');
        }
        await expectSignedInAs(await signInAs(providerId, 'tamper-target'), personId);
      });
    }

    it('refuses a state it never gave, one from another browser, and a replayed code', async () => {
      op.signInAs('tamper-target');
      const { at, browser } = await start(providerId);
      const back = await throughProvider(at);

      const forged = new URL(back);
      forged.searchParams.set('state', 'made-up-state');
      expectRefused(await callback(forged, browser), 'sso-failed');

      // Someone else's browser with the same answer: the state is spent on the way, too.
      expectRefused(await callback(back, 'tun_sso=someone-else'), 'sso-failed');
      expectRefused(await callback(back, browser), 'sso-failed');

      // A good sign-in's answer, sent again.
      const second = await start(providerId);
      const backAgain = await throughProvider(second.at);
      await expectSignedInAs(await callback(backAgain, second.browser), personId);
      expectRefused(await callback(backAgain, second.browser), 'sso-failed');
    });

    it('says so when the person cancels at the provider', async () => {
      op.signInAs('no-such-account');
      const { at, browser } = await start(providerId);
      expectRefused(await callback(await throughProvider(at), browser), 'sso-cancelled');
    });
  });

  it('requires staff to use the provider once an admin signed in through it says so', async () => {
    const provider = await addProvider(adminCookie, { matchByEmail: true });
    const refused = await t.request({
      method: 'PUT',
      url: '/api/v1/sso/requirement',
      cookie: adminCookie,
      payload: { requiredForStaff: true },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('sso-required-needs-sso-session');

    const admin = await createPerson(t, schoolId, { roles: ['admin'], login: true });
    op.addAccount({ sub: 'admin-sso', claims: { email: admin.email, email_verified: true } });
    const ssoCookie = await expectSignedInAs(await signInAs(provider.id, 'admin-sso'), admin.personId);
    const required = await t.request({
      method: 'PUT',
      url: '/api/v1/sso/requirement',
      cookie: ssoCookie,
      payload: { requiredForStaff: true },
    });
    expect(required.statusCode, required.body).toBe(204);

    const teacher = await createPerson(t, schoolId, { roles: ['teacher'], login: true });
    await expect(login(t, teacher.email)).rejects.toThrow(/403.*sso-required/s);
    const student = await createPerson(t, schoolId, { login: true });
    await expect(login(t, student.email)).resolves.toContain('session_token');
    op.addAccount({ sub: 'teacher-sso', claims: { email: teacher.email, email_verified: true } });
    await expectSignedInAs(await signInAs(provider.id, 'teacher-sso'), teacher.personId);

    await t.request({
      method: 'PUT',
      url: '/api/v1/sso/requirement',
      cookie: ssoCookie,
      payload: { requiredForStaff: false },
    });
    await expect(login(t, teacher.email)).resolves.toContain('session_token');
  });

  it('shows an admin the accounts linked to a person, and unlinks a wrong one', async () => {
    const provider = await addProvider(adminCookie, { name: 'Google', matchByEmail: true });
    const { personId, email } = await createPerson(t, schoolId, { roles: ['teacher'] });
    op.addAccount({ sub: 'linked-1', claims: { email, email_verified: true } });
    await expectSignedInAs(await signInAs(provider.id, 'linked-1'), personId);
    const listed = await t.request({
      method: 'GET',
      url: `/api/v1/people/${personId}/sso-identities`,
      cookie: adminCookie,
    });
    const identities = listed.json<{ id: string; provider: string; kind: string }[]>();
    expect(identities).toMatchObject([{ provider: 'Google', kind: 'oidc' }]);
    const identityId = identities[0]?.id ?? '';

    const neighbour = await createPerson(t, await createSchool(t, 'Grannetun'), {
      roles: ['admin'],
      login: true,
    });
    const neighbourCookie = await login(t, neighbour.email);
    for (const request of [
      { method: 'GET' as const, url: `/api/v1/people/${personId}/sso-identities` },
      { method: 'DELETE' as const, url: `/api/v1/people/${personId}/sso-identities/${identityId}` },
    ]) {
      expect((await t.request({ ...request, cookie: neighbourCookie })).statusCode).toBe(404);
    }

    const unlinked = await t.request({
      method: 'DELETE',
      url: `/api/v1/people/${personId}/sso-identities/${identityId}`,
      cookie: adminCookie,
    });
    expect(unlinked.statusCode).toBe(204);
    expect(
      await db().selectFrom('sso_identity').select('id').where('person_id', '=', personId).execute(),
    ).toEqual([]);
    // Its next sign-in is a first one again: matching is off now, so it is refused.
    await t.request({
      method: 'PATCH',
      url: `/api/v1/sso/providers/${provider.id}`,
      cookie: adminCookie,
      payload: { matchByEmail: false },
    });
    expectRefused(await signInAs(provider.id, 'linked-1'), 'sso-unknown-account');
  });

  it('lets a whole school start signing in from one network, and stops one client flooding it', async () => {
    const provider = await addProvider(adminCookie);
    const fromSchool = () =>
      t.request({ method: 'GET', url: `/api/v1/login/sso/${provider.id}`, remoteAddress: '10.20.30.40' });
    for (let started = 0; started < SIGN_IN_CEREMONIES_PER_ADDRESS; started += 1) {
      const answer = await fromSchool();
      if (answer.statusCode !== 303) throw new Error(`start ${started} answered ${answer.statusCode}`);
    }
    const over = await fromSchool();
    expect(over.statusCode).toBe(429);
    expect(over.json().code).toBe('too-many-attempts');
  });

  it('keeps another school out of the providers, and its admin out of this one', async () => {
    const provider = await addProvider(adminCookie);
    const otherSchool = await createSchool(t, 'Nabotun');
    const other = await createPerson(t, otherSchool, { roles: ['admin'], login: true });
    const otherCookie = await login(t, other.email);
    const list = await t.request({ method: 'GET', url: '/api/v1/sso', cookie: otherCookie });
    expect(list.json<SsoSettings>().providers).toEqual([]);
    const change = await t.request({
      method: 'PATCH',
      url: `/api/v1/sso/providers/${provider.id}`,
      cookie: otherCookie,
      payload: { name: 'Kapret' },
    });
    expect(change.statusCode).toBe(404);
    const remove = await t.request({
      method: 'DELETE',
      url: `/api/v1/sso/providers/${provider.id}`,
      cookie: otherCookie,
    });
    expect(remove.statusCode).toBe(404);
    const [row] = await db()
      .selectFrom('sso_provider')
      .select('name')
      .where('id', '=', provider.id)
      .execute();
    expect(row?.name).toBe('Skolekonto');
  });
});
