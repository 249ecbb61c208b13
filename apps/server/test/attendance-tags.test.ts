import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SPEC_MESSAGES, type AttendanceSheet, type CalendarEvent, type RoomTag } from '@tun/shared';
import { tagClock } from '../src/modules/attendance-tags/attendance-tags.service';
import {
  createPerson,
  createSchool,
  lastLiveEventId,
  liveEventsAfter,
  login,
  setupSchool,
} from './factories';
import { createTestApp, dialects, type TestApp } from './helper';

// Tuesday 24 November 2026: Oslo is UTC+1.
const DAY = '2026-11-24';
const at = (date: string, time: string) => Date.parse(`${date}T${time}+01:00`);

describe.each(dialects())('tag scans on %s', (dialect) => {
  let t: TestApp;
  let schoolId: string;
  let admin: string;
  const cookies = {
    teacher: '',
    janitor: '',
    kitchen: '',
    stipp: '',
    student: '',
    student2: '',
    student3: '',
  };
  const ids = { student: '', student2: '', student3: '' };
  let otherAdmin: string;
  let otherRoom: string;
  /** A room with a fixed tag, where most scans happen: no test changes its tag. */
  let classroom: string;
  /** A room without a tag: no test gives it one. */
  let bareRoom: string;
  let lineA: string;
  let lineB: string;

  const api = async <T = unknown>(
    cookie: string,
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    payload?: object,
  ) => {
    const body = payload === undefined || method === 'GET' ? {} : { payload };
    const response = await t.request({ method, url, cookie, ...body });
    return {
      status: response.statusCode,
      headers: response.headers,
      body: (response.body ? response.json() : null) as T,
    };
  };

  /** Moves the scan clock (and only it) to an instant. */
  const setNow = (ms: number) => vi.spyOn(tagClock, 'now').mockReturnValue(ms);

  const tagOf = (room: string, cookie = admin) => api<RoomTag>(cookie, 'GET', `/api/v1/rooms/${room}/tag`);

  const newRoom = async (name: string, cookie = admin) =>
    (await api<{ id: string }>(cookie, 'POST', '/api/v1/rooms', { name })).body.id;

  /** A room of its own with a tag, for a test that changes the tag or its room. */
  const taggedRoom = async (name: string, rotating = false) => {
    const room = await newRoom(name);
    expect((await api(admin, 'POST', `/api/v1/rooms/${room}/tag`, { rotating })).status).toBe(201);
    return room;
  };

  const scan = (cookie: string, roomId: string, key: string) =>
    api<{ event: { id: string; name: string; start: string; end: string }; status: string } & Problem>(
      cookie,
      'POST',
      '/api/v1/attendance/scan',
      { roomId, key },
    );

  type Problem = { code: string; title: string; detail?: string; opensAt?: string; event?: { name: string } };

  let eventCounter = 0;
  /** A one-off event in a room; `line` attends (none: the whole school). */
  const createEvent = async (
    room: string,
    date: string,
    from: string,
    to: string,
    line: string | null = lineA,
  ) => {
    eventCounter += 1;
    const response = await api<CalendarEvent>(admin, 'POST', '/api/v1/calendar/events', {
      name: `Time ${eventCounter}`,
      start: new Date(at(date, from)).toISOString(),
      end: new Date(at(date, to)).toISOString(),
      type: 'class',
      mandatory: true,
      roomUsed: room,
      groupsAttending: line ? [line] : [],
    });
    expect(response.status).toBe(201);
    return response.body;
  };

  /** The student's row on the teacher's sheet. */
  const sheetRow = async (eventId: string, studentId: string) => {
    const sheet = await api<AttendanceSheet>(
      cookies.teacher,
      'GET',
      `/api/v1/attendance/events/${encodeURIComponent(eventId)}`,
    );
    expect(sheet.status).toBe(200);
    return sheet.body.rows.find((row) => row.studentId === studentId);
  };

  /** The stored record, with what a sheet's rows leave out (the event's minutes, when it changed). */
  const storedRecord = (eventId: string, studentId: string) =>
    t.ctx.database.db
      .selectFrom('attendance')
      .selectAll()
      .where('school_id', '=', schoolId)
      .where('id', '=', `${eventId}-${studentId}`)
      .executeTakeFirst();

  const attendanceRows = async () =>
    Number(
      (
        await t.ctx.database.db
          .selectFrom('attendance')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('school_id', '=', schoolId)
          .executeTakeFirstOrThrow()
      ).n,
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
      ['student3', []],
    ] as const) {
      const member = await createPerson(t, schoolId, { roles, login: true });
      cookies[key] = await login(t, member.email);
      if (key in ids) ids[key as keyof typeof ids] = member.personId;
    }
    classroom = await taggedRoom('Klasserom 1');
    bareRoom = await newRoom('Lageret');
    lineA = (
      await api<{ id: string }>(admin, 'POST', '/api/v1/lines', {
        name: 'Friluft',
        shortName: 'FRI',
        color: 'green',
      })
    ).body.id;
    lineB = (
      await api<{ id: string }>(admin, 'POST', '/api/v1/lines', {
        name: 'Musikk',
        shortName: 'MUS',
        color: 'grape',
      })
    ).body.id;
    await api(admin, 'PUT', `/api/v1/lines/${lineA}/members`, { personIds: [ids.student, ids.student3] });
    await api(admin, 'PUT', `/api/v1/lines/${lineB}/members`, { personIds: [ids.student2] });

    otherAdmin = await login(
      t,
      (await createPerson(t, await createSchool(t), { roles: ['admin'], login: true })).email,
    );
    otherRoom = await newRoom('Nabo-rommet', otherAdmin);
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });
  afterAll(() => t.close());

  describe('a room’s tag', () => {
    it('is missing at first: 404 with the SPEC text', async () => {
      const response = await tagOf(await newRoom('Ny'));
      expect(response.status).toBe(404);
      expect(response.body).toMatchObject({
        code: 'room-without-tag',
        title: SPEC_MESSAGES.roomWithoutTag,
      });
    });

    it('is registered by staff and gives the key of the day, its school date and the scan link', async () => {
      setNow(at(DAY, '08:00:00'));
      const room = await newRoom('Klasserom 2');
      const created = await api<RoomTag>(cookies.teacher, 'POST', `/api/v1/rooms/${room}/tag`, {
        rotating: false,
      });
      expect(created.status).toBe(201);
      expect(created.headers['cache-control']).toBe('no-store');
      const tag = created.body;
      expect(tag).toMatchObject({
        roomId: room,
        rotating: false,
        date: DAY,
        minuteCode: null,
        secondsLeft: null,
      });
      expect(tag.keyOfTheDay).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect(tag.scanUrl).toBe(`${t.ctx.config.publicUrl}/app/scan?room=${room}&key=${tag.keyOfTheDay}`);
      // Every kind of staff sees the same key; it does not change during the day.
      for (const cookie of [admin, cookies.teacher, cookies.janitor, cookies.kitchen]) {
        setNow(at(DAY, '23:59:59'));
        const seen = await tagOf(room, cookie);
        expect(seen.status).toBe(200);
        expect(seen.body.keyOfTheDay).toBe(tag.keyOfTheDay);
      }
    });

    it('is not shown to students and scholars', async () => {
      const room = await newRoom('Uten merke');
      for (const cookie of [cookies.student, cookies.stipp]) {
        expect((await tagOf(classroom, cookie)).status).toBe(403);
        expect((await api(cookie, 'POST', `/api/v1/rooms/${room}/tag`, { rotating: false })).status).toBe(
          403,
        );
      }
      expect((await tagOf(room)).status).toBe(404);
    });

    it('has a new key after midnight school time, without anything stored per day', async () => {
      setNow(at(DAY, '23:59:59'));
      const before = (await tagOf(classroom)).body;
      setNow(at('2026-11-25', '00:00:00'));
      const after = (await tagOf(classroom)).body;
      expect(before.date).toBe(DAY);
      expect(after.date).toBe('2026-11-25');
      expect(after.keyOfTheDay).not.toBe(before.keyOfTheDay);
      // Midnight in summer time is 22:00 UTC.
      setNow(Date.parse('2026-06-14T21:59:59Z'));
      const june = (await tagOf(classroom)).body;
      setNow(Date.parse('2026-06-14T22:00:00Z'));
      expect((await tagOf(classroom)).body.date).toBe('2026-06-15');
      expect(june.date).toBe('2026-06-14');
    });

    it('refuses bad input with nothing written', async () => {
      const room = await newRoom('Feil');
      const response = await api<{ code: string }>(admin, 'POST', `/api/v1/rooms/${room}/tag`, {
        rotating: 'ja',
      });
      expect(response.status).toBe(400);
      expect(response.body.code).toBe('validation-failed');
      expect((await tagOf(room)).status).toBe(404);
    });

    it('is another school’s business: 404 and no data both ways', async () => {
      const ours = await taggedRoom('Vårt');
      const before = (await tagOf(ours)).body;
      const theirRoom = await newRoom('Deres', otherAdmin);
      for (const method of ['GET', 'POST', 'PATCH', 'DELETE'] as const) {
        const mine = await api<{ code: string }>(otherAdmin, method, `/api/v1/rooms/${ours}/tag`, {
          rotating: true,
        });
        expect(mine.status, method).toBe(404);
        expect(mine.body.code).toBe('not-found');
        const theirs = await api<{ code: string }>(admin, method, `/api/v1/rooms/${theirRoom}/tag`, {
          rotating: true,
        });
        expect(theirs.status, method).toBe(404);
      }
      const after = await api<RoomTag>(admin, 'GET', `/api/v1/rooms/${ours}/tag`);
      expect(after.status).toBe(200);
      expect(after.body).toMatchObject({ rotating: false, keyOfTheDay: before.keyOfTheDay });
      // Another school's admin did not give our room a tag of theirs, nor theirs one.
      expect((await tagOf(theirRoom, otherAdmin)).status).toBe(404);
    });

    it('is renewed with a new secret (the old key stops working) and audited without the secret', async () => {
      setNow(at(DAY, '08:00:00'));
      const room = await api<{ id: string }>(admin, 'POST', '/api/v1/rooms', { name: 'Fornyes' });
      const first = await api<RoomTag>(cookies.janitor, 'POST', `/api/v1/rooms/${room.body.id}/tag`, {});
      expect(first.status).toBe(201);
      const before = await lastLiveEventId(t);
      const renewed = await api<RoomTag>(cookies.kitchen, 'POST', `/api/v1/rooms/${room.body.id}/tag`, {
        rotating: false,
      });
      expect(renewed.status).toBe(200);
      expect(renewed.body.keyOfTheDay).not.toBe(first.body.keyOfTheDay);
      expect(await liveEventsAfter(t, before)).toEqual([{ topic: 'rooms', ids: [room.body.id], schoolId }]);
      const refused = await scan(cookies.student, room.body.id, first.body.keyOfTheDay);
      expect(refused.status).toBe(400);
      expect(refused.body.code).toBe('scan-key-invalid');

      const audit = await t.ctx.database.db
        .selectFrom('audit_log')
        .select(['action', 'before', 'after'])
        .where('entity', '=', 'room_tag')
        .where('entity_id', '=', room.body.id)
        .orderBy('at')
        .execute();
      expect(audit.map((row) => row.action)).toEqual(['create', 'renew']);
      const secret = (await t.ctx.database.db
        .selectFrom('room_tag')
        .select('secret')
        .where('room_id', '=', room.body.id)
        .executeTakeFirstOrThrow())!.secret;
      expect(JSON.stringify(audit)).not.toContain(secret);
    });

    it('switches to a screen and back keeping its secret, and is removed', async () => {
      setNow(at(DAY, '08:00:00'));
      const room = (await api<{ id: string }>(admin, 'POST', '/api/v1/rooms', { name: 'Bytter' })).body.id;
      const fixed = (await api<RoomTag>(admin, 'POST', `/api/v1/rooms/${room}/tag`, { rotating: false }))
        .body;
      const screen = await api<RoomTag>(admin, 'PATCH', `/api/v1/rooms/${room}/tag`, { rotating: true });
      expect(screen.status).toBe(200);
      expect(screen.body.rotating).toBe(true);
      expect(screen.body.keyOfTheDay).toBe(fixed.keyOfTheDay);
      const back = await api<RoomTag>(admin, 'PATCH', `/api/v1/rooms/${room}/tag`, { rotating: false });
      expect(back.body).toMatchObject({
        rotating: false,
        keyOfTheDay: fixed.keyOfTheDay,
        scanUrl: fixed.scanUrl,
      });

      expect((await api(cookies.teacher, 'DELETE', `/api/v1/rooms/${room}/tag`)).status).toBe(204);
      expect((await tagOf(room)).body).toMatchObject({ code: 'room-without-tag' });
      expect((await api(admin, 'DELETE', `/api/v1/rooms/${room}/tag`)).status).toBe(404);
      expect((await api(admin, 'PATCH', `/api/v1/rooms/${room}/tag`, { rotating: true })).status).toBe(404);
    });

    it('goes with its room', async () => {
      const room = (await api<{ id: string }>(admin, 'POST', '/api/v1/rooms', { name: 'Rives' })).body.id;
      await api(admin, 'POST', `/api/v1/rooms/${room}/tag`, { rotating: false });
      expect((await api(admin, 'DELETE', `/api/v1/rooms/${room}`)).status).toBe(204);
      const rows = await t.ctx.database.db
        .selectFrom('room_tag')
        .select('room_id')
        .where('room_id', '=', room)
        .execute();
      expect(rows).toEqual([]);
    });
  });

  describe('scanning a room without a screen', () => {
    const keyAt = async (room: string, ms: number) => {
      setNow(ms);
      return (await tagOf(room)).body.keyOfTheDay;
    };

    it('marks the student attending inside the window, on the teacher’s sheet too, live', async () => {
      const event = await createEvent(classroom, DAY, '10:00', '11:00');
      const key = await keyAt(classroom, at(DAY, '10:30:00'));
      const before = await lastLiveEventId(t);
      const response = await scan(cookies.student, classroom, key);
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        event: { id: event.id, name: event.name, start: event.start, end: event.end },
        status: 'attending',
      });
      expect(await liveEventsAfter(t, before)).toEqual([{ topic: 'attendance', ids: [event.id], schoolId }]);
      const row = await sheetRow(event.id, ids.student);
      expect(row).toMatchObject({ status: 'attending' });
      expect(row?.record).toMatchObject({
        nfcStatus: 'attending',
        manualStatus: null,
        registeredBy: ids.student,
      });
      expect(await storedRecord(event.id, ids.student)).toMatchObject({
        event_duration: 60,
        status: 'attending',
      });
      // The classmate who did not scan is still not there.
      expect((await sheetRow(event.id, ids.student3))?.record).toBeNull();
    });

    it('is idempotent: a second scan changes nothing', async () => {
      const event = await createEvent(classroom, DAY, '12:00', '13:00');
      const key = await keyAt(classroom, at(DAY, '12:05:00'));
      expect((await scan(cookies.student, classroom, key)).status).toBe(200);
      const record = await storedRecord(event.id, ids.student);
      const audits = await t.ctx.database.db
        .selectFrom('audit_log')
        .select('id')
        .where('entity', '=', 'attendance')
        .execute();
      const again = await scan(cookies.student, classroom, key);
      expect(again.status).toBe(200);
      expect(again.body.event.id).toBe(event.id);
      expect(await storedRecord(event.id, ids.student)).toEqual(record);
      expect(
        await t.ctx.database.db
          .selectFrom('audit_log')
          .select('id')
          .where('entity', '=', 'attendance')
          .execute(),
      ).toHaveLength(audits.length);
    });

    it('accepts a scan 10 minutes before the start and refuses one 11 minutes before', async () => {
      const event = await createEvent(classroom, '2026-11-26', '09:00', '10:00');
      const early = await scan(
        cookies.student,
        classroom,
        await keyAt(classroom, at('2026-11-26', '08:49:00')),
      );
      expect(early.status).toBe(409);
      expect(early.body).toMatchObject({
        code: 'scan-too-early',
        opensAt: new Date(at('2026-11-26', '08:50:00')).toISOString(),
        event: { id: event.id, name: event.name },
      });
      expect(early.body.detail).toContain('kl. 08:50');
      expect((await sheetRow(event.id, ids.student))?.record).toBeNull();

      const onTime = await scan(
        cookies.student,
        classroom,
        await keyAt(classroom, at('2026-11-26', '08:50:00')),
      );
      expect(onTime.status).toBe(200);
      expect(onTime.body.event.id).toBe(event.id);
    });

    it('accepts a scan at exactly the end (SPEC §4: both ends count) and refuses one a millisecond later', async () => {
      const event = await createEvent(classroom, '2026-12-07', '09:00', '10:00');
      const late = await scan(
        cookies.student3,
        classroom,
        await keyAt(classroom, at('2026-12-07', '10:00:00.001')),
      );
      expect(late.status).toBe(409);
      expect(late.body.code).toBe('scan-no-event');
      expect((await sheetRow(event.id, ids.student3))?.record).toBeNull();

      const atEnd = await scan(
        cookies.student,
        classroom,
        await keyAt(classroom, at('2026-12-07', '10:00:00')),
      );
      expect(atEnd.status).toBe(200);
      expect(atEnd.body).toMatchObject({ event: { id: event.id }, status: 'attending' });

      // An evening event ending at midnight is still open at midnight, the first instant of a new day.
      const evening = await api<CalendarEvent>(admin, 'POST', '/api/v1/calendar/events', {
        name: 'Kveldsøkt',
        start: new Date(at('2026-12-07', '23:00')).toISOString(),
        end: new Date(at('2026-12-08', '00:00')).toISOString(),
        type: 'class',
        mandatory: true,
        roomUsed: classroom,
        groupsAttending: [lineA],
      });
      expect(evening.status).toBe(201);
      const midnight = await scan(
        cookies.student,
        classroom,
        await keyAt(classroom, at('2026-12-08', '00:00:00')),
      );
      expect(midnight.status).toBe(200);
      expect(midnight.body.event.id).toBe(evening.body.id);
      const after = await scan(
        cookies.student3,
        classroom,
        await keyAt(classroom, at('2026-12-08', '00:00:00.001')),
      );
      expect(after.body.code).toBe('scan-no-event');
    });

    it('refuses a scan after the end, and one with no event ahead', async () => {
      const event = await createEvent(classroom, '2026-11-27', '09:00', '10:00');
      const rows = await attendanceRows();
      for (const time of ['10:00:00.001', '10:30:00']) {
        const late = await scan(cookies.student, classroom, await keyAt(classroom, at('2026-11-27', time)));
        expect(late.status, time).toBe(409);
        expect(late.body.code).toBe('scan-no-event');
      }
      // Far ahead of the next event is no event, not "too early".
      const dawn = await scan(
        cookies.student,
        classroom,
        await keyAt(classroom, at('2026-11-27', '06:00:00')),
      );
      expect(dawn.body.code).toBe('scan-no-event');
      expect(await attendanceRows()).toBe(rows);
      expect((await sheetRow(event.id, ids.student))?.record).toBeNull();
    });

    it('refuses a wrong key, yesterday’s key, and a key of another room, writing nothing', async () => {
      const screenRoom = await newRoom('Auditoriet');
      await createEvent(classroom, '2026-11-30', '09:00', '10:00');
      await createEvent(screenRoom, '2026-11-30', '09:00', '10:00');
      const yesterday = await keyAt(classroom, at('2026-11-29', '09:30:00'));
      const today = await keyAt(classroom, at('2026-11-30', '09:30:00'));
      const rows = await attendanceRows();
      await api(admin, 'POST', `/api/v1/rooms/${screenRoom}/tag`, { rotating: false });
      const screenKey = (await tagOf(screenRoom)).body.keyOfTheDay;
      for (const [room, key] of [
        [classroom, yesterday],
        [classroom, 'A'.repeat(22)],
        [classroom, today.slice(0, 21)],
        [classroom, `${today}x`],
        [screenRoom, today],
        [classroom, screenKey],
      ] as const) {
        const response = await scan(cookies.student, room, key);
        expect(response.status, key).toBe(400);
        expect(response.body.code).toBe('scan-key-invalid');
      }
      expect(await attendanceRows()).toBe(rows);
    });

    it('tells about a room without a tag with the SPEC text, and does not find another school’s room', async () => {
      setNow(at(DAY, '10:30:00'));
      const bare = await scan(cookies.student, bareRoom, 'A'.repeat(22));
      expect(bare.status).toBe(404);
      expect(bare.body).toMatchObject({ code: 'room-without-tag', title: SPEC_MESSAGES.roomWithoutTag });
      const other = await scan(cookies.student, otherRoom, 'A'.repeat(22));
      expect(other.status).toBe(404);
      expect(other.body.code).toBe('not-found');
    });

    it('does not check in a student who is not expected at the event', async () => {
      const event = await createEvent(classroom, '2026-12-01', '09:00', '10:00', lineA);
      const key = await keyAt(classroom, at('2026-12-01', '09:15:00'));
      const response = await scan(cookies.student2, classroom, key);
      expect(response.status).toBe(409);
      expect(response.body.code).toBe('scan-no-event');
      expect(await sheetRow(event.id, ids.student2)).toBeUndefined();
    });

    it('chooses the event the student is expected at, and the later one when two windows overlap', async () => {
      const first = await createEvent(classroom, '2026-12-02', '09:00', '10:00', lineA);
      const other = await createEvent(classroom, '2026-12-02', '09:00', '10:00', lineB);
      const next = await createEvent(classroom, '2026-12-02', '10:05', '11:00', null);
      const key = await keyAt(classroom, at('2026-12-02', '09:30:00'));
      expect((await scan(cookies.student2, classroom, key)).body.event.id).toBe(other.id);
      expect((await scan(cookies.student, classroom, key)).body.event.id).toBe(first.id);
      // 09:58: the first lesson is ending, the next (for everyone) is opening.
      setNow(at('2026-12-02', '09:58:00'));
      expect((await scan(cookies.student3, classroom, key)).body.event.id).toBe(next.id);
    });

    it('keeps a teacher’s manual status: the scan is stored, the effective status stays', async () => {
      const event = await createEvent(classroom, '2026-12-03', '09:00', '10:00', lineA);
      expect(
        (
          await api(cookies.teacher, 'PUT', `/api/v1/attendance/events/${encodeURIComponent(event.id)}`, {
            records: [{ studentId: ids.student, manualStatus: 'notAttending', note: null }],
          })
        ).status,
      ).toBeLessThan(300);
      const key = await keyAt(classroom, at('2026-12-03', '09:20:00'));
      const response = await scan(cookies.student, classroom, key);
      expect(response.status).toBe(200);
      expect(response.body.status).toBe('notAttending');
      const row = await sheetRow(event.id, ids.student);
      expect(row?.status).toBe('notAttending');
      expect(row?.record).toMatchObject({ nfcStatus: 'attending', manualStatus: 'notAttending' });
    });

    it('is for students only, and checks its input', async () => {
      const key = await keyAt(classroom, at(DAY, '10:30:00'));
      for (const cookie of [admin, cookies.teacher, cookies.janitor, cookies.stipp]) {
        const response = await scan(cookie, classroom, key);
        expect(response.status).toBe(403);
        expect(response.body.code).toBe('forbidden');
      }
      const rows = await attendanceRows();
      for (const payload of [{}, { roomId: classroom }, { roomId: classroom, key: '' }, { roomId: 1, key }]) {
        const response = await api<{ code: string }>(
          cookies.student,
          'POST',
          '/api/v1/attendance/scan',
          payload,
        );
        expect(response.status).toBe(400);
        expect(response.body.code).toBe('validation-failed');
      }
      expect(await attendanceRows()).toBe(rows);
      expect(
        (
          await t.request({
            method: 'POST',
            url: '/api/v1/attendance/scan',
            payload: { roomId: classroom, key },
          })
        ).statusCode,
      ).toBe(401);
    });
  });

  describe('scanning a room with a screen', () => {
    let screen: string;
    let event: CalendarEvent;

    beforeAll(async () => {
      screen = await taggedRoom('Storskjermen', true);
      event = await createEvent(screen, '2026-12-04', '13:00', '14:00', null);
    });

    it('shows a code that changes every minute, with the seconds it has left', async () => {
      setNow(at('2026-12-04', '13:10:15'));
      const room = await newRoom('Skjermen');
      const created = await api<RoomTag>(admin, 'POST', `/api/v1/rooms/${room}/tag`, {
        rotating: true,
      });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({ rotating: true, secondsLeft: 45 });
      const code = created.body.minuteCode!;
      expect(code).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect(code).not.toBe(created.body.keyOfTheDay);
      expect(created.body.scanUrl).toBe(`${t.ctx.config.publicUrl}/app/scan?room=${room}&key=${code}`);
      setNow(at('2026-12-04', '13:10:59'));
      expect((await tagOf(room)).body).toMatchObject({ minuteCode: code, secondsLeft: 1 });
      setNow(at('2026-12-04', '13:11:00'));
      expect((await tagOf(room)).body.minuteCode).not.toBe(code);
    });

    it('accepts the code of this minute and of the one before, not older ones nor the key of the day', async () => {
      setNow(at('2026-12-04', '13:20:30'));
      const code = (await tagOf(screen)).body;
      // A minute later the same code still counts (clock skew, a code read as it turned).
      setNow(at('2026-12-04', '13:21:59'));
      const skewed = await scan(cookies.student, screen, code.minuteCode!);
      expect(skewed.status).toBe(200);
      expect(skewed.body.event.id).toBe(event.id);
      // Two minutes on, a photo of it is useless.
      setNow(at('2026-12-04', '13:22:00'));
      const photo = await scan(cookies.student2, screen, code.minuteCode!);
      expect(photo.status).toBe(400);
      expect(photo.body.code).toBe('scan-key-invalid');
      const dayKey = await scan(cookies.student2, screen, code.keyOfTheDay);
      expect(dayKey.body.code).toBe('scan-key-invalid');
      expect((await sheetRow(event.id, ids.student2))?.record).toBeNull();
      const fresh = (await tagOf(screen)).body.minuteCode!;
      expect((await scan(cookies.student2, screen, fresh)).body.status).toBe('attending');
    });
  });
});
