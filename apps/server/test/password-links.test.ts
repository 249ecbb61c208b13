import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_LINK_DAYS, type PasswordLink } from '@tun/shared';
import { createPerson, createSchool, login, PASSWORD, setupSchool } from './factories';
import { createTestApp, dialects, type TestApp } from './helper';
import { startFakeSmtp } from './password-links-factories';

const NEW_PASSWORD = 'nytt-passord-2026';

describe.each(dialects())('password links on %s', (dialect) => {
  let t: TestApp;
  let schoolId: string;
  let adminCookie: string;

  beforeAll(async () => {
    t = await createTestApp(dialect, {
      env: { LOGIN_RATE_LIMIT: '1000', PUBLIC_URL: 'https://tun.fjordtun.no' },
    });
    ({ schoolId, adminCookie } = await setupSchool(t));
  });
  afterAll(() => t.close());

  const createLink = (personId: string, cookie = adminCookie) =>
    t.request({ method: 'POST', url: `/api/v1/people/${personId}/password-link`, cookie, payload: {} });
  const tokenOf = (link: PasswordLink) => new URL(link.url).searchParams.get('token')!;
  const setPassword = (token: string, password = NEW_PASSWORD) =>
    t.request({ method: 'POST', url: '/api/v1/password-links/set', payload: { token, password } });
  const personRow = (id: string) =>
    t.ctx.database.db.selectFrom('person').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('makes a link for a person without a login, valid for a week, storing only a hash', async () => {
    const { personId } = await createPerson(t, schoolId);
    const response = await createLink(personId);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.headers['cache-control']).toBe('no-store');
    const link = response.json<PasswordLink>();
    expect(link.url).toMatch(/^https:\/\/tun\.fjordtun\.no\/set-password\?token=[A-Za-z0-9_-]{43}$/);
    expect(link.emailed).toBe(false);
    const days = (Date.parse(link.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(PASSWORD_LINK_DAYS - 0.01);
    expect(days).toBeLessThanOrEqual(PASSWORD_LINK_DAYS);

    const rows = await t.ctx.database.db
      .selectFrom('password_link')
      .selectAll()
      .where('person_id', '=', personId)
      .execute();
    expect(rows).toHaveLength(1);
    const token = tokenOf(link);
    expect(rows[0]!.token_hash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(rows)).not.toContain(token);

    const audit = await t.ctx.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity_id', '=', personId)
      .where('action', '=', 'password-link')
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]!.after).not.toContain(token);
  });

  it('lives once: creates the account, signs in with the new password, refuses reuse', async () => {
    const { personId, email } = await createPerson(t, schoolId, { roles: ['teacher'] });
    const token = tokenOf((await createLink(personId)).json<PasswordLink>());

    const used = await setPassword(token);
    expect(used.statusCode, used.body).toBe(200);
    expect(used.json()).toEqual({ email: email.toLowerCase() });
    expect((await personRow(personId)).user_id).not.toBeNull();
    const cookie = await login(t, email, NEW_PASSWORD);
    const session = await t.request({ method: 'GET', url: '/api/v1/session', cookie });
    expect(session.json().user).toMatchObject({ id: personId, roles: ['teacher'] });

    const again = await setPassword(token, 'et-annet-passord-99');
    expect(again.statusCode).toBe(410);
    expect(again.json()).toMatchObject({
      code: 'password-link-gone',
      title: 'Lenken er allerede brukt eller har gått ut.',
    });
    await expect(login(t, email, 'et-annet-passord-99')).rejects.toThrow();

    const audit = await t.ctx.database.db
      .selectFrom('audit_log')
      .select(['actor_person_id', 'after'])
      .where('entity_id', '=', personId)
      .where('action', '=', 'set-password')
      .execute();
    expect(audit).toEqual([{ actor_person_id: personId, after: JSON.stringify({ account: 'created' }) }]);
    const link = await t.ctx.database.db
      .selectFrom('password_link')
      .select('used_at')
      .where('person_id', '=', personId)
      .executeTakeFirstOrThrow();
    expect(link.used_at).not.toBeNull();
  });

  it('refuses an expired link with 410 and an unknown one with 400', async () => {
    const { personId } = await createPerson(t, schoolId);
    const token = tokenOf((await createLink(personId)).json<PasswordLink>());
    await t.ctx.database.db
      .updateTable('password_link')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('person_id', '=', personId)
      .execute();
    const expired = await setPassword(token);
    expect(expired.statusCode).toBe(410);
    expect((await personRow(personId)).user_id).toBeNull();

    const unknown = await setPassword('x'.repeat(43));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({
      code: 'password-link-invalid',
      title: 'Lenken for å sette passord er ugyldig.',
    });
  });

  it('invalidates the older unused links when a new one is made', async () => {
    const { personId, email } = await createPerson(t, schoolId);
    const first = tokenOf((await createLink(personId)).json<PasswordLink>());
    const second = tokenOf((await createLink(personId)).json<PasswordLink>());
    expect((await setPassword(first)).statusCode).toBe(410);
    expect((await setPassword(second)).statusCode).toBe(200);
    await login(t, email, NEW_PASSWORD);
  });

  it('sets a new password on an existing account and signs it out everywhere', async () => {
    const { personId, email } = await createPerson(t, schoolId, { login: true });
    const oldCookie = await login(t, email, PASSWORD);
    const userId = (await personRow(personId)).user_id;
    const token = tokenOf((await createLink(personId)).json<PasswordLink>());
    const response = await setPassword(token);
    expect(response.statusCode).toBe(200);
    expect((await personRow(personId)).user_id).toBe(userId);
    await expect(login(t, email, PASSWORD)).rejects.toThrow();
    await login(t, email, NEW_PASSWORD);
    const stale = await t.request({ method: 'GET', url: '/api/v1/session', cookie: oldCookie });
    expect(stale.statusCode).toBe(401);
  });

  it('takes over an account left without a person instead of failing on its e-mail', async () => {
    const { personId, email } = await createPerson(t, schoolId, { login: true });
    const userId = (await personRow(personId)).user_id!;
    await t.ctx.database.db.deleteFrom('person').where('id', '=', personId).execute();
    const { personId: again } = await createPerson(t, schoolId);
    await t.ctx.database.db.updateTable('person').set({ email }).where('id', '=', again).execute();
    const token = tokenOf((await createLink(again)).json<PasswordLink>());
    expect((await setPassword(token)).statusCode).toBe(200);
    expect((await personRow(again)).user_id).toBe(userId);
    await login(t, email, NEW_PASSWORD);
  });

  it('refuses a link for an e-mail another person signs in with', async () => {
    const { email } = await createPerson(t, schoolId, { login: true });
    const { personId } = await createPerson(t, schoolId);
    await t.ctx.database.db.updateTable('person').set({ email }).where('id', '=', personId).execute();
    const response = await createLink(personId);
    expect(response.statusCode).toBe(409);
    expect(
      await t.ctx.database.db
        .selectFrom('password_link')
        .where('person_id', '=', personId)
        .selectAll()
        .execute(),
    ).toEqual([]);
  });

  it('answers an address another school signs in with as a free one, and makes no account with it', async () => {
    const otherSchool = await createSchool(t, 'Lenketun');
    const otherAdmin = await login(
      t,
      (await createPerson(t, otherSchool, { roles: ['admin'], login: true })).email,
    );
    const owner = await createPerson(t, schoolId, { roles: ['teacher'], login: true });
    const create = (email: string) =>
      t.request({
        method: 'POST',
        url: '/api/v1/people',
        cookie: otherAdmin,
        payload: { name: { first: 'Lenke', last: 'Person' }, email },
      });
    const clash = (await create(owner.email)).json<{ id: string }>().id;
    const free = (await create('helt.ledig@lenketun.no')).json<{ id: string }>().id;
    const linkTo = async (personId: string) => {
      const response = await createLink(personId, otherAdmin);
      expect(response.statusCode, response.body).toBe(201);
      return response.json<PasswordLink>();
    };
    const [clashLink, freeLink] = [await linkTo(clash), await linkTo(free)];
    expect(Object.keys(clashLink).sort()).toEqual(Object.keys(freeLink).sort());
    const [usedClash, usedFree] = [
      await setPassword(tokenOf(clashLink)),
      await setPassword(tokenOf(freeLink)),
    ];
    expect(usedClash.statusCode, usedClash.body).toBe(200);
    expect(usedFree.statusCode).toBe(200);
    expect(usedClash.json()).toEqual({ email: owner.email.toLowerCase() });
    // The account stays its owner's, password and all; the new person has no sign-in.
    expect((await personRow(clash)).user_id).toBeNull();
    await login(t, owner.email);
    await expect(login(t, owner.email, NEW_PASSWORD)).rejects.toThrow();
    expect(await setPassword(tokenOf(clashLink))).toMatchObject({ statusCode: 410 });
  });

  it('needs an e-mail address to make an account', async () => {
    const { personId } = await createPerson(t, schoolId);
    await t.ctx.database.db.updateTable('person').set({ email: null }).where('id', '=', personId).execute();
    const response = await createLink(personId);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([
      {
        path: 'email',
        code: 'required',
        message: 'Personen har ingen e-postadresse. Legg inn e-post først.',
      },
    ]);
  });

  it('validates the password and keeps the link usable after a refused attempt', async () => {
    const { personId } = await createPerson(t, schoolId);
    const token = tokenOf((await createLink(personId)).json<PasswordLink>());
    const short = await setPassword(token, 'kort');
    expect(short.statusCode).toBe(400);
    expect(short.json().code).toBe('validation-failed');
    expect((await setPassword(token)).statusCode).toBe(200);
    const missing = await t.request({ method: 'POST', url: '/api/v1/password-links/set', payload: {} });
    expect(missing.statusCode).toBe(400);
  });

  it("answers 404 for another school's person and for unknown ids", async () => {
    const { personId } = await createPerson(t, schoolId);
    const otherSchool = await createSchool(t);
    const { email } = await createPerson(t, otherSchool, { roles: ['admin'], login: true });
    const otherCookie = await login(t, email);
    const response = await createLink(personId, otherCookie);
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('not-found');
    expect((await createLink('finnes-ikke')).statusCode).toBe(404);
    const rows = await t.ctx.database.db
      .selectFrom('password_link')
      .selectAll()
      .where('person_id', '=', personId)
      .execute();
    expect(rows).toEqual([]);
  });

  it('is for admins only', async () => {
    const { personId } = await createPerson(t, schoolId);
    const { email } = await createPerson(t, schoolId, { roles: ['teacher'], login: true });
    expect((await createLink(personId, await login(t, email))).statusCode).toBe(403);
  });
});

describe.each(dialects())('password links by e-mail on %s', (dialect) => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startFakeSmtp>>;

  beforeAll(async () => {
    smtp = await startFakeSmtp();
    t = await createTestApp(dialect, {
      env: { SMTP_URL: smtp.url, MAIL_FROM: 'Fjordtun <tun@fjordtun.no>', LOGIN_RATE_LIMIT: '3' },
    });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('sends the link in Norwegian to the person, and still returns it to the admin', async () => {
    const { schoolId, adminCookie } = await setupSchool(t);
    const { personId, email } = await createPerson(t, schoolId);
    // The fake server keeps every test's mails: this test's is the one sent from now on.
    const before = smtp.mails.length;
    const response = await t.request({
      method: 'POST',
      url: `/api/v1/people/${personId}/password-link`,
      cookie: adminCookie,
      payload: {},
    });
    expect(response.statusCode, response.body).toBe(201);
    const link = response.json<PasswordLink>();
    expect(link.emailed).toBe(true);
    expect(smtp.mails).toHaveLength(before + 1);
    const mail = smtp.mails[before]!;
    expect(mail.to.join()).toContain(email);
    expect(mail.from).toContain('tun@fjordtun.no');
    // Quoted-printable may wrap long lines; unwrap before looking for the link.
    const body = mail.data.replace(/=\r\n/g, '').replace(/=3D/g, '=');
    expect(body).toContain(link.url);
    expect(body).toContain('Subject: =?UTF-8?');
    expect(body).toMatch(/Lenken virker =C3=A9n gang|Lenken virker én gang/);
  });

  it('keeps a school name stored with line breaks to one subject line', async () => {
    const schoolId = await createSchool(t, 'Posttun');
    const adminCookie = await login(
      t,
      (await createPerson(t, schoolId, { roles: ['admin'], login: true })).email,
    );
    // Stored as an older version could: names are single-line when written now.
    await t.ctx.database.db
      .updateTable('school')
      .set({ short_name: 'Tun\r\nBcc: evil@example.com\r\nX-Evil: 1' })
      .where('id', '=', schoolId)
      .execute();
    const { personId } = await createPerson(t, schoolId);
    const before = smtp.mails.length;
    const response = await t.request({
      method: 'POST',
      url: `/api/v1/people/${personId}/password-link`,
      cookie: adminCookie,
      payload: {},
    });
    expect(response.json<PasswordLink>().emailed).toBe(true);
    const mail = smtp.mails[before]!;
    expect(mail.to.join()).not.toContain('evil');
    const headers = mail.data.slice(0, mail.data.indexOf('\r\n\r\n')).split('\r\n');
    expect(headers.filter((line) => /^(bcc|x-evil):/i.test(line))).toEqual([]);
  });

  it('limits attempts per address like the login', async () => {
    const codes: number[] = [];
    for (let attempt = 0; attempt < 4; attempt += 1) {
      const response = await t.request({
        method: 'POST',
        url: '/api/v1/password-links/set',
        payload: { token: 'y'.repeat(43), password: NEW_PASSWORD },
      });
      codes.push(response.statusCode);
    }
    expect(codes).toEqual([400, 400, 400, 429]);
  });
});
