import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EVENT_NOT_FOUND,
  RANGE_ERROR,
  parseOccurrenceId,
  type CalendarEvent,
  type EventWithPolicies,
  type Schedule,
  type ScheduleInput,
} from '@tun/shared';
import {
  createPerson,
  createSchool,
  insertLine,
  lastLiveEventId,
  liveEventsAfter,
  login,
  setupSchool,
} from './factories';
import { calendarTargets } from '../src/db/migrations/006-calendar-targets';
import { write } from '../src/db/write';
import { createTestApp, dialects, type TestApp } from './helper';

/**
 * The week from a Monday in winter time (CET). The normal week repeats every week, so a test
 * that changes occurrences or adds events takes a week of its own and meets no other test's.
 */
const weekOf = (monday: string) => {
  const next = new Date(Date.parse(`${monday}T00:00:00Z`) + 7 * 86_400_000).toISOString().slice(0, 10);
  return { from: `${monday}T00:00:00+01:00`, to: `${next}T00:00:00+01:00` };
};
const MONDAY = '2026-11-23';
const WEEK = weekOf(MONDAY);

type EntryInput = NonNullable<ScheduleInput['days']['Mo']>[number];

const entry = (fields: Partial<EntryInput> & { name: string; from: string; to: string }) => ({
  type: 'none' as const,
  mandatory: true,
  groupsAttending: [] as string[],
  roomUsed: null as string | null,
  forClasses: [] as string[],
  forElectives: [] as string[],
  ...fields,
});

describe.each(dialects())('calendar on %s', (dialect) => {
  let t: TestApp;
  let schoolId: string;
  let admin: string;
  const cookies: Record<'teacher' | 'janitor' | 'kitchen' | 'stipp' | 'student' | 'student2', string> = {
    teacher: '',
    janitor: '',
    kitchen: '',
    stipp: '',
    student: '',
    student2: '',
  };
  let studentId: string;
  let teacherId: string;
  let otherAdmin: string;
  let workshop: string;
  let gym: string;
  let lineA: string;
  let lineB: string;
  let elective: string;

  const api = async <T = unknown>(
    cookie: string,
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    payload?: object,
  ) => {
    const response = await t.request({ method, url, cookie, ...(payload === undefined ? {} : { payload }) });
    return { status: response.statusCode, body: (response.body ? response.json() : null) as T };
  };

  const week = (cookie: string, filter = '', range = WEEK) =>
    api<{ events: CalendarEvent[] }>(
      cookie,
      'GET',
      `/api/v1/calendar?from=${encodeURIComponent(range.from)}&to=${encodeURIComponent(range.to)}${filter}`,
    );

  beforeAll(async () => {
    t = await createTestApp(dialect);
    ({ schoolId, adminCookie: admin } = await setupSchool(t));
    for (const [key, roles] of [
      ['teacher', ['teacher']],
      ['janitor', ['janitor']],
      ['kitchen', ['kitchen']],
      ['stipp', ['stipp']],
      ['student', []],
      ['student2', []],
    ] as const) {
      const member = await createPerson(t, schoolId, { roles, login: true });
      cookies[key] = await login(t, member.email);
      if (key === 'student') studentId = member.personId;
      if (key === 'teacher') teacherId = member.personId;
    }
    otherAdmin = await login(
      t,
      (await createPerson(t, await createSchool(t), { roles: ['admin'], login: true })).email,
    );

    workshop = (await api<{ id: string }>(admin, 'POST', '/api/v1/rooms', { name: 'Verkstedet' })).body.id;
    gym = (await api<{ id: string }>(admin, 'POST', '/api/v1/rooms', { name: 'Gymsalen' })).body.id;
    lineA = (
      await api<{ id: string }>(admin, 'POST', '/api/v1/lines', {
        name: 'Friluftsliv',
        shortName: 'FRI',
        color: 'green',
        mainRoom: workshop,
        teachers: [teacherId],
      })
    ).body.id;
    lineB = (
      await api<{ id: string }>(admin, 'POST', '/api/v1/lines', {
        name: 'Musikk',
        shortName: 'MUS',
        color: 'grape',
      })
    ).body.id;
    await api(admin, 'PUT', `/api/v1/lines/${lineA}/members`, { personIds: [studentId] });
    elective = (
      await api<{ id: string }>(admin, 'POST', '/api/v1/electives', {
        name: 'Klatring',
        color: 'orange',
        mainRoom: gym,
        members: [studentId],
      })
    ).body.id;
  });
  afterAll(() => t.close());

  const normalWeek = () => api<Schedule>(admin, 'GET', '/api/v1/calendar/schedules/normalWeek');

  const saveWeek = (days: Partial<Record<keyof ScheduleInput['days'], unknown[]>>, cookie = admin) =>
    api<Schedule>(cookie, 'PUT', '/api/v1/calendar/schedules/normalWeek', { name: 'Normaluke', days });

  /**
   * Saves the normal week most tests read: on Monday a breakfast, a lesson for each line, the
   * elective and an assembly of line A in the gym; on Tuesday a breakfast.
   */
  const saveUsualWeek = async () => {
    const breakfast = entry({ name: 'Frokost', from: '08:00', to: '08:30', type: 'dining' });
    const saved = await saveWeek({
      Mo: [
        breakfast,
        entry({ name: 'Linjefag', from: '09:00', to: '11:30', type: 'class', forClasses: [lineA, lineB] }),
        entry({ name: 'Valgfag', from: '12:00', to: '13:00', type: 'elective', forElectives: [elective] }),
        entry({ name: 'Allmøte', from: '13:15', to: '14:00', roomUsed: gym, groupsAttending: [lineA] }),
      ],
      Tu: [breakfast],
    });
    expect(saved.status).toBe(200);
    return saved.body;
  };

  describe('the normal week', () => {
    it('exists from the start, empty, and is listed first', async () => {
      // A new school: this one's normal week is saved by the other tests.
      const fresh = await createSchool(t, 'Nytun');
      const freshAdmin = await login(
        t,
        (await createPerson(t, fresh, { roles: ['admin'], login: true })).email,
      );
      const { status, body } = await api<Schedule>(
        freshAdmin,
        'GET',
        '/api/v1/calendar/schedules/normalWeek',
      );
      expect(status).toBe(200);
      expect(body).toMatchObject({ id: 'normalWeek', validFrom: null, validTo: null });
      expect(Object.keys(body.days)).toEqual(['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su']);
      expect(Object.values(body.days).flat()).toEqual([]);
      const list = await api<{ id: string; entryCount: number }[]>(
        freshAdmin,
        'GET',
        '/api/v1/calendar/schedules',
      );
      expect(list.body[0]).toMatchObject({ id: 'normalWeek', entryCount: 0 });
    });

    it('is saved whole by the admin, gives new entries ids, keeps the ids of entries it had, and announces it', async () => {
      const before = await lastLiveEventId(t);
      const breakfast = entry({ name: 'Frokost', from: '08:00', to: '08:30', type: 'dining' });
      const saved = await saveWeek({
        Mo: [
          breakfast,
          entry({ name: 'Linjefag', from: '09:00', to: '11:30', type: 'class', forClasses: [lineA, lineB] }),
          entry({ name: 'Valgfag', from: '12:00', to: '13:00', type: 'elective', forElectives: [elective] }),
          entry({ name: 'Allmøte', from: '13:15', to: '14:00', roomUsed: gym, groupsAttending: [lineA] }),
        ],
        Tu: [breakfast],
      });
      expect(saved.status).toBe(200);
      const monday = saved.body.days.Mo;
      expect(monday.map((e) => e.name)).toEqual(['Frokost', 'Linjefag', 'Valgfag', 'Allmøte']);
      // A copy sent without an id (the Tuesday breakfast) is an entry of its own.
      expect(saved.body.days.Tu[0]!.id).not.toBe(monday[0]!.id);
      expect(await liveEventsAfter(t, before)).toEqual([
        { topic: 'calendar', ids: ['normalWeek'], schoolId },
      ]);

      const again = await saveWeek({ Mo: monday, Tu: saved.body.days.Tu });
      expect(again.body.days.Mo.map((e) => e.id)).toEqual(monday.map((e) => e.id));
      expect((await normalWeek()).body.days.Mo.map((e) => e.id)).toEqual(monday.map((e) => e.id));
    });

    it('refuses bad entries with the failing fields and changes nothing', async () => {
      const before = (await normalWeek()).body;
      const cases: [unknown[], string][] = [
        [[entry({ name: 'Baklengs', from: '10:00', to: '09:00' })], 'body.days.Mo.0.to'],
        [[entry({ name: 'Rart', from: '9:00', to: '10:00' })], 'body.days.Mo.0.from'],
        [
          [entry({ name: 'Borte', from: '09:00', to: '10:00', roomUsed: 'no-such-room' })],
          'body.days.Mo.0.roomUsed',
        ],
        [
          [entry({ name: 'Borte', from: '09:00', to: '10:00', forClasses: [elective] })],
          'body.days.Mo.0.forClasses.0',
        ],
        [
          [entry({ name: 'Borte', from: '09:00', to: '10:00', forElectives: [lineA] })],
          'body.days.Mo.0.forElectives.0',
        ],
        [
          [entry({ name: 'Borte', from: '09:00', to: '10:00', groupsAttending: ['x'] })],
          'body.days.Mo.0.groupsAttending.0',
        ],
      ];
      for (const [monday, path] of cases) {
        const response = await api<{ code: string; errors: { path: string }[] }>(
          admin,
          'PUT',
          '/api/v1/calendar/schedules/normalWeek',
          { name: 'Normaluke', days: { Mo: monday } },
        );
        expect(response.status, path).toBe(400);
        expect(response.body.code).toBe('validation-failed');
        expect(response.body.errors.map((e) => e.path)).toContain(path);
      }
      const dated = await api(admin, 'PUT', '/api/v1/calendar/schedules/normalWeek', {
        name: 'Normaluke',
        validFrom: '2026-01-01',
        validTo: '2026-02-01',
        days: {},
      });
      expect(dated.status).toBe(400);
      expect((await normalWeek()).body).toEqual(before);
    });

    it('may be changed by the admin only', async () => {
      for (const cookie of [cookies.teacher, cookies.janitor, cookies.student]) {
        expect((await saveWeek({}, cookie)).status).toBe(403);
      }
    });
  });

  describe('the calendar of a week', () => {
    it('expands the week with an id per occurrence, per line and per elective, in their own rooms', async () => {
      await saveUsualWeek();
      const { status, body } = await week(admin);
      expect(status).toBe(200);
      const monday = body.events.filter((e) => e.start.startsWith(MONDAY));
      expect(monday.map((e) => e.name)).toEqual(['Frokost', 'Linjefag', 'Linjefag', 'Valgfag', 'Allmøte']);
      const lesson = monday.find((e) => e.name === 'Linjefag' && e.groupsAttending[0] === lineA)!;
      expect(lesson).toMatchObject({ start: '2026-11-23T08:00:00.000Z', end: '2026-11-23T10:30:00.000Z' });
      expect(lesson.roomUsed).toBe(workshop);
      expect(parseOccurrenceId(lesson.id)).toEqual({
        entryId: expect.any(String),
        start: Date.parse('2026-11-23T08:00:00.000Z'),
        target: lineA,
      });
      expect(monday.find((e) => e.name === 'Valgfag')!.roomUsed).toBe(gym);
      // Tuesday has only its breakfast.
      expect(body.events.filter((e) => e.start.startsWith('2026-11-24')).map((e) => e.name)).toEqual([
        'Frokost',
      ]);
    });

    it("gives a student their own lines' and electives' events and the school's, and nothing of other lines", async () => {
      await saveUsualWeek();
      const own = weekOf('2026-11-30');
      const onMonday = (events: CalendarEvent[]) => events.filter((e) => e.start.startsWith('2026-11-30'));
      const mine = await week(cookies.student, `&person=${studentId}`, own);
      const monday = onMonday(mine.body.events);
      expect(monday.map((e) => [e.name, e.groupsAttending])).toEqual([
        ['Frokost', []],
        ['Linjefag', [lineA]],
        ['Valgfag', [elective]],
        ['Allmøte', [lineA]],
      ]);
      const other = await week(cookies.student2, `&line=${lineB}`, own);
      expect(onMonday(other.body.events).map((e) => e.name)).toEqual(['Frokost', 'Linjefag']);
      const room = await week(cookies.student, `&room=${gym}`, own);
      expect(room.body.events.map((e) => e.name)).toEqual(['Valgfag', 'Allmøte']);
    });

    it('refuses a range that ends before it starts, one that is too long, and two filters', async () => {
      const backwards = await week(admin, '', { from: WEEK.to, to: WEEK.from });
      expect(backwards.status).toBe(400);
      expect(backwards.body).toMatchObject({ code: 'calendar-range-invalid', detail: RANGE_ERROR });
      const long = await week(admin, '', { from: '2026-01-01T00:00:00Z', to: '2026-12-31T00:00:00Z' });
      expect(long.body).toMatchObject({ code: 'calendar-range-too-long' });
      expect((await week(admin, `&line=${lineA}&room=${gym}`)).status).toBe(400);
      expect((await week(admin, '', { from: 'i går', to: WEEK.to })).status).toBe(400);
      expect((await week(admin, '&person=nobody')).status).toBe(404);
    });

    it('refuses instants outside the years 2000 to 2100 with the failing field', async () => {
      for (const range of [
        { from: '0000-01-01T00:00:00Z', to: '0000-01-01T23:59:59Z' },
        { from: '9999-12-30T00:00:00Z', to: '9999-12-31T23:59:59Z' },
        { from: '1999-12-31T00:00:00Z', to: '2000-01-02T00:00:00Z' },
      ]) {
        const response = await week(admin, '', range);
        expect(response.status, range.from).toBe(400);
        expect(response.body).toMatchObject({ code: 'validation-failed' });
        expect((response.body as unknown as { errors: { path: string }[] }).errors[0]!.path).toBe(
          'querystring.from',
        );
      }
    });
  });

  describe('caching', () => {
    it('answers 304 to a client that has the current answer, and a new answer after any change', async () => {
      const line = await insertLine(t, schoolId, { name: 'Kortkurs' });
      await saveWeek({
        Mo: [
          entry({ name: 'Linjefag', from: '09:00', to: '11:30', type: 'class', forClasses: [lineA, line] }),
        ],
      });
      const own = weekOf('2027-01-04');
      const url = `/api/v1/calendar?from=${encodeURIComponent(own.from)}&to=${encodeURIComponent(own.to)}&person=${studentId}`;
      const first = await t.request({ method: 'GET', url, cookie: cookies.student });
      const etag = first.headers.etag as string;
      // The version of the school's data, and a hash of what the reader's policies depend on.
      expect(etag).toMatch(/^"calendar-\d+-[\w-]+"$/);
      expect(first.headers['cache-control']).toBe('private, no-cache');
      const again = await t.request({
        method: 'GET',
        url,
        cookie: cookies.student,
        headers: { 'if-none-match': etag },
      });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');

      // Joining a line changes whose calendar shows what: the kept answer must not be used.
      const names = (body: string) =>
        (JSON.parse(body) as { events: CalendarEvent[] }).events
          .filter((e) => e.start.startsWith('2027-01-04'))
          .map((e) => e.groupsAttending.join());
      expect(names(first.body)).toEqual([lineA]);
      await api(admin, 'PUT', `/api/v1/lines/${line}/members`, { personIds: [studentId] });
      const changed = await t.request({
        method: 'GET',
        url,
        cookie: cookies.student,
        headers: { 'if-none-match': etag },
      });
      expect(changed.statusCode).toBe(200);
      expect(changed.headers.etag).not.toBe(etag);
      expect(names(changed.body)).toContain(line);
      await api(admin, 'PUT', `/api/v1/lines/${line}/members`, { personIds: [] });
      const back = await t.request({ method: 'GET', url, cookie: cookies.student });
      expect(names(back.body)).not.toContain(line);
    });
  });

  describe('changing one occurrence', () => {
    /** The Monday lesson of a line in the usual week, in the week of `monday`. */
    const lessonOf = async (line: string, monday: string) => {
      await saveUsualWeek();
      return (await week(admin, '', weekOf(monday))).body.events.find(
        (e) => e.name === 'Linjefag' && e.groupsAttending[0] === line && e.start.startsWith(monday),
      )!;
    };

    it('moves a lesson by an overriding event, which hides the occurrence until it is reverted', async () => {
      const own = weekOf('2027-01-11');
      const lesson = await lessonOf(lineA, '2027-01-11');
      const moved = await api<CalendarEvent>(
        cookies.teacher,
        'PATCH',
        `/api/v1/calendar/events/${encodeURIComponent(lesson.id)}`,
        {
          ...lesson,
          start: '2027-01-11T09:00:00.000Z',
          end: '2027-01-11T11:30:00.000Z',
        },
      );
      expect(moved.status).toBe(200);
      expect(moved.body).toMatchObject({
        overrides: lesson.id,
        source: 'event',
        start: '2027-01-11T09:00:00.000Z',
      });
      const ids = (await week(admin, '', own)).body.events.map((e) => e.id);
      expect(ids).not.toContain(lesson.id);
      expect(ids).toContain(moved.body.id);
      // The occurrence id now finds the event that stands in for it.
      const byId = await api<CalendarEvent>(
        cookies.student,
        'GET',
        `/api/v1/calendar/events/${encodeURIComponent(lesson.id)}`,
      );
      expect(byId.body.id).toBe(moved.body.id);
      // Editing the occurrence again changes the same override.
      const again = await api<CalendarEvent>(
        cookies.teacher,
        'PATCH',
        `/api/v1/calendar/events/${encodeURIComponent(lesson.id)}`,
        {
          ...lesson,
          name: 'Linjefag ute',
        },
      );
      expect(again.body.id).toBe(moved.body.id);
      const audit = await t.ctx.database.db
        .selectFrom('audit_log')
        .select(['action', 'entity_id'])
        .where('entity', '=', 'calendar_event')
        .where('entity_id', '=', moved.body.id)
        .orderBy('at')
        .execute();
      expect(audit.map((a) => a.action)).toEqual(['override', 'update']);

      expect(
        (await api(cookies.student, 'POST', `/api/v1/calendar/events/${moved.body.id}/revert`)).status,
      ).toBe(403);
      expect(
        (await api(cookies.teacher, 'POST', `/api/v1/calendar/events/${moved.body.id}/revert`)).status,
      ).toBe(204);
      const after = (await week(admin, '', own)).body.events;
      expect(after.map((e) => e.id)).toContain(lesson.id);
      expect(after.map((e) => e.id)).not.toContain(moved.body.id);
      // The occurrence exists again, unchanged: reverting it is refused as for a one-off event.
      const twice = await api(
        cookies.teacher,
        'POST',
        `/api/v1/calendar/events/${encodeURIComponent(lesson.id)}/revert`,
      );
      expect(twice.status).toBe(409);
      expect(twice.body).toMatchObject({ code: 'event-not-overridden' });
    });

    it('refuses to revert an occurrence that was never changed with 409, and one that does not exist with 404', async () => {
      const lesson = await lessonOf(lineA, '2027-01-18');
      const revert = (id: string) =>
        api(cookies.teacher, 'POST', `/api/v1/calendar/events/${encodeURIComponent(id)}/revert`);
      const never = await revert(lesson.id);
      expect(never.status).toBe(409);
      expect(never.body).toMatchObject({ code: 'event-not-overridden' });
      const parsed = parseOccurrenceId(lesson.id)!;
      const missing = await revert(`${parsed.entryId}@${parsed.start + 60_000}#${lineA}`);
      expect(missing.status).toBe(404);
      expect(missing.body).toMatchObject({ code: 'event-not-found' });
    });

    it('refuses to revert an event that overrides nothing', async () => {
      const created = await api<CalendarEvent>(cookies.teacher, 'POST', '/api/v1/calendar/events', {
        name: 'Foredrag',
        start: '2027-01-27T18:00:00.000Z',
        end: '2027-01-27T19:00:00.000Z',
        type: 'none',
        mandatory: false,
        roomUsed: null,
        groupsAttending: [],
      });
      const response = await api(
        cookies.teacher,
        'POST',
        `/api/v1/calendar/events/${created.body.id}/revert`,
      );
      expect(response.status).toBe(409);
      expect(response.body).toMatchObject({ code: 'event-not-overridden' });
    });

    it('deletes one occurrence by marking it repDeleted; then it is not found', async () => {
      const lesson = await lessonOf(lineB, '2027-02-01');
      const path = `/api/v1/calendar/events/${encodeURIComponent(lesson.id)}`;
      expect((await api(cookies.student, 'DELETE', path)).status).toBe(403);
      expect((await api(cookies.janitor, 'DELETE', path)).status).toBe(204);
      const marker = await t.ctx.database.db
        .selectFrom('calendar_event')
        .select(['rep_deleted'])
        .where('school_id', '=', schoolId)
        .where('id', '=', lesson.id)
        .executeTakeFirst();
      expect(marker?.rep_deleted).toBe(1);
      expect((await week(admin, '', weekOf('2027-02-01'))).body.events.map((e) => e.id)).not.toContain(
        lesson.id,
      );
      const gone = await api(admin, 'GET', path);
      expect(gone.status).toBe(404);
      expect(gone.body).toMatchObject({ code: 'event-not-found', detail: EVENT_NOT_FOUND });
      expect((await api(admin, 'DELETE', path)).status).toBe(404);
      expect((await api(admin, 'PATCH', path, { ...lesson, name: 'Igjen' })).status).toBe(404);
    });

    it('keeps the occurrence hidden when the event that moved it is deleted', async () => {
      await saveUsualWeek();
      const own = weekOf('2027-02-08');
      const breakfast = (await week(admin, '', own)).body.events.find((e) => e.name === 'Frokost')!;
      const moved = await api<CalendarEvent>(
        cookies.kitchen,
        'PATCH',
        `/api/v1/calendar/events/${encodeURIComponent(breakfast.id)}`,
        {
          ...breakfast,
          start: '2027-02-08T06:30:00.000Z',
          end: '2027-02-08T07:30:00.000Z',
        },
      );
      expect(moved.status).toBe(200);
      expect((await api(cookies.kitchen, 'DELETE', `/api/v1/calendar/events/${moved.body.id}`)).status).toBe(
        204,
      );
      const ids = (await week(admin, '', own)).body.events.map((e) => e.id);
      expect(ids).not.toContain(breakfast.id);
      expect(ids).not.toContain(moved.body.id);
    });

    it('finds no occurrence the schedules do not make', async () => {
      const lesson = await lessonOf(lineA, '2027-02-15');
      const parsed = parseOccurrenceId(lesson.id)!;
      for (const id of [
        `${parsed.entryId}@${parsed.start + 60_000}#${lineA}`,
        `${parsed.entryId}@${parsed.start}#${elective}`,
        `nosuchentry@${parsed.start}`,
        // Instants outside the years a request may name: 1970 and the largest the id format allows.
        `${parsed.entryId}@0`,
        `${parsed.entryId}@999999999999999#${lineA}`,
      ]) {
        expect((await api(admin, 'GET', `/api/v1/calendar/events/${encodeURIComponent(id)}`)).status).toBe(
          404,
        );
      }
    });
  });

  describe('one-off events and activities', () => {
    const activity = (fields: Record<string, unknown> = {}) => ({
      name: 'Fotball',
      start: '2027-03-02T18:00:00.000Z',
      end: '2027-03-02T19:30:00.000Z',
      type: 'physact',
      mandatory: false,
      roomUsed: gym,
      groupsAttending: [],
      ...fields,
    });

    it('lets staff create one-off events and everyone create activities', async () => {
      for (const key of ['teacher', 'janitor', 'kitchen'] as const) {
        const created = await api<CalendarEvent>(
          cookies[key],
          'POST',
          '/api/v1/calendar/events',
          activity({ type: 'dining', name: `Kake ${key}` }),
        );
        expect(created.status).toBe(201);
      }
      for (const key of ['stipp', 'student'] as const) {
        expect(
          (await api(cookies[key], 'POST', '/api/v1/calendar/events', activity({ type: 'none' }))).status,
        ).toBe(403);
        expect((await api(cookies[key], 'POST', '/api/v1/calendar/events', activity())).status).toBe(201);
      }
    });

    it('refuses a TV account every change, its own activities too, and the calendar itself', async () => {
      const tv = await login(t, (await createPerson(t, schoolId, { roles: ['tv'], login: true })).email);
      expect((await api(tv, 'POST', '/api/v1/calendar/events', activity())).status).toBe(403);
      await saveUsualWeek();
      const lesson = (await week(admin, '', weekOf('2027-02-22'))).body.events.find(
        (e) => e.name === 'Linjefag',
      )!;
      const path = `/api/v1/calendar/events/${encodeURIComponent(lesson.id)}`;
      expect((await api(tv, 'PATCH', path, { ...lesson, type: 'physact' })).status).toBe(403);
      expect((await api(tv, 'DELETE', path)).status).toBe(403);
      // A screen's programme comes with its screen's content (decision 024), not from here.
      expect((await week(tv)).status).toBe(403);
    });

    it("lets the maker change and delete their own activity, admin and teacher anyone's, others not", async () => {
      const mine = await api<CalendarEvent>(cookies.student, 'POST', '/api/v1/calendar/events', activity());
      expect(mine.body.createdBy).toBe(studentId);
      const path = `/api/v1/calendar/events/${mine.body.id}`;
      expect((await api(cookies.student, 'PATCH', path, activity({ name: 'Innebandy' }))).status).toBe(200);
      // Turning an activity into a lesson needs events:change.
      expect((await api(cookies.student, 'PATCH', path, activity({ type: 'class' }))).status).toBe(403);
      expect((await api(cookies.student2, 'PATCH', path, activity({ name: 'Mitt nå' }))).status).toBe(403);
      expect((await api(cookies.janitor, 'PATCH', path, activity({ name: 'Vaktmester' }))).status).toBe(403);
      expect((await api(cookies.teacher, 'PATCH', path, activity({ name: 'Lærer' }))).status).toBe(200);
      const theirs = await api<CalendarEvent>(cookies.teacher, 'POST', '/api/v1/calendar/events', activity());
      expect((await api(cookies.student, 'DELETE', `/api/v1/calendar/events/${theirs.body.id}`)).status).toBe(
        403,
      );
      expect((await api(cookies.student, 'DELETE', path)).status).toBe(204);
      expect((await api(admin, 'GET', path)).status).toBe(404);
    });

    it('tells each reader what they may do with each event, exactly as it decides, and keeps readers apart', async () => {
      await saveUsualWeek();
      // A week of its own: the answers compared hold this test's events and the usual week only.
      const own = weekOf('2027-03-08');
      const policies = (fields: Record<string, unknown> = {}) =>
        activity({
          name: 'Policies',
          start: '2027-03-09T18:00:00.000Z',
          end: '2027-03-09T19:30:00.000Z',
          ...fields,
        });
      const mine = await api<EventWithPolicies>(
        cookies.student,
        'POST',
        '/api/v1/calendar/events',
        policies(),
      );
      expect(mine.body.policies).toEqual({ change: true, delete: true, revert: false });
      const url = `/api/v1/calendar?from=${encodeURIComponent(own.from)}&to=${encodeURIComponent(own.to)}`;
      const read = async (cookie: string, etag?: string) => {
        const response = await t.request({
          method: 'GET',
          url,
          cookie,
          ...(etag ? { headers: { 'if-none-match': etag } } : {}),
        });
        return response;
      };
      const policiesOf = (body: string, name: string) =>
        (JSON.parse(body) as { events: EventWithPolicies[] }).events.find((e) => e.name === name)!.policies;

      // The first reader's answer is kept; another with the same URL must not get its policies.
      const first = await read(cookies.student);
      // Joined from each event's own bytes: exactly the JSON the answer's value would give.
      expect(first.body).toBe(JSON.stringify(JSON.parse(first.body)));
      const other = await read(cookies.student2, first.headers.etag as string);
      expect(other.statusCode).toBe(200);
      expect(other.headers.etag).not.toBe(first.headers.etag);
      expect(policiesOf(first.body, 'Policies').change).toBe(true);
      expect(policiesOf(other.body, 'Policies').change).toBe(false);
      // Readers whose policies are the same share the kept answer and its ETag.
      const admins = [await read(admin), await read(cookies.teacher)];
      expect(admins[0]!.headers.etag).toBe(admins[1]!.headers.etag);

      const path = `/api/v1/calendar/events/${mine.body.id}`;
      for (const key of ['student2', 'janitor', 'kitchen', 'stipp', 'teacher', 'student'] as const) {
        const seen = policiesOf((await read(cookies[key])).body, 'Policies');
        const lesson = policiesOf((await read(cookies[key])).body, 'Linjefag');
        expect({ key, lesson: lesson.change }).toEqual({
          key,
          lesson: ['janitor', 'kitchen', 'teacher'].includes(key),
        });
        expect((await api<EventWithPolicies>(cookies[key], 'GET', path)).body.policies).toEqual(seen);
        const changed = await api(cookies[key], 'PATCH', path, policies());
        expect({ key, status: changed.status }).toEqual({ key, status: seen.change ? 200 : 403 });
      }
      expect((await api(cookies.student, 'DELETE', path)).status).toBe(204);
    });

    it('refuses bad events with the failing fields and writes nothing', async () => {
      const count = async () =>
        Number(
          (
            await t.ctx.database.db
              .selectFrom('calendar_event')
              .select((eb) => eb.fn.countAll().as('n'))
              .where('school_id', '=', schoolId)
              .executeTakeFirstOrThrow()
          ).n,
        );
      const before = await count();
      const cases: [Record<string, unknown>, string][] = [
        [{ end: '2026-11-24T17:00:00.000Z' }, 'body.end'],
        [{ end: '2027-01-24T17:00:00.000Z' }, 'body.end'],
        [{ name: '  ' }, 'body.name'],
        [{ type: 'party' }, 'body.type'],
        [{ roomUsed: 'nowhere' }, 'body.roomUsed'],
        [{ groupsAttending: [lineA, 'nobody'] }, 'body.groupsAttending.1'],
        [{ start: '24.11.2026' }, 'body.start'],
        [{ start: '0000-01-01T00:00:00Z', end: '0000-01-01T01:00:00Z' }, 'body.start'],
        [{ name: 'Fotball\r\nLOCATION:evil' }, 'body.name'],
      ];
      for (const [fields, path] of cases) {
        const response = await api<{ errors: { path: string }[] }>(
          admin,
          'POST',
          '/api/v1/calendar/events',
          activity(fields),
        );
        expect(response.status, path).toBe(400);
        expect(
          response.body.errors.map((e) => e.path),
          path,
        ).toContain(path);
      }
      expect(await count()).toBe(before);
    });
  });

  describe('named schedules', () => {
    it('replaces the normal week on the dates of its range, and the normal week cannot be deleted', async () => {
      await saveUsualWeek();
      const created = await api<Schedule>(admin, 'POST', '/api/v1/calendar/schedules', {
        name: 'Eksamensuke',
        validFrom: '2026-12-07',
        validTo: '2026-12-11',
        copyOf: 'normalWeek',
      });
      expect(created.status).toBe(201);
      const normalIds = (await normalWeek()).body.days.Mo.map((e) => e.id);
      expect(created.body.days.Mo.map((e) => e.name)).toEqual(
        (await normalWeek()).body.days.Mo.map((e) => e.name),
      );
      expect(created.body.days.Mo.some((e) => normalIds.includes(e.id))).toBe(false);

      await api(admin, 'PUT', `/api/v1/calendar/schedules/${created.body.id}`, {
        name: 'Eksamensuke',
        validFrom: '2026-12-07',
        validTo: '2026-12-11',
        days: { Mo: [entry({ name: 'Eksamen', from: '09:00', to: '14:00' })] },
      });
      const range = { from: '2026-12-07T00:00:00+01:00', to: '2026-12-15T00:00:00+01:00' };
      const events = (await week(admin, '', range)).body.events;
      expect(events.filter((e) => e.start.startsWith('2026-12-07')).map((e) => e.name)).toEqual(['Eksamen']);
      // The Monday after the range has the normal week again.
      expect(events.filter((e) => e.start.startsWith('2026-12-14')).map((e) => e.name)).toContain('Frokost');

      const undated = await api(admin, 'PUT', `/api/v1/calendar/schedules/${created.body.id}`, {
        name: 'X',
        days: {},
      });
      expect(undated.status).toBe(400);
      const normal = await api(admin, 'DELETE', '/api/v1/calendar/schedules/normalWeek');
      expect(normal.status).toBe(409);
      expect(normal.body).toMatchObject({ code: 'normal-week-required' });
      expect(
        (await api(cookies.teacher, 'DELETE', `/api/v1/calendar/schedules/${created.body.id}`)).status,
      ).toBe(403);
      expect((await api(admin, 'DELETE', `/api/v1/calendar/schedules/${created.body.id}`)).status).toBe(204);
      expect((await api(admin, 'GET', `/api/v1/calendar/schedules/${created.body.id}`)).status).toBe(404);
    });

    it('refuses a range that ends before it starts', async () => {
      const response = await api(admin, 'POST', '/api/v1/calendar/schedules', {
        name: 'Baklengs',
        validFrom: '2026-12-11',
        validTo: '2026-12-07',
      });
      expect(response.status).toBe(400);
    });
  });

  describe('daylight saving', () => {
    it('keeps an 08:00 Sunday entry at 08:00 in Oslo on both sides of the changes in March and October', async () => {
      await saveWeek({ Su: [entry({ name: 'Søndagsfrokost', from: '08:00', to: '09:00' })] });
      const sundays = async (from: string, to: string) =>
        (await week(admin, '', { from, to })).body.events
          .filter((e) => e.name === 'Søndagsfrokost')
          .map((e) => e.start);
      expect(await sundays('2027-03-20T00:00:00Z', '2027-04-05T00:00:00Z')).toEqual([
        '2027-03-21T07:00:00.000Z',
        '2027-03-28T06:00:00.000Z',
        '2027-04-04T06:00:00.000Z',
      ]);
      expect(await sundays('2027-10-23T00:00:00Z', '2027-11-08T00:00:00Z')).toEqual([
        '2027-10-24T06:00:00.000Z',
        '2027-10-31T07:00:00.000Z',
        '2027-11-07T07:00:00.000Z',
      ]);
    });
  });

  describe('rooms', () => {
    it('counts and clears the room in stored events and in the schedules when the room is deleted', async () => {
      const hall = (await api<{ id: string }>(admin, 'POST', '/api/v1/rooms', { name: 'Salen' })).body.id;
      const current = (await normalWeek()).body;
      await saveWeek({
        ...current.days,
        We: [entry({ name: 'Sangtime', from: '10:00', to: '11:00', roomUsed: hall })],
      });
      const future = await api<CalendarEvent>(admin, 'POST', '/api/v1/calendar/events', {
        name: 'Konsert',
        start: '2099-05-01T18:00:00.000Z',
        end: '2099-05-01T20:00:00.000Z',
        type: 'none',
        mandatory: false,
        roomUsed: hall,
        groupsAttending: [],
      });
      const references = await api(admin, 'GET', `/api/v1/rooms/${hall}/references`);
      expect(references.body).toEqual({ futureEvents: 1, scheduleEvents: 1, lines: 0, electives: 0 });
      const before = await lastLiveEventId(t);
      expect((await api(admin, 'DELETE', `/api/v1/rooms/${hall}`)).status).toBe(204);
      expect((await normalWeek()).body.days.We[0]!.roomUsed).toBeNull();
      expect(
        (await api<CalendarEvent>(admin, 'GET', `/api/v1/calendar/events/${future.body.id}`)).body.roomUsed,
      ).toBeNull();
      const topics = (await liveEventsAfter(t, before)).map((e) => e.topic);
      expect(topics).toEqual(expect.arrayContaining(['calendar', 'rooms']));
    });
  });

  describe('lines, electives and groups that are gone', () => {
    it('never widens an entry saved before its targets were deleted into a whole-school one', async () => {
      // Rows as an older version left them: deleting a line did not clean the schedules.
      const rows = [
        { id: 'gammel-linjetime', name: 'Gammel linjetime', for_classes: ['slettet-linje'], groups: [] },
        { id: 'gammel-valgfag', name: 'Gammelt valgfag', for_electives: ['slettet-valgfag'], groups: [] },
        { id: 'gammel-samling', name: 'Gammel samling', groups: ['slettet-gruppe'] },
        { id: 'blandet-time', name: 'Blandet time', for_classes: [lineA, 'slettet-linje'], groups: [] },
      ];
      await write(t.ctx, schoolId, async (trx, publish) => {
        await trx
          .insertInto('schedule_entry')
          .values(
            rows.map((row, index) => ({
              school_id: schoolId,
              id: row.id,
              schedule_id: 'normalWeek',
              day: 'Su',
              position: 100 + index,
              name: row.name,
              time_from: '12:00',
              time_to: '13:00',
              type: 'class',
              mandatory: 1,
              groups_attending: JSON.stringify(row.groups),
              room_id: null,
              for_classes: JSON.stringify(row.for_classes ?? []),
              for_electives: JSON.stringify(row.for_electives ?? []),
            })),
          )
          .execute();
        publish('calendar', ['normalWeek']);
      });
      try {
        const old = (events: CalendarEvent[]) =>
          events
            .filter((e) => rows.some((r) => e.id.startsWith(`${r.id}@`)))
            .map((e) => [e.name, e.groupsAttending]);
        expect(old((await week(admin)).body.events)).toEqual([['Blandet time', [lineA]]]);
        expect(old((await week(admin, `&person=${studentId}`)).body.events)).toEqual([
          ['Blandet time', [lineA]],
        ]);
      } finally {
        await write(t.ctx, schoolId, async (trx, publish) => {
          await trx
            .deleteFrom('schedule_entry')
            .where('school_id', '=', schoolId)
            .where(
              'id',
              'in',
              rows.map((row) => row.id),
            )
            .execute();
          publish('calendar', ['normalWeek']);
        });
      }
    });

    it('migration 006 cleans the ids that deleted lines, electives and groups left behind', async () => {
      const db = t.ctx.database.db;
      const now = new Date().toISOString();
      const entryRow = (id: string, fields: { classes?: string[]; groups?: string[] }, position: number) => ({
        school_id: schoolId,
        id,
        schedule_id: 'normalWeek',
        day: 'Su',
        position,
        name: id,
        time_from: '12:00',
        time_to: '13:00',
        type: 'class',
        mandatory: 1,
        groups_attending: JSON.stringify(fields.groups ?? []),
        room_id: null,
        for_classes: JSON.stringify(fields.classes ?? []),
        for_electives: '[]',
      });
      const eventRow = (id: string, groups: string[], overrides: string | null = null) => ({
        school_id: schoolId,
        id,
        name: id,
        time_start: '2026-11-29T11:00:00.000Z',
        time_end: '2026-11-29T12:00:00.000Z',
        type: 'none',
        mandatory: 1,
        room_id: null,
        groups_attending: JSON.stringify(groups),
        overrides,
        rep_deleted: 0,
        replaces_start: overrides === null ? null : '2026-11-29T11:00:00.000Z',
        created_by: null,
        created_at: now,
        updated_at: now,
      });
      await db
        .insertInto('schedule_entry')
        .values([
          entryRow('m-alene', { classes: ['slettet-linje'] }, 200),
          entryRow('m-blandet', { classes: [lineA, 'slettet-linje'] }, 201),
          entryRow('m-samling', { groups: ['slettet-gruppe', lineB] }, 202),
        ])
        .execute();
      await db
        .insertInto('calendar_event')
        .values([
          eventRow('m-tur', ['slettet-gruppe']),
          eventRow('m-konsert', ['slettet-gruppe', lineB]),
          eventRow('m-flyttet', ['slettet-linje'], `m-samling@${Date.parse('2026-11-29T11:00:00.000Z')}`),
        ])
        .execute();
      await calendarTargets().up(db as unknown as Kysely<unknown>);
      // Announced as a restart would: the cache of the running app knows nothing of the migration.
      await write(t.ctx, schoolId, async (_trx, publish) => publish('calendar', ['normalWeek']));

      const entries = await db
        .selectFrom('schedule_entry')
        .select(['id', 'for_classes', 'groups_attending'])
        .where('school_id', '=', schoolId)
        .where('id', 'like', 'm-%')
        .orderBy('id')
        .execute();
      expect(entries).toEqual([
        { id: 'm-blandet', for_classes: JSON.stringify([lineA]), groups_attending: '[]' },
        { id: 'm-samling', for_classes: '[]', groups_attending: JSON.stringify([lineB]) },
      ]);
      const events = await db
        .selectFrom('calendar_event')
        .select(['id', 'groups_attending', 'rep_deleted'])
        .where('school_id', '=', schoolId)
        .where('id', 'like', 'm-%')
        .orderBy('id')
        .execute();
      expect(events).toEqual([
        { id: 'm-konsert', groups_attending: JSON.stringify([lineB]), rep_deleted: 0 },
        // The removed override leaves the occurrence it moved deleted, not back for Musikk.
        {
          id: `m-samling@${Date.parse('2026-11-29T11:00:00.000Z')}`,
          groups_attending: '[]',
          rep_deleted: 1,
        },
      ]);
      const current = await normalWeek();
      expect((await api(admin, 'PUT', '/api/v1/calendar/schedules/normalWeek', current.body)).status).toBe(
        200,
      );
      await db
        .deleteFrom('calendar_event')
        .where('school_id', '=', schoolId)
        .where('id', 'like', 'm-%')
        .execute();
      await saveWeek({
        ...current.body.days,
        Su: current.body.days.Su.filter((e) => !e.id.startsWith('m-')),
      });
    });
  });

  describe('another school', () => {
    it("sees none of this school's events, schedules, lines or people", async () => {
      const event = await api<CalendarEvent>(admin, 'POST', '/api/v1/calendar/events', {
        name: 'Hemmelig',
        start: '2027-03-18T18:00:00.000Z',
        end: '2027-03-18T19:00:00.000Z',
        type: 'none',
        mandatory: false,
        roomUsed: null,
        groupsAttending: [],
      });
      const path = `/api/v1/calendar/events/${event.body.id}`;
      expect((await api(otherAdmin, 'GET', path)).status).toBe(404);
      expect((await api(otherAdmin, 'PATCH', path, { ...event.body, name: 'Mitt' })).status).toBe(404);
      expect((await api(otherAdmin, 'DELETE', path)).status).toBe(404);
      expect((await api(otherAdmin, 'POST', `${path}/revert`)).status).toBe(404);
      const theirs = await week(otherAdmin, '', weekOf('2027-03-15'));
      expect(theirs.body.events).toEqual([]);
      expect((await week(otherAdmin, `&person=${studentId}`)).status).toBe(404);
      expect((await week(otherAdmin, `&line=${lineA}`)).status).toBe(404);
      expect((await week(otherAdmin, `&room=${gym}`)).status).toBe(404);
      const theirWeek = await api<Schedule>(otherAdmin, 'GET', '/api/v1/calendar/schedules/normalWeek');
      expect(theirWeek.body.days.Mo).toEqual([]);
      // Their admin cannot put this school's room into their week.
      const foreign = await api(otherAdmin, 'PUT', '/api/v1/calendar/schedules/normalWeek', {
        name: 'Normaluke',
        days: { Mo: [entry({ name: 'Lån', from: '09:00', to: '10:00', roomUsed: gym })] },
      });
      expect(foreign.status).toBe(400);
      const schedules = await api<Schedule[]>(otherAdmin, 'GET', '/api/v1/calendar/schedules');
      expect(schedules.body.map((s) => s.id)).toEqual(['normalWeek']);
    });
  });
});
