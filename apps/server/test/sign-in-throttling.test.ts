/**
 * Sign-in throttling per account across addresses and per address across accounts, kept in the
 * database (docs/decisions/016-live-streams-and-sign-in-throttling.md).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { PROBLEM_CONTENT_TYPE } from '@tun/shared';
import { createPerson, PASSWORD, setupSchool } from './factories';
import {
  createTestApp,
  createTestAppOn,
  createTestDatabase,
  dialects,
  type TestApp,
  type TestDatabase,
} from './helper';

const signIn = (t: TestApp, email: string, password: string, address?: string) =>
  t.request({
    method: 'POST',
    url: '/api/v1/login',
    payload: { email, password },
    ...(address ? { headers: { 'x-forwarded-for': address } } : {}),
  });

describe.each(dialects())('sign-in throttling on %s (default settings)', (dialect) => {
  let t: TestApp;
  let schoolId: string;

  beforeAll(async () => {
    t = await createTestApp(dialect, { env: { TRUST_PROXY: 'true' } });
    ({ schoolId } = await setupSchool(t));
  });
  afterAll(() => t.close());

  it('refuses an address that tries 60 accounts (password spraying)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 60; i += 1) {
      statuses.push((await signIn(t, `elev${i}@fjordtun.no`, 'Sommer2026!', '203.0.113.7')).statusCode);
    }
    expect(statuses).toContain(429);
    expect(statuses.slice(statuses.indexOf(429)).every((status) => status === 429)).toBe(true);
    const refused = await signIn(t, 'elev99@fjordtun.no', 'Sommer2026!', '203.0.113.7');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['content-type']).toContain(PROBLEM_CONTENT_TYPE);
    expect(refused.json()).toMatchObject({
      code: 'too-many-attempts',
      title: 'For mange forsøk. Vent litt og prøv igjen.',
    });
    // Another address (another school) is not affected.
    const { email } = await createPerson(t, schoolId, { roles: ['teacher'], login: true });
    expect((await signIn(t, email, PASSWORD, '198.51.100.1')).statusCode).toBe(200);
  });

  it('refuses an account tried from 60 forwarded addresses, the right password too', async () => {
    const { email } = await createPerson(t, schoolId, { login: true });
    const statuses: number[] = [];
    for (let i = 0; i < 60; i += 1) {
      statuses.push((await signIn(t, email, `gjett-${i}`, `198.18.${i}.1`)).statusCode);
    }
    expect(statuses).toContain(429);
    expect(statuses.slice(statuses.indexOf(429)).every((status) => status === 429)).toBe(true);
    // Locked: the right password does not lift the lock early, from any address.
    const right = await signIn(t, email, PASSWORD, '192.0.2.200');
    expect(right.statusCode).toBe(429);
    expect(right.json()).toMatchObject({ code: 'too-many-attempts' });
    expect(Number(right.headers['retry-after'])).toBeGreaterThan(0);
    // Another account signs in as before.
    const other = await createPerson(t, schoolId, { login: true });
    expect((await signIn(t, other.email, PASSWORD, '192.0.2.200')).statusCode).toBe(200);
  });
});

describe.each(dialects())('sign-in throttling on %s (small limits)', (dialect) => {
  let t: TestApp;
  let schoolId: string;

  beforeAll(async () => {
    t = await createTestApp(dialect, { env: { TRUST_PROXY: 'true', LOGIN_RATE_LIMIT: '3' } });
    ({ schoolId } = await setupSchool(t));
  });
  afterAll(() => t.close());

  it('keeps an account locked after a right password, and opens it when the lockout has passed', async () => {
    const { email } = await createPerson(t, schoolId, { login: true });
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) statuses.push((await signIn(t, email, 'feil', '192.0.2.1')).statusCode);
    expect(statuses).toEqual([401, 401, 401, 429]);
    expect((await signIn(t, email, PASSWORD, '192.0.2.1')).statusCode).toBe(429);
    expect((await signIn(t, email, PASSWORD, '192.0.2.1')).statusCode).toBe(429);

    // The lockout over (moved into the past rather than waited for), the account opens.
    const past = new Date(Date.now() - 60 * 60 * 1000).toISOString();
    await t.ctx.database.db
      .updateTable('login_throttle')
      .set({ window_start: past, locked_until: past })
      .execute();
    expect((await signIn(t, email, PASSWORD, '192.0.2.1')).statusCode).toBe(200);
    expect((await signIn(t, email, 'feil', '192.0.2.1')).statusCode).toBe(401);
  });

  it('counts only failures: a school signing in from one address is not locked out', async () => {
    const address = '192.0.2.10';
    const { email } = await createPerson(t, schoolId, { login: true });
    // More than both limits (3 per account, 15 per address), all right.
    for (let i = 0; i < 20; i += 1) expect((await signIn(t, email, PASSWORD, address)).statusCode).toBe(200);
    const statuses: number[] = [];
    for (let i = 0; i < 16; i += 1) {
      statuses.push((await signIn(t, `elev${i}@fjordtun.no`, 'feil', address)).statusCode);
    }
    expect(statuses).toEqual([...Array<number>(15).fill(401), 429]);
  });

  it('does not let parallel attempts pass the limit', async () => {
    const { email } = await createPerson(t, schoolId, { login: true });
    const statuses = await Promise.all(
      Array.from({ length: 12 }, (_, i) => signIn(t, email, 'feil', `192.0.2.${100 + i}`)),
    ).then((responses) => responses.map((response) => response.statusCode));
    expect(statuses.filter((status) => status === 401)).toHaveLength(3);
    expect(statuses.filter((status) => status === 429)).toHaveLength(9);
  });

  it('keeps no e-mail address or client address in the table, and prunes old rows', async () => {
    const email = 'spor@fjordtun.no';
    await signIn(t, email, 'feil', '192.0.2.77');
    const rows = await t.ctx.database.db.selectFrom('login_throttle').selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain(email);
    expect(JSON.stringify(rows)).not.toContain('192.0.2.77');

    const old = new Date(Date.now() - 48 * 60 * 60 * 1000).toISOString();
    await t.ctx.database.db
      .updateTable('login_throttle')
      .set({ window_start: old, locked_until: old })
      .execute();
    const { pruneSignInThrottle } = await import('../src/modules/session/sign-in-throttle.service');
    await pruneSignInThrottle(t.ctx);
    expect(await t.ctx.database.db.selectFrom('login_throttle').selectAll().execute()).toEqual([]);
  });
});

describe.runIf(inject('postgresUrl'))('sign-in throttling across two instances on PostgreSQL', () => {
  let database: TestDatabase;
  const instances: TestApp[] = [];

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    for (let i = 0; i < 2; i += 1) {
      instances.push(await createTestAppOn(database, 'postgres', { LOGIN_RATE_LIMIT: '4' }));
    }
  });
  afterAll(async () => {
    for (const instance of instances) await instance.close();
    await database.drop();
  });

  it('shares the count: failures through either instance lock the account on both', async () => {
    const [a, b] = instances as [TestApp, TestApp];
    const { schoolId } = await setupSchool(a);
    const { email } = await createPerson(a, schoolId, { login: true });
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      statuses.push((await signIn(i % 2 === 0 ? a : b, email, 'feil')).statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 401]);
    expect((await signIn(a, email, 'feil')).statusCode).toBe(429);
    expect((await signIn(b, email, PASSWORD)).statusCode).toBe(429);
  });
});
