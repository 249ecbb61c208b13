import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Elective } from '@tun/shared';
import {
  createPerson,
  createSchool,
  insertElective,
  insertRoom,
  lastLiveEventId,
  liveEventsAfter,
  login,
  setupSchool,
} from './factories';
import { expectNothingWidened, weekNamingTarget } from './calendar-release-factories';
import { createTestApp, dialects, type TestApp } from './helper';

describe.each(dialects())('electives on %s', (dialect) => {
  let t: TestApp;
  let schoolId: string;
  let admin: string;
  let teacher: string;
  let student: string;
  let students: string[];
  let room: string;
  let otherSchoolId: string;
  let otherAdmin: string;
  let otherRoom: string;
  let otherPerson: string;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    ({ schoolId, adminCookie: admin } = await setupSchool(t));
    teacher = await login(t, (await createPerson(t, schoolId, { roles: ['teacher'], login: true })).email);
    const first = await createPerson(t, schoolId, { login: true });
    student = await login(t, first.email);
    students = [
      first.personId,
      (await createPerson(t, schoolId)).personId,
      (await createPerson(t, schoolId, { roles: ['stipp'] })).personId,
    ];
    room = await insertRoom(t, schoolId, 'Keramikkverksted');
    otherSchoolId = await createSchool(t, 'Nabotun');
    otherAdmin = await login(
      t,
      (await createPerson(t, otherSchoolId, { roles: ['admin'], login: true })).email,
    );
    otherRoom = await insertRoom(t, otherSchoolId, 'Nabotuns rom');
    otherPerson = (await createPerson(t, otherSchoolId)).personId;
  });
  afterAll(() => t.close());

  const counts = async () => ({
    electives: (
      await t.ctx.database.db.selectFrom('elective').select('id').where('school_id', '=', schoolId).execute()
    ).length,
    members: (
      await t.ctx.database.db
        .selectFrom('elective_member')
        .select('person_id')
        .where('school_id', '=', schoolId)
        .execute()
    ).length,
  });

  const create = (payload: Record<string, unknown>, cookie = admin) =>
    t.request({ method: 'POST', url: '/api/v1/electives', cookie, payload });

  const get = (id: string, cookie = admin) =>
    t.request({ method: 'GET', url: `/api/v1/electives/${id}`, cookie });

  describe('create and read', () => {
    it('creates an elective with colour, main room and members, and announces it', async () => {
      const before = await lastLiveEventId(t);
      const response = await create({
        name: ' Keramikk ',
        color: 'orange',
        mainRoom: room,
        members: [students[1], students[0], students[1]],
      });
      expect(response.statusCode).toBe(201);
      const elective = response.json<Elective>();
      expect(elective).toEqual({
        id: expect.any(String),
        name: 'Keramikk',
        color: 'orange',
        mainRoom: room,
        members: [students[0], students[1]].sort(),
      });
      expect(await liveEventsAfter(t, before)).toEqual([
        { topic: 'electives', ids: [elective.id], schoolId },
      ]);
      expect((await get(elective.id, student)).json()).toEqual(elective);
    });

    it('stores no main room unless one is given, and members default to none', async () => {
      const response = await create({ name: 'Friluftsliv', color: 'green' });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toEqual({
        id: expect.any(String),
        name: 'Friluftsliv',
        color: 'green',
        members: [],
      });
      expect(response.json()).not.toHaveProperty('mainRoom');
      const withNull = await create({ name: 'Foto', color: 'cyan', mainRoom: null, members: [] });
      expect(withNull.json()).not.toHaveProperty('mainRoom');
    });

    it('lists electives by name with their members, for everyone', async () => {
      // Other tests of this school make electives too: only this test's are compared.
      await insertElective(t, schoolId, { name: 'Ålesund-tur' });
      await insertElective(t, schoolId, { name: 'Band' });
      const withMembers = await create({ name: 'Dans', color: 'red', members: [students[0], students[1]] });
      expect(withMembers.statusCode).toBe(201);
      const response = await t.request({ method: 'GET', url: '/api/v1/electives', cookie: student });
      expect(response.statusCode).toBe(200);
      const list = response.json<Elective[]>();
      const made = ['Ålesund-tur', 'Band', 'Dans'];
      expect(list.map((elective) => elective.name).filter((name) => made.includes(name))).toEqual([
        'Band',
        'Dans',
        'Ålesund-tur',
      ]);
      expect(list.find((elective) => elective.name === 'Dans')?.members).toHaveLength(2);
      expect(list.find((elective) => elective.name === 'Band')?.members).toEqual([]);
    });
  });

  describe('change', () => {
    it('changes only the fields given; members replace the stored ones; null clears the main room', async () => {
      const { id } = (
        await create({ name: 'Klatring', color: 'red', mainRoom: room, members: [students[0]] })
      ).json<Elective>();

      const renamed = await t.request({
        method: 'PATCH',
        url: `/api/v1/electives/${id}`,
        cookie: admin,
        payload: { name: 'Klatring og buldring' },
      });
      expect(renamed.statusCode).toBe(200);
      expect(renamed.json()).toEqual({
        id,
        name: 'Klatring og buldring',
        color: 'red',
        mainRoom: room,
        members: [students[0]],
      });

      const before = await lastLiveEventId(t);
      const changed = await t.request({
        method: 'PATCH',
        url: `/api/v1/electives/${id}`,
        cookie: admin,
        payload: { color: 'teal', mainRoom: null, members: [students[1], students[2]] },
      });
      expect(changed.statusCode).toBe(200);
      expect(changed.json()).toEqual({
        id,
        name: 'Klatring og buldring',
        color: 'teal',
        members: [students[1], students[2]].sort(),
      });
      expect(await liveEventsAfter(t, before)).toEqual([{ topic: 'electives', ids: [id], schoolId }]);

      const emptied = await t.request({
        method: 'PATCH',
        url: `/api/v1/electives/${id}`,
        cookie: admin,
        payload: { members: [] },
      });
      expect(emptied.json().members).toEqual([]);
    });
  });

  describe('validation', () => {
    it('refuses bad fields with their paths and writes nothing', async () => {
      const before = await counts();
      const cases: [Record<string, unknown>, string][] = [
        [{ name: '', color: 'red' }, 'body.name'],
        [{ name: 'x'.repeat(101), color: 'red' }, 'body.name'],
        [{ name: 'Uten farge' }, 'body.color'],
        [{ name: 'Feil farge', color: 'gray' }, 'body.color'],
        [{ name: 'Feil farge', color: '#ff0000' }, 'body.color'],
        [{ name: 'Rom', color: 'red', mainRoom: '' }, 'body.mainRoom'],
        [{ name: 'Medlemmer', color: 'red', members: 'alle' }, 'body.members'],
      ];
      for (const [payload, path] of cases) {
        const response = await create(payload);
        expect(response.statusCode, JSON.stringify(payload)).toBe(400);
        expect(response.json().code).toBe('validation-failed');
        expect(response.json().errors.map((e: { path: string }) => e.path)).toContain(path);
      }
      expect(await counts()).toEqual(before);
    });

    it("refuses another school's room and people, and unknown ones, by field, and writes nothing", async () => {
      const before = await counts();
      const response = await create({
        name: 'Snikinngang',
        color: 'blue',
        mainRoom: otherRoom,
        members: [students[0], otherPerson, 'finnes-ikke'],
      });
      expect(response.statusCode).toBe(400);
      const errors = response.json().errors as { path: string; message: string }[];
      expect(errors.map((error) => error.path).sort()).toEqual([
        'body.mainRoom',
        'body.members',
        'body.members',
      ]);
      expect(JSON.stringify(errors)).not.toContain('Nabotun');
      expect(await counts()).toEqual(before);

      const id = await insertElective(t, schoolId, { name: 'Uendret', mainRoom: room });
      for (const payload of [{ mainRoom: otherRoom }, { members: [otherPerson] }, { color: 'svart' }]) {
        const patch = await t.request({
          method: 'PATCH',
          url: `/api/v1/electives/${id}`,
          cookie: admin,
          payload,
        });
        expect(patch.statusCode, JSON.stringify(payload)).toBe(400);
      }
      expect((await get(id)).json()).toEqual({
        id,
        name: 'Uendret',
        color: 'green',
        mainRoom: room,
        members: [],
      });
    });

    it('answers 404 for an elective that does not exist', async () => {
      const missing = '00000000-0000-4000-8000-000000000000';
      expect((await get(missing)).statusCode).toBe(404);
      const patch = await t.request({
        method: 'PATCH',
        url: `/api/v1/electives/${missing}`,
        cookie: admin,
        payload: { name: 'Ny' },
      });
      expect(patch.statusCode).toBe(404);
    });
  });

  describe('delete', () => {
    it('deletes the elective with its memberships and announces it', async () => {
      const { id } = (await create({ name: 'Slettes', color: 'pink', members: students })).json<Elective>();
      const before = await counts();
      const since = await lastLiveEventId(t);
      const response = await t.request({ method: 'DELETE', url: `/api/v1/electives/${id}`, cookie: admin });
      expect(response.statusCode).toBe(204);
      expect(await counts()).toEqual({
        electives: before.electives - 1,
        members: before.members - students.length,
      });
      expect((await get(id)).statusCode).toBe(404);
      expect(await liveEventsAfter(t, since)).toEqual([{ topic: 'electives', ids: [id], schoolId }]);
      const again = await t.request({ method: 'DELETE', url: `/api/v1/electives/${id}`, cookie: admin });
      expect(again.statusCode).toBe(404);
    });
  });

  describe('permissions', () => {
    it('lets teachers and students view electives but not change them', async () => {
      const id = await insertElective(t, schoolId, { name: 'Bare se' });
      for (const cookie of [teacher, student]) {
        expect((await get(id, cookie)).statusCode).toBe(200);
        expect((await create({ name: 'Nei', color: 'red' }, cookie)).statusCode).toBe(403);
        const patch = await t.request({
          method: 'PATCH',
          url: `/api/v1/electives/${id}`,
          cookie,
          payload: { name: 'Nei' },
        });
        expect(patch.statusCode).toBe(403);
        const del = await t.request({ method: 'DELETE', url: `/api/v1/electives/${id}`, cookie });
        expect(del.statusCode).toBe(403);
      }
      expect((await get(id)).json().name).toBe('Bare se');
    });
  });

  describe('another school', () => {
    it("sees none of this school's electives and gets 404 for every one of them", async () => {
      const { id } = (
        await create({ name: 'Hemmelig valgfag', color: 'violet', mainRoom: room, members: [students[0]] })
      ).json<Elective>();

      const list = await t.request({ method: 'GET', url: '/api/v1/electives', cookie: otherAdmin });
      expect(list.statusCode).toBe(200);
      expect(list.json()).toEqual([]);

      const requests = [
        { method: 'GET', url: `/api/v1/electives/${id}` },
        { method: 'PATCH', url: `/api/v1/electives/${id}`, payload: { name: 'Overtatt' } },
        { method: 'DELETE', url: `/api/v1/electives/${id}` },
      ] as const;
      for (const request of requests) {
        const response = await t.request({ ...request, cookie: otherAdmin });
        expect(response.statusCode, `${request.method} ${request.url}`).toBe(404);
        expect(response.json()).toMatchObject({ code: 'not-found' });
        expect(response.body).not.toContain('Hemmelig');
      }

      // Nor can they build their own elective from this school's room or people.
      const borrowing = await create(
        { name: 'Lånt', color: 'red', mainRoom: room, members: [students[0]] },
        otherAdmin,
      );
      expect(borrowing.statusCode).toBe(400);

      expect((await get(id)).json()).toEqual({
        id,
        name: 'Hemmelig valgfag',
        color: 'violet',
        mainRoom: room,
        members: [students[0]],
      });
    });
  });

  describe('the calendar when the elective is deleted', () => {
    it('lets go of the elective in every schedule entry and event, removing what was for it alone', async () => {
      const scenario = await weekNamingTarget(t, schoolId, admin, 'elective');
      const references = await t.request({ method: 'GET', url: `${scenario.url}/references`, cookie: admin });
      expect(references.statusCode).toBe(200);
      expect(references.json()).toEqual(scenario.expected);
      const deleted = await t.request({ method: 'DELETE', url: scenario.url, cookie: admin });
      expect(deleted.statusCode).toBe(204);
      await expectNothingWidened(t, admin, scenario);
      expect(
        (await t.request({ method: 'GET', url: `${scenario.url}/references`, cookie: admin })).statusCode,
      ).toBe(404);
    });
  });
});
