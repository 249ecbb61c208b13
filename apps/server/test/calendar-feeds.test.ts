import { createHash } from 'node:crypto';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CalendarFeed, CreatedCalendarFeed, Schedule } from '@tun/shared';
import {
  createPerson,
  createSchool,
  insertLine,
  insertRoom,
  lastLiveEventId,
  liveEventsAfter,
  login,
  setupSchool,
} from './factories';
import { createTestApp, dialects, type TestApp } from './helper';

const DAY_MS = 24 * 60 * 60 * 1000;
const PUBLIC_URL = 'https://tun.fjordtun.no';

function isoDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/**
 * A daylight-saving change in Norway with a Monday on each side inside the feed's window (30 days
 * back, 180 ahead), and two more Mondays after it. Late October when the window holds it,
 * otherwise late March, so that the test does not depend on the day it runs.
 */
function dstChange(now: number) {
  const year = new Date(now).getUTCFullYear();
  const candidates = [year - 1, year, year + 1].flatMap((y) =>
    ([9, 2] as const).map((month) => {
      const lastDay = new Date(Date.UTC(y, month + 1, 0));
      const sunday = lastDay.getTime() - lastDay.getUTCDay() * DAY_MS;
      return { month, sunday };
    }),
  );
  const fits = ({ sunday }: { sunday: number }) =>
    sunday - 6 * DAY_MS >= now - 28 * DAY_MS && sunday + 23 * DAY_MS <= now + 178 * DAY_MS;
  const chosen =
    candidates.find((c) => c.month === 9 && fits(c)) ??
    candidates.filter(fits).sort((a, b) => a.sunday - b.sunday)[0]!;
  // In October summer time ends (+02:00 before, +01:00 after); in March it begins.
  const autumn = chosen.month === 9;
  return {
    before: { date: isoDate(chosen.sunday - 6 * DAY_MS), utcOffsetHours: autumn ? 2 : 1 },
    after: { date: isoDate(chosen.sunday + DAY_MS), utcOffsetHours: autumn ? 1 : 2 },
    overridden: { date: isoDate(chosen.sunday + 8 * DAY_MS), utcOffsetHours: autumn ? 1 : 2 },
    deleted: { date: isoDate(chosen.sunday + 15 * DAY_MS), utcOffsetHours: autumn ? 1 : 2 },
  };
}

/** The instant of a wall-clock time at the school, given the day's offset from UTC. */
function osloInstant(day: { date: string; utcOffsetHours: number }, time: string): number {
  return Date.parse(`${day.date}T${time}:00Z`) - day.utcOffsetHours * 60 * 60 * 1000;
}

interface ParsedEvent {
  uid: string;
  summary: string;
  location: string | null;
  description: string;
  zone: string | undefined;
  localStart: string;
  localEnd: string;
  start: number;
  end: number;
}

/** Parses a feed as a calendar app does, resolving times through the feed's own VTIMEZONE. */
function parseFeed(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
  const pad = (n: number) => String(n).padStart(2, '0');
  const local = (time: ICAL.Time) =>
    `${time.year}-${pad(time.month)}-${pad(time.day)} ${pad(time.hour)}:${pad(time.minute)}`;
  const events: ParsedEvent[] = calendar.getAllSubcomponents('vevent').map((component) => {
    const event = new ICAL.Event(component);
    return {
      uid: event.uid,
      summary: event.summary,
      location: event.location ?? null,
      description: event.description,
      zone: component.getFirstProperty('dtstart')?.getParameter('tzid') as string | undefined,
      localStart: local(event.startDate),
      localEnd: local(event.endDate),
      start: event.startDate.toJSDate().getTime(),
      end: event.endDate.toJSDate().getTime(),
    };
  });
  return {
    name: calendar.getFirstPropertyValue('x-wr-calname'),
    zones: calendar.getAllSubcomponents('vtimezone').map((zone) => zone.getFirstPropertyValue('tzid')),
    events,
  };
}

describe.each(dialects())('calendar feeds on %s', (dialect) => {
  let t: TestApp;
  let schoolId: string;
  let admin: string;
  let teacher: string;
  let student: string;
  let studentId: string;
  let otherAdmin: string;
  let lineId: string;
  let roomId: string;
  let otherSchoolRoomId: string;

  beforeAll(async () => {
    t = await createTestApp(dialect, { env: { LOGIN_RATE_LIMIT: '1000', PUBLIC_URL } });
    ({ schoolId, adminCookie: admin } = await setupSchool(t));
    teacher = await login(t, (await createPerson(t, schoolId, { roles: ['teacher'], login: true })).email);
    const member = await createPerson(t, schoolId, { login: true });
    studentId = member.personId;
    student = await login(t, member.email);
    roomId = await insertRoom(t, schoolId, 'Klasserom 1');
    lineId = await insertLine(t, schoolId, { name: 'Friluftsliv', members: [studentId] });
    const otherSchoolId = await createSchool(t, 'Nabotun');
    otherAdmin = await login(
      t,
      (await createPerson(t, otherSchoolId, { roles: ['admin'], login: true })).email,
    );
    otherSchoolRoomId = await insertRoom(t, otherSchoolId, 'Naborom');
  });
  afterAll(() => t.close());

  const createFeed = (cookie: string, payload: unknown) =>
    t.request({ method: 'POST', url: '/api/v1/calendar/feeds', cookie, payload: payload as object });
  const listFeeds = (cookie: string) => t.request({ method: 'GET', url: '/api/v1/calendar/feeds', cookie });
  const revoke = (cookie: string, id: string) =>
    t.request({ method: 'DELETE', url: `/api/v1/calendar/feeds/${id}`, cookie });
  const tokenOf = (feed: CreatedCalendarFeed) => feed.url.slice(feed.url.lastIndexOf('/') + 1);
  const fetchFeed = (token: string) => t.request({ method: 'GET', url: `/api/v1/ical/${token}` });
  const feedRows = () =>
    t.ctx.database.db.selectFrom('calendar_feed').selectAll().where('school_id', '=', schoolId).execute();

  async function made(cookie: string, payload: unknown): Promise<CreatedCalendarFeed> {
    const response = await createFeed(cookie, payload);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<CreatedCalendarFeed>();
  }

  it('makes a feed of one’s own calendar, shows its address once, keeps only a hash, and revokes it', async () => {
    // The student and the teacher may have feeds of other tests: the lists change by this one only.
    const studentsFeeds = (await listFeeds(student)).json<CalendarFeed[]>();
    const teachersFeeds = (await listFeeds(teacher)).json<CalendarFeed[]>();
    const before = await lastLiveEventId(t);
    const response = await createFeed(student, { kind: 'person' });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.headers['cache-control']).toBe('no-store');
    const feed = response.json<CreatedCalendarFeed>();
    expect(feed).toEqual({
      id: expect.any(String),
      kind: 'person',
      targetId: null,
      createdAt: expect.any(String),
      url: expect.stringMatching(/^https:\/\/tun\.fjordtun\.no\/api\/v1\/ical\/[A-Za-z0-9_-]{43}$/),
    });
    expect(await liveEventsAfter(t, before)).toEqual([{ topic: 'calendar', ids: [feed.id], schoolId }]);

    const token = tokenOf(feed);
    const rows = (await feedRows()).filter((row) => row.id === feed.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(rows)).not.toContain(token);

    const list = await listFeeds(student);
    expect(list.statusCode).toBe(200);
    const { url: _url, ...listed } = feed;
    expect(list.json<CalendarFeed[]>()).toEqual([...studentsFeeds, listed]);
    // Someone else's list does not show it.
    expect((await listFeeds(teacher)).json()).toEqual(teachersFeeds);

    const served = await fetchFeed(token);
    expect(served.statusCode, served.body).toBe(200);
    expect(served.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(served.headers['cache-control']).toBe('private, max-age=300');
    expect(served.headers['content-disposition']).toBe('inline; filename="tun.ics"');
    expect(served.body).toMatch(/^BEGIN:VCALENDAR\r\n/);
    // Some apps want the address to end in .ics.
    expect((await fetchFeed(`${token}.ics`)).statusCode).toBe(200);

    const afterCreate = await lastLiveEventId(t);
    const revoked = await revoke(student, feed.id);
    expect(revoked.statusCode, revoked.body).toBe(204);
    expect(await liveEventsAfter(t, afterCreate)).toEqual([{ topic: 'calendar', ids: [feed.id], schoolId }]);
    expect((await listFeeds(student)).json()).toEqual(studentsFeeds);
    const gone = await fetchFeed(token);
    expect(gone.statusCode).toBe(404);
    expect(gone.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(gone.json().code).toBe('not-found');
    expect((await revoke(student, feed.id)).statusCode).toBe(404);
  });

  it('answers 404 for an address that never existed', async () => {
    const response = await fetchFeed('A'.repeat(43));
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('not-found');
  });

  it('lets staff make line and room feeds, but not students', async () => {
    const count = (await feedRows()).length;
    for (const payload of [
      { kind: 'line', targetId: lineId },
      { kind: 'room', targetId: roomId },
    ]) {
      const refused = await createFeed(student, payload);
      expect(refused.statusCode, JSON.stringify(payload)).toBe(403);
      expect(refused.json().code).toBe('forbidden');
    }
    expect((await feedRows()).length).toBe(count);

    const line = await made(teacher, { kind: 'line', targetId: lineId });
    expect(line).toMatchObject({ kind: 'line', targetId: lineId });
    const room = await made(teacher, { kind: 'room', targetId: roomId });
    expect(room).toMatchObject({ kind: 'room', targetId: roomId });
    expect(parseFeed((await fetchFeed(tokenOf(line))).body).name).toBe('Tun – Friluftsliv');
    expect(parseFeed((await fetchFeed(tokenOf(room))).body).name).toBe('Tun – Klasserom 1');
    await revoke(teacher, line.id);
    await revoke(teacher, room.id);
  });

  it('escapes the calendar name, so a name stored with a line break cannot add a line to the feed', async () => {
    // Stored as an older version could: names are single-line when written now (rooms test).
    const evilRoom = await insertRoom(t, schoolId, 'Rom\r\nLOCATION:evil;a,b\\c\u0007');
    const feed = await made(teacher, { kind: 'room', targetId: evilRoom });
    const body = (await fetchFeed(tokenOf(feed))).body;
    const lines = body.split('\r\n');
    expect(lines.filter((line) => /^LOCATION:evil/.test(line))).toEqual([]);
    expect(lines).toContain('X-WR-CALNAME:Tun – Rom\\nLOCATION:evil\\;a\\,b\\\\c');
    expect(parseFeed(body).events).toBeDefined();
    await revoke(teacher, feed.id);
  });

  it('answers 404 for a line or room the school does not have, writing nothing', async () => {
    const count = (await feedRows()).length;
    for (const payload of [
      { kind: 'line', targetId: 'finnes-ikke' },
      { kind: 'room', targetId: otherSchoolRoomId },
      { kind: 'line', targetId: roomId },
    ]) {
      const response = await createFeed(admin, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(404);
      expect(response.json().code).toBe('not-found');
    }
    expect((await feedRows()).length).toBe(count);
  });

  it('refuses bad input with field errors and writes nothing', async () => {
    const count = (await feedRows()).length;
    for (const payload of [
      {},
      { kind: 'skole' },
      { kind: 'person', targetId: lineId },
      { kind: 'line' },
      { kind: 'line', targetId: null },
      { kind: 'room', targetId: '' },
      { kind: 'room', targetId: 'x'.repeat(201) },
      { kind: 'room', targetId: 42 },
    ]) {
      const response = await createFeed(admin, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().code).toBe('validation-failed');
      expect(response.json().errors.length).toBeGreaterThan(0);
    }
    expect((await feedRows()).length).toBe(count);
  });

  it('revokes only one’s own feeds: another person’s or another school’s is not found', async () => {
    const feed = await made(student, { kind: 'person' });
    expect((await revoke(teacher, feed.id)).statusCode).toBe(404);
    expect((await revoke(otherAdmin, feed.id)).statusCode).toBe(404);
    expect((await revoke(admin, feed.id)).statusCode).toBe(404);
    expect((await fetchFeed(tokenOf(feed))).statusCode).toBe(200);
    expect((await listFeeds(otherAdmin)).json()).toEqual([]);
    expect((await revoke(student, feed.id)).statusCode).toBe(204);
  });

  it('stops a line feed when its owner is no longer staff, and a feed when its owner is erased', async () => {
    const { personId, email } = await createPerson(t, schoolId, { roles: ['teacher'], login: true });
    const cookie = await login(t, email);
    const line = await made(cookie, { kind: 'line', targetId: lineId });
    const own = await made(cookie, { kind: 'person' });
    await t.ctx.database.db.deleteFrom('person_role').where('person_id', '=', personId).execute();
    expect((await fetchFeed(tokenOf(line))).statusCode).toBe(404);
    expect((await fetchFeed(tokenOf(own))).statusCode).toBe(200);

    // The export lists what the person subscribes to, never the secret.
    const exported = await t.request({
      method: 'GET',
      url: `/api/v1/people/${personId}/privacy-export`,
      cookie: admin,
    });
    expect(exported.statusCode, exported.body).toBe(200);
    const data = JSON.parse(exported.body);
    expect(data.calendarFeeds).toHaveLength(2);
    expect(data.calendarFeeds).toEqual(
      expect.arrayContaining([
        { kind: 'line', targetId: lineId, createdAt: line.createdAt },
        { kind: 'person', targetId: null, createdAt: own.createdAt },
      ]),
    );
    expect(exported.body).not.toContain(tokenOf(own));
    const hashes = (await feedRows()).map((row) => row.token_hash);
    for (const hash of hashes) expect(exported.body).not.toContain(hash);

    const erased = await t.request({
      method: 'POST',
      url: `/api/v1/people/${personId}/erase`,
      cookie: admin,
    });
    expect(erased.statusCode, erased.body).toBe(204);
    expect((await fetchFeed(tokenOf(own))).statusCode).toBe(404);
    expect(
      await t.ctx.database.db
        .selectFrom('calendar_feed')
        .select('id')
        .where('person_id', '=', personId)
        .execute(),
    ).toEqual([]);
  });

  it('serves the schedule, events, overrides and deletions in Europe/Oslo time across a DST change', async () => {
    const days = dstChange(Date.now());
    const otherLineId = await insertLine(t, schoolId, { name: 'Musikk' });

    const put = await t.request({
      method: 'PUT',
      url: '/api/v1/calendar/schedules/normalWeek',
      cookie: admin,
      payload: {
        name: 'Normaluke',
        days: {
          Mo: [
            {
              name: 'Fjellturplanlegging',
              from: '08:30',
              to: '10:00',
              type: 'class',
              mandatory: true,
              groupsAttending: [],
              roomUsed: roomId,
              forClasses: [lineId],
              forElectives: [],
            },
          ],
        },
      },
    });
    expect(put.statusCode, put.body).toBe(200);
    const entryId = put.json<Schedule>().days.Mo[0]!.id;
    const occurrenceId = (day: { date: string; utcOffsetHours: number }) =>
      `${entryId}@${osloInstant(day, '08:30')}#${lineId}`;

    const trip = {
      name: 'Tur til Galdhøpiggen',
      start: new Date(osloInstant(days.after, '10:30') + DAY_MS).toISOString(),
      end: new Date(osloInstant(days.after, '18:00') + DAY_MS).toISOString(),
      type: 'physact',
      mandatory: false,
      roomUsed: null,
      groupsAttending: [lineId],
    };
    const posted = await t.request({
      method: 'POST',
      url: '/api/v1/calendar/events',
      cookie: admin,
      payload: trip,
    });
    expect(posted.statusCode, posted.body).toBe(201);
    const tripId = posted.json<{ id: string }>().id;
    const concert = await t.request({
      method: 'POST',
      url: '/api/v1/calendar/events',
      cookie: admin,
      payload: { ...trip, name: 'Konsert', groupsAttending: [otherLineId] },
    });
    expect(concert.statusCode, concert.body).toBe(201);

    const patched = await t.request({
      method: 'PATCH',
      url: `/api/v1/calendar/events/${encodeURIComponent(occurrenceId(days.overridden))}`,
      cookie: admin,
      payload: {
        name: 'Fjellturplanlegging (flyttet)',
        start: new Date(osloInstant(days.overridden, '12:00')).toISOString(),
        end: new Date(osloInstant(days.overridden, '13:30')).toISOString(),
        type: 'class',
        mandatory: true,
        roomUsed: roomId,
        groupsAttending: [lineId],
      },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json().overrides).toBe(occurrenceId(days.overridden));

    const deleted = await t.request({
      method: 'DELETE',
      url: `/api/v1/calendar/events/${encodeURIComponent(occurrenceId(days.deleted))}`,
      cookie: admin,
    });
    expect(deleted.statusCode, deleted.body).toBe(204);

    const personFeed = await made(student, { kind: 'person' });
    const response = await fetchFeed(tokenOf(personFeed));
    expect(response.statusCode, response.body).toBe(200);
    const feed = parseFeed(response.body);
    expect(feed.name).toMatch(/^Tun – Test Person\d+$/);
    expect(feed.zones).toEqual(['Europe/Oslo']);
    const byUid = new Map(feed.events.map((event) => [event.uid, event]));
    expect(byUid.size).toBe(feed.events.length);

    // 08:30 at the school on both sides of the change, an hour apart in UTC.
    for (const day of [days.before, days.after]) {
      const lesson = byUid.get(`${occurrenceId(day)}@tun`);
      expect(lesson, day.date).toMatchObject({
        summary: 'Fjellturplanlegging',
        location: 'Klasserom 1',
        description: 'Linjefag\nObligatorisk',
        zone: 'Europe/Oslo',
        localStart: `${day.date} 08:30`,
        localEnd: `${day.date} 10:00`,
        start: osloInstant(day, '08:30'),
        end: osloInstant(day, '10:00'),
      });
    }
    expect(
      byUid.get(`${occurrenceId(days.before)}@tun`)!.start - Date.parse(`${days.before.date}T08:30:00Z`),
    ).not.toBe(
      byUid.get(`${occurrenceId(days.after)}@tun`)!.start - Date.parse(`${days.after.date}T08:30:00Z`),
    );

    // The overridden lesson keeps its UID, so the app shows it as changed, at the new time.
    expect(byUid.get(`${occurrenceId(days.overridden)}@tun`)).toMatchObject({
      summary: 'Fjellturplanlegging (flyttet)',
      localStart: `${days.overridden.date} 12:00`,
      localEnd: `${days.overridden.date} 13:30`,
      start: osloInstant(days.overridden, '12:00'),
    });
    expect(
      feed.events.filter(
        (event) =>
          event.summary.startsWith('Fjellturplanlegging') &&
          event.localStart.startsWith(days.overridden.date),
      ),
    ).toHaveLength(1);

    // The deleted lesson is gone; the week after it is there.
    expect(byUid.has(`${occurrenceId(days.deleted)}@tun`)).toBe(false);
    expect(feed.events.some((event) => event.localStart.startsWith(days.deleted.date))).toBe(false);
    const weekAfter = { ...days.deleted, date: isoDate(Date.parse(days.deleted.date) + 7 * DAY_MS) };
    expect(byUid.has(`${occurrenceId(weekAfter)}@tun`)).toBe(true);

    expect(byUid.get(`${tripId}@tun`)).toMatchObject({
      summary: 'Tur til Galdhøpiggen',
      location: null,
      description: 'Aktivitet',
      start: Date.parse(trip.start),
      end: Date.parse(trip.end),
    });
    // Another line's event is not in the student's calendar.
    expect(feed.events.some((event) => event.summary === 'Konsert')).toBe(false);
    // The window: about 30 days back to 180 days ahead.
    for (const event of feed.events) {
      expect(event.end).toBeGreaterThan(Date.now() - 31 * DAY_MS);
      expect(event.start).toBeLessThan(Date.now() + 181 * DAY_MS);
    }
    const mondays = feed.events.filter((event) => event.uid.startsWith(`${entryId}@`));
    // Some 30 weeks, less the deleted one.
    expect(mondays.length).toBeGreaterThanOrEqual(28);
    expect(mondays.length).toBeLessThanOrEqual(31);

    // The room's feed shows the lessons held in it, not the trip, which has no room.
    const roomFeed = await made(admin, { kind: 'room', targetId: roomId });
    const inRoom = parseFeed((await fetchFeed(tokenOf(roomFeed))).body);
    expect(inRoom.events.some((event) => event.uid === `${occurrenceId(days.after)}@tun`)).toBe(true);
    expect(inRoom.events.some((event) => event.summary === 'Tur til Galdhøpiggen')).toBe(false);
    // The line's feed has the trip but not the other line's concert.
    const lineFeed = await made(admin, { kind: 'line', targetId: lineId });
    const ofLine = parseFeed((await fetchFeed(tokenOf(lineFeed))).body);
    expect(ofLine.events.some((event) => event.uid === `${tripId}@tun`)).toBe(true);
    expect(ofLine.events.some((event) => event.summary === 'Konsert')).toBe(false);
  });
});
