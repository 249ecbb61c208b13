/**
 * Sign-in links by e-mail (issue 20): asked for on the login page, sent through a real SMTP
 * server, used once within 15 minutes. The answer to asking never tells whether an address
 * belongs to anyone.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGN_IN_LINK_MINUTES, type Session } from '@tun/shared';
import { createPerson, createSchool, login, setupSchool } from './factories';
import { createTestApp, dialects, type TestApp } from './helper';
import { startTestSmtp, type ReceivedMail, type TestSmtp } from './smtp-server';

const PUBLIC_URL = 'https://tun.fjordtun.no';
const LINK = /https:\/\/tun\.fjordtun\.no\/login\/link\?token=([A-Za-z0-9_-]{43})/;

describe.each(dialects())('sign-in links on %s', (dialect) => {
  let t: TestApp;
  let smtp: TestSmtp;
  let schoolId: string;

  beforeAll(async () => {
    smtp = await startTestSmtp();
    t = await createTestApp(dialect, {
      // The tests run the queue themselves; each test's client has an address of its own.
      env: { SMTP_URL: smtp.url, PUBLIC_URL, JOB_POLL_MS: '3600000', LOGIN_RATE_LIMIT: '1000' },
    });
    ({ schoolId } = await setupSchool(t));
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const db = () => t.ctx.database.db;
  let client = 0;
  /** A client address of the test's own, so that one test's asking does not throttle another's. */
  const newClient = () => `192.0.2.${(client += 1)}`;

  const ask = (email: string, remoteAddress = newClient()) =>
    t.request({ method: 'POST', url: '/api/v1/login/email-link', payload: { email }, remoteAddress });
  const use = (token: string) =>
    t.request({ method: 'POST', url: '/api/v1/login/email-link/use', payload: { token } });

  /** The link in the newest mail to the address that is not one of `seen`. */
  async function linkMailed(address: string, seen: readonly ReceivedMail[] = []) {
    await t.ctx.jobs.runDue();
    const mail = await smtp.waitFor((m) => m.to.includes(address) && !seen.includes(m));
    const token = LINK.exec(mail.text)?.[1];
    if (!token) throw new Error(`no link in: ${mail.text}`);
    return { mail, token };
  }

  const linkRows = (personId: string) =>
    db().selectFrom('sign_in_link').selectAll().where('person_id', '=', personId).execute();
  const cookieOf = (response: Awaited<ReturnType<typeof use>>) =>
    response.cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ');

  it('tells the login page that links can be sent', async () => {
    const status = await t.request({ method: 'GET', url: '/api/v1/setup' });
    expect(status.json()).toEqual({ needsSetup: false, emailLink: true, sso: [] });
  });

  it('mails a link that signs in once, stores only its hash and records the sign-in', async () => {
    const { personId, email } = await createPerson(t, schoolId, {
      first: 'Sigrid',
      roles: ['teacher'],
      login: true,
    });
    const asked = await ask(email);
    expect(asked.statusCode, asked.body).toBe(202);
    expect(asked.json()).toEqual({ expiresInMinutes: SIGN_IN_LINK_MINUTES });

    const { mail, token } = await linkMailed(email);
    expect(mail.subject).toBe('Logg inn i Tun – Fjordtun');
    expect(mail.text).toContain('Hei, Sigrid!');
    expect(mail.text).toContain(`i ${SIGN_IN_LINK_MINUTES} minutter`);
    const rows = await linkRows(personId);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(rows)).not.toContain(token);
    const minutes = (Date.parse(rows[0]!.expires_at) - Date.parse(rows[0]!.created_at)) / 60_000;
    expect(minutes).toBe(SIGN_IN_LINK_MINUTES);

    const used = await use(token);
    expect(used.statusCode, used.body).toBe(200);
    expect(used.headers['cache-control']).toBe('no-store');
    expect(used.json<Session>().user).toMatchObject({ id: personId, roles: ['teacher'] });
    const session = await t.request({ method: 'GET', url: '/api/v1/session', cookie: cookieOf(used) });
    expect(session.statusCode).toBe(200);
    expect(session.json<Session>().user.id).toBe(personId);
    const sessions = await t.request({ method: 'GET', url: '/api/v1/sessions', cookie: cookieOf(used) });
    expect(sessions.json()).toContainEqual(expect.objectContaining({ method: 'email-link', current: true }));

    const again = await use(token);
    expect(again.statusCode).toBe(410);
    expect(again.json()).toMatchObject({
      code: 'sign-in-link-gone',
      title: 'Innloggingslenken er allerede brukt eller har gått ut.',
    });
    expect(again.cookies).toEqual([]);

    // The password still works: a link adds a way in, it takes none away.
    await login(t, email);
    const audit = await db()
      .selectFrom('audit_log')
      .select(['action', 'after'])
      .where('entity_id', '=', personId)
      .where('action', '=', 'sign-in')
      .execute();
    expect(audit.map((entry) => JSON.parse(entry.after ?? '{}').method)).toEqual(['email-link', 'password']);
    expect(JSON.stringify(audit)).not.toContain(token);
  });

  it('gives a student without an account one on the first link, with the address verified', async () => {
    const { personId, email } = await createPerson(t, schoolId);
    expect((await ask(email)).statusCode).toBe(202);
    const { token } = await linkMailed(email);

    const used = await use(token);
    expect(used.statusCode, used.body).toBe(200);
    const person = await db()
      .selectFrom('person')
      .select('user_id')
      .where('id', '=', personId)
      .executeTakeFirstOrThrow();
    expect(person.user_id).not.toBeNull();
    const user = await db()
      .selectFrom('user')
      .selectAll()
      .where('id', '=', person.user_id!)
      .executeTakeFirstOrThrow();
    expect(user.email).toBe(email.toLowerCase());
    expect(Boolean(user.emailVerified)).toBe(true);
    // No password was made: the student signs in with links until one is set.
    const credentials = await db().selectFrom('account').select('id').where('userId', '=', user.id).execute();
    expect(credentials).toEqual([]);
    const session = await t.request({ method: 'GET', url: '/api/v1/session', cookie: cookieOf(used) });
    expect(session.json<Session>().user.id).toBe(personId);
  });

  it('answers the same for an unknown address, a person who left and a shared address, and sends nothing', async () => {
    const left = await createPerson(t, schoolId, { login: true });
    await db().updateTable('person').set({ left_on: '2026-08-01' }).where('id', '=', left.personId).execute();
    // Two people without accounts, in two schools, with one address: which one would sign in?
    const otherSchool = await createSchool(t, 'Bakketun');
    const shared = `delt-${client}@fjordtun.no`;
    const first = await createPerson(t, schoolId, { email: shared });
    await createPerson(t, otherSchool, { email: shared });

    const known = await ask((await createPerson(t, schoolId, { login: true })).email);
    for (const email of ['ingen-her@fjordtun.no', left.email, shared]) {
      const asked = await ask(email);
      expect(asked.statusCode, email).toBe(202);
      expect(asked.body, email).toBe(known.body);
      expect(asked.headers['content-type']).toBe(known.headers['content-type']);
    }
    await t.ctx.jobs.runDue();
    expect(await linkRows(left.personId)).toEqual([]);
    expect(await linkRows(first.personId)).toEqual([]);
    const to = smtp.messages.flatMap((mail) => mail.to);
    expect(to).not.toContain('ingen-her@fjordtun.no');
    expect(to).not.toContain(left.email);
    expect(to).not.toContain(shared);
  });

  it('refuses a made-up token, an expired link and a link spent by a newer one', async () => {
    const made = await use('a'.repeat(43));
    expect(made.statusCode).toBe(400);
    expect(made.json().code).toBe('sign-in-link-invalid');

    const { personId, email } = await createPerson(t, schoolId, { login: true });
    const address = newClient();
    await ask(email, address);
    const older = await linkMailed(email);
    await ask(email, address);
    const newer = await linkMailed(email, [older.mail]);
    expect(newer.token).not.toBe(older.token);

    expect((await use(newer.token)).statusCode).toBe(200);
    // Signed in: the other mails in the inbox are dead.
    expect((await use(older.token)).json().code).toBe('sign-in-link-gone');

    await ask(email, address);
    const third = await linkMailed(email, [older.mail, newer.mail]);
    await db()
      .updateTable('sign_in_link')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('person_id', '=', personId)
      .where('used_at', 'is', null)
      .execute();
    const expired = await use(third.token);
    expect(expired.statusCode).toBe(410);
    expect(expired.json().code).toBe('sign-in-link-gone');
  });

  it('limits links per address typed in, without touching the password sign-in', async () => {
    const { email } = await createPerson(t, schoolId, { login: true });
    // From many client addresses: the limit per address typed in holds across them.
    for (let asked = 0; asked < 5; asked += 1) expect((await ask(email)).statusCode).toBe(202);
    const over = await ask(email);
    expect(over.statusCode).toBe(429);
    expect(over.json().code).toBe('too-many-attempts');
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    // An unknown address is limited the same way: the limit tells nothing either.
    for (let asked = 0; asked < 5; asked += 1) await ask('ukjent-grense@fjordtun.no');
    expect((await ask('ukjent-grense@fjordtun.no')).statusCode).toBe(429);

    await login(t, email);
  });

  it('refuses bad input with field errors and sends nothing', async () => {
    for (const payload of [{}, { email: 'ikke-en-epost' }, { email: `${'a'.repeat(250)}@fjordtun.no` }]) {
      const response = await t.request({ method: 'POST', url: '/api/v1/login/email-link', payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().code).toBe('validation-failed');
    }
    for (const token of ['', 'kort', 'x'.repeat(201)]) {
      const response = await use(token);
      expect(response.statusCode, token).toBe(400);
      expect(response.json().code).toBe('validation-failed');
    }
  });
});

describe.each(dialects())('sign-in links without e-mail on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    await setupSchool(t);
  });
  afterAll(() => t.close());

  it('are not offered, and asking for one says so', async () => {
    expect((await t.request({ method: 'GET', url: '/api/v1/setup' })).json()).toMatchObject({
      emailLink: false,
    });
    const asked = await t.request({
      method: 'POST',
      url: '/api/v1/login/email-link',
      payload: { email: 'hvem-som-helst@fjordtun.no' },
    });
    expect(asked.statusCode).toBe(404);
    expect(asked.json().code).toBe('sign-in-link-unavailable');
  });
});
