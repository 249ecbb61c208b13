import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ROOM_REFERENCES } from '../src/modules/rooms/room-references';
import {
  createPerson,
  createSchool,
  insertElective,
  insertLine,
  insertRoom,
  lastLiveEventId,
  liveEventsAfter,
  login,
  setupSchool,
} from './factories';
import { createTestApp, dialects, type TestApp } from './helper';

describe.each(dialects())('rooms on %s', (dialect) => {
  let t: TestApp;
  let schoolId: string;
  let admin: string;
  let teacher: string;
  let otherSchoolId: string;
  let otherAdmin: string;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    ({ schoolId, adminCookie: admin } = await setupSchool(t));
    teacher = await login(t, (await createPerson(t, schoolId, { roles: ['teacher'], login: true })).email);
    otherSchoolId = await createSchool(t, 'Nabotun');
    otherAdmin = await login(
      t,
      (await createPerson(t, otherSchoolId, { roles: ['admin'], login: true })).email,
    );
  });
  afterAll(() => t.close());

  const roomCount = async () =>
    (await t.ctx.database.db.selectFrom('room').select('id').where('school_id', '=', schoolId).execute())
      .length;

  const create = (name: string, cookie = admin) =>
    t.request({ method: 'POST', url: '/api/v1/rooms', cookie, payload: { name } });

  const mainRoomOf = async (table: 'line' | 'elective', id: string) =>
    (await t.ctx.database.db.selectFrom(table).select('main_room_id').where('id', '=', id).executeTakeFirst())
      ?.main_room_id;

  describe('create, list and rename', () => {
    it('creates a room with a trimmed name, announces it, and lists rooms by name as people sort them', async () => {
      const before = await lastLiveEventId(t);
      const created = await create('  Rom 10  ');
      expect(created.statusCode).toBe(201);
      const room = created.json();
      expect(room).toEqual({ id: expect.any(String), name: 'Rom 10' });
      expect(await liveEventsAfter(t, before)).toEqual([{ topic: 'rooms', ids: [room.id], schoolId }]);

      const made = ['Rom 2', 'Øvingsrom', 'aula', 'Ateliér'];
      for (const name of made) expect((await create(name)).statusCode).toBe(201);
      const list = await t.request({ method: 'GET', url: '/api/v1/rooms', cookie: teacher });
      expect(list.statusCode).toBe(200);
      // Other tests of this school make rooms too: only this test's are compared.
      const names: string[] = list.json().map((r: { name: string }) => r.name);
      expect(names.filter((name) => made.includes(name) || name === 'Rom 10')).toEqual([
        'Ateliér',
        'aula',
        'Rom 2',
        'Rom 10',
        'Øvingsrom',
      ]);
    });

    it('shows one room to everyone who may view rooms', async () => {
      const id = await insertRoom(t, schoolId, 'Biblioteket');
      const response = await t.request({ method: 'GET', url: `/api/v1/rooms/${id}`, cookie: teacher });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ id, name: 'Biblioteket' });
    });

    it('renames a room and announces it', async () => {
      const id = await insertRoom(t, schoolId, 'Gamle navnet');
      const before = await lastLiveEventId(t);
      const response = await t.request({
        method: 'PATCH',
        url: `/api/v1/rooms/${id}`,
        cookie: admin,
        payload: { name: 'Nye navnet ' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ id, name: 'Nye navnet' });
      expect(await liveEventsAfter(t, before)).toEqual([{ topic: 'rooms', ids: [id], schoolId }]);
      // Renaming a room to its own name, in another case, is no clash with itself.
      const same = await t.request({
        method: 'PATCH',
        url: `/api/v1/rooms/${id}`,
        cookie: admin,
        payload: { name: 'NYE NAVNET' },
      });
      expect(same.statusCode).toBe(200);
    });

    it('refuses bad names with field errors and writes nothing', async () => {
      const count = await roomCount();
      for (const payload of [{ name: '' }, { name: '   ' }, { name: 'x'.repeat(101) }, {}, { name: 42 }]) {
        const response = await t.request({ method: 'POST', url: '/api/v1/rooms', cookie: admin, payload });
        expect(response.statusCode, JSON.stringify(payload)).toBe(400);
        expect(response.json().code).toBe('validation-failed');
        expect(response.json().errors.map((e: { path: string }) => e.path)).toContain('body.name');
      }
      const id = await insertRoom(t, schoolId, 'Uendret');
      const patch = await t.request({
        method: 'PATCH',
        url: `/api/v1/rooms/${id}`,
        cookie: admin,
        payload: { name: '' },
      });
      expect(patch.statusCode).toBe(400);
      expect(await roomCount()).toBe(count + 1);
      expect(
        (await t.request({ method: 'GET', url: `/api/v1/rooms/${id}`, cookie: admin })).json().name,
      ).toBe('Uendret');
    });

    it('refuses a second room with the same name, whatever the case', async () => {
      await insertRoom(t, schoolId, 'Musikkrom');
      const count = await roomCount();
      const response = await create('MUSIKKROM');
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ code: 'conflict', errors: [{ path: 'body.name' }] });
      const other = await insertRoom(t, schoolId, 'Dansesal');
      const rename = await t.request({
        method: 'PATCH',
        url: `/api/v1/rooms/${other}`,
        cookie: admin,
        payload: { name: 'musikkrom' },
      });
      expect(rename.statusCode).toBe(409);
      expect(await roomCount()).toBe(count + 1);
      // Another school may well have a room of that name.
      expect((await create('Musikkrom', otherAdmin)).statusCode).toBe(201);
    });

    it('lets a teacher view rooms but not change them', async () => {
      expect((await create('Lærerens rom', teacher)).statusCode).toBe(403);
    });
  });

  describe('references and deletion', () => {
    it('counts the lines and electives that would lose the room, and counts no calendar use when there is none', async () => {
      const room = await insertRoom(t, schoolId, 'Verksted');
      const elsewhere = await insertRoom(t, schoolId, 'Annet rom');
      await insertLine(t, schoolId, { mainRoom: room });
      await insertLine(t, schoolId, { mainRoom: room });
      await insertLine(t, schoolId, { mainRoom: elsewhere });
      await insertElective(t, schoolId, { mainRoom: room });
      await insertElective(t, schoolId, { mainRoom: null });

      const response = await t.request({
        method: 'GET',
        url: `/api/v1/rooms/${room}/references`,
        cookie: admin,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ futureEvents: 0, scheduleEvents: 0, lines: 2, electives: 1 });

      const unused = await insertRoom(t, schoolId, 'Ubrukt');
      const none = await t.request({
        method: 'GET',
        url: `/api/v1/rooms/${unused}/references`,
        cookie: admin,
      });
      expect(none.json()).toEqual({ futureEvents: 0, scheduleEvents: 0, lines: 0, electives: 0 });
    });

    it('deletes the room, clears it from lines and electives, and announces all three', async () => {
      const room = await insertRoom(t, schoolId, 'Gymsal');
      const elsewhere = await insertRoom(t, schoolId, 'Kantina');
      const lineA = await insertLine(t, schoolId, { mainRoom: room });
      const lineB = await insertLine(t, schoolId, { mainRoom: room });
      const keptLine = await insertLine(t, schoolId, { mainRoom: elsewhere });
      const elective = await insertElective(t, schoolId, { mainRoom: room });
      const keptElective = await insertElective(t, schoolId, { mainRoom: elsewhere });

      const before = await lastLiveEventId(t);
      const response = await t.request({ method: 'DELETE', url: `/api/v1/rooms/${room}`, cookie: admin });
      expect(response.statusCode).toBe(204);

      expect(await mainRoomOf('line', lineA)).toBeNull();
      expect(await mainRoomOf('line', lineB)).toBeNull();
      expect(await mainRoomOf('elective', elective)).toBeNull();
      expect(await mainRoomOf('line', keptLine)).toBe(elsewhere);
      expect(await mainRoomOf('elective', keptElective)).toBe(elsewhere);
      expect(
        (await t.request({ method: 'GET', url: `/api/v1/rooms/${room}`, cookie: admin })).statusCode,
      ).toBe(404);

      const events = await liveEventsAfter(t, before);
      expect(events.map((event) => event.topic).sort()).toEqual(['electives', 'lines', 'rooms']);
      expect(events.find((event) => event.topic === 'lines')?.ids.sort()).toEqual([lineA, lineB].sort());
      expect(events.find((event) => event.topic === 'electives')?.ids).toEqual([elective]);
      expect(events.find((event) => event.topic === 'rooms')?.ids).toEqual([room]);

      const again = await t.request({ method: 'DELETE', url: `/api/v1/rooms/${room}`, cookie: admin });
      expect(again.statusCode).toBe(404);
    });

    it('announces only rooms when nothing referred to the deleted room', async () => {
      const room = await insertRoom(t, schoolId, 'Bod');
      const before = await lastLiveEventId(t);
      expect(
        (await t.request({ method: 'DELETE', url: `/api/v1/rooms/${room}`, cookie: admin })).statusCode,
      ).toBe(204);
      expect(await liveEventsAfter(t, before)).toEqual([{ topic: 'rooms', ids: [room], schoolId }]);
    });

    it('is one transaction: when a later clean-up fails, the lines keep the room and the room stays', async () => {
      const room = await insertRoom(t, schoolId, 'Scenen');
      const line = await insertLine(t, schoolId, { mainRoom: room });
      const elective = await insertElective(t, schoolId, { mainRoom: room });
      // Lines are cleared first; the electives' clean-up then fails.
      const kinds = ROOM_REFERENCES.map((reference) => reference.kind);
      expect(kinds.indexOf('lines')).toBeLessThan(kinds.indexOf('electives'));
      const electives = ROOM_REFERENCES.find((reference) => reference.kind === 'electives')!;
      const spy = vi.spyOn(electives, 'clear').mockRejectedValueOnce(new Error('disk full'));
      const before = await lastLiveEventId(t);
      try {
        const response = await t.request({ method: 'DELETE', url: `/api/v1/rooms/${room}`, cookie: admin });
        expect(response.statusCode).toBe(500);
      } finally {
        spy.mockRestore();
      }
      expect(await mainRoomOf('line', line)).toBe(room);
      expect(await mainRoomOf('elective', elective)).toBe(room);
      expect(
        (await t.request({ method: 'GET', url: `/api/v1/rooms/${room}`, cookie: admin })).statusCode,
      ).toBe(200);
      expect(await liveEventsAfter(t, before)).toEqual([]);
    });
  });

  describe('another school', () => {
    it("sees none of this school's rooms and gets 404 for every one of them", async () => {
      const room = await insertRoom(t, schoolId, 'Hemmelig rom');
      const line = await insertLine(t, schoolId, { mainRoom: room });

      const list = await t.request({ method: 'GET', url: '/api/v1/rooms', cookie: otherAdmin });
      expect(list.statusCode).toBe(200);
      expect(list.json().map((r: { id: string }) => r.id)).not.toContain(room);
      expect(list.json().map((r: { name: string }) => r.name)).not.toContain('Hemmelig rom');

      const requests = [
        { method: 'GET', url: `/api/v1/rooms/${room}` },
        { method: 'GET', url: `/api/v1/rooms/${room}/references` },
        { method: 'PATCH', url: `/api/v1/rooms/${room}`, payload: { name: 'Overtatt' } },
        { method: 'DELETE', url: `/api/v1/rooms/${room}` },
      ] as const;
      for (const request of requests) {
        const response = await t.request({ ...request, cookie: otherAdmin });
        expect(response.statusCode, `${request.method} ${request.url}`).toBe(404);
        expect(response.json()).toMatchObject({ code: 'not-found' });
        expect(response.body).not.toContain('Hemmelig');
      }
      expect(
        (await t.request({ method: 'GET', url: `/api/v1/rooms/${room}`, cookie: admin })).json().name,
      ).toBe('Hemmelig rom');
      expect(await mainRoomOf('line', line)).toBe(room);
    });
  });
});
