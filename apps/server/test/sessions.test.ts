/**
 * «Min profil»'s list of one's sessions (issue 20): how, on what and when each was opened; one
 * or all the others can be ended, never someone else's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SignedInSession } from '@tun/shared';
import { createPerson, createSchool, PASSWORD, setupSchool } from './factories';
import { createTestApp, dialects, type TestApp } from './helper';

const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
const LAPTOP = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/140.0 Safari/537.36';

describe.each(dialects())('own sessions on %s', (dialect) => {
  let t: TestApp;
  let schoolId: string;
  let adminCookie: string;

  beforeAll(async () => {
    t = await createTestApp(dialect, { env: { LOGIN_RATE_LIMIT: '1000' } });
    ({ schoolId, adminCookie } = await setupSchool(t));
  });
  afterAll(() => t.close());

  async function signIn(email: string, userAgent: string) {
    const response = await t.request({
      method: 'POST',
      url: '/api/v1/login',
      payload: { email, password: PASSWORD },
      headers: { 'user-agent': userAgent },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ');
  }
  const list = (cookie: string) => t.request({ method: 'GET', url: '/api/v1/sessions', cookie });
  const status = async (cookie: string) =>
    (await t.request({ method: 'GET', url: '/api/v1/session', cookie })).statusCode;

  it('lists the account’s sessions with method, device and time, this one marked', async () => {
    const { email } = await createPerson(t, schoolId, { roles: ['teacher'], login: true });
    const laptop = await signIn(email, LAPTOP);
    await signIn(email, PHONE);

    const response = await list(laptop);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const sessions = response.json<SignedInSession[]>();
    expect(sessions).toHaveLength(2);
    expect(sessions.map((session) => [session.userAgent, session.method, session.current]).sort()).toEqual(
      [
        [LAPTOP, 'password', true],
        [PHONE, 'password', false],
      ].sort(),
    );
    for (const session of sessions)
      expect(Date.parse(session.createdAt)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('ends one other session, or all the others, and never another person’s', async () => {
    const { email } = await createPerson(t, schoolId, { roles: ['teacher'], login: true });
    const here = await signIn(email, LAPTOP);
    const phone = await signIn(email, PHONE);
    const other = await createPerson(t, schoolId, { login: true });
    const theirs = await signIn(other.email, PHONE);
    const [theirSession] = (await list(theirs)).json<SignedInSession[]>();

    const notMine = await t.request({
      method: 'DELETE',
      url: `/api/v1/sessions/${theirSession!.id}`,
      cookie: here,
    });
    expect(notMine.statusCode).toBe(404);
    expect(await status(theirs)).toBe(200);
    // Nor another school's: its person's sessions are neither listed nor ended.
    const neighbour = await createPerson(t, await createSchool(t), { roles: ['admin'], login: true });
    const neighbours = await signIn(neighbour.email, LAPTOP);
    const [neighbourSession] = (await list(neighbours)).json<SignedInSession[]>();
    expect((await list(here)).json<SignedInSession[]>().map((s) => s.id)).not.toContain(neighbourSession!.id);
    const across = await t.request({
      method: 'DELETE',
      url: `/api/v1/sessions/${neighbourSession!.id}`,
      cookie: here,
    });
    expect(across.statusCode).toBe(404);
    expect(await status(neighbours)).toBe(200);

    const phoneSession = (await list(here)).json<SignedInSession[]>().find((session) => !session.current)!;
    const ended = await t.request({
      method: 'DELETE',
      url: `/api/v1/sessions/${phoneSession.id}`,
      cookie: here,
    });
    expect(ended.statusCode).toBe(204);
    expect(await status(phone)).toBe(401);
    expect(await status(here)).toBe(200);

    const second = await signIn(email, PHONE);
    const third = await signIn(email, PHONE);
    const others = await t.request({ method: 'DELETE', url: '/api/v1/sessions', cookie: here });
    expect(others.json()).toEqual({ ended: 2 });
    expect(await status(second)).toBe(401);
    expect(await status(third)).toBe(401);
    expect(await status(here)).toBe(200);
    expect(await status(theirs)).toBe(200);
    expect((await list(here)).json<SignedInSession[]>()).toHaveLength(1);
  });

  it('lets an admin sign a person out on every device, in their own school only', async () => {
    const { personId, email } = await createPerson(t, schoolId, { login: true });
    const phone = await signIn(email, PHONE);
    const laptop = await signIn(email, LAPTOP);
    const neighbour = await createPerson(t, await createSchool(t), { roles: ['admin'], login: true });
    const neighbourCookie = await signIn(neighbour.email, LAPTOP);

    const across = await t.request({
      method: 'DELETE',
      url: `/api/v1/people/${personId}/sessions`,
      cookie: neighbourCookie,
    });
    expect(across.statusCode).toBe(404);
    expect(await status(phone)).toBe(200);

    const ended = await t.request({
      method: 'DELETE',
      url: `/api/v1/people/${personId}/sessions`,
      cookie: adminCookie,
    });
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json()).toEqual({ ended: 2 });
    expect(await status(phone)).toBe(401);
    expect(await status(laptop)).toBe(401);
    const audit = await t.ctx.database.db
      .selectFrom('audit_log')
      .select(['action', 'after'])
      .where('entity_id', '=', personId)
      .where('action', '=', 'sign-out-everywhere')
      .execute();
    expect(audit.map((entry) => JSON.parse(entry.after ?? '{}'))).toEqual([{ sessions: 2 }]);
  });
});
