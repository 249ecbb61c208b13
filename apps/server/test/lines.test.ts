import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Line, LineDetails } from '@tun/shared';
import {
  createPerson,
  createSchool,
  insertRoom,
  lastLiveEventId,
  liveEventsSince,
  login,
  setupSchool,
} from './factories';
import { expectNothingWidened, weekNamingTarget } from './calendar-release-factories';
import { createTestApp, dialects, type TestApp } from './helper';

describe.each(dialects())('lines on %s', (dialect) => {
  let t: TestApp;
  let schoolId: string;
  let admin: string;
  let adminId: string;
  let teacher: string;
  let teacherId: string;
  let student: string;
  let roomId: string;
  let otherSchool: string;
  let otherAdmin: string;
  let otherRoom: string;
  let otherPerson: string;

  const db = () => t.ctx.database.db;

  const create = (payload: unknown, cookie = admin) =>
    t.request({ method: 'POST', url: '/api/v1/lines', cookie, payload: payload as object });

  async function newLine(overrides: Record<string, unknown> = {}): Promise<Line> {
    const response = await create({ name: 'Friluftsliv', shortName: 'FRI', color: 'green', ...overrides });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<Line>();
  }

  const setMembers = (id: string, personIds: string[], cookie = admin) =>
    t.request({ method: 'PUT', url: `/api/v1/lines/${id}/members`, cookie, payload: { personIds } });

  const lineCount = async () =>
    Number(
      (
        await db()
          .selectFrom('line')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('school_id', '=', schoolId)
          .executeTakeFirstOrThrow()
      ).n,
    );

  const auditOf = (entityId: string) =>
    db().selectFrom('audit_log').selectAll().where('entity_id', '=', entityId).orderBy('at').execute();

  beforeAll(async () => {
    t = await createTestApp(dialect);
    ({ schoolId, adminCookie: admin, adminId } = await setupSchool(t));
    const teacherMember = await createPerson(t, schoolId, { roles: ['teacher'], login: true });
    teacherId = teacherMember.personId;
    teacher = await login(t, teacherMember.email);
    student = await login(t, (await createPerson(t, schoolId, { login: true })).email);
    roomId = await insertRoom(t, schoolId, 'Verkstedet');

    otherSchool = await createSchool(t, 'Nabotun');
    otherAdmin = await login(
      t,
      (await createPerson(t, otherSchool, { roles: ['admin'], login: true })).email,
    );
    otherRoom = await insertRoom(t, otherSchool, 'Naborommet');
    otherPerson = (await createPerson(t, otherSchool)).personId;
  });
  afterAll(() => t.close());

  describe('create', () => {
    it('creates a line with room, teachers and assistants, audited and announced', async () => {
      const assistant = (await createPerson(t, schoolId, { roles: ['stipp'] })).personId;
      const before = await lastLiveEventId(t);
      const response = await create({
        name: '  Friluftsliv ',
        shortName: 'FRI',
        color: 'green',
        mainRoom: roomId,
        teachers: [teacherId, teacherId],
        assistants: [assistant],
      });
      expect(response.statusCode, response.body).toBe(201);
      const line = response.json<Line>();
      expect(line).toEqual({
        id: expect.any(String),
        name: 'Friluftsliv',
        shortName: 'FRI',
        color: 'green',
        mainRoom: roomId,
        teachers: [teacherId],
        assistants: [assistant],
        memberCount: 0,
      });
      expect(await liveEventsSince(t, schoolId, before)).toEqual([{ topic: 'lines', ids: [line.id] }]);
      const audit = await auditOf(line.id);
      expect(audit.map((row) => [row.action, row.entity, row.actor_person_id])).toEqual([
        ['create', 'line', adminId],
      ]);
    });

    it('stores no room when none is given, and then shows no mainRoom at all', async () => {
      const line = await newLine({ mainRoom: null });
      expect('mainRoom' in line).toBe(false);
      const row = await db()
        .selectFrom('line')
        .select('main_room_id')
        .where('id', '=', line.id)
        .executeTakeFirst();
      expect(row?.main_room_id).toBeNull();
      const listed = (await t.request({ method: 'GET', url: '/api/v1/lines', cookie: admin }))
        .json<Line[]>()
        .find((l) => l.id === line.id);
      expect(listed && 'mainRoom' in listed).toBe(false);
    });

    it.each([
      ['an empty name', { name: ' ' }, 'body.name'],
      ['a name over 100 characters', { name: 'x'.repeat(101) }, 'body.name'],
      ['an empty short name', { shortName: '' }, 'body.shortName'],
      ['a short name over 20 characters', { shortName: 'x'.repeat(21) }, 'body.shortName'],
      ['an unknown colour theme', { color: 'plaid' }, 'body.color'],
      ['teachers that are not a list', { teachers: 'nei' }, 'body.teachers'],
    ])('refuses %s with 400 and writes nothing', async (_label, change, path) => {
      const count = await lineCount();
      const response = await create({ name: 'Kunst', shortName: 'KU', color: 'red', ...change });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors.map((e: { path: string }) => e.path)).toContain(path);
      expect(await lineCount()).toBe(count);
    });

    it('refuses a room, teacher or assistant of another school (or none), naming each field', async () => {
      const count = await lineCount();
      const response = await create({
        name: 'Kunst',
        shortName: 'KU',
        color: 'red',
        mainRoom: otherRoom,
        teachers: [teacherId, otherPerson],
        assistants: ['finnes-ikke'],
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('validation-failed');
      expect(
        response
          .json()
          .errors.map((e: { path: string }) => e.path)
          .sort(),
      ).toEqual(['assistants', 'mainRoom', 'teachers']);
      expect(await lineCount()).toBe(count);
      expect(
        await db().selectFrom('line_staff').selectAll().where('person_id', '=', otherPerson).execute(),
      ).toEqual([]);
    });

    it('is for admins only', async () => {
      const count = await lineCount();
      const response = await create({ name: 'Kunst', shortName: 'KU', color: 'red' }, teacher);
      expect(response.statusCode).toBe(403);
      expect(await lineCount()).toBe(count);
    });
  });

  describe('read', () => {
    it('lists every line with member counts, for everyone', async () => {
      const a = await newLine({ name: 'Aaa-linje' });
      const b = await newLine({ name: 'Bbb-linje' });
      const c = await newLine({ name: 'Ccc-linje' });
      const people = await Promise.all([1, 2, 3].map(async () => (await createPerson(t, schoolId)).personId));
      expect((await setMembers(a.id, people)).statusCode).toBe(200);
      expect((await setMembers(b.id, [people[0]!])).statusCode).toBe(200);
      for (const cookie of [admin, teacher, student]) {
        const response = await t.request({ method: 'GET', url: '/api/v1/lines', cookie });
        expect(response.statusCode).toBe(200);
        const counts = Object.fromEntries(response.json<Line[]>().map((l) => [l.id, l.memberCount]));
        expect([counts[a.id], counts[b.id], counts[c.id]]).toEqual([3, 1, 0]);
      }
    });

    it('shows one line with its members', async () => {
      const line = await newLine({ teachers: [teacherId] });
      const people = [(await createPerson(t, schoolId)).personId, (await createPerson(t, schoolId)).personId];
      await setMembers(line.id, people);
      const response = await t.request({ method: 'GET', url: `/api/v1/lines/${line.id}`, cookie: student });
      expect(response.statusCode).toBe(200);
      const details = response.json<LineDetails>();
      expect(details.members.sort()).toEqual([...people].sort());
      expect(details.memberCount).toBe(2);
      expect(details.teachers).toEqual([teacherId]);
    });

    it('answers 404 for a line that does not exist', async () => {
      const response = await t.request({ method: 'GET', url: '/api/v1/lines/finnes-ikke', cookie: admin });
      expect(response.statusCode).toBe(404);
    });
  });

  describe('change', () => {
    it('changes fields, replaces staff and clears the room', async () => {
      const line = await newLine({ mainRoom: roomId, teachers: [teacherId] });
      const assistant = (await createPerson(t, schoolId)).personId;
      const before = await lastLiveEventId(t);
      const response = await t.request({
        method: 'PATCH',
        url: `/api/v1/lines/${line.id}`,
        cookie: admin,
        payload: { name: 'Friluft og fjell', mainRoom: null, teachers: [], assistants: [assistant] },
      });
      expect(response.statusCode, response.body).toBe(200);
      const changed = response.json<Line>();
      expect(changed).toEqual({
        id: line.id,
        name: 'Friluft og fjell',
        shortName: line.shortName,
        color: line.color,
        teachers: [],
        assistants: [assistant],
        memberCount: 0,
      });
      expect(await liveEventsSince(t, schoolId, before)).toEqual([{ topic: 'lines', ids: [line.id] }]);
      const audit = await auditOf(line.id);
      expect(audit.at(-1)?.action).toBe('update');
    });

    it('leaves what is not given as it was', async () => {
      const line = await newLine({ mainRoom: roomId, teachers: [teacherId] });
      const response = await t.request({
        method: 'PATCH',
        url: `/api/v1/lines/${line.id}`,
        cookie: admin,
        payload: { color: 'blue' },
      });
      expect(response.json<Line>()).toEqual({ ...line, color: 'blue' });
    });

    it('refuses bad input with 400 and changes nothing', async () => {
      const line = await newLine({ mainRoom: roomId, teachers: [teacherId] });
      for (const payload of [
        { name: 'Nytt navn', mainRoom: otherRoom },
        { name: 'Nytt navn', teachers: [otherPerson] },
        { name: '', color: 'blue' },
        { color: 'svart' },
      ]) {
        const response = await t.request({
          method: 'PATCH',
          url: `/api/v1/lines/${line.id}`,
          cookie: admin,
          payload,
        });
        expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      }
      const stored = await t.request({ method: 'GET', url: `/api/v1/lines/${line.id}`, cookie: admin });
      expect(stored.json<LineDetails>()).toEqual({ ...line, members: [] });
    });
  });

  describe('members', () => {
    it('sets the members, announcing the line and the people whose memberOf changed', async () => {
      const line = await newLine();
      const [a, b, c] = [
        (await createPerson(t, schoolId)).personId,
        (await createPerson(t, schoolId)).personId,
        (await createPerson(t, schoolId)).personId,
      ];
      expect((await setMembers(line.id, [a!, b!, b!])).json<LineDetails>().members.sort()).toEqual(
        [a, b].sort(),
      );
      const before = await lastLiveEventId(t);
      const response = await setMembers(line.id, [b!, c!]);
      expect(response.statusCode).toBe(200);
      expect(response.json<LineDetails>().memberCount).toBe(2);
      const events = await liveEventsSince(t, schoolId, before);
      expect(events.map((e) => e.topic)).toEqual(['lines', 'people']);
      expect(events[1]?.ids.sort()).toEqual([a, c].sort());
      const audit = (await auditOf(line.id)).filter((row) => row.entity === 'line-members');
      expect(audit).toHaveLength(2);
      expect(JSON.parse(audit[1]!.before!)).toEqual({ members: [a, b].sort() });
      // The person's memberOf is the same data.
      const memberOf = await db()
        .selectFrom('line_member')
        .select('line_id')
        .where('person_id', '=', c!)
        .execute();
      expect(memberOf.map((row) => row.line_id)).toEqual([line.id]);
    });

    it('announces nothing when nothing changes', async () => {
      const line = await newLine();
      const a = (await createPerson(t, schoolId)).personId;
      await setMembers(line.id, [a]);
      const before = await lastLiveEventId(t);
      expect((await setMembers(line.id, [a])).statusCode).toBe(200);
      expect(await liveEventsSince(t, schoolId, before)).toEqual([]);
    });

    it("refuses another school's person or an unknown id with 400 and changes nothing", async () => {
      const line = await newLine();
      const a = (await createPerson(t, schoolId)).personId;
      await setMembers(line.id, [a]);
      for (const ids of [[a, otherPerson], ['finnes-ikke']]) {
        const response = await setMembers(line.id, ids);
        expect(response.statusCode).toBe(400);
        expect(response.json().errors[0].path).toBe('personIds');
      }
      expect((await setMembers(line.id, 'nei' as unknown as string[])).statusCode).toBe(400);
      const stored = await t.request({ method: 'GET', url: `/api/v1/lines/${line.id}`, cookie: admin });
      expect(stored.json<LineDetails>().members).toEqual([a]);
    });

    it('is for admins only', async () => {
      const line = await newLine();
      const a = (await createPerson(t, schoolId)).personId;
      expect((await setMembers(line.id, [a], teacher)).statusCode).toBe(403);
      expect((await setMembers(line.id, [a], student)).statusCode).toBe(403);
    });
  });

  describe('delete', () => {
    it("removes the line and every member's membership in one go, and says how many", async () => {
      const line = await newLine({ name: 'Friluftsliv', mainRoom: roomId, teachers: [teacherId] });
      const keep = await newLine({ name: 'Musikk' });
      const [a, b] = [(await createPerson(t, schoolId)).personId, (await createPerson(t, schoolId)).personId];
      await setMembers(line.id, [a!, b!]);
      await setMembers(keep.id, [a!]);
      const before = await lastLiveEventId(t);

      const response = await t.request({ method: 'DELETE', url: `/api/v1/lines/${line.id}`, cookie: admin });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ removedMembers: 2 });

      expect(await db().selectFrom('line').select('id').where('id', '=', line.id).execute()).toEqual([]);
      expect(
        await db().selectFrom('line_member').select('person_id').where('line_id', '=', line.id).execute(),
      ).toEqual([]);
      expect(
        await db().selectFrom('line_staff').select('person_id').where('line_id', '=', line.id).execute(),
      ).toEqual([]);
      // The people stay, and so do their other memberships.
      expect(
        await db().selectFrom('person').select('id').where('id', 'in', [a!, b!, teacherId]).execute(),
      ).toHaveLength(3);
      const remaining = await t.request({ method: 'GET', url: `/api/v1/lines/${keep.id}`, cookie: admin });
      expect(remaining.json<LineDetails>().members).toEqual([a]);

      const events = await liveEventsSince(t, schoolId, before);
      expect(events.map((e) => e.topic)).toEqual(['lines', 'people']);
      expect(events[0]?.ids).toEqual([line.id]);
      expect(events[1]?.ids.sort()).toEqual([a, b].sort());
      const audit = await auditOf(line.id);
      expect(audit.at(-1)?.action).toBe('delete');
      expect(JSON.parse(audit.at(-1)!.before!).members.sort()).toEqual([a, b].sort());

      const again = await t.request({ method: 'DELETE', url: `/api/v1/lines/${line.id}`, cookie: admin });
      expect(again.statusCode).toBe(404);
    });

    it('deletes a line without members and announces only the line', async () => {
      const line = await newLine();
      const before = await lastLiveEventId(t);
      const response = await t.request({ method: 'DELETE', url: `/api/v1/lines/${line.id}`, cookie: admin });
      expect(response.json()).toEqual({ removedMembers: 0 });
      expect((await liveEventsSince(t, schoolId, before)).map((e) => e.topic)).toEqual(['lines']);
    });

    it('is for admins only', async () => {
      const line = await newLine();
      const response = await t.request({
        method: 'DELETE',
        url: `/api/v1/lines/${line.id}`,
        cookie: teacher,
      });
      expect(response.statusCode).toBe(403);
      expect(await db().selectFrom('line').select('id').where('id', '=', line.id).execute()).toHaveLength(1);
    });
  });

  describe('another school', () => {
    it("gets 404 on every id route and sees none of this school's lines", async () => {
      const line = await newLine({ name: 'Hemmelig linje', mainRoom: roomId });
      const member = (await createPerson(t, schoolId)).personId;
      await setMembers(line.id, [member]);
      const requests = [
        { method: 'GET', url: `/api/v1/lines/${line.id}` },
        { method: 'PATCH', url: `/api/v1/lines/${line.id}`, payload: { name: 'Kapret' } },
        { method: 'PUT', url: `/api/v1/lines/${line.id}/members`, payload: { personIds: [] } },
        { method: 'DELETE', url: `/api/v1/lines/${line.id}` },
      ] as const;
      for (const request of requests) {
        const response = await t.request({ ...request, cookie: otherAdmin });
        expect(response.statusCode, `${request.method} ${request.url}`).toBe(404);
        expect(response.body).not.toContain('Hemmelig');
      }
      const list = await t.request({ method: 'GET', url: '/api/v1/lines', cookie: otherAdmin });
      // The other school may have lines of its own, made by other tests.
      const ours = new Set(
        (await db().selectFrom('line').select('id').where('school_id', '=', schoolId).execute()).map(
          (row) => row.id,
        ),
      );
      expect(list.json<{ id: string }[]>().filter((other) => ours.has(other.id))).toEqual([]);

      const stored = await t.request({ method: 'GET', url: `/api/v1/lines/${line.id}`, cookie: admin });
      expect(stored.json<LineDetails>()).toMatchObject({ name: 'Hemmelig linje', members: [member] });
    });

    it("cannot make this school's people members of its own line", async () => {
      const response = await create(
        { name: 'Nabolinje', shortName: 'NL', color: 'teal', mainRoom: otherRoom, teachers: [teacherId] },
        otherAdmin,
      );
      expect(response.statusCode).toBe(400);
      expect(response.json().errors.map((e: { path: string }) => e.path)).toEqual(['teachers']);
      const own = await create(
        { name: 'Nabolinje', shortName: 'NL', color: 'teal', mainRoom: otherRoom },
        otherAdmin,
      );
      expect(own.statusCode).toBe(201);
      const members = await setMembers(own.json<Line>().id, [teacherId], otherAdmin);
      expect(members.statusCode).toBe(400);
    });
  });

  describe('the calendar when the line is deleted', () => {
    it('lets go of the line in every schedule entry and event, removing what was for it alone', async () => {
      const scenario = await weekNamingTarget(t, schoolId, admin, 'line');
      const references = await t.request({ method: 'GET', url: `${scenario.url}/references`, cookie: admin });
      expect(references.statusCode).toBe(200);
      expect(references.json()).toEqual(scenario.expected);
      const deleted = await t.request({ method: 'DELETE', url: scenario.url, cookie: admin });
      expect(deleted.statusCode).toBe(200);
      await expectNothingWidened(t, admin, scenario);
      expect(
        (await t.request({ method: 'GET', url: `${scenario.url}/references`, cookie: admin })).statusCode,
      ).toBe(404);
    });
  });
});
