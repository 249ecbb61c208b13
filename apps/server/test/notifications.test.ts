/**
 * Notifications: who is told and by which channel, the e-mail that reaches the test SMTP server,
 * one's own list and choices through the API, the live stream that tells only the person
 * concerned, personal data and the clean-up of old ones.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  defaultNotificationPreferences,
  NOTIFICATION_KEEP_DAYS,
  PROBLEM_CONTENT_TYPE,
  type NotificationList,
  type NotificationPreferences,
} from '@tun/shared';
import { write } from '../src/db/write';
import { JOB_HANDLERS } from '../src/jobs/job-handlers';
import { JobRunner } from '../src/jobs/job-runner';
import {
  notifyPeople,
  removeNotificationsAbout,
  removeOldNotifications,
  type NotifyInput,
} from '../src/modules/notifications/notifications.service';
import {
  callApi,
  createPerson,
  createSchool,
  lastLiveEventId,
  liveEventsSince,
  login,
  setupSchool,
} from './factories';
import { createTestApp, dialects, type TestApp } from './helper';
import { startTestSmtp, type TestSmtp } from './smtp-server';
import { isChange, openSse } from './sse-client';

const PUBLIC_URL = 'https://tun.fjordtun.no';
const DAY_MS = 24 * 3_600_000;

describe.each(dialects())('notifications on %s', (dialect) => {
  let t: TestApp;
  let smtp: TestSmtp;
  let schoolId: string;
  let adminCookie: string;

  beforeAll(async () => {
    smtp = await startTestSmtp();
    t = await createTestApp(dialect, {
      // The tests run the queue themselves.
      env: { SMTP_URL: smtp.url, PUBLIC_URL, JOB_POLL_MS: '3600000' },
    });
    ({ schoolId, adminCookie } = await setupSchool(t));
    await t.ctx.jobs.runDue();
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const db = () => t.ctx.database.db;

  function notify(
    input: Partial<NotifyInput> & Pick<NotifyInput, 'personIds'>,
    config: { smtpUrl: string | undefined; publicUrl: string } = t.ctx.config,
  ) {
    return write(t.ctx, input.schoolId ?? schoolId, (trx, publish) =>
      notifyPeople(trx, publish, config, {
        schoolId,
        category: 'posts',
        title: 'Nytt innlegg',
        text: 'Husk turen på lørdag.',
        link: null,
        source: null,
        ...input,
      }),
    );
  }

  const inAppOf = async (personIds: string[]) =>
    db().selectFrom('notification').selectAll().where('person_id', 'in', personIds).execute();

  const emailJobs = async () =>
    (await db().selectFrom('job').selectAll().where('kind', '=', 'email.send').execute()).map(
      (row) => JSON.parse(row.payload) as { to: string; subject: string; text: string },
    );

  const clearJobs = () => db().deleteFrom('job').execute();

  async function insertNotification(personId: string, createdAt: string, values: { readAt?: string } = {}) {
    const id = randomUUID();
    await db()
      .insertInto('notification')
      .values({
        id,
        school_id: schoolId,
        person_id: personId,
        category: 'posts',
        title: `Varsel ${createdAt}`,
        text: 'Tekst',
        link: '/app/posts',
        source: null,
        created_at: createdAt,
        read_at: values.readAt ?? null,
      })
      .execute();
    return id;
  }

  async function signedIn(roles: string[] = []) {
    const person = await createPerson(t, schoolId, { roles, login: true });
    return { ...person, cookie: await login(t, person.email) };
  }

  describe('telling people', () => {
    it("tells each person once, in the app and by e-mail as their roles' defaults say", async () => {
      const teacher = await createPerson(t, schoolId, { roles: ['teacher'] });
      const student = await createPerson(t, schoolId);
      const kitchen = await createPerson(t, schoolId, { roles: ['kitchen'] });
      const janitor = await createPerson(t, schoolId, { roles: ['janitor'] });
      const ids = [teacher, student, kitchen, janitor].map((person) => person.personId);

      // Attendance warnings go by e-mail to those who follow attendance up and to students.
      const attendance = await notify({ category: 'attendance', personIds: [...ids, teacher.personId] });
      expect(attendance).toEqual({ inApp: 4, emails: 2 });
      expect((await inAppOf(ids)).map((row) => row.person_id).sort()).toEqual([...ids].sort());
      expect((await emailJobs()).map((job) => job.to).sort()).toEqual([teacher.email, student.email].sort());
      await clearJobs();

      // Cases go by e-mail to those who handle them.
      expect(await notify({ category: 'cases', personIds: ids })).toEqual({ inApp: 4, emails: 1 });
      expect((await emailJobs()).map((job) => job.to)).toEqual([janitor.email]);
      await clearJobs();
    });

    it('follows what a person chose over the defaults', async () => {
      const onlyMail = await createPerson(t, schoolId);
      const onlyApp = await createPerson(t, schoolId);
      const nothing = await createPerson(t, schoolId);
      const choose = (personId: string, inApp: boolean, email: boolean) => ({
        person_id: personId,
        category: 'posts',
        in_app: inApp ? 1 : 0,
        email: email ? 1 : 0,
      });
      await db()
        .insertInto('notification_preference')
        .values([
          choose(onlyMail.personId, false, true),
          choose(onlyApp.personId, true, false),
          choose(nothing.personId, false, false),
        ])
        .execute();
      const ids = [onlyMail.personId, onlyApp.personId, nothing.personId];
      expect(await notify({ personIds: ids })).toEqual({ inApp: 1, emails: 1 });
      expect((await inAppOf(ids)).map((row) => row.person_id)).toEqual([onlyApp.personId]);
      expect((await emailJobs()).map((job) => job.to)).toEqual([onlyMail.email]);
      await clearJobs();
    });

    it('skips people who left, erased people, and people of another school; e-mail needs an address', async () => {
      const present = await createPerson(t, schoolId);
      const noAddress = await createPerson(t, schoolId, { email: null });
      const left = await createPerson(t, schoolId);
      const erased = await createPerson(t, schoolId);
      const otherSchool = await createSchool(t, `Annen${randomUUID().slice(0, 4)}`);
      const stranger = await createPerson(t, otherSchool);
      await db()
        .updateTable('person')
        .set({ left_on: '2026-06-01' })
        .where('id', '=', left.personId)
        .execute();
      await db()
        .updateTable('person')
        .set({ erased_at: new Date().toISOString() })
        .where('id', '=', erased.personId)
        .execute();
      const ids = [present, noAddress, left, erased, stranger].map((person) => person.personId);

      expect(await notify({ personIds: [...ids, randomUUID()] })).toEqual({ inApp: 2, emails: 1 });
      expect((await inAppOf(ids)).map((row) => row.person_id).sort()).toEqual(
        [present.personId, noAddress.personId].sort(),
      );
      expect((await emailJobs()).map((job) => job.to)).toEqual([present.email]);
      await clearJobs();
    });

    it('queues no e-mail when SMTP is not set up', async () => {
      const person = await createPerson(t, schoolId);
      const result = await notify(
        { personIds: [person.personId] },
        { smtpUrl: undefined, publicUrl: PUBLIC_URL },
      );
      expect(result).toEqual({ inApp: 1, emails: 0 });
      expect(await emailJobs()).toEqual([]);
    });

    it('announces the people told in the app on the personal notifications topic', async () => {
      const told = await createPerson(t, schoolId);
      const mailOnly = await createPerson(t, schoolId);
      await db()
        .insertInto('notification_preference')
        .values({ person_id: mailOnly.personId, category: 'posts', in_app: 0, email: 1 })
        .execute();
      const after = await lastLiveEventId(t);
      await notify({ personIds: [told.personId, mailOnly.personId] });
      expect(await liveEventsSince(t, schoolId, after)).toEqual([
        { topic: 'notifications', ids: [told.personId] },
      ]);
      await clearJobs();
    });

    it('keeps the title and text within their limits', async () => {
      const person = await createPerson(t, schoolId);
      await notify({ personIds: [person.personId], title: 'T'.repeat(300), text: 'x'.repeat(900) });
      const [row] = await inAppOf([person.personId]);
      expect([...row!.title]).toHaveLength(200);
      expect([...row!.text]).toHaveLength(500);
      expect(row!.text.endsWith('…')).toBe(true);
      await clearJobs();
    });

    it('tells a school of 440 in batches, with one row and one e-mail each', async () => {
      const now = new Date().toISOString();
      const people = Array.from({ length: 440 }, (_, i) => ({
        id: randomUUID(),
        school_id: schoolId,
        user_id: null,
        first_name: 'Elev',
        middle_name: null,
        last_name: `Nummer${i}`,
        room: null,
        email: `elev${i}-${randomUUID().slice(0, 6)}@fjordtun.no`,
        phone: null,
        user_mutable_data: '{}',
        created_at: now,
        updated_at: now,
        left_on: null,
        erased_at: null,
      }));
      for (let start = 0; start < people.length; start += 100) {
        await db()
          .insertInto('person')
          .values(people.slice(start, start + 100))
          .execute();
      }
      const ids = people.map((person) => person.id);
      expect(await notify({ personIds: ids })).toEqual({ inApp: 440, emails: 440 });
      expect(await inAppOf(ids)).toHaveLength(440);
      expect(new Set((await emailJobs()).map((job) => job.to))).toEqual(new Set(people.map((p) => p.email)));
      await clearJobs();
    });

    it('removes the notifications about something that is gone', async () => {
      const person = await createPerson(t, schoolId);
      await notify({ personIds: [person.personId], source: 'post:borte' });
      await notify({ personIds: [person.personId], source: 'post:blir' });
      await write(t.ctx, schoolId, (trx) => removeNotificationsAbout(trx, 'post:borte'));
      expect((await inAppOf([person.personId])).map((row) => row.source)).toEqual(['post:blir']);
      await clearJobs();
    });
  });

  describe('e-mail', () => {
    it("reaches the person with the school's name, the text, the link and how to change it", async () => {
      const person = await createPerson(t, schoolId);
      const result = await notify({
        personIds: [person.personId],
        title: 'Tur til Hardangervidda',
        text: 'Vi drar klokka 08.00. Ta med matpakke.',
        link: '/app/posts?post=abc',
      });
      expect(result.emails).toBe(1);
      await t.ctx.jobs.runDue();
      const mail = await smtp.waitFor((m) => m.to.includes(person.email));
      expect(mail.subject).toBe('Fjordtun: Tur til Hardangervidda');
      expect(mail.text).toContain('Vi drar klokka 08.00. Ta med matpakke.');
      expect(mail.text).toContain(`${PUBLIC_URL}/app/posts?post=abc`);
      expect(mail.text).toContain('Du kan endre hvilke varsler du får');
      expect(mail.from).toContain('tun@localhost');
      expect(await emailJobs()).toEqual([]);
    });

    it('keeps a school name stored with a line break to one subject line', async () => {
      const other = await createSchool(t, 'Linjetun');
      await db()
        .updateTable('school')
        .set({ short_name: 'Linje\r\nBcc: evil@example.com' })
        .where('id', '=', other)
        .execute();
      const person = await createPerson(t, other);
      await notify({ schoolId: other, personIds: [person.personId], title: 'Hei\nder' });
      await t.ctx.jobs.runDue();
      const mail = await smtp.waitFor((m) => m.to.includes(person.email));
      expect(mail.subject).toBe('Linje Bcc: evil@example.com: Hei der');
      expect(mail.to).toEqual([person.email]);
      const headers = mail.data.slice(0, mail.data.indexOf('\r\n\r\n')).split('\r\n');
      expect(headers.filter((line) => /^bcc:/i.test(line))).toEqual([]);
    });

    it('drops a queued e-mail once SMTP is no longer set up', async () => {
      const person = await createPerson(t, schoolId);
      await notify({ personIds: [person.personId] });
      const runner = new JobRunner({ handlers: JOB_HANDLERS });
      runner.start({ ...t.ctx, config: { ...t.ctx.config, smtpUrl: undefined } });
      expect(await runner.runDue()).toBe(1);
      expect(await emailJobs()).toEqual([]);
      expect(smtp.messages.filter((m) => m.to.includes(person.email))).toEqual([]);
    });
  });

  describe('my list', () => {
    const list = (cookie: string, query = '') =>
      callApi<NotificationList>(t, cookie, 'GET', `/api/v1/notifications${query}`);

    it('lists mine newest first, a page at a time, with the unread count', async () => {
      const me = await signedIn();
      const someoneElse = await createPerson(t, schoolId);
      const at = (day: number) => new Date(Date.UTC(2026, 10, day, 9)).toISOString();
      const ids = [
        await insertNotification(me.personId, at(1)),
        await insertNotification(me.personId, at(2), { readAt: at(3) }),
        // Two at the same instant: the id orders them, and none is lost between pages.
        await insertNotification(me.personId, at(3)),
        await insertNotification(me.personId, at(3)),
        await insertNotification(me.personId, at(4)),
      ];
      await insertNotification(someoneElse.personId, at(5));
      const sameInstant = [ids[2]!, ids[3]!].sort().reverse();
      const newestFirst = [ids[4]!, ...sameInstant, ids[1]!, ids[0]!];

      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const query: string = `?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
        const page = await list(me.cookie, query);
        expect(page.status).toBe(200);
        expect(page.body.unreadCount).toBe(4);
        seen.push(...page.body.notifications.map((n) => n.id));
        cursor = page.body.nextCursor;
        pages += 1;
      } while (cursor !== null);
      expect(pages).toBe(3);
      expect(seen).toEqual(newestFirst);

      const first = (await list(me.cookie)).body;
      expect(first.notifications[0]).toEqual({
        id: ids[4],
        category: 'posts',
        title: `Varsel ${at(4)}`,
        text: 'Tekst',
        link: '/app/posts',
        createdAt: at(4),
        readAt: null,
      });
      expect(first.nextCursor).toBeNull();

      const unread = await list(me.cookie, '?unread=true');
      expect(unread.body.notifications.map((n) => n.id)).toEqual(newestFirst.filter((id) => id !== ids[1]));
    });

    it('refuses a cursor it did not make and a page size out of range, with a problem', async () => {
      const me = await signedIn();
      for (const query of [
        '?cursor=ikke-et-merke',
        `?cursor=${Buffer.from('["ikke en tid","x"]').toString('base64url')}`,
        '?limit=0',
        '?limit=101',
        '?limit=mange',
        '?unread=kanskje',
      ]) {
        const response = await t.request({
          method: 'GET',
          url: `/api/v1/notifications${query}`,
          cookie: me.cookie,
        });
        expect(response.statusCode, query).toBe(400);
        expect(response.headers['content-type']).toContain(PROBLEM_CONTENT_TYPE);
        expect(response.json().code).toBe('validation-failed');
      }
    });

    it("marks the named ones of mine read, never another person's", async () => {
      const me = await signedIn();
      const other = await createPerson(t, schoolId);
      const now = new Date().toISOString();
      const mine = [await insertNotification(me.personId, now), await insertNotification(me.personId, now)];
      const theirs = await insertNotification(other.personId, now);

      const after = await lastLiveEventId(t);
      const marked = await callApi(t, me.cookie, 'POST', '/api/v1/notifications/read', {
        ids: [mine[0], theirs],
      });
      expect(marked.status).toBe(204);
      const rows = await db()
        .selectFrom('notification')
        .select(['id', 'read_at'])
        .where('id', 'in', [...mine, theirs])
        .execute();
      const readAt = new Map(rows.map((row) => [row.id, row.read_at]));
      expect(readAt.get(mine[0]!)).not.toBeNull();
      expect(readAt.get(mine[1]!)).toBeNull();
      expect(readAt.get(theirs)).toBeNull();
      expect((await list(me.cookie)).body.unreadCount).toBe(1);
      expect(await liveEventsSince(t, schoolId, after)).toEqual([
        { topic: 'notifications', ids: [me.personId] },
      ]);

      // Marking only another's changes nothing and announces nothing.
      const quiet = await lastLiveEventId(t);
      expect(
        (await callApi(t, me.cookie, 'POST', '/api/v1/notifications/read', { ids: [theirs] })).status,
      ).toBe(204);
      expect(await liveEventsSince(t, schoolId, quiet)).toEqual([]);

      expect((await callApi(t, me.cookie, 'POST', '/api/v1/notifications/read', {})).status).toBe(204);
      expect((await list(me.cookie)).body.unreadCount).toBe(0);
      const still = await db()
        .selectFrom('notification')
        .select('read_at')
        .where('id', '=', theirs)
        .executeTakeFirst();
      expect(still?.read_at).toBeNull();
    });

    it('refuses a body that is not a list of ids', async () => {
      const me = await signedIn();
      for (const payload of [
        { ids: 'alle' },
        { ids: [''] },
        { ids: Array.from({ length: 101 }, (_, i) => `id${i}`) },
        [1],
      ]) {
        const response = await t.request({
          method: 'POST',
          url: '/api/v1/notifications/read',
          cookie: me.cookie,
          payload,
        });
        expect(response.statusCode, JSON.stringify(payload).slice(0, 40)).toBe(400);
        expect(response.json().code).toBe('validation-failed');
      }
    });

    it("shows another school's user none of ours, and lets them change none", async () => {
      const other = await createSchool(t, `Fremmed${randomUUID().slice(0, 4)}`);
      const { email } = await createPerson(t, other, { roles: ['admin'], login: true });
      const stranger = await login(t, email);
      const me = await signedIn();
      const ours = await insertNotification(me.personId, new Date().toISOString());

      const theirs = await list(stranger);
      expect(theirs.body).toEqual({ notifications: [], unreadCount: 0, nextCursor: null });
      expect((await callApi(t, stranger, 'POST', '/api/v1/notifications/read', { ids: [ours] })).status).toBe(
        204,
      );
      expect((await callApi(t, stranger, 'POST', '/api/v1/notifications/read', {})).status).toBe(204);
      const row = await db()
        .selectFrom('notification')
        .select('read_at')
        .where('id', '=', ours)
        .executeTakeFirst();
      expect(row?.read_at).toBeNull();
    });
  });

  describe('my choices', () => {
    const get = (cookie: string) =>
      callApi<NotificationPreferences>(t, cookie, 'GET', '/api/v1/notifications/preferences');
    const put = (cookie: string, payload: object) =>
      callApi<NotificationPreferences>(t, cookie, 'PUT', '/api/v1/notifications/preferences', payload);

    it("answers the roles' defaults until the person chooses, then the choice", async () => {
      const teacher = await signedIn(['teacher']);
      const kitchen = await signedIn(['kitchen']);
      const student = await signedIn();
      expect((await get(teacher.cookie)).body).toEqual(defaultNotificationPreferences(['teacher']));
      expect((await get(kitchen.cookie)).body).toEqual(defaultNotificationPreferences(['kitchen']));
      expect((await get(student.cookie)).body.attendance).toEqual({ inApp: true, email: true, push: true });
      expect((await get(kitchen.cookie)).body.attendance).toEqual({ inApp: true, email: false, push: true });

      const chosen: NotificationPreferences = {
        posts: { inApp: true, email: false, push: false },
        attendance: { inApp: false, email: true, push: true },
        cases: { inApp: false, email: false, push: false },
      };
      const after = await lastLiveEventId(t);
      const stored = await put(teacher.cookie, chosen);
      expect(stored).toEqual({ status: 200, body: chosen });
      expect((await get(teacher.cookie)).body).toEqual(chosen);
      expect(await liveEventsSince(t, schoolId, after)).toEqual([
        { topic: 'notifications', ids: [teacher.personId] },
      ]);
      // Another person's stay as they were.
      expect((await get(kitchen.cookie)).body).toEqual(defaultNotificationPreferences(['kitchen']));

      // And notifyPeople follows the choice.
      expect(await notify({ personIds: [teacher.personId] })).toEqual({ inApp: 1, emails: 0 });
    });

    it('refuses choices that are not whole, and changes nothing', async () => {
      const me = await signedIn();
      const before = (await get(me.cookie)).body;
      for (const payload of [
        { posts: { inApp: true, email: true, push: true } },
        {
          posts: { inApp: 'ja', email: true, push: true },
          attendance: { inApp: true, email: true, push: true },
          cases: { inApp: true, email: true, push: true },
        },
        {
          posts: { inApp: true, push: true },
          attendance: { inApp: true, email: true, push: true },
          cases: { inApp: true, email: true, push: true },
        },
        [],
      ]) {
        const response = await t.request({
          method: 'PUT',
          url: '/api/v1/notifications/preferences',
          cookie: me.cookie,
          payload,
        });
        expect(response.statusCode).toBe(400);
        expect(response.headers['content-type']).toContain(PROBLEM_CONTENT_TYPE);
        expect(response.json().code).toBe('validation-failed');
      }
      expect((await get(me.cookie)).body).toEqual(before);
      const stored = await db()
        .selectFrom('notification_preference')
        .selectAll()
        .where('person_id', '=', me.personId)
        .execute();
      expect(stored).toEqual([]);
    });
  });

  describe('the live stream', () => {
    it("reaches the person's own stream without ids, and nobody else's", async () => {
      const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
      const a = await signedIn();
      const b = await signedIn();
      const streamA = await openSse(`${base}/api/v1/live`, { cookie: a.cookie });
      const streamB = await openSse(`${base}/api/v1/live`, { cookie: b.cookie });
      try {
        await notify({ personIds: [a.personId] });
        const heard = await streamA.next(isChange('notifications'));
        expect(JSON.parse(heard.data!)).toEqual({ topic: 'notifications', ids: [] });
        // A barrier: B's own notification, which B's stream hears after anything before it.
        await notify({ personIds: [b.personId] });
        await streamB.next(isChange('notifications'));
        expect(streamB.received.filter(isChange('notifications'))).toHaveLength(1);
      } finally {
        streamA.close();
        streamB.close();
        await clearJobs();
      }
    });
  });

  describe('personal data and clean-up', () => {
    it('exports the notifications and choices, and erasure removes them with queued e-mail', async () => {
      const person = await signedIn();
      await callApi(t, person.cookie, 'PUT', '/api/v1/notifications/preferences', {
        posts: { inApp: true, email: true, push: true },
        attendance: { inApp: true, email: false, push: false },
        cases: { inApp: false, email: false, push: false },
      });
      await notify({ personIds: [person.personId], title: 'Til eksporten' });
      expect((await emailJobs()).map((job) => job.to)).toContain(person.email);

      const exported = await t.request({
        method: 'GET',
        url: `/api/v1/people/${person.personId}/privacy-export`,
        cookie: adminCookie,
      });
      expect(exported.statusCode).toBe(200);
      const data = exported.json();
      expect(data.notifications).toEqual([expect.objectContaining({ title: 'Til eksporten', readAt: null })]);
      expect(data.notificationPreferences).toHaveLength(3);

      const erased = await t.request({
        method: 'POST',
        url: `/api/v1/people/${person.personId}/erase`,
        cookie: adminCookie,
        payload: {},
      });
      expect(erased.statusCode).toBe(204);
      expect(await inAppOf([person.personId])).toEqual([]);
      expect(
        await db()
          .selectFrom('notification_preference')
          .selectAll()
          .where('person_id', '=', person.personId)
          .execute(),
      ).toEqual([]);
      expect((await emailJobs()).map((job) => job.to)).not.toContain(person.email);
      await clearJobs();
    });

    it(`removes notifications older than ${NOTIFICATION_KEEP_DAYS} days, read or not`, async () => {
      const person = await createPerson(t, schoolId);
      const now = new Date();
      const old = await insertNotification(
        person.personId,
        new Date(now.getTime() - (NOTIFICATION_KEEP_DAYS + 1) * DAY_MS).toISOString(),
      );
      const kept = await insertNotification(
        person.personId,
        new Date(now.getTime() - (NOTIFICATION_KEEP_DAYS - 1) * DAY_MS).toISOString(),
      );
      expect(await removeOldNotifications(db(), now)).toBeGreaterThanOrEqual(1);
      expect((await inAppOf([person.personId])).map((row) => row.id)).toEqual([kept]);
      expect(old).not.toBe(kept);
    });
  });
});
