/**
 * Leave (issue 18; docs/decisions/027-leave-and-the-house.md): applying, deciding, changing the
 * period and withdrawing; who approves under the school's setting; approved leave as absence
 * registered in advance on the sheets, in the records already written and in the kitchen's
 * counts; the school's rules; and the application's personal data. Who may call which route at
 * all is in route-access.test.ts.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AttendanceSheet,
  CalendarEvent,
  FoodCounts,
  Leave,
  LeaveList,
  LeaveSettings,
  MealCount,
} from '@tun/shared';
import { callApi, createPerson, createSchool, insertLine, login, setupSchool } from './factories';
import { createTestApp, dialects, type TestApp } from './helper';

/** Winter time: the school's clock is UTC+1 on every date used here. */
const iso = (date: string, time: string) => new Date(`${date}T${time}:00+01:00`).toISOString();

const lesson = (name: string, from: string, to: string, type: string, forClasses: string[] = []) => ({
  name,
  from,
  to,
  type,
  mandatory: type !== 'dining',
  groupsAttending: [],
  roomUsed: null,
  forClasses,
  forElectives: [],
});

type Person = { id: string; cookie: string };

describe.each(dialects())('leave on %s', (dialect) => {
  let t: TestApp;
  let schoolId: string;
  let admin: Person;
  let lineId: string;
  const people = {} as Record<
    'teacher' | 'otherTeacher' | 'kitchen' | 'janitor' | 'anna' | 'bjorn' | 'stipp',
    Person
  >;
  const other = {} as Record<'admin' | 'teacher' | 'student', Person>;

  const api = <T = unknown>(
    who: Person,
    method: 'GET' | 'PUT' | 'POST' | 'DELETE',
    url: string,
    payload?: object,
  ) => callApi<T>(t, who.cookie, method, url, payload);

  const application = (start: string, end: string, overrides: object = {}) => ({
    start,
    end,
    category: 'home',
    reason: 'Hjem til familien i helgen, mormor er syk.',
    sleepsAway: true,
    phone: null,
    ...overrides,
  });
  const apply = (who: Person, start: string, end: string, overrides: object = {}) =>
    api<Leave>(who, 'POST', '/api/v1/leave', application(start, end, overrides));
  const decide = (who: Person, id: string, decision: 'approved' | 'rejected', comment = '') =>
    api<Leave>(who, 'POST', `/api/v1/leave/${id}/decision`, { decision, comment });
  const withdraw = (who: Person, id: string) => api<Leave>(who, 'POST', `/api/v1/leave/${id}/withdraw`);
  const setSettings = async (changes: Partial<LeaveSettings>) => {
    const current = await api<LeaveSettings>(admin, 'GET', '/api/v1/leave/settings');
    const saved = await api<LeaveSettings>(admin, 'PUT', '/api/v1/leave/settings', {
      ...current.body,
      ...changes,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    return saved.body;
  };
  /** An approved leave of the student, approved by the line's teacher. */
  const approvedLeave = async (who: Person, start: string, end: string, overrides: object = {}) => {
    const applied = await apply(who, start, end, overrides);
    expect(applied.status, JSON.stringify(applied.body)).toBe(201);
    const approved = await decide(people.teacher, applied.body.id, 'approved');
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    return approved.body;
  };

  /** The event of a date named so. */
  const eventOf = async (date: string, name: string): Promise<CalendarEvent> => {
    const from = encodeURIComponent(iso(date, '00:00'));
    const to = encodeURIComponent(iso(date, '23:59'));
    const { body } = await api<{ events: CalendarEvent[] }>(
      admin,
      'GET',
      `/api/v1/calendar?from=${from}&to=${to}`,
    );
    const event = body.events.find((candidate) => candidate.name === name);
    if (!event) throw new Error(`no ${name} on ${date}`);
    return event;
  };
  const sheetRow = async (eventId: string, studentId: string) => {
    const { status, body } = await api<AttendanceSheet>(
      people.teacher,
      'GET',
      `/api/v1/attendance/events/${encodeURIComponent(eventId)}`,
    );
    expect(status).toBe(200);
    return body.rows.find((row) => row.studentId === studentId);
  };
  /** The teacher saves the sheet with no status set: the records then hold only absence in advance. */
  const saveSheet = async (eventId: string) => {
    const saved = await api(
      people.teacher,
      'PUT',
      `/api/v1/attendance/events/${encodeURIComponent(eventId)}`,
      {
        records: [people.anna.id, people.bjorn.id].map((studentId) => ({
          studentId,
          manualStatus: null,
          note: null,
        })),
      },
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  };
  const record = (eventId: string, studentId: string) =>
    t.ctx.database.db
      .selectFrom('attendance')
      .selectAll()
      .where('event_id', '=', eventId)
      .where('student_id', '=', studentId)
      .executeTakeFirstOrThrow();
  const mealCount = async (date: string, name: string): Promise<MealCount> => {
    const { status, body } = await api<FoodCounts>(
      people.kitchen,
      'GET',
      `/api/v1/food/counts?from=${date}&days=1`,
    );
    expect(status).toBe(200);
    const meal = body.days[0]!.meals.find((candidate) => candidate.name === name);
    if (!meal) throw new Error(`no ${name} on ${date}`);
    return meal;
  };
  const presence = (meal: MealCount, studentId: string) =>
    meal.people.find((person) => person.personId === studentId)?.presence ?? 'eating';
  const notified = async (source: string) => {
    const rows = await t.ctx.database.db
      .selectFrom('notification')
      .select('person_id')
      .where('source', '=', source)
      .execute();
    return new Set(rows.map((row) => row.person_id));
  };
  const storedCount = async () => {
    const row = await t.ctx.database.db
      .selectFrom('leave_application')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  };

  beforeAll(async () => {
    t = await createTestApp(dialect, { env: { LOGIN_RATE_LIMIT: '1000' } });
    const setup = await setupSchool(t);
    schoolId = setup.schoolId;
    admin = { id: setup.adminId, cookie: setup.adminCookie };
    const member = async (roles: string[], first: string, school = schoolId) => {
      const created = await createPerson(t, school, { roles, login: true, first });
      return { id: created.personId, cookie: await login(t, created.email) };
    };
    people.teacher = await member(['teacher'], 'Tore');
    people.otherTeacher = await member(['teacher'], 'Trine');
    people.kitchen = await member(['kitchen'], 'Kari');
    people.janitor = await member(['janitor'], 'Jens');
    people.anna = await member([], 'Anna');
    people.bjorn = await member([], 'Bjørn');
    people.stipp = await member(['stipp'], 'Siri');
    const otherSchool = await createSchool(t);
    other.admin = await member(['admin'], 'Nabo', otherSchool);
    other.teacher = await member(['teacher'], 'Nabolærer', otherSchool);
    other.student = await member([], 'Naboelev', otherSchool);
    lineId = await insertLine(t, schoolId, {
      name: 'Friluftsliv',
      members: [people.anna.id, people.bjorn.id],
    });
    await t.ctx.database.db
      .insertInto('line_staff')
      .values({ line_id: lineId, person_id: people.teacher.id, school_id: schoolId, kind: 'teacher' })
      .execute();
    const day = [
      lesson('Frokost', '08:00', '08:45', 'dining'),
      lesson('Linjefag', '09:00', '11:30', 'class', [lineId]),
      lesson('Middag', '17:00', '17:45', 'dining'),
    ];
    const saved = await api(admin, 'PUT', '/api/v1/calendar/schedules/normalWeek', {
      name: 'Normaluke',
      days: Object.fromEntries(['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su'].map((d) => [d, day])),
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  });
  afterAll(() => t.close());

  describe('the whole flow', () => {
    it('a student applies for a weekend home, the line’s teacher approves it, and the student withdraws it', async () => {
      const start = iso('2027-01-15', '15:00');
      const end = iso('2027-01-17', '18:00');
      const applied = await apply(people.anna, '2027-01-15T15:00:00+01:00', '2027-01-17T18:00:00+01:00');
      expect(applied.status, JSON.stringify(applied.body)).toBe(201);
      const id = applied.body.id;
      // Instants are stored in the one UTC form.
      expect(applied.body).toMatchObject({
        studentId: people.anna.id,
        studentName: { first: 'Anna' },
        lineIds: [lineId],
        start,
        end,
        category: 'home',
        status: 'pending',
        justified: true,
        decidedBy: null,
        policies: { edit: true, decide: false, changePeriod: false, withdraw: true },
      });
      // The line's teacher is told, not the other teacher (the school's setting: contactTeacher).
      expect(await notified(`leave:${id}`)).toEqual(new Set([people.teacher.id]));
      const [note] = await t.ctx.database.db
        .selectFrom('notification')
        .selectAll()
        .where('source', '=', `leave:${id}`)
        .execute();
      expect(note!.link).toBe(`/app/leave?leave=${id}`);
      expect(note!.category).toBe('attendance');

      // The student sees their own; another student neither sees it in the list nor finds it.
      const own = await api<LeaveList>(people.anna, 'GET', '/api/v1/leave');
      expect(own.body.leaves.map((leave) => leave.id)).toContain(id);
      const bjorns = await api<LeaveList>(people.bjorn, 'GET', '/api/v1/leave');
      expect(bjorns.body.leaves.map((leave) => leave.id)).not.toContain(id);
      const peek = await api<LeaveList>(people.bjorn, 'GET', `/api/v1/leave?studentId=${people.anna.id}`);
      expect(peek.body.leaves).toEqual([]);
      expect((await api<{ code: string }>(people.bjorn, 'GET', `/api/v1/leave/${id}`)).body.code).toBe(
        'leave-not-found',
      );
      expect((await api(people.bjorn, 'GET', `/api/v1/leave/${id}`)).status).toBe(404);
      expect((await withdraw(people.bjorn, id)).status).toBe(404);
      expect((await api(people.bjorn, 'PUT', `/api/v1/leave/${id}`, application(start, end))).status).toBe(
        404,
      );

      // Teachers see it; only the line's teacher may decide it.
      const mine = await api<Leave>(people.teacher, 'GET', `/api/v1/leave/${id}`);
      expect(mine.body.policies).toEqual({ edit: false, decide: true, changePeriod: true, withdraw: true });
      const theirs = await api<Leave>(people.otherTeacher, 'GET', `/api/v1/leave/${id}`);
      expect(theirs.body.policies).toEqual({
        edit: false,
        decide: false,
        changePeriod: false,
        withdraw: false,
      });
      const refused = await decide(people.otherTeacher, id, 'approved');
      expect(refused.status).toBe(403);
      expect((refused.body as unknown as { code: string }).code).toBe('leave-not-approver');
      expect((await withdraw(people.otherTeacher, id)).status).toBe(403);

      // The student changes it while pending.
      const edited = await api<Leave>(
        people.anna,
        'PUT',
        `/api/v1/leave/${id}`,
        application(start, end, { reason: 'Hjem i helgen.', phone: '+47 912 34 567' }),
      );
      expect(edited.status, JSON.stringify(edited.body)).toBe(200);
      expect(edited.body).toMatchObject({
        reason: 'Hjem i helgen.',
        phone: '+47 912 34 567',
        status: 'pending',
      });

      const saturday = await eventOf('2027-01-16', 'Linjefag');
      expect((await sheetRow(saturday.id, people.anna.id))!.preliminary).toBeNull();
      const before = await mealCount('2027-01-16', 'Middag');
      expect(presence(before, people.anna.id)).toBe('eating');

      // The teacher approves it with a comment; the student is told.
      const approved = await decide(people.teacher, id, 'approved', 'God tur hjem!');
      expect(approved.status, JSON.stringify(approved.body)).toBe(200);
      expect(approved.body).toMatchObject({
        status: 'approved',
        decidedBy: people.teacher.id,
        comment: 'God tur hjem!',
        policies: { decide: false, changePeriod: true, withdraw: true },
      });
      expect(approved.body.decidedAt).not.toBeNull();
      expect(await notified(`leave:${id}`)).toEqual(new Set([people.teacher.id, people.anna.id]));
      expect((await decide(people.teacher, id, 'rejected')).status).toBe(409);
      const late = await api<{ code: string }>(
        people.anna,
        'PUT',
        `/api/v1/leave/${id}`,
        application(start, end),
      );
      expect(late.status).toBe(409);
      expect(late.body.code).toBe('leave-decided');
      expect((await api<Leave>(people.anna, 'GET', `/api/v1/leave/${id}`)).body.policies).toEqual({
        edit: false,
        decide: false,
        changePeriod: false,
        withdraw: true,
      });

      // Saturday's sheet shows valid leave registered in advance; the kitchen counts one fewer.
      expect(await sheetRow(saturday.id, people.anna.id)).toMatchObject({
        record: null,
        preliminary: { status: 'justifiedLeave', note: 'Permisjon: Hjemreise', by: people.teacher.id },
        status: 'justifiedLeave',
      });
      expect((await sheetRow(saturday.id, people.bjorn.id))!.preliminary).toBeNull();
      const during = await mealCount('2027-01-16', 'Middag');
      expect(during.expected).toBe(before.expected);
      expect(during.eating).toBe(before.eating - 1);
      expect(during.absent).toBe(before.absent + 1);
      expect(presence(during, people.anna.id)).toBe('absent');
      // Friday's breakfast is before the leave; Sunday's dinner at 17:00 is within it; Monday's breakfast after.
      expect(presence(await mealCount('2027-01-15', 'Frokost'), people.anna.id)).toBe('eating');
      expect(presence(await mealCount('2027-01-17', 'Middag'), people.anna.id)).toBe('absent');
      expect(presence(await mealCount('2027-01-18', 'Frokost'), people.anna.id)).toBe('eating');

      // The audit keeps the period and category, never the reason.
      const audit = await t.ctx.database.db
        .selectFrom('audit_log')
        .selectAll()
        .where('entity', '=', 'leave_application')
        .where('entity_id', '=', id)
        .orderBy('at')
        .execute();
      expect(audit.map((entry) => entry.action)).toEqual(['create', 'update', 'approve']);
      for (const entry of audit) {
        expect(`${entry.before} ${entry.after}`).not.toContain('mormor');
        expect(`${entry.before} ${entry.after}`).not.toContain('Hjem i helgen');
        expect(JSON.parse(entry.after!)).toMatchObject({ start, end, category: 'home' });
      }

      // Withdrawing restores the sheet and the counts.
      const withdrawn = await withdraw(people.anna, id);
      expect(withdrawn.status, JSON.stringify(withdrawn.body)).toBe(200);
      expect(withdrawn.body).toMatchObject({ status: 'withdrawn', decidedBy: people.anna.id });
      expect(withdrawn.body.policies).toEqual({
        edit: false,
        decide: false,
        changePeriod: false,
        withdraw: false,
      });
      expect(await sheetRow(saturday.id, people.anna.id)).toMatchObject({
        preliminary: null,
        status: 'notAttending',
      });
      const after = await mealCount('2027-01-16', 'Middag');
      expect(after.eating).toBe(before.eating);
      expect(presence(after, people.anna.id)).toBe('eating');
      const again = await withdraw(people.anna, id);
      expect(again.status).toBe(409);
      expect((again.body as unknown as { code: string }).code).toBe('leave-decided');
      const reperiod = await api(people.teacher, 'PUT', `/api/v1/leave/${id}/period`, { start, end });
      expect(reperiod.status).toBe(409);
    });

    it('a rejected application is absence of nothing, and cannot be withdrawn', async () => {
      const applied = await apply(people.anna, iso('2027-01-20', '08:00'), iso('2027-01-20', '16:00'), {
        category: 'medical',
        sleepsAway: false,
      });
      expect(applied.status).toBe(201);
      const rejected = await decide(people.teacher, applied.body.id, 'rejected', 'Ta det etter skoletid.');
      expect(rejected.body).toMatchObject({ status: 'rejected', comment: 'Ta det etter skoletid.' });
      const lesson = await eventOf('2027-01-20', 'Linjefag');
      expect((await sheetRow(lesson.id, people.anna.id))!.preliminary).toBeNull();
      expect((await withdraw(people.anna, applied.body.id)).status).toBe(409);
      // A rejected application does not stand in the way of a new one for the same time.
      const anew = await apply(people.anna, iso('2027-01-20', '08:00'), iso('2027-01-20', '16:00'));
      expect(anew.status).toBe(201);
      expect((await withdraw(people.anna, anew.body.id)).status).toBe(200);
    });
  });

  describe('absence in advance', () => {
    it('covers an event created after the approval, with no write', async () => {
      const leave = await approvedLeave(people.anna, iso('2027-01-22', '15:00'), iso('2027-01-24', '18:00'));
      const created = await api<CalendarEvent>(people.teacher, 'POST', '/api/v1/calendar/events', {
        name: 'Kveldstur',
        start: iso('2027-01-23', '19:00'),
        end: iso('2027-01-23', '21:00'),
        type: 'physact',
        mandatory: true,
        roomUsed: null,
        groupsAttending: [lineId],
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      expect(await sheetRow(created.body.id, people.anna.id)).toMatchObject({
        record: null,
        preliminary: { status: 'justifiedLeave', note: 'Permisjon: Hjemreise', by: people.teacher.id },
        status: 'justifiedLeave',
      });
      // Saving the sheet writes the leave into the record.
      await saveSheet(created.body.id);
      expect(await record(created.body.id, people.anna.id)).toMatchObject({
        preliminary_status: 'justifiedLeave',
        preliminary_by: people.teacher.id,
        status: 'justifiedLeave',
      });
      expect((await record(created.body.id, people.bjorn.id)).status).toBe('notAttending');
      expect((await withdraw(people.teacher, leave.id)).status).toBe(200);
      expect((await record(created.body.id, people.anna.id)).preliminary_status).toBeNull();
    });

    it('refreshes a record saved before the approval, and restores it on withdrawal', async () => {
      const saturday = await eventOf('2027-01-30', 'Linjefag');
      await saveSheet(saturday.id);
      expect(await record(saturday.id, people.anna.id)).toMatchObject({
        preliminary_status: null,
        status: 'notAttending',
      });
      const leave = await approvedLeave(people.anna, iso('2027-01-29', '15:00'), iso('2027-01-31', '18:00'));
      expect(await record(saturday.id, people.anna.id)).toMatchObject({
        preliminary_status: 'justifiedLeave',
        preliminary_by: people.teacher.id,
        status: 'justifiedLeave',
        note: null,
      });
      // Bjørn's record is not touched.
      expect(await record(saturday.id, people.bjorn.id)).toMatchObject({ preliminary_status: null });
      expect((await withdraw(people.anna, leave.id)).status).toBe(200);
      expect(await record(saturday.id, people.anna.id)).toMatchObject({
        preliminary_status: null,
        preliminary_by: null,
        status: 'notAttending',
      });
    });

    it('shortening drops the events after the new end, and the leave stays approved', async () => {
      const saturday = await eventOf('2027-02-06', 'Linjefag');
      const sunday = await eventOf('2027-02-07', 'Linjefag');
      await saveSheet(saturday.id);
      await saveSheet(sunday.id);
      const leave = await approvedLeave(people.anna, iso('2027-02-05', '15:00'), iso('2027-02-07', '18:00'));
      expect((await record(sunday.id, people.anna.id)).status).toBe('justifiedLeave');
      expect(presence(await mealCount('2027-02-07', 'Frokost'), people.anna.id)).toBe('absent');
      // The student may not change the period; the other teacher may not either.
      const period = { start: iso('2027-02-05', '15:00'), end: iso('2027-02-06', '12:00') };
      expect((await api(people.anna, 'PUT', `/api/v1/leave/${leave.id}/period`, period)).status).toBe(403);
      const notTheirs = await api<{ code: string }>(
        people.otherTeacher,
        'PUT',
        `/api/v1/leave/${leave.id}/period`,
        period,
      );
      expect(notTheirs.status).toBe(403);
      expect(notTheirs.body.code).toBe('leave-not-approver');
      const shortened = await api<Leave>(people.teacher, 'PUT', `/api/v1/leave/${leave.id}/period`, period);
      expect(shortened.status, JSON.stringify(shortened.body)).toBe(200);
      expect(shortened.body).toMatchObject({ status: 'approved', ...period });
      expect((await record(saturday.id, people.anna.id)).status).toBe('justifiedLeave');
      expect(await record(sunday.id, people.anna.id)).toMatchObject({
        preliminary_status: null,
        status: 'notAttending',
      });
      expect((await sheetRow(sunday.id, people.anna.id))!.preliminary).toBeNull();
      expect(presence(await mealCount('2027-02-07', 'Frokost'), people.anna.id)).toBe('eating');
      expect(presence(await mealCount('2027-02-06', 'Frokost'), people.anna.id)).toBe('absent');
      // Moving it back out covers Sunday again.
      const moved = await api<Leave>(people.teacher, 'PUT', `/api/v1/leave/${leave.id}/period`, {
        start: iso('2027-02-06', '12:00'),
        end: iso('2027-02-07', '18:00'),
      });
      expect(moved.status).toBe(200);
      expect((await record(saturday.id, people.anna.id)).status).toBe('notAttending');
      expect((await record(sunday.id, people.anna.id)).status).toBe('justifiedLeave');
      expect((await withdraw(people.teacher, leave.id)).status).toBe(200);
      expect((await record(sunday.id, people.anna.id)).status).toBe('notAttending');
    });

    it('a teacher’s registration for the event or the day wins over a leave; a packed lunch is still made', async () => {
      const leave = await approvedLeave(people.anna, iso('2027-02-12', '15:00'), iso('2027-02-14', '18:00'));
      const saturday = await eventOf('2027-02-13', 'Linjefag');
      const dinner = await eventOf('2027-02-13', 'Middag');
      const registered = await api(people.teacher, 'PUT', '/api/v1/attendance/preliminary', {
        eventId: saturday.id,
        studentId: people.anna.id,
        preliminaryStatus: 'attending',
        note: 'Kommer likevel',
      });
      expect(registered.status, JSON.stringify(registered.body)).toBe(204);
      expect(await sheetRow(saturday.id, people.anna.id)).toMatchObject({
        preliminary: { status: 'attending', note: 'Kommer likevel', by: people.teacher.id },
      });
      const day = await api(people.teacher, 'PUT', '/api/v1/attendance/preliminary-days', {
        date: '2027-02-14',
        studentId: people.anna.id,
        preliminaryStatus: 'attending',
        note: null,
      });
      expect(day.status, JSON.stringify(day.body)).toBe(204);
      const sunday = await eventOf('2027-02-14', 'Linjefag');
      expect((await sheetRow(sunday.id, people.anna.id))!.preliminary).toMatchObject({ status: 'attending' });
      expect(presence(await mealCount('2027-02-14', 'Middag'), people.anna.id)).toBe('eating');
      expect(presence(await mealCount('2027-02-13', 'Middag'), people.anna.id)).toBe('absent');
      // The dinner's own registration says she eats.
      await api(people.teacher, 'PUT', '/api/v1/attendance/preliminary', {
        eventId: dinner.id,
        studentId: people.anna.id,
        preliminaryStatus: 'attending',
        note: null,
      });
      expect(presence(await mealCount('2027-02-13', 'Middag'), people.anna.id)).toBe('eating');
      // «Matpakke» counts as a packed lunch on a day away.
      const lunch = await api(people.kitchen, 'PUT', '/api/v1/food/choices', {
        date: '2027-02-13',
        meal: 'Frokost',
        studentId: people.anna.id,
        choice: 'packedLunch',
      });
      expect(lunch.status, JSON.stringify(lunch.body)).toBe(200);
      expect(presence(await mealCount('2027-02-13', 'Frokost'), people.anna.id)).toBe('packedLunch');
      expect((await withdraw(people.anna, leave.id)).status).toBe(200);
    });
  });

  describe('the school’s rules', () => {
    it('who approves: the line’s teachers, any teacher, or admins; admins always', async () => {
      // contactTeacher (the default): the admin may decide too.
      const first = await apply(people.bjorn, iso('2027-03-01', '08:00'), iso('2027-03-01', '12:00'));
      expect((await api<Leave>(admin, 'GET', `/api/v1/leave/${first.body.id}`)).body.policies.decide).toBe(
        true,
      );
      expect((await decide(admin, first.body.id, 'rejected')).status).toBe(200);
      // A scholar on no line: the admins are told.
      const scholars = await apply(people.stipp, iso('2027-03-01', '08:00'), iso('2027-03-01', '12:00'));
      expect(scholars.status).toBe(201);
      expect(await notified(`leave:${scholars.body.id}`)).toEqual(new Set([admin.id]));
      expect((await decide(people.teacher, scholars.body.id, 'approved')).status).toBe(403);
      expect((await withdraw(people.stipp, scholars.body.id)).status).toBe(200);

      await setSettings({ approvers: 'anyTeacher' });
      const second = await apply(people.bjorn, iso('2027-03-02', '08:00'), iso('2027-03-02', '12:00'));
      expect(await notified(`leave:${second.body.id}`)).toEqual(
        new Set([people.teacher.id, people.otherTeacher.id]),
      );
      expect(
        (await api<Leave>(people.otherTeacher, 'GET', `/api/v1/leave/${second.body.id}`)).body.policies,
      ).toEqual({ edit: false, decide: true, changePeriod: true, withdraw: true });
      expect((await decide(people.otherTeacher, second.body.id, 'approved')).status).toBe(200);
      expect((await withdraw(people.otherTeacher, second.body.id)).status).toBe(200);

      await setSettings({ approvers: 'admin' });
      const third = await apply(people.bjorn, iso('2027-03-03', '08:00'), iso('2027-03-03', '12:00'));
      expect(await notified(`leave:${third.body.id}`)).toEqual(new Set([admin.id]));
      const teacherRefused = await decide(people.teacher, third.body.id, 'approved');
      expect(teacherRefused.status).toBe(403);
      expect((teacherRefused.body as unknown as { code: string }).code).toBe('leave-not-approver');
      expect((await decide(admin, third.body.id, 'approved')).status).toBe(200);
      expect((await withdraw(admin, third.body.id)).status).toBe(200);

      await setSettings({ approvers: 'contactTeacher' });
      const fourth = await apply(people.bjorn, iso('2027-03-04', '08:00'), iso('2027-03-04', '12:00'));
      expect((await decide(people.otherTeacher, fourth.body.id, 'approved')).status).toBe(403);
      expect((await decide(people.teacher, fourth.body.id, 'approved')).status).toBe(200);
      expect((await withdraw(people.bjorn, fourth.body.id)).status).toBe(200);
    });

    it('a sheet outside the school year follows the leave settings, though its records are not reworked', async () => {
      const created = await api<CalendarEvent>(admin, 'POST', '/api/v1/calendar/events', {
        name: 'Høstprosjekt',
        start: iso('2027-09-15', '09:00'),
        end: iso('2027-09-15', '11:00'),
        type: 'class',
        mandatory: true,
        roomUsed: null,
        groupsAttending: [lineId],
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const leave = await approvedLeave(people.anna, iso('2027-09-14', '15:00'), iso('2027-09-16', '18:00'));
      // Asked twice: the second answer is the one kept.
      expect((await sheetRow(created.body.id, people.anna.id))?.preliminary?.status).toBe('justifiedLeave');
      expect((await sheetRow(created.body.id, people.anna.id))?.preliminary?.status).toBe('justifiedLeave');

      await setSettings({ justified: { home: false, medical: true, school: true, other: true } });
      expect(await sheetRow(created.body.id, people.anna.id)).toMatchObject({
        preliminary: { status: 'notAttending', note: 'Permisjon: Hjemreise' },
        status: 'notAttending',
      });
      await setSettings({ justified: { home: true, medical: true, school: true, other: true } });
      expect((await sheetRow(created.body.id, people.anna.id))?.preliminary?.status).toBe('justifiedLeave');
      expect((await withdraw(people.anna, leave.id)).status).toBe(200);
    });

    it('valid leave per category: switching a category reworks the records already written', async () => {
      const saturday = await eventOf('2027-02-20', 'Linjefag');
      await saveSheet(saturday.id);
      const leave = await approvedLeave(people.anna, iso('2027-02-19', '15:00'), iso('2027-02-21', '18:00'));
      expect((await record(saturday.id, people.anna.id)).status).toBe('justifiedLeave');

      const settings = await setSettings({
        justified: { home: false, medical: true, school: true, other: true },
      });
      expect(settings.justified.home).toBe(false);
      expect(await record(saturday.id, people.anna.id)).toMatchObject({
        preliminary_status: 'notAttending',
        status: 'notAttending',
      });
      expect(await sheetRow(saturday.id, people.anna.id)).toMatchObject({
        preliminary: { status: 'notAttending', note: 'Permisjon: Hjemreise' },
      });
      expect((await api<Leave>(people.anna, 'GET', `/api/v1/leave/${leave.id}`)).body.justified).toBe(false);
      // Not valid leave is still away from the meals.
      expect(presence(await mealCount('2027-02-20', 'Middag'), people.anna.id)).toBe('absent');

      await setSettings({ justified: { home: true, medical: true, school: true, other: true } });
      expect((await record(saturday.id, people.anna.id)).status).toBe('justifiedLeave');
      const audit = await t.ctx.database.db
        .selectFrom('audit_log')
        .select('action')
        .where('entity', '=', 'leave_settings')
        .where('entity_id', '=', schoolId)
        .execute();
      expect(audit.length).toBeGreaterThanOrEqual(2);
      expect((await withdraw(people.anna, leave.id)).status).toBe(200);
    });

    it('only an admin changes them; a student may not read them', async () => {
      expect((await api(people.teacher, 'GET', '/api/v1/leave/settings')).status).toBe(200);
      const body = {
        approvers: 'admin',
        justified: { home: true, medical: true, school: true, other: true },
        absenceDayPercent: 50,
      };
      expect((await api(people.teacher, 'PUT', '/api/v1/leave/settings', body)).status).toBe(403);
      expect((await api(people.anna, 'GET', '/api/v1/leave/settings')).status).toBe(200);
      const bad = await api<{ code: string }>(admin, 'PUT', '/api/v1/leave/settings', {
        ...body,
        absenceDayPercent: 0,
      });
      expect(bad.status).toBe(400);
      expect(bad.body.code).toBe('validation-failed');
    });
  });

  describe('refusals', () => {
    it('of two overlapping applications sent at once, one is stored and the other is 409', async () => {
      const answers = await Promise.all([
        apply(people.bjorn, iso('2027-06-10', '08:00'), iso('2027-06-12', '08:00')),
        apply(people.bjorn, iso('2027-06-11', '08:00'), iso('2027-06-13', '08:00')),
      ]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
    });

    it('an overlapping application is 409; a bad period is 400 with nothing stored', async () => {
      const first = await apply(people.anna, iso('2027-03-10', '08:00'), iso('2027-03-12', '08:00'));
      expect(first.status).toBe(201);
      const count = await storedCount();
      const overlap = await apply(people.anna, iso('2027-03-11', '08:00'), iso('2027-03-13', '08:00'));
      expect(overlap.status).toBe(409);
      expect((overlap.body as unknown as { code: string }).code).toBe('leave-overlaps');
      // Touching is not overlapping; another student is free to go at the same time.
      const after = await apply(people.anna, iso('2027-03-12', '08:00'), iso('2027-03-12', '12:00'));
      expect(after.status).toBe(201);
      const bjorns = await apply(people.bjorn, iso('2027-03-11', '08:00'), iso('2027-03-13', '08:00'));
      expect(bjorns.status).toBe(201);
      // Editing or moving onto another one is refused too.
      const edit = await api(
        people.anna,
        'PUT',
        `/api/v1/leave/${after.body.id}`,
        application(iso('2027-03-11', '20:00'), iso('2027-03-12', '12:00')),
      );
      expect(edit.status).toBe(409);
      const moved = await api(people.teacher, 'PUT', `/api/v1/leave/${after.body.id}/period`, {
        start: iso('2027-03-11', '20:00'),
        end: iso('2027-03-12', '12:00'),
      });
      expect(moved.status).toBe(409);

      const stored = await storedCount();
      expect(stored).toBe(count + 2);
      for (const [start, end] of [
        [iso('2027-03-20', '08:00'), iso('2027-03-20', '08:00')],
        [iso('2027-03-20', '08:00'), iso('2027-03-19', '08:00')],
        [iso('2027-03-20', '08:00'), iso('2027-05-22', '08:00')],
      ] as const) {
        const bad = await apply(people.anna, start, end);
        expect(bad.status, `${start} – ${end}`).toBe(400);
        expect((bad.body as unknown as { code: string }).code).toBe('validation-failed');
      }
      const noReason = await apply(people.anna, iso('2027-03-20', '08:00'), iso('2027-03-20', '12:00'), {
        reason: '  ',
      });
      expect(noReason.status).toBe(400);
      const badPeriod = await api(people.teacher, 'PUT', `/api/v1/leave/${first.body.id}/period`, {
        start: iso('2027-03-10', '08:00'),
        end: iso('2027-03-10', '08:00'),
      });
      expect(badPeriod.status).toBe(400);
      expect(await storedCount()).toBe(stored);
      for (const leave of [first.body, after.body, bjorns.body]) {
        expect((await withdraw(admin, leave.id)).status).toBe(200);
      }
    });

    it('another school’s people find nothing on any :id route, and change nothing', async () => {
      const leave = await apply(people.anna, iso('2027-03-15', '08:00'), iso('2027-03-15', '12:00'));
      const id = leave.body.id;
      const period = { start: iso('2027-03-15', '09:00'), end: iso('2027-03-15', '12:00') };
      const attempts: [Person, 'GET' | 'PUT' | 'POST', string, object?][] = [
        [other.admin, 'GET', `/api/v1/leave/${id}`],
        [other.admin, 'PUT', `/api/v1/leave/${id}/period`, period],
        [other.admin, 'POST', `/api/v1/leave/${id}/decision`, { decision: 'approved' }],
        [other.admin, 'POST', `/api/v1/leave/${id}/withdraw`],
        [other.teacher, 'GET', `/api/v1/leave/${id}`],
        [other.teacher, 'POST', `/api/v1/leave/${id}/decision`, { decision: 'approved' }],
        [other.student, 'GET', `/api/v1/leave/${id}`],
        [other.student, 'PUT', `/api/v1/leave/${id}`, application(period.start, period.end)],
        [other.student, 'POST', `/api/v1/leave/${id}/withdraw`],
      ];
      for (const [who, method, url, payload] of attempts) {
        const response = await api<{ code: string }>(who, method, url, payload);
        expect(response.status, `${method} ${url}`).toBe(404);
        expect(response.body.code).toBe('leave-not-found');
      }
      const list = await api<LeaveList>(other.admin, 'GET', '/api/v1/leave');
      expect(list.body.leaves).toEqual([]);
      const unknown = await api(admin, 'GET', `/api/v1/leave/${randomUUID()}`);
      expect(unknown.status).toBe(404);
      expect((await api<Leave>(people.anna, 'GET', `/api/v1/leave/${id}`)).body).toMatchObject({
        status: 'pending',
        start: iso('2027-03-15', '08:00'),
      });
      expect((await withdraw(people.anna, id)).status).toBe(200);
    });

    it('every role as the policy says', async () => {
      const start = iso('2027-03-22', '08:00');
      const end = iso('2027-03-22', '12:00');
      // Only students and scholars apply, for themselves.
      for (const who of [admin, people.teacher, people.kitchen, people.janitor]) {
        expect((await apply(who, start, end)).status).toBe(403);
      }
      const scholar = await apply(people.stipp, start, end);
      expect(scholar.status).toBe(201);
      expect(scholar.body.studentId).toBe(people.stipp.id);
      // The kitchen and the janitor read no applications.
      for (const who of [people.kitchen, people.janitor]) {
        expect((await api(who, 'GET', '/api/v1/leave')).status).toBe(403);
        expect((await api(who, 'GET', `/api/v1/leave/${scholar.body.id}`)).status).toBe(403);
        expect((await withdraw(who, scholar.body.id)).status).toBe(403);
      }
      // Students and scholars decide nothing.
      expect((await decide(people.anna, scholar.body.id, 'approved')).status).toBe(403);
      expect((await decide(people.stipp, scholar.body.id, 'approved')).status).toBe(403);
      // A teacher lists every application, filtered.
      const pending = await api<LeaveList>(
        people.teacher,
        'GET',
        `/api/v1/leave?status=pending&studentId=${people.stipp.id}`,
      );
      expect(pending.body.leaves.map((leave) => leave.id)).toEqual([scholar.body.id]);
      const range = await api<LeaveList>(
        people.teacher,
        'GET',
        `/api/v1/leave?from=${encodeURIComponent(iso('2027-03-22', '11:00'))}&to=${encodeURIComponent(iso('2027-03-23', '00:00'))}`,
      );
      expect(range.body.leaves.map((leave) => leave.id)).toContain(scholar.body.id);
      const outside = await api<LeaveList>(
        people.teacher,
        'GET',
        `/api/v1/leave?from=${encodeURIComponent(end)}&to=${encodeURIComponent(iso('2027-03-23', '00:00'))}`,
      );
      expect(outside.body.leaves.map((leave) => leave.id)).not.toContain(scholar.body.id);
      // Newest first.
      const all = await api<LeaveList>(admin, 'GET', '/api/v1/leave');
      const created = all.body.leaves.map((leave) => leave.createdAt);
      expect(created).toEqual([...created].sort().reverse());
      expect((await withdraw(people.stipp, scholar.body.id)).status).toBe(200);
    });
  });

  describe('personal data', () => {
    it('applications are exported with the student and erased with them; who decided is forgotten', async () => {
      const erin = await createPerson(t, schoolId, { first: 'Erin', login: true });
      const cookie = await login(t, erin.email);
      const student = { id: erin.personId, cookie };
      await t.ctx.database.db
        .insertInto('line_member')
        .values({ line_id: lineId, person_id: student.id, school_id: schoolId })
        .execute();
      const leave = await approvedLeave(student, iso('2027-04-02', '15:00'), iso('2027-04-04', '18:00'), {
        category: 'medical',
        reason: 'Operasjon på sykehuset.',
      });
      const exported = await t.request({
        method: 'GET',
        url: `/api/v1/people/${student.id}/privacy-export`,
        cookie: admin.cookie,
      });
      expect(exported.statusCode).toBe(200);
      expect(exported.body).toContain('Operasjon på sykehuset.');
      expect(exported.body).toContain(leave.id);
      const teachers = await t.request({
        method: 'GET',
        url: `/api/v1/people/${people.teacher.id}/privacy-export`,
        cookie: admin.cookie,
      });
      expect(teachers.body).not.toContain('Operasjon på sykehuset.');

      const erased = await t.request({
        method: 'POST',
        url: `/api/v1/people/${student.id}/erase`,
        cookie: admin.cookie,
        payload: {},
      });
      expect(erased.statusCode).toBe(204);
      const left = await t.ctx.database.db
        .selectFrom('leave_application')
        .select('id')
        .where('student_id', '=', student.id)
        .execute();
      expect(left).toEqual([]);

      // An erased approver is forgotten on the applications they decided.
      const decider = await createPerson(t, schoolId, { roles: ['admin'], login: true, first: 'Dag' });
      const deciderCookie = { id: decider.personId, cookie: await login(t, decider.email) };
      const bjorns = await apply(people.bjorn, iso('2027-04-10', '08:00'), iso('2027-04-10', '12:00'));
      expect((await decide(deciderCookie, bjorns.body.id, 'approved')).status).toBe(200);
      const gone = await t.request({
        method: 'POST',
        url: `/api/v1/people/${decider.personId}/erase`,
        cookie: admin.cookie,
        payload: {},
      });
      expect(gone.statusCode).toBe(204);
      expect((await api<Leave>(people.bjorn, 'GET', `/api/v1/leave/${bjorns.body.id}`)).body).toMatchObject({
        status: 'approved',
        decidedBy: null,
      });
      expect((await withdraw(people.bjorn, bjorns.body.id)).status).toBe(200);
    });
  });
});
