/**
 * Web push end to end: devices subscribe and unsubscribe through the API, a published post
 * reaches a subscribed device at the tests' own push service, where the test checks the VAPID
 * signature and decrypts the body (push-endpoint.ts); the push service's answers decide what
 * happens to the device and the job; the key pair is made once and kept; personal data.
 */
import { createECDH, randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  PROBLEM_CONTENT_TYPE,
  PUSH_SUBSCRIPTIONS_PER_PERSON_MAX,
  PUSH_TEST_TITLE,
  type PushPayload,
} from '@tun/shared';
import { ConfigError, loadConfig } from '../src/config';
import { write } from '../src/db/write';
import { ProblemError } from '../src/http/problem';
import { notifyPeople, type NotifyInput } from '../src/modules/notifications/notifications.service';
import { loadVapidKeys, subscribePush } from '../src/modules/push/push.service';
import { callApi, createPerson, insertLine, login, setupSchool } from './factories';
import { createTestApp, createTestAppOn, createTestDatabase, dialects, type TestApp } from './helper';
import { postInput } from './posts-factories';
import { startTestPushService, TestBrowser, verifyVapid, type TestPushService } from './push-endpoint';

const PUBLIC_URL = 'https://tun.fjordtun.no';

/** A VAPID pair as web-push makes one: the private key always 32 bytes, zeros in front. */
function vapidPair() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const secret = ecdh.getPrivateKey();
  return {
    publicKey: ecdh.getPublicKey().toString('base64url'),
    privateKey: Buffer.concat([Buffer.alloc(32 - secret.length), secret]).toString('base64url'),
  };
}

describe.each(dialects())('web push on %s', (dialect) => {
  let t: TestApp;
  let pushService: TestPushService;
  let schoolId: string;
  let adminCookie: string;
  let publicKey: string;

  beforeAll(async () => {
    pushService = await startTestPushService();
    t = await createTestApp(dialect, {
      // The tests' push service is plain http; the tests run the queue themselves.
      env: { PUBLIC_URL, PUSH_ALLOW_HTTP: 'true', JOB_POLL_MS: '3600000' },
    });
    ({ schoolId, adminCookie } = await setupSchool(t));
    publicKey = (await callApi<{ publicKey: string }>(t, adminCookie, 'GET', '/api/v1/push/key')).body
      .publicKey;
  });
  afterAll(async () => {
    await t?.close();
    await pushService?.close();
  });
  afterEach(async () => {
    await t.ctx.jobs.runDue();
    await db().deleteFrom('job').execute();
    pushService.received.length = 0;
  });

  const db = () => t.ctx.database.db;

  async function signedIn(roles: string[] = []) {
    const person = await createPerson(t, schoolId, { roles, login: true });
    return { ...person, cookie: await login(t, person.email) };
  }

  /** A new browser at the tests' push service, subscribed by the person. */
  async function subscribed(cookie: string, browser = new TestBrowser(pushService.origin)) {
    const response = await callApi<{ id: string }>(
      t,
      cookie,
      'POST',
      '/api/v1/push/subscriptions',
      browser.subscription(),
    );
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return { browser, id: response.body.id };
  }

  const unsubscribe = (cookie: string, endpoint: string) =>
    t.request({ method: 'DELETE', url: '/api/v1/push/subscriptions', cookie, payload: { endpoint } });

  const subscriptionRows = (personId?: string) => {
    let query = db().selectFrom('push_subscription').selectAll();
    if (personId) query = query.where('person_id', '=', personId);
    return query.orderBy('created_at').execute();
  };

  const pushJobs = async () =>
    (await db().selectFrom('job').selectAll().where('kind', '=', 'push.send').execute()).map((row) => ({
      ...row,
      payload: JSON.parse(row.payload) as { subscriptionId: string; payload: PushPayload },
    }));

  function notify(input: Partial<NotifyInput> & Pick<NotifyInput, 'personIds'>) {
    return write(t.ctx, schoolId, (trx, publish) =>
      notifyPeople(trx, publish, t.ctx.config, {
        schoolId,
        category: 'posts',
        title: 'Nytt innlegg',
        text: 'Husk turen på lørdag.',
        link: '/app/posts',
        source: 'post:tur',
        ...input,
      }),
    );
  }

  /** What reached this browser, checked and decrypted as the browser would. */
  function arrivedAt(browser: TestBrowser): PushPayload[] {
    return pushService.received
      .filter((push) => push.path === browser.path)
      .map((push) => {
        verifyVapid(push.headers.authorization, browser.endpoint, publicKey);
        return JSON.parse(browser.decrypt(push.body)) as PushPayload;
      });
  }

  describe('subscribing', () => {
    it('answers the key pair’s public half, a P-256 point', async () => {
      const student = await signedIn();
      const key = await callApi<{ publicKey: string }>(t, student.cookie, 'GET', '/api/v1/push/key');
      expect(key).toEqual({ status: 200, body: { publicKey } });
      const point = Buffer.from(publicKey, 'base64url');
      expect(point).toHaveLength(65);
      expect(point[0]).toBe(4);
    });

    it('subscribes a device, renews it in place, and unsubscribes it, twice without complaint', async () => {
      const me = await signedIn();
      const { browser, id } = await subscribed(me.cookie);
      expect(await subscriptionRows(me.personId)).toEqual([
        expect.objectContaining({
          id,
          school_id: schoolId,
          endpoint: browser.endpoint,
          p256dh: browser.subscription().keys.p256dh,
          auth: browser.subscription().keys.auth,
          last_used_at: null,
        }),
      ]);

      // The browser renews its keys for the same endpoint: one row, the same id, the new keys.
      const renewed = new TestBrowser(pushService.origin, browser.path);
      expect((await subscribed(me.cookie, renewed)).id).toBe(id);
      const rows = await subscriptionRows(me.personId);
      expect(rows).toHaveLength(1);
      expect(rows[0]!.p256dh).toBe(renewed.subscription().keys.p256dh);

      expect((await unsubscribe(me.cookie, browser.endpoint)).statusCode).toBe(204);
      expect(await subscriptionRows(me.personId)).toEqual([]);
      const again = await unsubscribe(me.cookie, browser.endpoint);
      expect(again.statusCode).toBe(204);
      expect(again.body).toBe('');
    });

    it('moves a device to whoever subscribes it last, under a new id', async () => {
      const first = await signedIn();
      const second = await signedIn(['teacher']);
      const { browser, id } = await subscribed(first.cookie);
      // Queued for the first person before the device changed hands.
      await notify({ personIds: [first.personId] });

      const moved = await subscribed(second.cookie, browser);
      expect(moved.id).not.toBe(id);
      expect(await subscriptionRows(first.personId)).toEqual([]);
      expect((await subscriptionRows(second.personId)).map((row) => row.id)).toEqual([moved.id]);

      // The first person's notice finds no device of theirs, and the second person is not shown it.
      await t.ctx.jobs.runDue();
      expect(arrivedAt(browser)).toEqual([]);
      expect(await pushJobs()).toEqual([]);
    });

    it(`keeps ${PUSH_SUBSCRIPTIONS_PER_PERSON_MAX} devices per person, the oldest going first`, async () => {
      const me = await signedIn();
      const devices = [];
      for (let i = 0; i < PUSH_SUBSCRIPTIONS_PER_PERSON_MAX; i += 1)
        devices.push(await subscribed(me.cookie));
      // Days apart, the first the oldest.
      for (const [index, device] of devices.entries()) {
        await db()
          .updateTable('push_subscription')
          .set({ created_at: new Date(Date.UTC(2026, 0, 1 + index)).toISOString() })
          .where('id', '=', device.id)
          .execute();
      }
      const newest = await subscribed(me.cookie);
      const kept = (await subscriptionRows(me.personId)).map((row) => row.id);
      expect(kept).toHaveLength(PUSH_SUBSCRIPTIONS_PER_PERSON_MAX);
      expect(kept).not.toContain(devices[0]!.id);
      expect(kept).toContain(newest.id);
      expect(kept).toContain(devices[1]!.id);
    });

    it('refuses what is not a browser’s subscription with 400, and stores nothing', async () => {
      const me = await signedIn();
      const good = new TestBrowser(pushService.origin).subscription();
      const offCurve = Buffer.concat([Buffer.from([4]), randomBytes(64)]).toString('base64url');
      const cases: [object, string][] = [
        [{ ...good, endpoint: 'ikke en adresse' }, 'body.endpoint'],
        [{ ...good, endpoint: 'ftp://push.example.net/x' }, 'body.endpoint'],
        [{ ...good, endpoint: `https://push.example.net/${'x'.repeat(1000)}` }, 'body.endpoint'],
        [{ ...good, keys: { ...good.keys, p256dh: 'kort' } }, 'body.keys.p256dh'],
        [{ ...good, keys: { ...good.keys, p256dh: offCurve } }, 'body.keys.p256dh'],
        [
          { ...good, keys: { ...good.keys, p256dh: `${good.keys.p256dh.slice(0, -2)}!!` } },
          'body.keys.p256dh',
        ],
        [{ ...good, keys: { ...good.keys, auth: 'kort' } }, 'body.keys.auth'],
        [{ ...good, keys: { ...good.keys, auth: randomBytes(17).toString('base64url') } }, 'body.keys.auth'],
        [{ endpoint: good.endpoint }, 'body.keys'],
      ];
      for (const [payload, path] of cases) {
        const response = await t.request({
          method: 'POST',
          url: '/api/v1/push/subscriptions',
          cookie: me.cookie,
          payload,
        });
        expect(response.statusCode, JSON.stringify(payload)).toBe(400);
        expect(response.headers['content-type']).toContain(PROBLEM_CONTENT_TYPE);
        const problem = response.json<{ code: string; errors: { path: string }[] }>();
        expect(problem.code).toBe('validation-failed');
        expect(problem.errors.map((error) => error.path)).toContain(path);
      }
      for (const payload of [{}, { endpoint: '' }, { endpoint: 7 }]) {
        const response = await t.request({
          method: 'DELETE',
          url: '/api/v1/push/subscriptions',
          cookie: me.cookie,
          payload,
        });
        expect(response.statusCode, JSON.stringify(payload)).toBe(400);
        expect(response.json().code).toBe('validation-failed');
      }
      expect(await subscriptionRows(me.personId)).toEqual([]);
    });

    it('refuses a plain http endpoint unless PUSH_ALLOW_HTTP is on', async () => {
      const me = await signedIn();
      const strict = {
        ...t.ctx,
        config: { ...t.ctx.config, push: { ...t.ctx.config.push, allowHttpEndpoints: false } },
      };
      const owner = { schoolId, personId: me.personId };
      const attempt = subscribePush(strict, owner, new TestBrowser(pushService.origin).subscription());
      await expect(attempt).rejects.toThrow(ProblemError);
      await expect(attempt).rejects.toMatchObject({
        code: 'validation-failed',
        errors: [expect.objectContaining({ path: 'body.endpoint' })],
      });
      const https = new TestBrowser('https://push.example.net').subscription();
      await expect(subscribePush(strict, owner, https)).resolves.toEqual({ id: expect.any(String) });
      expect(await subscriptionRows(me.personId)).toHaveLength(1);
    });

    it('leaves my device alone when another person, of this school or another, unsubscribes it', async () => {
      const me = await signedIn();
      const other = await signedIn(['admin']);
      const { browser, id } = await subscribed(me.cookie);
      const response = await unsubscribe(other.cookie, browser.endpoint);
      expect(response.statusCode).toBe(204);
      expect((await subscriptionRows(me.personId)).map((row) => row.id)).toEqual([id]);
    });
  });

  describe('sending', () => {
    it('brings a post published to a line to the subscribed student’s device, and no one else’s', async () => {
      const inLine = await signedIn();
      const outside = await signedIn();
      const lineId = await insertLine(t, schoolId, { members: [inLine.personId] });
      const mine = await subscribed(inLine.cookie);
      const theirs = await subscribed(outside.cookie);

      const created = await callApi<{ id: string }>(
        t,
        adminCookie,
        'POST',
        '/api/v1/posts',
        postInput({
          title: 'Turen flyttes til søndag',
          body: '<p>Vi møtes ved bussen kl. 9.</p>',
          audience: { kind: 'selected', lineIds: [lineId] },
        }),
      );
      expect(created.status).toBe(201);
      const postId = created.body.id;
      await t.ctx.jobs.runDue();

      expect(arrivedAt(mine.browser)).toEqual([
        {
          title: 'Turen flyttes til søndag',
          body: 'Vi møtes ved bussen kl. 9.',
          link: `/app/posts?post=${encodeURIComponent(postId)}`,
          tag: `post:${postId}`,
        },
      ]);
      expect(arrivedAt(theirs.browser)).toEqual([]);

      const [push] = pushService.received;
      expect(push!.headers['content-encoding']).toBe('aes128gcm');
      expect(push!.headers['content-type']).toBe('application/octet-stream');
      expect(push!.headers.ttl).toBe(String(24 * 3600));
      expect(push!.headers.urgency).toBe('normal');
      // Who the push services may contact: PUBLIC_URL, being https.
      expect(verifyVapid(push!.headers.authorization, mine.browser.endpoint, publicKey).sub).toBe(PUBLIC_URL);

      const [row] = await subscriptionRows(inLine.personId);
      expect(row!.last_used_at).not.toBeNull();
      expect(await pushJobs()).toEqual([]);
    });

    it('queues one push per device of each person who wants the category by push', async () => {
      const twoDevices = await signedIn();
      const pushOff = await signedIn();
      const noDevice = await createPerson(t, schoolId);
      const a = await subscribed(twoDevices.cookie);
      const b = await subscribed(twoDevices.cookie);
      const off = await subscribed(pushOff.cookie);
      const put = await callApi(t, pushOff.cookie, 'PUT', '/api/v1/notifications/preferences', {
        posts: { inApp: true, email: false, push: false },
        attendance: { inApp: true, email: false, push: true },
        cases: { inApp: true, email: false, push: true },
      });
      expect(put.status).toBe(200);

      expect(await notify({ personIds: [twoDevices.personId, pushOff.personId, noDevice.personId] })).toEqual(
        {
          inApp: 3,
          emails: 0,
        },
      );
      const jobs = await pushJobs();
      expect(jobs.map((job) => job.payload.subscriptionId).sort()).toEqual([a.id, b.id].sort());
      expect(jobs[0]!.school_id).toBe(schoolId);
      expect(jobs[0]!.payload.payload).toEqual({
        title: 'Nytt innlegg',
        body: 'Husk turen på lørdag.',
        link: '/app/posts',
        tag: 'post:tur',
      });

      // Push only for attendance, then: the device that was left out gets that one.
      await db().deleteFrom('job').execute();
      await notify({ personIds: [pushOff.personId], category: 'attendance' });
      expect((await pushJobs()).map((job) => job.payload.subscriptionId)).toEqual([off.id]);
      await t.ctx.jobs.runDue();
      expect(arrivedAt(off.browser).map((push) => push.title)).toEqual(['Nytt innlegg']);
    });

    it('removes a device whose push service answers 410 (or 404), and ends the job', async () => {
      const me = await signedIn();
      const gone = await subscribed(me.cookie);
      const missing = await subscribed(me.cookie);
      const kept = await subscribed(me.cookie);
      pushService.answer(gone.browser.path, 410);
      pushService.answer(missing.browser.path, 404);
      await notify({ personIds: [me.personId] });
      await t.ctx.jobs.runDue();
      expect((await subscriptionRows(me.personId)).map((row) => row.id)).toEqual([kept.id]);
      expect(await pushJobs()).toEqual([]);
      expect(arrivedAt(kept.browser)).toHaveLength(1);
    });

    it('tries again later when the push service fails (5xx), and delivers once it is back', async () => {
      const me = await signedIn();
      const device = await subscribed(me.cookie);
      pushService.answer(device.browser.path, 500);
      await notify({ personIds: [me.personId], title: 'Andre gang' });
      const before = Date.now();
      await t.ctx.jobs.runDue();

      const [waiting] = await pushJobs();
      expect(waiting).toMatchObject({ attempts: 1, locked_until: null });
      expect(waiting!.last_error).toContain('500');
      expect(Date.parse(waiting!.run_at)).toBeGreaterThan(before);
      expect(await subscriptionRows(me.personId)).toHaveLength(1);

      // The push service is back, and the job's time has come.
      pushService.answer(device.browser.path, 201);
      await db()
        .updateTable('job')
        .set({ run_at: new Date().toISOString() })
        .where('id', '=', waiting!.id)
        .execute();
      await t.ctx.jobs.runDue();
      expect(await pushJobs()).toEqual([]);
      expect(arrivedAt(device.browser).map((push) => push.title)).toEqual(['Andre gang', 'Andre gang']);
    });

    it('ends the job on another refusal (4xx) and keeps the device', async () => {
      const me = await signedIn();
      const device = await subscribed(me.cookie);
      pushService.answer(device.browser.path, 400);
      await notify({ personIds: [me.personId] });
      await t.ctx.jobs.runDue();
      expect(await pushJobs()).toEqual([]);
      expect(await subscriptionRows(me.personId)).toHaveLength(1);
    });

    it('tries again when the push service cannot be reached', async () => {
      const me = await signedIn();
      // A port nobody listens on: the connection is refused.
      const closed = await startTestPushService();
      await closed.close();
      await subscribed(me.cookie, new TestBrowser(closed.origin));
      await notify({ personIds: [me.personId] });
      await t.ctx.jobs.runDue();
      const [waiting] = await pushJobs();
      expect(waiting).toMatchObject({ attempts: 1 });
      expect(waiting!.last_error).toBeTruthy();
    });

    it('sends nothing for a device unsubscribed after the push was queued', async () => {
      const me = await signedIn();
      const device = await subscribed(me.cookie);
      await notify({ personIds: [me.personId] });
      expect(await pushJobs()).toHaveLength(1);
      await unsubscribe(me.cookie, device.browser.endpoint);
      await t.ctx.jobs.runDue();
      expect(await pushJobs()).toEqual([]);
      expect(arrivedAt(device.browser)).toEqual([]);
    });

    it('sends «Testvarsel fra Tun» to each of my devices, and not to the list in the app', async () => {
      const me = await signedIn();
      const phone = await subscribed(me.cookie);
      const laptop = await subscribed(me.cookie);
      const stranger = await subscribed((await signedIn()).cookie);

      const sent = await callApi(t, me.cookie, 'POST', '/api/v1/push/test');
      expect(sent).toEqual({ status: 202, body: { devices: 2 } });
      // Kicked at once, not left for the next poll.
      await pushService.waitFor(2);
      await t.ctx.jobs.runDue();
      const expected: PushPayload = {
        title: PUSH_TEST_TITLE,
        body: 'Varsler fra Tun kommer fram på denne enheten.',
        link: '/app/setup/app',
        tag: 'push-test',
      };
      expect(arrivedAt(phone.browser)).toEqual([expected]);
      expect(arrivedAt(laptop.browser)).toEqual([expected]);
      expect(arrivedAt(stranger.browser)).toEqual([]);
      expect(
        await db().selectFrom('notification').selectAll().where('person_id', '=', me.personId).execute(),
      ).toEqual([]);

      const nobody = await signedIn();
      expect(await callApi(t, nobody.cookie, 'POST', '/api/v1/push/test')).toEqual({
        status: 202,
        body: { devices: 0 },
      });
    });

    it('answers too many test notifications with 429', async () => {
      const me = await signedIn();
      const statuses = [];
      for (let i = 0; i < 6; i += 1)
        statuses.push((await callApi(t, me.cookie, 'POST', '/api/v1/push/test')).status);
      expect(statuses).toEqual([202, 202, 202, 202, 202, 429]);
      // Another person is not held back by it.
      expect((await callApi(t, (await signedIn()).cookie, 'POST', '/api/v1/push/test')).status).toBe(202);
    });
  });

  describe('personal data', () => {
    it('exports which push services and since when, not the keys, and erasure removes the devices', async () => {
      const person = await signedIn();
      const { browser } = await subscribed(person.cookie);
      const exported = await t.request({
        method: 'GET',
        url: `/api/v1/people/${person.personId}/privacy-export`,
        cookie: adminCookie,
      });
      expect(exported.statusCode).toBe(200);
      const data = exported.json();
      expect(data.pushSubscriptions).toEqual([
        { pushService: new URL(browser.endpoint).host, createdAt: expect.any(String), lastUsedAt: null },
      ]);
      expect(exported.body).not.toContain(browser.subscription().keys.p256dh);
      expect(exported.body).not.toContain(browser.subscription().keys.auth);

      const erased = await t.request({
        method: 'POST',
        url: `/api/v1/people/${person.personId}/erase`,
        cookie: adminCookie,
        payload: {},
      });
      expect(erased.statusCode).toBe(204);
      expect(await subscriptionRows(person.personId)).toEqual([]);
    });
  });
});

describe.each(dialects())('the VAPID key pair on %s', (dialect) => {
  it('is made at the first start and kept across restarts, one pair however many start at once', async () => {
    const database = await createTestDatabase(dialect);
    try {
      const first = await createTestAppOn(database, dialect);
      const { email } = await (async () => {
        const { schoolId } = await setupSchool(first);
        return createPerson(first, schoolId, { login: true });
      })();
      const keyOf = async (app: TestApp) =>
        (await callApi<{ publicKey: string }>(app, await login(app, email), 'GET', '/api/v1/push/key')).body
          .publicKey;
      const before = await keyOf(first);
      await first.close();

      const second = await createTestAppOn(database, dialect);
      try {
        expect(await keyOf(second)).toBe(before);
        const stored = () =>
          second.ctx.database.db.selectFrom('setting').selectAll().where('key', '=', 'vapid_keys').execute();
        expect(await stored()).toHaveLength(1);
        expect(JSON.parse((await stored())[0]!.value).publicKey).toBe(before);

        // Instances racing at the first start: each offers a pair, all end with the one stored.
        await second.ctx.database.db.deleteFrom('setting').where('key', '=', 'vapid_keys').execute();
        const raced = await Promise.all(
          Array.from({ length: 5 }, () => loadVapidKeys(second.ctx.config, second.ctx.database.db)),
        );
        expect(new Set(raced.map((keys) => keys.publicKey)).size).toBe(1);
        expect(await stored()).toHaveLength(1);
        expect(JSON.parse((await stored())[0]!.value)).toEqual(raced[0]);
      } finally {
        await second.close();
      }
    } finally {
      await database.drop();
    }
  });

  it('is taken from VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY when they are set, and not stored', async () => {
    const keys = vapidPair();
    const t = await createTestApp(dialect, {
      env: { VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey },
    });
    try {
      const { adminCookie } = await setupSchool(t);
      expect((await callApi(t, adminCookie, 'GET', '/api/v1/push/key')).body).toEqual({
        publicKey: keys.publicKey,
      });
      expect(
        await t.ctx.database.db.selectFrom('setting').selectAll().where('key', '=', 'vapid_keys').execute(),
      ).toEqual([]);
    } finally {
      await t.close();
    }
  });
});

describe('the push settings', () => {
  const pair = () => {
    const { publicKey, privateKey } = vapidPair();
    return { VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey };
  };

  it('takes both keys of one pair, or neither', () => {
    const keys = pair();
    expect(loadConfig(keys).push.vapidKeys).toEqual({
      publicKey: keys.VAPID_PUBLIC_KEY,
      privateKey: keys.VAPID_PRIVATE_KEY,
    });
    expect(loadConfig({}).push.vapidKeys).toBeUndefined();
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: keys.VAPID_PUBLIC_KEY })).toThrow(
      /VAPID_PRIVATE_KEY: required/,
    );
    expect(() => loadConfig({ VAPID_PRIVATE_KEY: keys.VAPID_PRIVATE_KEY })).toThrow(
      /VAPID_PUBLIC_KEY: required/,
    );
    expect(() => loadConfig({ ...keys, VAPID_PUBLIC_KEY: pair().VAPID_PUBLIC_KEY })).toThrow(
      /does not belong to VAPID_PRIVATE_KEY/,
    );
    expect(() => loadConfig({ ...keys, VAPID_PUBLIC_KEY: 'ikke+base64' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...keys, VAPID_PRIVATE_KEY: randomBytes(31).toString('base64url') })).toThrow(
      /VAPID_PRIVATE_KEY/,
    );
  });

  it('names who push services may contact: VAPID_SUBJECT, else an https PUBLIC_URL, else MAIL_FROM', () => {
    expect(loadConfig({ VAPID_SUBJECT: 'mailto:drift@fjordtun.no' }).push.subject).toBe(
      'mailto:drift@fjordtun.no',
    );
    expect(loadConfig({ PUBLIC_URL: 'https://tun.fjordtun.no/' }).push.subject).toBe(
      'https://tun.fjordtun.no',
    );
    expect(
      loadConfig({ PUBLIC_URL: 'http://tun.local', MAIL_FROM: 'Fjordtun <post@fjordtun.no>' }).push.subject,
    ).toBe('mailto:post@fjordtun.no');
    expect(loadConfig({}).push.subject).toBe('mailto:tun@localhost');
    expect(() => loadConfig({ VAPID_SUBJECT: 'http://tun.local' })).toThrow(/VAPID_SUBJECT/);
    expect(loadConfig({}).push.allowHttpEndpoints).toBe(false);
    expect(loadConfig({ PUSH_ALLOW_HTTP: 'true' }).push.allowHttpEndpoints).toBe(true);
  });
});
