/**
 * Passkeys (issue 20): registered by the signed-in person, used to sign in; every tampered or
 * replayed answer is refused. The browser's side is played by a software authenticator with a
 * real key (webauthn-authenticator.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Passkey, PasskeyOptions, Session } from '@tun/shared';
import { createPerson, createSchool, login, setupSchool } from './factories';
import { createTestApp, dialects, type TestApp } from './helper';
import { softwareAuthenticator } from './webauthn-authenticator';

const PUBLIC_URL = 'https://tun.fjordtun.no';
const AT_TUN = { origin: PUBLIC_URL };

describe.each(dialects())('passkeys on %s', (dialect) => {
  let t: TestApp;
  let schoolId: string;

  beforeAll(async () => {
    t = await createTestApp(dialect, { env: { PUBLIC_URL, LOGIN_RATE_LIMIT: '1000' } });
    ({ schoolId } = await setupSchool(t));
  });
  afterAll(() => t.close());

  const db = () => t.ctx.database.db;
  const post = (url: string, payload: object, cookie?: string) =>
    t.request({ method: 'POST', url, payload, ...(cookie ? { cookie } : {}) });

  async function signedInPerson() {
    const { personId, email } = await createPerson(t, schoolId, { roles: ['teacher'], login: true });
    return { personId, email, cookie: await login(t, email) };
  }

  async function registered(cookie: string, name = 'Telefonen') {
    const key = softwareAuthenticator();
    const { challengeId, options } = (
      await post('/api/v1/passkeys/options', {}, cookie)
    ).json<PasskeyOptions>();
    const response = key.register(options as { challenge: string }, AT_TUN);
    const made = await post('/api/v1/passkeys', { challengeId, name, response }, cookie);
    expect(made.statusCode, made.body).toBe(201);
    return { key, passkey: made.json<Passkey>() };
  }

  const signInOptions = async () =>
    (await post('/api/v1/login/passkey/options', {})).json<
      PasskeyOptions & { options: { challenge: string } }
    >();

  it('registers a passkey for the signed-in person, and signs in with it', async () => {
    const { personId, cookie } = await signedInPerson();
    const options = (await post('/api/v1/passkeys/options', {}, cookie)).json<PasskeyOptions>();
    expect(options.options).toMatchObject({
      rp: { id: 'tun.fjordtun.no', name: 'Tun' },
      authenticatorSelection: { residentKey: 'required' },
    });
    const { key, passkey } = await registered(cookie);
    expect(passkey).toMatchObject({ name: 'Telefonen', lastUsedAt: null });
    const list = await t.request({ method: 'GET', url: '/api/v1/passkeys', cookie });
    expect(list.json()).toEqual([passkey]);
    // Registered once, the same authenticator is excluded from registering again.
    const again = (await post('/api/v1/passkeys/options', {}, cookie)).json<PasskeyOptions>();
    expect(again.options.excludeCredentials).toEqual([
      { id: key.credentialId, type: 'public-key', transports: ['internal'] },
    ]);

    const { challengeId, options: request } = await signInOptions();
    const signedIn = await post('/api/v1/login/passkey', {
      challengeId,
      response: key.signIn(request, AT_TUN),
    });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json<Session>().user.id).toBe(personId);
    const cookieOf = signedIn.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    const session = await t.request({ method: 'GET', url: '/api/v1/session', cookie: cookieOf });
    expect(session.json<Session>().user.id).toBe(personId);
    const sessions = await t.request({ method: 'GET', url: '/api/v1/sessions', cookie: cookieOf });
    expect(sessions.json()).toContainEqual(expect.objectContaining({ method: 'passkey', current: true }));

    const [row] = await db().selectFrom('passkey').selectAll().where('id', '=', passkey.id).execute();
    expect(Number(row!.counter)).toBe(1);
    expect(row!.last_used_at).not.toBeNull();
    const audit = await db()
      .selectFrom('audit_log')
      .select(['action', 'after'])
      .where('entity_id', '=', personId)
      .where('action', 'in', ['passkey-add', 'sign-in'])
      .execute();
    expect(audit.map((entry) => [entry.action, JSON.parse(entry.after ?? '{}').method ?? null])).toEqual(
      expect.arrayContaining([
        ['passkey-add', null],
        ['sign-in', 'passkey'],
      ]),
    );
  });

  it('refuses a replayed, tampered or foreign answer, and signs nobody in', async () => {
    const { cookie } = await signedInPerson();
    const { key } = await registered(cookie);
    const refused = async (payload: object, code: string, status: number) => {
      const response = await post('/api/v1/login/passkey', payload);
      expect(response.statusCode, response.body).toBe(status);
      expect(response.json().code).toBe(code);
      expect(response.cookies).toEqual([]);
    };

    // A signature made for another site (origin or RP ID) is not Tun's.
    let asked = await signInOptions();
    await refused(
      {
        challengeId: asked.challengeId,
        response: key.signIn(asked.options, { origin: 'https://tun.example.org' }),
      },
      'passkey-not-verified',
      400,
    );
    asked = await signInOptions();
    await refused(
      {
        challengeId: asked.challengeId,
        response: key.signIn(asked.options, { ...AT_TUN, rpId: 'fjordtun.no' }),
      },
      'passkey-not-verified',
      400,
    );
    // A signature over another challenge than the one handed out.
    asked = await signInOptions();
    const other = await signInOptions();
    await refused(
      { challengeId: asked.challengeId, response: key.signIn(other.options, AT_TUN) },
      'passkey-not-verified',
      400,
    );
    // A signature that does not match: one byte of the signed data changed.
    asked = await signInOptions();
    const tampered = key.signIn(asked.options, AT_TUN);
    const data = Buffer.from(tampered.response.authenticatorData, 'base64url');
    data[data.length - 1]! ^= 0xff;
    tampered.response.authenticatorData = data.toString('base64url');
    await refused({ challengeId: asked.challengeId, response: tampered }, 'passkey-not-verified', 400);

    // A good answer once; the same answer again finds its challenge spent.
    asked = await signInOptions();
    const good = key.signIn(asked.options, AT_TUN);
    expect(
      (await post('/api/v1/login/passkey', { challengeId: asked.challengeId, response: good })).statusCode,
    ).toBe(200);
    await refused({ challengeId: asked.challengeId, response: good }, 'passkey-challenge-gone', 410);

    // A key Tun never registered.
    asked = await signInOptions();
    const stranger = softwareAuthenticator();
    await refused(
      { challengeId: asked.challengeId, response: stranger.signIn(asked.options, AT_TUN) },
      'passkey-unknown',
      401,
    );
    // A registration's challenge cannot sign in.
    const registration = (await post('/api/v1/passkeys/options', {}, cookie)).json<PasskeyOptions>();
    await refused(
      {
        challengeId: registration.challengeId,
        response: key.signIn(registration.options as { challenge: string }, AT_TUN),
      },
      'passkey-challenge-gone',
      410,
    );
  });

  it('refuses a registration for another site or over a spent challenge', async () => {
    const { cookie } = await signedInPerson();
    const key = softwareAuthenticator();
    const { challengeId, options } = (
      await post('/api/v1/passkeys/options', {}, cookie)
    ).json<PasskeyOptions>();
    const foreign = key.register(options as { challenge: string }, { origin: 'https://tun.example.org' });
    const refused = await post(
      '/api/v1/passkeys',
      { challengeId, name: 'Telefonen', response: foreign },
      cookie,
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('passkey-not-verified');
    // The challenge was spent by the refused attempt.
    const right = key.register(options as { challenge: string }, AT_TUN);
    const late = await post('/api/v1/passkeys', { challengeId, name: 'Telefonen', response: right }, cookie);
    expect(late.statusCode).toBe(410);
    expect((await t.request({ method: 'GET', url: '/api/v1/passkeys', cookie })).json()).toEqual([]);
  });

  it('lets a person remove their own passkeys only; a removed passkey signs in no more', async () => {
    const owner = await signedInPerson();
    const other = await signedInPerson();
    const { key, passkey } = await registered(owner.cookie);

    const notTheirs = await t.request({
      method: 'DELETE',
      url: `/api/v1/passkeys/${passkey.id}`,
      cookie: other.cookie,
    });
    expect(notTheirs.statusCode).toBe(404);
    // Nor another school's admin: they neither see it nor remove it.
    const neighbour = await createPerson(t, await createSchool(t), { roles: ['admin'], login: true });
    const neighbourCookie = await login(t, neighbour.email);
    expect(
      (await t.request({ method: 'GET', url: '/api/v1/passkeys', cookie: neighbourCookie })).json(),
    ).toEqual([]);
    const across = await t.request({
      method: 'DELETE',
      url: `/api/v1/passkeys/${passkey.id}`,
      cookie: neighbourCookie,
    });
    expect(across.statusCode).toBe(404);
    const removed = await t.request({
      method: 'DELETE',
      url: `/api/v1/passkeys/${passkey.id}`,
      cookie: owner.cookie,
    });
    expect(removed.statusCode).toBe(204);

    const asked = await signInOptions();
    const response = await post('/api/v1/login/passkey', {
      challengeId: asked.challengeId,
      response: key.signIn(asked.options, AT_TUN),
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('passkey-unknown');
  });

  it('lets an admin see and remove the passkey of a lost phone, in their own school only', async () => {
    const owner = await signedInPerson();
    const { key, passkey } = await registered(owner.cookie, 'Mistet telefon');
    const admin = await createPerson(t, schoolId, { roles: ['admin'], login: true });
    const adminCookie = await login(t, admin.email);
    const listed = await t.request({
      method: 'GET',
      url: `/api/v1/people/${owner.personId}/passkeys`,
      cookie: adminCookie,
    });
    expect(listed.json()).toEqual([passkey]);

    const neighbour = await createPerson(t, await createSchool(t), { roles: ['admin'], login: true });
    const neighbourCookie = await login(t, neighbour.email);
    for (const request of [
      { method: 'GET' as const, url: `/api/v1/people/${owner.personId}/passkeys` },
      { method: 'DELETE' as const, url: `/api/v1/people/${owner.personId}/passkeys/${passkey.id}` },
    ]) {
      expect((await t.request({ ...request, cookie: neighbourCookie })).statusCode).toBe(404);
    }
    // The passkey under another person of the school is not found either.
    const wrongPerson = await t.request({
      method: 'DELETE',
      url: `/api/v1/people/${admin.personId}/passkeys/${passkey.id}`,
      cookie: adminCookie,
    });
    expect(wrongPerson.statusCode).toBe(404);

    const removed = await t.request({
      method: 'DELETE',
      url: `/api/v1/people/${owner.personId}/passkeys/${passkey.id}`,
      cookie: adminCookie,
    });
    expect(removed.statusCode).toBe(204);
    const asked = await signInOptions();
    const response = await post('/api/v1/login/passkey', {
      challengeId: asked.challengeId,
      response: key.signIn(asked.options, AT_TUN),
    });
    expect(response.json().code).toBe('passkey-unknown');
    const [audit] = await db()
      .selectFrom('audit_log')
      .select(['actor_person_id', 'entity_id'])
      .where('action', '=', 'passkey-remove')
      .where('entity_id', '=', owner.personId)
      .execute();
    expect(audit).toEqual({ actor_person_id: admin.personId, entity_id: owner.personId });
  });

  it('refuses bad input with field errors', async () => {
    const { cookie } = await signedInPerson();
    for (const payload of [
      {},
      { challengeId: 'x', name: '', response: {} },
      { challengeId: 'x', name: 'a'.repeat(61), response: { id: 'ikke base64url!' } },
    ]) {
      const response = await post('/api/v1/passkeys', payload, cookie);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().code).toBe('validation-failed');
    }
    const response = await post('/api/v1/login/passkey', {
      challengeId: 'x',
      response: { type: 'password' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('validation-failed');
  });
});
