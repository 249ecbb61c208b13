/**
 * The house tonight (issue 18; docs/decisions/027-leave-and-the-house.md): who sleeps in the
 * house, by room, less those away for the night on approved leave; the night before and after
 * noon; the evening check and who is in the house now; who may see it (staff, and a scholar only
 * while on supervision duty); and the checks as personal data. Who may call which route at all
 * is in route-access.test.ts.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  addDays,
  schoolTimeToInstant,
  todayInSchoolZone,
  weekDayIndex,
  type HouseTonight,
  type Leave,
} from '@tun/shared';
import { DEMO_PASSWORD, seedDemo } from '../src/demo/seed';
import { houseClock } from '../src/modules/house/house.service';
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

/** Winter time: the school's clock is UTC+1 on every date used here. 2027-01-15 is a Friday. */
const at = (date: string, time: string) => Date.parse(`${date}T${time}:00+01:00`);
const iso = (date: string, time: string) => new Date(at(date, time)).toISOString();

const THURSDAY_EVENING = at('2027-01-14', '20:00');
const FRIDAY_EVENING = at('2027-01-15', '20:00');
const FRIDAY_LATE = at('2027-01-15', '23:00');
const SATURDAY_MORNING = at('2027-01-16', '10:00');
const SATURDAY_NOON = at('2027-01-16', '12:00');
const SATURDAY_EVENING = at('2027-01-16', '20:00');
const SUNDAY_MORNING = at('2027-01-17', '10:00');
const SUNDAY_EVENING = at('2027-01-17', '20:00');

type Member = { id: string; cookie: string };

describe.each(dialects())('the house tonight on %s', (dialect) => {
  let t: TestApp;
  let schoolId: string;
  let adminId: string;
  let admin: string;
  const staff = {} as Record<'teacher' | 'janitor' | 'kitchen', Member>;
  /** Residents who sign in (to apply for leave, or to be refused). */
  const people = {} as Record<'scholar' | 'anna' | 'bjorn' | 'dora' | 'gunnar', Member>;
  let cecilieId: string;
  let fridaId: string;
  let otherStudentId: string;
  let otherAdmin: string;
  let lineId: string;
  let annaLeave: Leave;
  let bjornLeave: Leave;

  const api = <T = unknown>(cookie: string, method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
    callApi<T>(t, cookie, method, url, payload);
  const setNow = (ms: number) => vi.spyOn(houseClock, 'now').mockReturnValue(ms);
  const tonight = (cookie: string) => api<HouseTonight>(cookie, 'GET', '/api/v1/house/tonight');
  const house = async (now: number, cookie = admin) => {
    setNow(now);
    const { status, body } = await tonight(cookie);
    expect(status, JSON.stringify(body)).toBe(200);
    return body;
  };
  const check = (cookie: string, personId: string, status: 'in' | 'out' | null) =>
    api(cookie, 'PUT', '/api/v1/house/checks', { personId, status });
  const person = (body: HouseTonight, personId: string) => body.people.find((p) => p.personId === personId);
  const checkRows = () =>
    t.ctx.database.db.selectFrom('house_check').selectAll().where('school_id', '=', schoolId).execute();
  const audits = () =>
    t.ctx.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('school_id', '=', schoolId)
      .where('entity', '=', 'house_check')
      .orderBy('at')
      .execute();
  const takeSupervision = async (cookie: string) => {
    const response = await api(cookie, 'POST', '/api/v1/supervision/take', {});
    expect(response.status).toBe(200);
  };
  /** A leave applied for by the student and approved by an admin, through the leave API. */
  const approvedLeave = async (applicant: Member, input: object) => {
    const applied = await api<Leave>(applicant.cookie, 'POST', '/api/v1/leave', input);
    expect(applied.status, JSON.stringify(applied.body)).toBe(201);
    const decided = await api<Leave>(admin, 'POST', `/api/v1/leave/${applied.body.id}/decision`, {
      decision: 'approved',
    });
    expect(decided.status, JSON.stringify(decided.body)).toBe(200);
    return decided.body;
  };

  beforeAll(async () => {
    t = await createTestApp(dialect, { env: { LOGIN_RATE_LIMIT: '1000' } });
    ({ schoolId, adminId, adminCookie: admin } = await setupSchool(t));
    const member = async (
      options: { roles?: string[]; first: string; last: string; room?: string | null; phone?: string },
      school = schoolId,
    ) => {
      const created = await createPerson(t, school, { ...options, login: true });
      return { id: created.personId, cookie: await login(t, created.email) };
    };
    staff.teacher = await member({ roles: ['teacher'], first: 'Tore', last: 'Lærer', room: 'Rom 1' });
    staff.janitor = await member({ roles: ['janitor'], first: 'Vidar', last: 'Vaktmester' });
    staff.kitchen = await member({ roles: ['kitchen'], first: 'Kari', last: 'Kokk' });
    people.scholar = await member({ roles: ['stipp'], first: 'Siri', last: 'Stipendiat', room: 'Rom 1' });
    people.anna = await member({ first: 'Anna', last: 'Aas', room: 'Rom 10', phone: '+47 911 11 111' });
    people.bjorn = await member({ first: 'Bjørn', last: 'Berg', room: 'Rom 2', phone: '+47 922 22 222' });
    people.dora = await member({ first: 'Dora', last: 'Dahl', room: 'Rom 2' });
    people.gunnar = await member({ first: 'Gunnar', last: 'Gran', room: 'Rom 3' });
    cecilieId = (await createPerson(t, schoolId, { first: 'Cecilie', last: 'Carlsen' })).personId;
    fridaId = (await createPerson(t, schoolId, { first: 'Frida', last: 'Fjell', room: 'Rom 3' })).personId;
    // Frida left the school before the weekend.
    await t.ctx.database.db
      .updateTable('person')
      .set({ left_on: '2027-01-10' })
      .where('id', '=', fridaId)
      .execute();
    lineId = await insertLine(t, schoolId, {
      name: 'Friluftsliv',
      members: [people.anna.id, people.bjorn.id],
    });

    const otherSchool = await createSchool(t);
    otherAdmin = (await member({ roles: ['admin'], first: 'Nils', last: 'Nabo' }, otherSchool)).cookie;
    otherStudentId = (await createPerson(t, otherSchool, { first: 'Nora', last: 'Nabo', room: 'Rom 2' }))
      .personId;

    // The weekend home, sleeping away: Friday 15:00 to Sunday 18:00, reached on another phone.
    annaLeave = await approvedLeave(people.anna, {
      start: iso('2027-01-15', '15:00'),
      end: iso('2027-01-17', '18:00'),
      category: 'home',
      reason: 'Helg hjemme',
      sleepsAway: true,
      phone: '+47 955 55 555',
    });
    // A day at the hospital: away on Saturday morning, home for the night.
    bjornLeave = await approvedLeave(people.bjorn, {
      start: iso('2027-01-16', '09:00'),
      end: iso('2027-01-16', '14:00'),
      category: 'medical',
      reason: 'Time på sykehuset',
      sleepsAway: false,
      phone: null,
    });
    // A night out that ends before 03:00: away on Saturday evening, but not for the night.
    await approvedLeave(people.gunnar, {
      start: iso('2027-01-16', '18:00'),
      end: iso('2027-01-17', '02:00'),
      category: 'other',
      reason: 'Konsert i byen',
      sleepsAway: true,
      phone: null,
    });
    // An application that is only pending takes no one off the list.
    const pending = await api(people.dora.cookie, 'POST', '/api/v1/leave', {
      start: iso('2027-01-15', '15:00'),
      end: iso('2027-01-17', '18:00'),
      category: 'home',
      reason: 'Helg hjemme',
      sleepsAway: true,
    });
    expect(pending.status).toBe(201);
    // Gunnar leaves the school after the weekend (and signs in no more).
    await t.ctx.database.db
      .updateTable('person')
      .set({ left_on: '2027-02-01' })
      .where('id', '=', people.gunnar.id)
      .execute();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });
  afterAll(() => t.close());

  describe('who may see it', () => {
    it.each(['admin', 'teacher', 'janitor', 'kitchen'] as const)('shows it to %s', async (name) => {
      setNow(FRIDAY_EVENING);
      const { status } = await tonight(name === 'admin' ? admin : staff[name].cookie);
      expect(status).toBe(200);
    });

    it('refuses a student at the route', async () => {
      setNow(FRIDAY_EVENING);
      const read = await tonight(people.dora.cookie);
      expect(read.status).toBe(403);
      expect(read.body).toMatchObject({ code: 'forbidden' });
      const checked = await check(people.dora.cookie, people.bjorn.id, 'in');
      expect(checked.status).toBe(403);
      expect(await checkRows()).toEqual([]);
    });

    it('shows it to a scholar only while they hold the supervision duty', async () => {
      setNow(FRIDAY_EVENING);
      await takeSupervision(staff.teacher.cookie);
      const offDuty = await tonight(people.scholar.cookie);
      expect(offDuty.status).toBe(403);
      expect(offDuty.body).toMatchObject({ code: 'house-not-on-duty' });
      const notChecked = await check(people.scholar.cookie, people.dora.id, 'in');
      expect(notChecked.status).toBe(403);
      expect(notChecked.body).toMatchObject({ code: 'house-not-on-duty' });

      await takeSupervision(people.scholar.cookie);
      expect((await tonight(people.scholar.cookie)).status).toBe(200);
      expect((await check(people.scholar.cookie, people.dora.id, 'in')).status).toBe(204);
      expect((await check(people.scholar.cookie, people.dora.id, null)).status).toBe(204);

      // The duty ends when someone else takes it over.
      await takeSupervision(staff.teacher.cookie);
      const after = await tonight(people.scholar.cookie);
      expect(after.status).toBe(403);
      expect(after.body).toMatchObject({ code: 'house-not-on-duty' });
    });
  });

  describe('the list', () => {
    it('lists the current students and scholars by room, with phones and lines; no staff', async () => {
      const body = await house(THURSDAY_EVENING);
      expect(body.night).toBe('2027-01-14');
      expect(body.at).toBe(new Date(THURSDAY_EVENING).toISOString());
      // Rom 1, Rom 2 (by name), Rom 3, Rom 10, and no room last; Frida has left, staff are not listed.
      expect(body.people.map((p) => [p.name.first, p.room])).toEqual([
        ['Siri', 'Rom 1'],
        ['Bjørn', 'Rom 2'],
        ['Dora', 'Rom 2'],
        ['Gunnar', 'Rom 3'],
        ['Anna', 'Rom 10'],
        ['Cecilie', null],
      ]);
      expect(body.away).toEqual([]);
      expect(person(body, people.anna.id)).toEqual({
        personId: people.anna.id,
        name: { first: 'Anna', last: 'Aas' },
        room: 'Rom 10',
        phone: '+47 911 11 111',
        lineIds: [lineId],
        check: null,
        awayNow: false,
        inHouseNow: true,
      });
      expect(person(body, cecilieId)?.lineIds).toEqual([]);
    });

    it('does not list a student who has left, nor another school’s', async () => {
      const body = await house(FRIDAY_EVENING);
      const ids = [...body.people, ...body.away].map((p) => p.personId);
      expect(ids).not.toContain(fridaId);
      expect(ids).not.toContain(otherStudentId);
      expect(ids).toContain(people.gunnar.id);
    });

    it('takes the one away for the night off the list, with the leave’s phone', async () => {
      const body = await house(FRIDAY_EVENING);
      expect(body.night).toBe('2027-01-15');
      expect(person(body, people.anna.id)).toBeUndefined();
      expect(body.away).toEqual([
        {
          personId: people.anna.id,
          name: { first: 'Anna', last: 'Aas' },
          room: 'Rom 10',
          leaveId: annaLeave.id,
          category: 'home',
          start: iso('2027-01-15', '15:00'),
          end: iso('2027-01-17', '18:00'),
          phone: '+47 955 55 555',
        },
      ]);
      // Dora only applied; Bjørn’s leave is on Saturday.
      expect(person(body, people.dora.id)).toMatchObject({ awayNow: false, inHouseNow: true });
      expect(person(body, people.bjorn.id)).toMatchObject({ awayNow: false, inHouseNow: true });
    });

    it('before noon it is last night’s list; from noon tonight’s', async () => {
      const morning = await house(SATURDAY_MORNING);
      expect(morning.night).toBe('2027-01-15');
      const noon = await house(SATURDAY_NOON);
      expect(noon.night).toBe('2027-01-16');
      const sunday = await house(SUNDAY_MORNING);
      expect(sunday.night).toBe('2027-01-16');
      // Anna is away both nights of the weekend; on Sunday night she sleeps in the house again.
      for (const body of [morning, noon, sunday]) {
        expect(body.away.map((a) => a.personId)).toEqual([people.anna.id]);
      }
      const back = await house(SUNDAY_EVENING);
      expect(back.night).toBe('2027-01-17');
      expect(back.away).toEqual([]);
      expect(person(back, people.anna.id)).toMatchObject({ awayNow: false, inHouseNow: true });
    });

    it('a day away is away now, not away for the night', async () => {
      const morning = await house(SATURDAY_MORNING);
      expect(morning.away.map((a) => a.personId)).not.toContain(people.bjorn.id);
      expect(person(morning, people.bjorn.id)).toMatchObject({ awayNow: true, inHouseNow: false });
      const evening = await house(SATURDAY_EVENING);
      expect(person(evening, people.bjorn.id)).toMatchObject({ awayNow: false, inHouseNow: true });
      // A night out that ends before 03:00 keeps Gunnar on the night’s list, out of the house now.
      expect(evening.away.map((a) => a.personId)).toEqual([people.anna.id]);
      expect(person(evening, people.gunnar.id)).toMatchObject({ awayNow: true, inHouseNow: false });
      expect(bjornLeave.sleepsAway).toBe(false);
    });

    it('puts a withdrawn leave’s student back on the list', async () => {
      const leave = await approvedLeave(people.dora, {
        start: iso('2027-01-22', '15:00'),
        end: iso('2027-01-24', '18:00'),
        category: 'home',
        reason: 'Helg hjemme',
        sleepsAway: true,
        phone: null,
      });
      const friday = at('2027-01-22', '20:00');
      const away = await house(friday);
      // No phone of the leave's own: their own.
      expect(away.away).toEqual([expect.objectContaining({ personId: people.dora.id, phone: null })]);
      const withdrawn = await api(admin, 'POST', `/api/v1/leave/${leave.id}/withdraw`, {});
      expect(withdrawn.status).toBe(200);
      const back = await house(friday);
      expect(back.away).toEqual([]);
      expect(person(back, people.dora.id)).toMatchObject({ inHouseNow: true });
    });
  });

  describe('the evening check', () => {
    it('checks in and out, replaces the earlier check, clears it; audited and announced', async () => {
      const before = await audits();
      const lastEvent = await lastLiveEventId(t);
      setNow(FRIDAY_EVENING);
      expect((await check(staff.teacher.cookie, people.dora.id, 'in')).status).toBe(204);
      let body = await house(FRIDAY_EVENING);
      expect(person(body, people.dora.id)).toMatchObject({
        check: { status: 'in', at: new Date(FRIDAY_EVENING).toISOString(), by: staff.teacher.id },
        inHouseNow: true,
      });

      setNow(FRIDAY_LATE);
      expect((await check(staff.janitor.cookie, people.dora.id, 'out')).status).toBe(204);
      body = await house(FRIDAY_LATE);
      expect(person(body, people.dora.id)).toMatchObject({
        check: { status: 'out', at: new Date(FRIDAY_LATE).toISOString(), by: staff.janitor.id },
        awayNow: false,
        inHouseNow: false,
      });
      // One row per night and person.
      expect((await checkRows()).filter((row) => row.person_id === people.dora.id)).toHaveLength(1);

      // Still last night's check in the morning; a new night starts with none.
      expect(person(await house(SATURDAY_MORNING), people.dora.id)?.check?.status).toBe('out');
      expect(person(await house(SATURDAY_NOON), people.dora.id)).toMatchObject({
        check: null,
        inHouseNow: true,
      });

      setNow(FRIDAY_LATE);
      expect((await check(admin, people.dora.id, null)).status).toBe(204);
      expect(person(await house(FRIDAY_LATE), people.dora.id)).toMatchObject({
        check: null,
        inHouseNow: true,
      });

      const entries = (await audits()).slice(before.length);
      expect(entries.map((row) => [row.action, row.actor_person_id, row.entity_id])).toEqual([
        ['check', staff.teacher.id, `2027-01-15-${people.dora.id}`],
        ['check', staff.janitor.id, `2027-01-15-${people.dora.id}`],
        ['clear', adminId, `2027-01-15-${people.dora.id}`],
      ]);
      expect(JSON.parse(entries[1]!.before!)).toEqual({
        status: 'in',
        checkedAt: new Date(FRIDAY_EVENING).toISOString(),
      });
      expect(JSON.parse(entries[2]!.after!)).toBeNull();
      const events = await liveEventsSince(t, schoolId, lastEvent);
      expect(events).toEqual([
        { topic: 'house', ids: [people.dora.id] },
        { topic: 'house', ids: [people.dora.id] },
        { topic: 'house', ids: [people.dora.id] },
      ]);
    });

    it('clearing a check that is not there changes and announces nothing', async () => {
      setNow(FRIDAY_EVENING);
      const before = await audits();
      const lastEvent = await lastLiveEventId(t);
      expect((await check(admin, people.bjorn.id, null)).status).toBe(204);
      expect(await audits()).toHaveLength(before.length);
      expect(await liveEventsSince(t, schoolId, lastEvent)).toEqual([]);
    });

    it('a student away now and not checked is out of the house; checked out while here too', async () => {
      setNow(SATURDAY_MORNING);
      expect((await check(admin, people.bjorn.id, 'in')).status).toBe(204);
      // Checked in last night, but at the hospital this morning: not in the house now.
      expect(person(await house(SATURDAY_MORNING), people.bjorn.id)).toMatchObject({
        check: { status: 'in' },
        awayNow: true,
        inHouseNow: false,
      });
      expect((await check(admin, people.bjorn.id, null)).status).toBe(204);
    });

    it('answers 404 for a person not in the house or of another school', async () => {
      setNow(FRIDAY_EVENING);
      const before = await checkRows();
      for (const personId of [
        otherStudentId,
        staff.teacher.id,
        adminId,
        fridaId,
        '00000000-0000-4000-8000-000000000000',
      ]) {
        const response = await check(admin, personId, 'in');
        expect(response.status, personId).toBe(404);
        expect(response.body).toMatchObject({ code: 'not-found' });
      }
      // Another school's admin cannot check this school's students either.
      const foreign = await check(otherAdmin, people.dora.id, 'out');
      expect(foreign.status).toBe(404);
      expect(await checkRows()).toEqual(before);
    });

    it('refuses bad input with 400 and stores nothing', async () => {
      setNow(FRIDAY_EVENING);
      const before = await checkRows();
      for (const payload of [
        { personId: people.dora.id, status: 'maybe' },
        { personId: people.dora.id },
        { personId: '', status: 'in' },
        { personId: 'x'.repeat(500), status: 'in' },
        { status: 'in' },
        { personId: 42, status: 'in' },
      ]) {
        const response = await api(admin, 'PUT', '/api/v1/house/checks', payload);
        expect(response.status, JSON.stringify(payload)).toBe(400);
        expect(response.body).toMatchObject({ code: 'validation-failed' });
      }
      expect(await checkRows()).toEqual(before);
    });
  });

  describe('personal data', () => {
    it('exports a person’s checks, erases them with the person, forgets who checked', async () => {
      setNow(FRIDAY_EVENING);
      expect((await check(staff.kitchen.cookie, cecilieId, 'in')).status).toBe(204);
      expect((await check(staff.kitchen.cookie, people.gunnar.id, 'out')).status).toBe(204);

      const exported = await t.request({
        method: 'GET',
        url: `/api/v1/people/${cecilieId}/privacy-export`,
        cookie: admin,
      });
      expect(exported.statusCode).toBe(200);
      expect(exported.json()).toMatchObject({
        houseChecks: [
          {
            night: '2027-01-15',
            status: 'in',
            checkedAt: new Date(FRIDAY_EVENING).toISOString(),
            checkedBy: staff.kitchen.id,
          },
        ],
      });
      const byKitchen = await t.request({
        method: 'GET',
        url: `/api/v1/people/${staff.kitchen.id}/privacy-export`,
        cookie: admin,
      });
      expect(byKitchen.json()).toMatchObject({ houseChecks: [], houseChecksMadeOfOthers: 2 });

      const erase = (personId: string) =>
        t.request({ method: 'POST', url: `/api/v1/people/${personId}/erase`, cookie: admin, payload: {} });
      expect((await erase(staff.kitchen.id)).statusCode).toBe(204);
      expect((await checkRows()).filter((row) => row.checked_by === staff.kitchen.id)).toEqual([]);
      expect(person(await house(FRIDAY_EVENING), cecilieId)?.check).toEqual({
        status: 'in',
        at: new Date(FRIDAY_EVENING).toISOString(),
        by: null,
      });
      expect((await erase(cecilieId)).statusCode).toBe(204);
      expect((await checkRows()).filter((row) => row.person_id === cecilieId)).toEqual([]);
      expect((await checkRows()).filter((row) => row.person_id === people.gunnar.id)).toHaveLength(1);
    });
  });
});

describe('the demo school’s leave and house', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp('sqlite', { env: { LOGIN_RATE_LIMIT: '1000' } });
    await seedDemo(t.ctx);
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });
  afterAll(() => t.close());

  it('has rooms in the houses, a weekend home for a dozen, two applications waiting and tonight’s check', async () => {
    const teacher = await login(t, 'laerer@solbakken.example', DEMO_PASSWORD);
    const today = todayInSchoolZone();
    const friday = addDays(today, (4 - weekDayIndex(today) + 7) % 7);
    const night = await callApi<HouseTonight>(t, teacher, 'GET', '/api/v1/house/tonight');
    expect(night.status).toBe(200);
    // Everyone has a room, two or three to a room.
    const rooms = new Map<string, number>();
    for (const person of [...night.body.people, ...night.body.away]) {
      expect(person.room).toMatch(/^(Nordhuset|Sørhuset|Fjordhuset) \d+$/);
      rooms.set(person.room!, (rooms.get(person.room!) ?? 0) + 1);
    }
    expect(Math.max(...rooms.values())).toBe(3);
    expect(Math.min(...rooms.values())).toBe(2);
    // Tonight's check: all «Inne» but two.
    const statuses = night.body.people.map((person) => person.check?.status);
    expect(statuses.filter((status) => status === 'out')).toHaveLength(2);
    expect(statuses.filter((status) => status === 'in')).toHaveLength(night.body.people.length - 2);

    // On Saturday evening a dozen are home for the weekend, by a teacher of their line.
    vi.spyOn(houseClock, 'now').mockReturnValue(schoolTimeToInstant(addDays(friday, 1), '20:00'));
    const saturday = await callApi<HouseTonight>(t, teacher, 'GET', '/api/v1/house/tonight');
    expect(saturday.body.away).toHaveLength(12);
    expect(new Set(saturday.body.away.map((away) => away.category))).toEqual(new Set(['home']));
    const leaves = await t.ctx.database.db.selectFrom('leave_application').selectAll().execute();
    expect(
      leaves
        .filter((leave) => leave.status === 'pending')
        .map((leave) => leave.category)
        .sort(),
    ).toEqual(['medical', 'school']);
    const approved = leaves.filter((leave) => leave.status === 'approved');
    expect(approved).toHaveLength(12);
    for (const leave of approved) {
      const teaches = await t.ctx.database.db
        .selectFrom('line_member')
        .innerJoin('line_staff', 'line_staff.line_id', 'line_member.line_id')
        .select('line_staff.person_id')
        .where('line_member.person_id', '=', leave.student_id)
        .where('line_staff.person_id', '=', leave.decided_by!)
        .executeTakeFirst();
      expect(teaches).toBeDefined();
    }
  });
});
