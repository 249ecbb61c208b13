/**
 * What a paired TV shows (issue 15; docs/decisions/024-info-screens.md), asked as the screen's own
 * TV account: today's programme (the weekly schedule and one-off events, of the whole school or
 * one room, without what is over), supervision, the posts marked for info screens with their
 * images, the emergency banner, the room's rotating check-in link (which the scan accepts), the
 * heartbeat, and that one school's TV sees only its own school. Who may call these routes at all
 * is in route-access.test.ts.
 */
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  DEFAULT_SCREEN_LAYOUT,
  type CalendarEvent,
  type ScreenCheckIn,
  type ScreenContent,
  type ScreenLayout,
} from '@tun/shared';
import { nowIso } from '../src/db/database';
import { write } from '../src/db/write';
import { tagClock } from '../src/modules/attendance-tags/attendance-tags.service';
import { uploadSmallFile } from '../src/modules/files/uploads.service';
import { HEARTBEAT_WRITE_INTERVAL_MS, screenClock } from '../src/modules/screens/screen-content.service';
import { createPerson, createSchool, insertGroup, login, setupSchool } from './factories';
import { createTestApp, dialects, type TestApp } from './helper';
import { postInput } from './posts-factories';

// Tuesday 24 November 2026: Oslo is UTC+1.
const DAY = '2026-11-24';
const at = (time: string, date = DAY) => Date.parse(`${date}T${time}+01:00`);
const iso = (time: string, date = DAY) => new Date(at(time, date)).toISOString();

const entry = (fields: Record<string, unknown> & { name: string; from: string; to: string }) => ({
  type: 'none',
  mandatory: true,
  groupsAttending: [] as string[],
  roomUsed: null as string | null,
  forClasses: [] as string[],
  forElectives: [] as string[],
  ...fields,
});

describe.each(dialects())('info screen content on %s', (dialect) => {
  let t: TestApp;
  let schoolId: string;
  let adminId: string;
  let admin: string;
  let auditorium: string;
  let gym: string;
  let lineId: string;
  const student = { id: '', cookie: '' };
  /** TV accounts: the dining hall (whole school, every panel), the auditorium (its room), and one without a screen. */
  const tv = { hall: '', room: '', unpaired: '', other: '' };
  const screenIds = { hall: '', room: '' };
  let otherSchoolId: string;
  let imageId: string;
  let unsharedImageId: string;

  const api = async <T = unknown>(
    cookie: string,
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    payload?: object,
    headers: Record<string, string> = {},
  ) => {
    const response = await t.request({
      method,
      url,
      cookie,
      headers,
      ...(payload === undefined ? {} : { payload }),
    });
    const json = response.headers['content-type']?.toString().includes('json') && response.body;
    return {
      status: response.statusCode,
      headers: response.headers,
      raw: response.rawPayload,
      body: (json ? response.json() : null) as T,
    };
  };

  const content = (cookie: string) => api<ScreenContent>(cookie, 'GET', '/api/v1/screen');
  const setNow = (ms: number) => vi.spyOn(screenClock, 'now').mockReturnValue(ms);
  const setTagNow = (ms: number) => vi.spyOn(tagClock, 'now').mockReturnValue(ms);

  /** A screen row with its own TV account (signed in), as pairing leaves it. */
  async function pairedScreen(school: string, name: string, layout: ScreenLayout) {
    const { personId, email } = await createPerson(t, school, {
      roles: ['tv'],
      login: true,
      first: 'Skjerm',
      last: name,
    });
    const id = randomUUID();
    const now = nowIso();
    await write(t.ctx, school, async (trx, publish) => {
      await trx
        .insertInto('screen')
        .values({
          id,
          school_id: school,
          name,
          place: `${name}, ved inngangen`,
          layout: JSON.stringify(layout),
          schedule: JSON.stringify({ darkFrom: '23:00', darkTo: '06:30' }),
          person_id: personId,
          paired_at: now,
          last_seen_at: null,
          version: null,
          reload_requested_at: null,
          created_at: now,
          updated_at: now,
        })
        .execute();
      publish('screens', [id]);
    });
    return { id, personId, cookie: await login(t, email) };
  }

  beforeAll(async () => {
    t = await createTestApp(dialect, { env: { LOGIN_RATE_LIMIT: '1000' } });
    ({ schoolId, adminId, adminCookie: admin } = await setupSchool(t));
    auditorium = (await api<{ id: string }>(admin, 'POST', '/api/v1/rooms', { name: 'Auditoriet' })).body.id;
    gym = (await api<{ id: string }>(admin, 'POST', '/api/v1/rooms', { name: 'Gymsalen' })).body.id;
    const person = await createPerson(t, schoolId, { login: true, first: 'Kristoffer', last: 'Ødegårdsen' });
    student.id = person.personId;
    student.cookie = await login(t, person.email);
    lineId = (
      await api<{ id: string }>(admin, 'POST', '/api/v1/lines', {
        name: 'Friluftsliv',
        shortName: 'FRI',
        color: 'green',
        mainRoom: auditorium,
      })
    ).body.id;
    expect(
      (await api(admin, 'PUT', `/api/v1/lines/${lineId}/members`, { personIds: [student.id] })).status,
    ).toBe(200);
    // A temporary group named after the student: its name must not reach a screen.
    const group = await insertGroup(t, schoolId, {
      name: 'Kristoffers kortgruppe',
      endDate: null,
      members: [student.id],
    });

    // Tuesdays: breakfast, the line's lesson in its main room, an assembly in the gym, the
    // group's card game, and supper (deleted on the day below).
    const week = await api(admin, 'PUT', '/api/v1/calendar/schedules/normalWeek', {
      name: 'Normaluke',
      days: {
        Tu: [
          entry({ name: 'Frokost', from: '08:00', to: '08:45', type: 'dining' }),
          entry({ name: 'Linjefag', from: '09:00', to: '11:30', type: 'class', forClasses: [lineId] }),
          entry({ name: 'Allmøte', from: '13:00', to: '14:00', roomUsed: gym }),
          entry({ name: 'Kortspill', from: '15:00', to: '16:00', groupsAttending: [group] }),
          entry({ name: 'Kveldsmat', from: '21:00', to: '21:30', type: 'dining' }),
        ],
      },
    });
    expect(week.status, JSON.stringify(week.body)).toBe(200);
    // The day's supper is cancelled: a deleted occurrence is no event.
    const { events } = (
      await api<{ events: CalendarEvent[] }>(
        admin,
        'GET',
        `/api/v1/calendar?from=${encodeURIComponent(iso('00:00'))}&to=${encodeURIComponent(iso('23:59'))}`,
      )
    ).body;
    const supper = events.find((event) => event.name === 'Kveldsmat')!;
    expect(
      (await api(admin, 'DELETE', `/api/v1/calendar/events/${encodeURIComponent(supper.id)}`)).status,
    ).toBe(204);
    // A one-off concert in the auditorium that evening.
    expect(
      (
        await api(admin, 'POST', '/api/v1/calendar/events', {
          name: 'Konsert',
          start: iso('19:00'),
          end: iso('21:00'),
          type: 'none',
          mandatory: false,
          roomUsed: auditorium,
          groupsAttending: [],
        })
      ).status,
    ).toBe(201);

    // Supervision: the admin is on duty, and the school has a supervision phone.
    expect(
      (await api(admin, 'PATCH', '/api/v1/school', { supervisionPhone: '+47 57 65 43 21' })).status,
    ).toBe(200);
    expect((await api(admin, 'POST', '/api/v1/supervision/take')).status).toBe(200);

    const hall = await pairedScreen(schoolId, 'Spisesalen', {
      orientation: 'landscape',
      panels: ['programme', 'menu', 'supervision', 'posts', 'clock'],
      roomId: null,
    });
    const room = await pairedScreen(schoolId, 'Auditoriet', {
      orientation: 'portrait',
      panels: ['programme', 'checkIn', 'clock'],
      roomId: auditorium,
    });
    tv.hall = hall.cookie;
    tv.room = room.cookie;
    screenIds.hall = hall.id;
    screenIds.room = room.id;
    const unpaired = await createPerson(t, schoolId, { roles: ['tv'], login: true });
    tv.unpaired = await login(t, unpaired.email);

    otherSchoolId = await createSchool(t, 'Nabotun');
    tv.other = (await pairedScreen(otherSchoolId, 'Nabosalen', DEFAULT_SCREEN_LAYOUT)).cookie;

    const actor = { schoolId, personId: adminId, roles: ['admin' as const] };
    const png = (background: string) =>
      sharp({ create: { width: 64, height: 48, channels: 3, background } })
        .png()
        .toBuffer();
    const upload = async (name: string, bytes: Buffer) =>
      (
        await uploadSmallFile(t.ctx, actor, {
          name,
          claimedType: 'image/png',
          folderId: null,
          bytes,
          customMetadata: {},
        })
      ).id;
    imageId = await upload('Fjorden.png', await png('#2060a0'));
    unsharedImageId = await upload('Privat.png', await png('#a02060'));
  });
  afterAll(() => t.close());
  afterEach(() => vi.restoreAllMocks());

  describe('the programme', () => {
    it("shows the whole school's events of today not yet over, by start, with rooms and lines", async () => {
      setNow(at('10:00'));
      const { status, body, headers } = await content(tv.hall);
      expect(status, JSON.stringify(body)).toBe(200);
      expect(headers['cache-control']).toBe('private, no-cache');
      expect(body.programme.date).toBe(DAY);
      expect(body.programme.roomName).toBeNull();
      expect(
        body.programme.events.map(({ name, start, end, roomName, lineNames }) => ({
          name,
          start,
          end,
          roomName,
          lineNames,
        })),
      ).toEqual([
        {
          name: 'Linjefag',
          start: iso('09:00'),
          end: iso('11:30'),
          roomName: 'Auditoriet',
          lineNames: ['Friluftsliv'],
        },
        { name: 'Allmøte', start: iso('13:00'), end: iso('14:00'), roomName: 'Gymsalen', lineNames: [] },
        { name: 'Kortspill', start: iso('15:00'), end: iso('16:00'), roomName: null, lineNames: [] },
        { name: 'Konsert', start: iso('19:00'), end: iso('21:00'), roomName: 'Auditoriet', lineNames: [] },
      ]);
      expect(body.screen).toMatchObject({
        id: screenIds.hall,
        name: 'Spisesalen',
        place: 'Spisesalen, ved inngangen',
        schedule: { darkFrom: '23:00', darkTo: '06:30' },
      });
      expect(body.school).toEqual({
        shortName: 'Fjordtun',
        longName: 'Fjordtun folkehøgskole',
        themeColor: expect.stringMatching(/^#[0-9a-f]{6}$/i),
        logoUrl: null,
      });
      expect(body.menu).toBeNull();
      expect(body.generatedAt).toBe(new Date(at('10:00')).toISOString());
    });

    it("shows only its room's events on a room's screen", async () => {
      setNow(at('10:00'));
      const { body } = await content(tv.room);
      expect(body.programme.roomName).toBe('Auditoriet');
      expect(body.programme.events.map((event) => event.name)).toEqual(['Linjefag', 'Konsert']);
      // Panels it does not have send nothing.
      expect(body.posts).toEqual([]);
      expect(body.supervision).toEqual({ name: null, phone: null });
    });

    it('drops an event once it is over, without any write', async () => {
      setNow(at('11:29'));
      expect((await content(tv.room)).body.programme.events.map((event) => event.name)).toEqual([
        'Linjefag',
        'Konsert',
      ]);
      setNow(at('11:30'));
      expect((await content(tv.room)).body.programme.events.map((event) => event.name)).toEqual(['Konsert']);
      // Tomorrow has no Tuesday schedule and no concert.
      setNow(at('00:05', '2026-11-25'));
      const tomorrow = (await content(tv.room)).body.programme;
      expect(tomorrow).toEqual({ date: '2026-11-25', roomName: 'Auditoriet', events: [] });
    });

    it('follows a calendar write at once, and answers 304 while nothing changed', async () => {
      setNow(at('10:00'));
      const first = await content(tv.hall);
      const etag = String(first.headers.etag);
      const again = await api(tv.hall, 'GET', '/api/v1/screen', undefined, { 'if-none-match': etag });
      expect(again.status).toBe(304);
      const created = await api<CalendarEvent>(admin, 'POST', '/api/v1/calendar/events', {
        name: 'Brannøvelse',
        start: iso('12:00'),
        end: iso('12:15'),
        type: 'none',
        mandatory: true,
        roomUsed: null,
        groupsAttending: [],
      });
      expect(created.status).toBe(201);
      const after = await api<ScreenContent>(tv.hall, 'GET', '/api/v1/screen', undefined, {
        'if-none-match': etag,
      });
      expect(after.status).toBe(200);
      expect(after.body.programme.events.map((event) => event.name)).toContain('Brannøvelse');
      expect((await api(admin, 'DELETE', `/api/v1/calendar/events/${created.body.id}`)).status).toBe(204);
      expect((await content(tv.hall)).body.programme.events.map((event) => event.name)).not.toContain(
        'Brannøvelse',
      );
    });
  });

  it('names the person on supervision duty and the supervision phone', async () => {
    setNow(at('10:00'));
    expect((await content(tv.hall)).body.supervision).toEqual({
      name: 'Astrid Rektor',
      phone: '+47 57 65 43 21',
    });
  });

  describe('posts', () => {
    it('shows whole-school posts marked for info screens, newest first, with their images served to the screen', async () => {
      const post = (overrides: Parameters<typeof postInput>[0]) =>
        api<{ id: string }>(admin, 'POST', '/api/v1/posts', postInput(overrides));
      const older = await post({ title: 'Vaffelfredag', showOnInfoScreen: true });
      const withImage = await post({
        title: 'Kveld ved fjorden',
        body: `<p>Se så fint!</p><p><img src="/api/v1/files/${imageId}/content?inline=1" alt="Fjorden"></p>`,
        showOnInfoScreen: true,
      });
      expect(withImage.status).toBe(201);
      await post({ title: 'Ikke på skjermen', showOnInfoScreen: false });
      await post({ title: 'Bare for ansatte', audience: { kind: 'staff' }, showOnInfoScreen: true });
      await post({
        title: 'Bare for linja',
        audience: { kind: 'selected', lineIds: [lineId] },
        showOnInfoScreen: true,
      });
      await post({
        title: 'Kommer senere',
        publishAt: new Date(Date.now() + 86_400_000).toISOString(),
        showOnInfoScreen: true,
      });
      const expired = await post({
        title: 'Utløpt',
        expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
        showOnInfoScreen: true,
      });
      // Written earlier and expired since; the older post an hour before the newer one.
      const past = (ms: number) => new Date(Date.now() - ms).toISOString();
      await write(t.ctx, schoolId, async (trx, publish) => {
        await trx
          .updateTable('post')
          .set({ publish_at: past(3 * 3_600_000), expires_at: past(60_000) })
          .where('id', '=', expired.body.id)
          .execute();
        await trx
          .updateTable('post')
          .set({ publish_at: past(3_600_000) })
          .where('id', '=', older.body.id)
          .execute();
        publish('posts', []);
      });

      const { body } = await content(tv.hall);
      expect(body.posts.map((p) => p.title)).toEqual(['Kveld ved fjorden', 'Vaffelfredag']);
      expect(body.posts[1]!.id).toBe(older.body.id);
      const shown = body.posts[0]!;
      expect(shown.body).toContain(`<img src="/api/v1/screen/images/${imageId}" alt="Fjorden" />`);
      expect(shown.body).not.toContain('/api/v1/files/');

      const image = await api(tv.hall, 'GET', `/api/v1/screen/images/${imageId}`);
      expect(image.status).toBe(200);
      expect(image.headers['content-type']).toBe('image/png');
      expect(image.headers['x-content-type-options']).toBe('nosniff');
      expect((await sharp(image.raw).metadata()).width).toBe(64);
      // The archive itself stays closed to a TV account.
      expect((await api(tv.hall, 'GET', `/api/v1/files/${imageId}/content?inline=1`)).status).toBe(403);
    });

    it('serves no image that the screen does not show', async () => {
      // Not in any post shown.
      expect((await api(tv.hall, 'GET', `/api/v1/screen/images/${unsharedImageId}`)).status).toBe(404);
      // No file at all.
      expect((await api(tv.hall, 'GET', `/api/v1/screen/images/${randomUUID()}`)).status).toBe(404);
      // The room's screen has no posts panel, so it shows no post's image.
      const fromRoom = await api<{ code: string }>(tv.room, 'GET', `/api/v1/screen/images/${imageId}`);
      expect(fromRoom.status).toBe(404);
      expect(fromRoom.body.code).toBe('object-not-found');
      // Another school's screen.
      expect((await api(tv.other, 'GET', `/api/v1/screen/images/${imageId}`)).status).toBe(404);
    });
  });

  it('names no student anywhere, not even through a group named after one', async () => {
    setNow(at('10:00'));
    for (const cookie of [tv.hall, tv.room]) {
      const text = JSON.stringify((await content(cookie)).body);
      expect(text).not.toMatch(/Kristoffer|Ødegårdsen/);
      expect(text).not.toContain(student.id);
    }
  });

  it('shows the emergency banner on every screen of the school, and only of that school', async () => {
    setNow(at('10:00'));
    await write(t.ctx, schoolId, async (trx, publish) => {
      await trx
        .insertInto('screen_emergency')
        .values({
          school_id: schoolId,
          message: 'Brannalarm: gå ut til møteplassen på tunet.',
          raised_at: iso('09:58'),
          raised_by: adminId,
        })
        .execute();
      publish('screens', []);
    });
    const banner = {
      message: 'Brannalarm: gå ut til møteplassen på tunet.',
      raisedAt: iso('09:58'),
      raisedBy: 'Astrid Rektor',
    };
    expect((await content(tv.hall)).body.emergency).toEqual(banner);
    expect((await content(tv.room)).body.emergency).toEqual(banner);
    expect((await content(tv.other)).body.emergency).toBeNull();
    await write(t.ctx, schoolId, async (trx, publish) => {
      await trx.deleteFrom('screen_emergency').where('school_id', '=', schoolId).execute();
      publish('screens', []);
    });
    expect((await content(tv.hall)).body.emergency).toBeNull();
  });

  it("shows today's published menu with its allergens, and nothing before it is published", async () => {
    setNow(at('10:00'));
    const dish = await api<{ id: string }>(admin, 'POST', '/api/v1/food/dishes', {
      name: 'Havregrøt med kanel',
      allergens: ['gluten', 'milk'],
      glutenCereals: ['oats'],
      mayContain: ['nuts'],
    });
    expect(dish.status, JSON.stringify(dish.body)).toBe(201);
    const saved = await api(admin, 'PUT', '/api/v1/food/menu/meal', {
      date: DAY,
      meal: 'Frokost',
      dishes: [{ dishId: dish.body.id, course: 'main' }],
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    // The day's supper was cancelled: no meal to put dishes on.
    const supper = await api<{ code: string }>(admin, 'PUT', '/api/v1/food/menu/meal', {
      date: DAY,
      meal: 'Kveldsmat',
      dishes: [],
    });
    expect(supper.body.code).toBe('meal-unknown');
    expect((await content(tv.hall)).body.menu).toBeNull();

    const week = '2026-11-23';
    const publish = (published: boolean) =>
      api(admin, 'PUT', `/api/v1/food/menu/weeks/${week}/published`, { published });
    expect((await publish(true)).status).toBe(200);
    // Breakfast is over by ten, but the day's menu stays on the wall; what a dish may contain is not sent.
    expect((await content(tv.hall)).body.menu).toEqual({
      meals: [
        {
          name: 'Frokost',
          start: iso('08:00'),
          dishes: [
            {
              name: 'Havregrøt med kanel',
              allergens: ['gluten', 'milk'],
              glutenCereals: ['oats'],
              nuts: [],
              course: 'main',
            },
          ],
        },
      ],
    });
    // A screen without the menu panel gets none, and another school's screen none of ours.
    expect((await content(tv.room)).body.menu).toBeNull();
    expect((await content(tv.other)).body.menu).toBeNull();
    // Tomorrow has no dishes.
    setNow(at('07:00', '2026-11-25'));
    expect((await content(tv.hall)).body.menu).toBeNull();

    setNow(at('10:00'));
    expect((await publish(false)).status).toBe(200);
    expect((await content(tv.hall)).body.menu).toBeNull();
  });

  describe('the check-in code', () => {
    const checkIn = (cookie: string) => api<ScreenCheckIn>(cookie, 'GET', '/api/v1/screen/check-in');

    it('is null for a screen without a room, and for a room whose tag does not rotate', async () => {
      const hall = await checkIn(tv.hall);
      expect(hall.status).toBe(200);
      expect(hall.body).toBeNull();
      expect(hall.headers['cache-control']).toBe('no-store');
      expect((await checkIn(tv.room)).body).toBeNull();
      expect((await api(admin, 'POST', `/api/v1/rooms/${auditorium}/tag`, { rotating: false })).status).toBe(
        201,
      );
      expect((await checkIn(tv.room)).body).toBeNull();
    });

    it("changes with the minute, and the scan accepts the screen's link", async () => {
      expect((await api(admin, 'PATCH', `/api/v1/rooms/${auditorium}/tag`, { rotating: true })).status).toBe(
        200,
      );
      setTagNow(at('09:58:10'));
      const first = (await checkIn(tv.room)).body!;
      expect(first).toMatchObject({ roomId: auditorium, roomName: 'Auditoriet', validUntil: iso('09:59') });
      setTagNow(at('09:59:40'));
      const second = (await checkIn(tv.room)).body!;
      expect(second.validUntil).toBe(iso('10:00'));
      expect(second.link).not.toBe(first.link);

      const link = new URL(second.link);
      expect(link.pathname).toBe('/app/scan');
      expect(link.searchParams.get('room')).toBe(auditorium);
      // The student scans the code a few seconds later, during the line's lesson in the room.
      setTagNow(at('10:00:05'));
      const scan = await api<{ event: { name: string }; status: string }>(
        student.cookie,
        'POST',
        '/api/v1/attendance/scan',
        { roomId: auditorium, key: link.searchParams.get('key') },
      );
      expect(scan.status, JSON.stringify(scan.body)).toBe(200);
      expect(scan.body).toMatchObject({ event: { name: 'Linjefag' }, status: 'attending' });
      // The first code is two minutes old by now.
      const stale = await api<{ code: string }>(student.cookie, 'POST', '/api/v1/attendance/scan', {
        roomId: auditorium,
        key: new URL(first.link).searchParams.get('key'),
      });
      expect(stale.body.code).toBe('scan-key-invalid');
    });
  });

  describe('the heartbeat', () => {
    const seen = () =>
      t.ctx.database.db
        .selectFrom('screen')
        .select(['last_seen_at', 'version'])
        .where('id', '=', screenIds.hall)
        .executeTakeFirstOrThrow();
    const beat = (version: string) => api(tv.hall, 'POST', '/api/v1/screen/heartbeat', { version });

    it('stores when the screen was last seen and its version, at most twice a minute', async () => {
      setNow(at('10:00'));
      expect((await beat('1.0.0')).status).toBe(204);
      expect(await seen()).toEqual({ last_seen_at: iso('10:00'), version: '1.0.0' });
      setNow(at('10:00') + HEARTBEAT_WRITE_INTERVAL_MS - 1000);
      expect((await beat('1.0.0')).status).toBe(204);
      expect(await seen()).toEqual({ last_seen_at: iso('10:00'), version: '1.0.0' });
      // A new build is told at once.
      setNow(at('10:00:10'));
      await beat('1.0.1');
      expect(await seen()).toEqual({ last_seen_at: iso('10:00:10'), version: '1.0.1' });
      setNow(at('10:00:10') + HEARTBEAT_WRITE_INTERVAL_MS);
      await beat('1.0.1');
      expect(await seen()).toEqual({
        last_seen_at: new Date(at('10:00:10') + HEARTBEAT_WRITE_INTERVAL_MS).toISOString(),
        version: '1.0.1',
      });
    });

    it('refuses a heartbeat without a version', async () => {
      const response = await api<{ code: string }>(tv.hall, 'POST', '/api/v1/screen/heartbeat', {});
      expect(response.status).toBe(400);
      expect(response.body.code).toBe('validation-failed');
    });
  });

  describe('who asks', () => {
    it('answers a TV account without a screen with 404 screen-not-paired on every route', async () => {
      for (const [method, url, payload] of [
        ['GET', '/api/v1/screen'],
        ['GET', '/api/v1/screen/check-in'],
        ['POST', '/api/v1/screen/heartbeat', { version: '1' }],
        ['GET', `/api/v1/screen/images/${imageId}`],
      ] as const) {
        const response = await api<{ code: string; title: string }>(tv.unpaired, method, url, payload);
        expect(response.status, url).toBe(404);
        expect(response.body.code).toBe('screen-not-paired');
      }
    });

    it('refuses every other role', async () => {
      for (const cookie of [admin, student.cookie]) {
        expect((await content(cookie)).status).toBe(403);
        expect((await api(cookie, 'GET', '/api/v1/screen/check-in')).status).toBe(403);
        expect((await api(cookie, 'POST', '/api/v1/screen/heartbeat', { version: '1' })).status).toBe(403);
        expect((await api(cookie, 'GET', `/api/v1/screen/images/${imageId}`)).status).toBe(403);
      }
    });

    it("shows another school's TV its own school only", async () => {
      setNow(at('10:00'));
      const { status, body } = await content(tv.other);
      expect(status).toBe(200);
      expect(body.school.shortName).toBe('Nabotun');
      expect(body.screen.name).toBe('Nabosalen');
      expect(body.programme.events).toEqual([]);
      expect(body.posts).toEqual([]);
    });
  });
});
