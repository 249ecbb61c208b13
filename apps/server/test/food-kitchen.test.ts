/**
 * What the kitchen needs beside the menus (issue 16; docs/decisions/025-food-planner.md): special
 * diets kept with consent and seen only by the person, the kitchen and admins; «Jeg spiser ikke»
 * / «Matpakke» until the cut-off, as absence registered in advance on the meal's sheet; the
 * cut-off setting; how many will eat per meal, per allergen and by name; the live topics by
 * person; and what happens to it all when a person leaves or is erased. Who may call which route
 * at all is in route-access.test.ts.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  addDays,
  todayInSchoolZone,
  type AttendanceSheet,
  type CalendarEvent,
  type FoodCounts,
  type FoodSettings,
  type MealChoiceAnswer,
  type MealCount,
  type PersonDiet,
} from '@tun/shared';
import { foodClock, ownChoices } from '../src/modules/food/meal-choices.service';
import { mealsBetween } from '../src/modules/food/meals';
import {
  callApi,
  createPerson,
  createSchool,
  insertLine,
  lastLiveEventId,
  liveEventsSince,
  login,
  setupSchool,
} from './factories';
import { createTestApp, dialects, type TestApp } from './helper';
import { isChange, openSse, type SseStream } from './sse-client';

/** Winter time: the school's clock is UTC+1 on every date used here. */
const at = (date: string, time: string) => Date.parse(`${date}T${time}:00+01:00`);
const iso = (date: string, time: string) => new Date(at(date, time)).toISOString();

const dining = (name: string, from: string, to: string, forClasses: string[] = []) => ({
  name,
  from,
  to,
  type: 'dining',
  mandatory: false,
  groupsAttending: [],
  roomUsed: null,
  forClasses,
  forElectives: [],
});

describe.each(dialects())('the kitchen: diets, meal choices and counts on %s', (dialect) => {
  let t: TestApp;
  let schoolId: string;
  let admin: string;
  let lineId: string;
  const people = {} as Record<
    'kitchen' | 'teacher' | 'anna' | 'bjorn' | 'dora' | 'otherAdmin',
    { id: string; cookie: string }
  >;
  let cecilieId: string;
  let otherStudentId: string;

  const api = <T = unknown>(
    cookie: string,
    method: 'GET' | 'PUT' | 'DELETE' | 'POST' | 'PATCH',
    url: string,
    payload?: object,
  ) => callApi<T>(t, cookie, method, url, payload);
  const setNow = (ms: number) => vi.spyOn(foodClock, 'now').mockReturnValue(ms);
  const counts = (cookie: string, from: string, days = 1) =>
    api<FoodCounts>(cookie, 'GET', `/api/v1/food/counts?from=${from}&days=${days}`);
  const mealCount = async (date: string, name: string): Promise<MealCount> => {
    const { status, body } = await counts(people.kitchen.cookie, date);
    expect(status).toBe(200);
    const meal = body.days[0]!.meals.find((m) => m.name === name);
    if (!meal) throw new Error(`no ${name} on ${date}: ${JSON.stringify(body)}`);
    return meal;
  };
  const choose = (cookie: string, payload: object) =>
    api<MealChoiceAnswer>(cookie, 'PUT', '/api/v1/food/choices', payload);
  const diet = (cookie: string, personId: string, payload: object) =>
    api<PersonDiet>(cookie, 'PUT', `/api/v1/food/diets/${personId}`, payload);
  /** The dining events of a date named so (a line's own meal has one per line). */
  const mealEvents = async (date: string, name: string): Promise<CalendarEvent[]> => {
    const from = encodeURIComponent(iso(date, '00:00'));
    const to = encodeURIComponent(iso(date, '23:59'));
    const { body } = await api<{ events: CalendarEvent[] }>(
      admin,
      'GET',
      `/api/v1/calendar?from=${from}&to=${to}`,
    );
    return body.events.filter((event) => event.type === 'dining' && event.name === name);
  };
  const sheetRow = async (eventId: string, studentId: string) => {
    const { status, body } = await api<AttendanceSheet>(
      people.teacher.cookie,
      'GET',
      `/api/v1/attendance/events/${encodeURIComponent(eventId)}`,
    );
    expect(status).toBe(200);
    return body.rows.find((row) => row.studentId === studentId);
  };

  beforeAll(async () => {
    t = await createTestApp(dialect, { env: { LOGIN_RATE_LIMIT: '1000' } });
    ({ schoolId, adminCookie: admin } = await setupSchool(t));
    const member = async (roles: string[], first: string, school = schoolId) => {
      const created = await createPerson(t, school, { roles, login: true, first });
      return { id: created.personId, cookie: await login(t, created.email) };
    };
    people.kitchen = await member(['kitchen'], 'Kari');
    people.teacher = await member(['teacher'], 'Tore');
    people.anna = await member([], 'Anna');
    people.bjorn = await member([], 'Bjørn');
    people.dora = await member([], 'Dora');
    cecilieId = (await createPerson(t, schoolId, { first: 'Cecilie' })).personId;
    const otherSchool = await createSchool(t);
    people.otherAdmin = await member(['admin'], 'Nabo', otherSchool);
    otherStudentId = (await createPerson(t, otherSchool, { first: 'Nabo-elev' })).personId;
    lineId = await insertLine(t, schoolId, {
      name: 'Friluftsliv',
      members: [people.anna.id, people.bjorn.id],
    });
    const week = Object.fromEntries(
      ['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su'].map((day) => [
        day,
        [
          dining('Frokost', '08:00', '08:45'),
          // Friluftsliv eats on the trail on Tuesdays.
          ...(day === 'Tu' ? [dining('Turmat', '12:00', '12:30', [lineId])] : []),
          dining('Middag', '17:00', '17:45'),
        ],
      ]),
    );
    const saved = await api(admin, 'PUT', '/api/v1/calendar/schedules/normalWeek', {
      name: 'Normaluke',
      days: week,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  });
  afterEach(() => vi.restoreAllMocks());
  afterAll(() => t.close());

  describe('the cut-off setting', () => {
    it('is 09:00 the same day until the kitchen sets another; a teacher may read it but not change it', async () => {
      const read = await api<FoodSettings>(people.teacher.cookie, 'GET', '/api/v1/food/settings');
      expect(read).toEqual({ status: 200, body: { choiceCutoff: { daysBefore: 0, time: '09:00' } } });
      const refused = await api(people.teacher.cookie, 'PUT', '/api/v1/food/settings', {
        choiceCutoff: { daysBefore: 1, time: '20:00' },
      });
      expect(refused.status).toBe(403);
      const bad = await api<{ code: string }>(people.kitchen.cookie, 'PUT', '/api/v1/food/settings', {
        choiceCutoff: { daysBefore: 0, time: '25:00' },
      });
      expect(bad.status).toBe(400);
      expect(bad.body.code).toBe('validation-failed');
    });
  });

  describe('special diets', () => {
    it('are kept only with consent, and gluten and nuts must name the cereal and the nut', async () => {
      const noConsent = await diet(people.anna.cookie, people.anna.id, {
        allergens: ['milk'],
        consent: false,
      });
      expect(noConsent.status).toBe(400);
      expect(JSON.stringify(noConsent.body)).toContain('diet-consent-missing');
      const missing = await diet(people.anna.cookie, people.anna.id, {
        allergens: ['gluten', 'nuts'],
        consent: true,
      });
      expect(missing.status).toBe(400);
      const errors = (missing.body as unknown as { errors: { path: string; code: string }[] }).errors;
      expect(errors.map((error) => [error.path, error.code])).toEqual(
        expect.arrayContaining([
          ['body.glutenCereals', 'allergen-detail-missing'],
          ['body.nuts', 'allergen-detail-missing'],
        ]),
      );
      const count = await t.ctx.database.db
        .selectFrom('person_diet')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('school_id', '=', schoolId)
        .executeTakeFirstOrThrow();
      expect(Number(count.n)).toBe(0);
    });

    it('a student records their milk allergy; the kitchen sees it, a teacher never does, and the audit keeps no health data', async () => {
      const saved = await diet(people.anna.cookie, people.anna.id, {
        allergens: ['milk'],
        glutenCereals: ['oats'],
        note: 'Tåler ikke melkeprotein',
        consent: true,
      });
      expect(saved.status).toBe(200);
      // The cereal without gluten ticked is not kept.
      expect(saved.body).toMatchObject({
        personId: people.anna.id,
        allergens: ['milk'],
        glutenCereals: [],
        consentBy: people.anna.id,
      });
      const own = await api<PersonDiet[]>(people.anna.cookie, 'GET', '/api/v1/food/diets');
      expect(own.body.map((d) => d.personId)).toEqual([people.anna.id]);
      expect(
        (await api<PersonDiet | null>(people.anna.cookie, 'GET', `/api/v1/food/diets/${people.anna.id}`))
          .body,
      ).toMatchObject({ allergens: ['milk'] });

      // The kitchen records Bjørn's, confirming his consent.
      const bjorn = await diet(people.kitchen.cookie, people.bjorn.id, {
        allergens: ['nuts'],
        nuts: ['hazelnut', 'walnut'],
        diets: ['vegetarian'],
        consent: true,
      });
      expect(bjorn.status).toBe(200);
      expect(bjorn.body.consentBy).toBe(people.kitchen.id);
      const all = await api<PersonDiet[]>(people.kitchen.cookie, 'GET', '/api/v1/food/diets');
      expect(all.body.map((d) => d.personId).sort()).toEqual([people.anna.id, people.bjorn.id].sort());

      // A teacher: only their own (none), and Anna's is not found, whatever they try.
      expect((await api(people.teacher.cookie, 'GET', '/api/v1/food/diets')).body).toEqual([]);
      expect(
        (await api(people.teacher.cookie, 'GET', `/api/v1/food/diets/${people.teacher.id}`)).body,
      ).toBeNull();
      for (const [method, payload] of [
        ['GET', undefined],
        ['PUT', { allergens: [], consent: true }],
        ['DELETE', undefined],
      ] as const) {
        const answer = await api(
          people.teacher.cookie,
          method,
          `/api/v1/food/diets/${people.anna.id}`,
          payload,
        );
        expect(answer.status, method).toBe(404);
      }
      // Another student neither.
      expect((await api(people.bjorn.cookie, 'GET', `/api/v1/food/diets/${people.anna.id}`)).status).toBe(
        404,
      );
      // Another school's admin: not found, and not another school's person for ours.
      expect(
        (await api(people.otherAdmin.cookie, 'GET', `/api/v1/food/diets/${people.anna.id}`)).status,
      ).toBe(404);
      expect(
        (await diet(people.otherAdmin.cookie, people.anna.id, { allergens: [], consent: true })).status,
      ).toBe(404);
      expect(
        (await diet(people.kitchen.cookie, otherStudentId, { allergens: [], consent: true })).status,
      ).toBe(404);
      expect((await api(people.otherAdmin.cookie, 'GET', '/api/v1/food/diets')).body).toEqual([]);

      const audits = await t.ctx.database.db
        .selectFrom('audit_log')
        .select(['entity_id', 'before', 'after'])
        .where('school_id', '=', schoolId)
        .where('entity', '=', 'person_diet')
        .execute();
      expect(audits.map((row) => row.entity_id).sort()).toEqual([people.anna.id, people.bjorn.id].sort());
      const text = JSON.stringify(audits);
      for (const health of ['milk', 'nuts', 'hazelnut', 'vegetarian', 'melkeprotein'])
        expect(text).not.toContain(health);
    });
  });

  describe('how many will eat', () => {
    it("counts Anna's milk allergy among those eating, with her name, for the kitchen only", async () => {
      const middag = await mealCount('2026-11-30', 'Middag');
      expect(middag).toMatchObject({ expected: 4, eating: 4, notEating: 0, packedLunch: 0, absent: 0 });
      expect(middag.allergens).toEqual({ milk: 1, nuts: 1 });
      expect(middag.diets).toEqual({ vegetarian: 1 });
      expect(middag.people).toEqual(
        expect.arrayContaining([
          {
            personId: people.anna.id,
            presence: 'eating',
            allergens: ['milk'],
            glutenCereals: [],
            nuts: [],
            diets: [],
            note: 'Tåler ikke melkeprotein',
          },
          // The kitchen needs to know which nuts.
          expect.objectContaining({ personId: people.bjorn.id, nuts: ['hazelnut', 'walnut'] }),
        ]),
      );
      // Only the line eats on the trail.
      expect((await mealCount('2026-12-01', 'Turmat')).expected).toBe(2);
      expect((await counts(people.teacher.cookie, '2026-11-30')).status).toBe(403);
      expect((await counts(people.anna.cookie, '2026-11-30')).status).toBe(403);
    });

    it('answers every day of the range, with the meals in order, and refuses a range over 14 days', async () => {
      const { status, body } = await counts(people.kitchen.cookie, '2026-11-30', 7);
      expect(status).toBe(200);
      expect(body.days.map((day) => day.date)).toEqual([
        '2026-11-30',
        '2026-12-01',
        '2026-12-02',
        '2026-12-03',
        '2026-12-04',
        '2026-12-05',
        '2026-12-06',
      ]);
      expect(body.days[1]!.meals.map((meal) => meal.name)).toEqual(['Frokost', 'Turmat', 'Middag']);
      expect((await counts(people.kitchen.cookie, '2026-11-30', 15)).status).toBe(400);
      expect((await counts(people.kitchen.cookie, '2026-02-30')).status).toBe(400);
    });

    it('takes absence registered in advance by a teacher, for the event or the day, off the count', async () => {
      const date = '2026-12-02';
      const [frokost] = await mealEvents(date, 'Frokost');
      const before = await lastLiveEventId(t);
      const day = await api(people.teacher.cookie, 'PUT', '/api/v1/attendance/preliminary-days', {
        date,
        studentId: cecilieId,
        preliminaryStatus: 'justifiedLeave',
        note: 'Permisjon',
      });
      expect(day.status).toBe(204);
      const event = await api(people.teacher.cookie, 'PUT', '/api/v1/attendance/preliminary', {
        eventId: frokost!.id,
        studentId: people.anna.id,
        preliminaryStatus: 'notAttending',
        note: 'Sover lenge',
      });
      expect(event.status).toBe(204);
      const breakfast = await mealCount(date, 'Frokost');
      expect(breakfast).toMatchObject({ expected: 4, eating: 2, absent: 2 });
      // Anna is away: her milk allergy is not cooked for.
      expect(breakfast.allergens).toEqual({ nuts: 1 });
      expect(breakfast.people.find((p) => p.personId === cecilieId)).toEqual({
        personId: cecilieId,
        presence: 'absent',
        allergens: [],
        glutenCereals: [],
        nuts: [],
        diets: [],
        note: '',
      });
      expect(await mealCount(date, 'Middag')).toMatchObject({ eating: 3, absent: 1 });
      // The kitchen may not see absence in advance, but hears that its counts changed.
      const heard = await liveEventsSince(t, schoolId, before);
      expect(heard.filter((event) => event.topic === 'mealCounts')).toEqual([
        { topic: 'mealCounts', ids: [] },
        { topic: 'mealCounts', ids: [] },
      ]);
      const removed = await api(
        people.teacher.cookie,
        'DELETE',
        `/api/v1/attendance/preliminary-days/${date}/${cecilieId}`,
      );
      expect(removed.status).toBe(204);
      expect(await mealCount(date, 'Middag')).toMatchObject({ eating: 4, absent: 0 });
    });
  });

  describe('«Jeg spiser ikke» and «Matpakke»', () => {
    const date = '2026-12-03';

    it("before the cut-off lowers the count, shows on the meal's sheet as absence in advance, and closes after it", async () => {
      setNow(at(date, '08:30'));
      const chosen = await choose(people.anna.cookie, { date, meal: 'middag', choice: 'notEating' });
      expect(chosen).toEqual({
        status: 200,
        body: {
          date,
          meal: 'Middag',
          studentId: people.anna.id,
          choice: 'notEating',
          openUntil: iso(date, '09:00'),
        },
      });
      const middag = await mealCount(date, 'Middag');
      expect(middag).toMatchObject({ expected: 4, eating: 3, notEating: 1 });
      expect(middag.allergens).toEqual({ nuts: 1 });
      expect(middag.people.find((p) => p.personId === people.anna.id)?.presence).toBe('notEating');

      const [event] = await mealEvents(date, 'Middag');
      expect((await sheetRow(event!.id, people.anna.id))?.preliminary).toMatchObject({
        status: 'notAttending',
        note: 'Spiser ikke',
        by: people.anna.id,
      });

      // Breakfast has begun: its cut-off is its start, before 09:00.
      const late = await choose(people.anna.cookie, { date, meal: 'Frokost', choice: 'notEating' });
      expect(late.status).toBe(409);
      expect((late.body as unknown as { code: string }).code).toBe('meal-choice-closed');

      setNow(at(date, '09:00'));
      for (const choice of ['packedLunch', null]) {
        const closed = await choose(people.anna.cookie, { date, meal: 'Middag', choice });
        expect(closed.status).toBe(409);
      }
      expect(await mealCount(date, 'Middag')).toMatchObject({ eating: 3, notEating: 1, packedLunch: 0 });
      expect((await sheetRow(event!.id, people.anna.id))?.preliminary).toMatchObject({ note: 'Spiser ikke' });
    });

    it('lets the kitchen set any student’s choice after the cut-off, and no student set another’s', async () => {
      setNow(at(date, '16:00'));
      const set = await choose(people.kitchen.cookie, {
        date,
        meal: 'Middag',
        studentId: people.bjorn.id,
        choice: 'packedLunch',
      });
      expect(set.status).toBe(200);
      expect(set.body).toMatchObject({ studentId: people.bjorn.id, choice: 'packedLunch', openUntil: null });
      const middag = await mealCount(date, 'Middag');
      expect(middag).toMatchObject({ eating: 2, notEating: 1, packedLunch: 1 });
      // A packed lunch is still food: Bjørn's nuts count.
      expect(middag.allergens).toEqual({ nuts: 1 });
      const [event] = await mealEvents(date, 'Middag');
      expect((await sheetRow(event!.id, people.bjorn.id))?.preliminary).toMatchObject({
        note: 'Matpakke',
        by: people.kitchen.id,
      });

      setNow(at('2026-12-04', '07:00'));
      const other = await choose(people.anna.cookie, {
        date: '2026-12-04',
        meal: 'Middag',
        studentId: people.bjorn.id,
        choice: 'notEating',
      });
      expect(other.status).toBe(403);
      // A teacher may not choose at all.
      expect(
        (await choose(people.teacher.cookie, { date: '2026-12-04', meal: 'Middag', choice: 'notEating' }))
          .status,
      ).toBe(403);
    });

    it('refuses a meal the calendar does not have, one the student is not expected at, and another school’s student', async () => {
      setNow(at('2026-12-01', '07:00'));
      const unknown = await choose(people.anna.cookie, {
        date: '2026-12-01',
        meal: 'Lunsj',
        choice: 'notEating',
      });
      expect(unknown.status).toBe(404);
      expect((unknown.body as unknown as { code: string }).code).toBe('meal-unknown');
      // Dora is on no line: the trail meal is not hers.
      const notHers = await choose(people.dora.cookie, {
        date: '2026-12-01',
        meal: 'Turmat',
        choice: 'notEating',
      });
      expect(notHers.status).toBe(404);
      const foreign = await choose(people.kitchen.cookie, {
        date: '2026-12-01',
        meal: 'Middag',
        studentId: otherStudentId,
        choice: 'notEating',
      });
      expect(foreign.status).toBe(404);
      const bad = await choose(people.anna.cookie, { date: '2026-12-01', meal: 'Middag', choice: 'maybe' });
      expect(bad.status).toBe(400);
    });

    it("taking a choice back removes the absence it wrote, and never a teacher's", async () => {
      const day = '2026-12-05';
      setNow(at(day, '07:00'));
      const [frokost] = await mealEvents(day, 'Frokost');
      const [middag] = await mealEvents(day, 'Middag');
      expect(
        (await choose(people.dora.cookie, { date: day, meal: 'Middag', choice: 'notEating' })).status,
      ).toBe(200);
      expect(
        (await choose(people.dora.cookie, { date: day, meal: 'Middag', choice: 'packedLunch' })).status,
      ).toBe(200);
      expect((await sheetRow(middag!.id, people.dora.id))?.preliminary).toMatchObject({ note: 'Matpakke' });
      expect(
        (await choose(people.dora.cookie, { date: day, meal: 'Middag', choice: null })).body.choice,
      ).toBeNull();
      expect((await sheetRow(middag!.id, people.dora.id))?.preliminary).toBeNull();
      expect(await mealCount(day, 'Middag')).toMatchObject({ eating: 4, packedLunch: 0 });

      const teacher = await api(people.teacher.cookie, 'PUT', '/api/v1/attendance/preliminary', {
        eventId: frokost!.id,
        studentId: people.dora.id,
        preliminaryStatus: 'justifiedLeave',
        note: 'Tannlege',
      });
      expect(teacher.status).toBe(204);
      setNow(at(day, '06:00'));
      expect(
        (await choose(people.dora.cookie, { date: day, meal: 'Frokost', choice: 'notEating' })).status,
      ).toBe(200);
      expect((await sheetRow(frokost!.id, people.dora.id))?.preliminary).toMatchObject({
        note: 'Tannlege',
        by: people.teacher.id,
      });
      expect((await choose(people.dora.cookie, { date: day, meal: 'Frokost', choice: null })).status).toBe(
        200,
      );
      expect((await sheetRow(frokost!.id, people.dora.id))?.preliminary).toMatchObject({
        status: 'justifiedLeave',
        note: 'Tannlege',
      });
      expect(await mealCount(day, 'Frokost')).toMatchObject({ absent: 1, notEating: 0 });
    });

    it('follows the cut-off the kitchen sets: days before, at a time, never after the meal begins', async () => {
      const saved = await api<FoodSettings>(people.kitchen.cookie, 'PUT', '/api/v1/food/settings', {
        choiceCutoff: { daysBefore: 1, time: '20:00' },
      });
      expect(saved).toEqual({ status: 200, body: { choiceCutoff: { daysBefore: 1, time: '20:00' } } });
      try {
        setNow(at('2026-12-06', '19:59'));
        const open = await choose(people.anna.cookie, {
          date: '2026-12-07',
          meal: 'Middag',
          choice: 'notEating',
        });
        expect(open.body.openUntil).toBe(iso('2026-12-06', '20:00'));
        setNow(at('2026-12-06', '20:00'));
        expect(
          (await choose(people.anna.cookie, { date: '2026-12-07', meal: 'Middag', choice: null })).status,
        ).toBe(409);
      } finally {
        await api(people.kitchen.cookie, 'PUT', '/api/v1/food/settings', {
          choiceCutoff: { daysBefore: 0, time: '09:00' },
        });
      }
    });

    it("gives the menu a student's own choices for the week, and a teacher none", async () => {
      setNow(at('2026-12-03', '12:00'));
      const meals = await mealsBetween(t.ctx.database.db, schoolId, '2026-11-30', '2026-12-06');
      const annas = await ownChoices(
        t.ctx.database.db,
        { schoolId, personId: people.anna.id, roles: [] },
        meals,
      );
      expect(annas.get('2026-12-03|middag')).toEqual({ choice: 'notEating', openUntil: null });
      expect(annas.get('2026-12-04|middag')).toEqual({ choice: null, openUntil: iso('2026-12-04', '09:00') });
      expect(annas.get('2026-12-04|frokost')).toEqual({
        choice: null,
        openUntil: iso('2026-12-04', '08:00'),
      });
      expect(annas.has('2026-12-01|turmat')).toBe(true);
      const doras = await ownChoices(
        t.ctx.database.db,
        { schoolId, personId: people.dora.id, roles: [] },
        meals,
      );
      expect(doras.has('2026-12-01|turmat')).toBe(false);
      expect(doras.size).toBe(14);
      const teachers = await ownChoices(
        t.ctx.database.db,
        { schoolId, personId: people.teacher.id, roles: ['teacher'] },
        meals,
      );
      expect(teachers.size).toBe(0);
    });
  });

  describe('live', () => {
    let base: string;
    const streams: SseStream[] = [];
    beforeAll(async () => {
      base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    });
    afterAll(() => streams.forEach((stream) => stream.close()));

    const changes = (stream: SseStream) =>
      stream.received
        .filter((message) => message.event === 'change')
        .map((message) => JSON.parse(message.data!) as { topic: string; ids: string[] });

    it('the kitchen hears diets and choices with ids, a student only their own without, a teacher neither', async () => {
      const open = async (cookie: string) => {
        const stream = await openSse(`${base}/api/v1/live`, { cookie });
        streams.push(stream);
        return stream;
      };
      const [kitchen, anna, bjorn, teacher] = await Promise.all([
        open(people.kitchen.cookie),
        open(people.anna.cookie),
        open(people.bjorn.cookie),
        open(people.teacher.cookie),
      ]);
      expect(
        (await diet(people.anna.cookie, people.anna.id, { allergens: ['milk', 'egg'], consent: true }))
          .status,
      ).toBe(200);
      setNow(at('2026-12-04', '07:00'));
      expect(
        (await choose(people.anna.cookie, { date: '2026-12-04', meal: 'Middag', choice: 'notEating' }))
          .status,
      ).toBe(200);
      // A change everyone hears: what came before it has arrived.
      await api(admin, 'PATCH', '/api/v1/school', { longName: 'Fjordtun folkehøgskole, merket' });
      for (const stream of [kitchen, anna, bjorn, teacher]) await stream.next(isChange('school'), 10_000);

      expect(changes(kitchen)).toEqual(
        expect.arrayContaining([
          { topic: 'diets', ids: [people.anna.id] },
          { topic: 'mealChoices', ids: [people.anna.id] },
          { topic: 'mealCounts', ids: [] },
        ]),
      );
      expect(changes(anna)).toEqual(
        expect.arrayContaining([
          { topic: 'diets', ids: [] },
          { topic: 'mealChoices', ids: [] },
        ]),
      );
      const quiet = ['diets', 'mealChoices', 'mealCounts'];
      expect(changes(bjorn).filter((change) => quiet.includes(change.topic))).toEqual([]);
      expect(changes(teacher).filter((change) => quiet.includes(change.topic))).toEqual([]);
      expect(JSON.stringify(anna.received)).not.toContain(people.anna.id);
    });
  });

  describe('personal data', () => {
    it('exports the diet and the choices, and leaving deletes the diet and the choices still to come', async () => {
      // Leaving deletes the choices from the real today on: the choice is for tomorrow, whatever
      // day the test runs.
      const day = addDays(todayInSchoolZone(), 1);
      setNow(at(day, '07:00'));
      expect(
        (await diet(people.dora.cookie, people.dora.id, { diets: ['halal'], consent: true })).status,
      ).toBe(200);
      expect(
        (await choose(people.dora.cookie, { date: day, meal: 'Middag', choice: 'notEating' })).status,
      ).toBe(200);
      const exported = await api<Record<string, unknown>>(
        admin,
        'GET',
        `/api/v1/people/${people.dora.id}/privacy-export`,
      );
      expect(exported.status).toBe(200);
      expect(exported.body.specialDiet).toMatchObject({ diets: ['halal'] });
      expect(exported.body.mealChoices).toEqual(
        expect.arrayContaining([expect.objectContaining({ date: day, choice: 'notEating' })]),
      );
      const kitchenExport = await api<Record<string, unknown>>(
        admin,
        'GET',
        `/api/v1/people/${people.kitchen.id}/privacy-export`,
      );
      expect(kitchenExport.body).toMatchObject({
        specialDietsEnteredForOthers: 1,
        mealChoicesMadeForOthers: 1,
      });

      expect((await mealCount(day, 'Middag')).people.map((p) => p.personId)).toContain(people.dora.id);
      const left = await api(admin, 'PUT', `/api/v1/people/${people.dora.id}/left`, {
        leftOn: todayInSchoolZone(),
      });
      expect(left.status).toBe(200);
      const rest = await Promise.all([
        t.ctx.database.db
          .selectFrom('person_diet')
          .select('person_id')
          .where('person_id', '=', people.dora.id)
          .execute(),
        t.ctx.database.db
          .selectFrom('meal_choice')
          .select('date')
          .where('student_id', '=', people.dora.id)
          .execute(),
      ]);
      expect(rest).toEqual([[], []]);
      // The kept count follows: she is expected no more.
      const after = await mealCount(day, 'Middag');
      expect(after.expected).toBe(3);
      expect(after.people.map((p) => p.personId)).not.toContain(people.dora.id);
    });

    it("erasure deletes the person's diet and choices, and forgets who entered others'", async () => {
      const admin2 = await createPerson(t, schoolId, { roles: ['kitchen'], login: true, first: 'Kokk' });
      const cookie = await login(t, admin2.email);
      expect((await diet(cookie, cecilieId, { allergens: ['fish'], consent: true })).status).toBe(200);
      expect((await api(admin, 'POST', `/api/v1/people/${admin2.personId}/erase`)).status).toBe(204);
      const row = await t.ctx.database.db
        .selectFrom('person_diet')
        .select(['consent_by', 'allergens'])
        .where('person_id', '=', cecilieId)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ consent_by: null, allergens: '["fish"]' });

      expect((await api(admin, 'POST', `/api/v1/people/${people.anna.id}/erase`)).status).toBe(204);
      const annas = await Promise.all([
        t.ctx.database.db
          .selectFrom('person_diet')
          .select('person_id')
          .where('person_id', '=', people.anna.id)
          .execute(),
        t.ctx.database.db
          .selectFrom('meal_choice')
          .select('date')
          .where('student_id', '=', people.anna.id)
          .execute(),
      ]);
      expect(annas).toEqual([[], []]);
    });
  });
});
