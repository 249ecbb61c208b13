/**
 * What a paired TV shows (docs/decisions/024-info-screens.md): its own screen's content, the
 * room's rotating check-in link, its heartbeat, and the images of the posts it shows.
 *
 * A screen may show what a visitor in the hallway may read. The programme names events, times,
 * rooms and lines, never people (temporary groups are left out: their names are free text and
 * may name students); supervision names the person on duty; posts are those to the whole school
 * marked «Vis på infoskjerm». Data of a panel the layout does not have is not sent.
 *
 * Many screens refetch at once after one write, so the parts every screen of a school shares
 * (the day's calendar, the posts, the school, supervision, the banner) are made once per change
 * and kept in the answer cache; each screen's own answer is then only a filter of them.
 */
import {
  LIVE_TOPICS,
  addDays,
  schoolDayStart,
  shortFullName,
  todayInSchoolZone,
  type CalendarEvent,
  type Emergency,
  type LiveTopic,
  type ScreenCheckIn,
  type ScreenContent,
} from '@tun/shared';
import type { RequestPrincipal } from '../../auth/principal';
import type { AppContext } from '../../context';
import { write } from '../../db/write';
import { ProblemError } from '../../http/problem';
import type { AnswerCache } from '../../live/answer-cache';
import { featureState, getAppSettings } from '../app-settings/app-settings.service';
import { rotatingCheckIn } from '../attendance-tags/attendance-tags.service';
import { CALENDAR_BASE_TOPICS } from '../calendar/calendar-cache';
import { listCalendar } from '../calendar/calendar.service';
import { fileDownload } from '../files/files.service';
import { publishedMenuOfDay } from '../food/menus.service';
import { listLines } from '../lines/lines.service';
import { infoScreenPosts } from '../posts/posts.service';
import { listRooms } from '../rooms/rooms.service';
import { getSchool } from '../school/school.service';
import { getSupervision } from '../supervision/supervision.service';
import { setSeen } from './screen-content.repository';
import { findEmergency } from './screens.repository';
import { findScreenOfTvAccount, type ScreenRecord } from './screens.service';

type Deps = Pick<AppContext, 'database' | 'live'>;
type Actor = Pick<RequestPrincipal, 'schoolId' | 'personId' | 'roles'>;

/**
 * Where the screen takes the time from: «not yet ended» and «today» depend on it. Tests move it
 * (an event ending, midnight); everything else keeps the real clock.
 */
export const screenClock = { now: (): number => Date.now() };

/**
 * What the kept answers and shared parts follow: the topics a screen hears (it refetches on
 * them), and the calendar's other inputs (electives and groups change the day's events) and
 * people (the name of whoever has supervision), which the screen picks up on its next refetch.
 */
export const SCREEN_CONTENT_TOPICS: ReadonlySet<LiveTopic> = new Set([
  ...(Object.keys(LIVE_TOPICS) as LiveTopic[]).filter((topic) => isScreenTopic(topic)),
  ...CALENDAR_BASE_TOPICS,
  'people',
]);

function isScreenTopic(topic: LiveTopic): boolean {
  const entry: { view: string; screens?: boolean } = LIVE_TOPICS[topic];
  return entry.screens === true;
}

const MINUTE_MS = 60_000;
/** A wall has room for about this many posts; older ones are left out. */
export const SCREEN_POSTS_MAX = 10;
/** A heartbeat within this long of the last one stored, with the same version, writes nothing. */
export const HEARTBEAT_WRITE_INTERVAL_MS = 30_000;

/** The minute since 1970: an answer depends on it (events end), so it is part of the answer's key. */
export function screenMinute(): number {
  return Math.floor(screenClock.now() / MINUTE_MS);
}

// ── The screen of the TV account ────────────────────────────────────────────────────────────

/** The screen of the asking TV account, its layout and schedule read. */
export type OwnScreen = Pick<
  ScreenRecord,
  'id' | 'name' | 'place' | 'layout' | 'schedule' | 'lastSeenAt' | 'version' | 'reloadRequestedAt'
>;

/** The caller's screen: a TV account without one (never paired, or its screen deleted) gets 404. */
export async function ownScreen(deps: Deps, actor: Actor): Promise<OwnScreen> {
  const screen = await findScreenOfTvAccount(deps.database.db, actor.schoolId, actor.personId);
  if (!screen) throw new ProblemError('screen-not-paired');
  return screen;
}

// ── What every screen of a school shares ────────────────────────────────────────────────────

interface SchoolPart {
  shortName: string;
  longName: string;
  themeColor: string;
  logoFileId: string | null;
  postsOn: boolean;
  supervisionOn: boolean;
  attendanceOn: boolean;
  foodPlanOn: boolean;
}

async function schoolPart(deps: Deps, schoolId: string): Promise<SchoolPart> {
  const { db } = deps.database;
  const [school, settings, features] = await Promise.all([
    getSchool(db, schoolId),
    getAppSettings(db, schoolId),
    featureState(db, schoolId),
  ]);
  return {
    shortName: school.shortName,
    longName: school.longName,
    themeColor: settings.themeColor,
    logoFileId: settings.logoFileId,
    // A feature the school switched off is gone from its screens too.
    postsOn: !features.off.has('posts'),
    supervisionOn: !features.off.has('supervision'),
    attendanceOn: !features.off.has('attendance'),
    foodPlanOn: !features.off.has('foodPlan'),
  };
}

/** Names of rooms and lines, to name an event's place and who it is for. */
async function names(deps: Deps, schoolId: string) {
  const { db } = deps.database;
  const [rooms, lines] = await Promise.all([listRooms(db, schoolId), listLines(db, schoolId)]);
  return {
    rooms: new Map(rooms.map((room) => [room.id, room.name])),
    lines: new Map(lines.map((line) => [line.id, line.name])),
  };
}

/** The school's whole day (school time), schedules expanded, overrides and deletions applied. */
function dayEvents(deps: Deps, schoolId: string, date: string): Promise<CalendarEvent[]> {
  return listCalendar(deps.database.db, schoolId, {
    from: schoolDayStart(date),
    to: schoolDayStart(addDays(date, 1)),
  });
}

async function emergencyOf(deps: Deps, schoolId: string): Promise<Emergency> {
  return (await findEmergency(deps.database.db, schoolId)) ?? null;
}

/** A post's images point at the screen's own image route; nothing else of the body changes. */
const ARCHIVE_IMAGE_SRC = /src="\/api\/v1\/files\/([A-Za-z0-9_-]{1,200})\/(?:content\?inline=1|thumbnail)"/g;

function screenBody(body: string): string {
  return body.replace(ARCHIVE_IMAGE_SRC, (_match, id: string) => `src="${screenImageUrl(id)}"`);
}

/** The archive files a sanitized body shows as images. */
function imagesOf(body: string): string[] {
  return [...body.matchAll(ARCHIVE_IMAGE_SRC)].map((match) => match[1]!);
}

/** Where a TV fetches an image it shows: the archive's own routes need files:view. */
export function screenImageUrl(fileId: string): string {
  return `/api/v1/screen/images/${fileId}`;
}

/** The parts kept per school until one of the screens' topics changes. */
function shared(deps: Deps, cache: AnswerCache, schoolId: string) {
  return {
    school: () => cache.value(schoolId, 'school', () => schoolPart(deps, schoolId)),
    names: () => cache.value(schoolId, 'names', () => names(deps, schoolId)),
    day: (date: string) => cache.value(schoolId, `day|${date}`, () => dayEvents(deps, schoolId, date)),
    posts: () =>
      cache.value(schoolId, 'posts', () => infoScreenPosts(deps.database.db, schoolId, SCREEN_POSTS_MAX)),
    supervision: () => cache.value(schoolId, 'supervision', () => getSupervision(deps.database.db, schoolId)),
    emergency: () => cache.value(schoolId, 'emergency', () => emergencyOf(deps, schoolId)),
    menu: (date: string) =>
      cache.value(schoolId, `menu|${date}`, () => publishedMenuOfDay(deps.database.db, schoolId, date)),
  };
}

// ── One screen's content ────────────────────────────────────────────────────────────────────

/**
 * The content of one screen now: today's events (of its room, when it has one) not yet over,
 * and the panels its layout has. Made from the shared parts, so a school's screens refetching
 * together after a write cost one read of the database between them.
 */
export async function screenContent(
  deps: Deps,
  cache: AnswerCache,
  schoolId: string,
  screen: OwnScreen,
): Promise<ScreenContent> {
  const parts = shared(deps, cache, schoolId);
  const now = screenClock.now();
  const date = todayInSchoolZone(new Date(now));
  const { layout } = screen;
  const [school, named, day, emergency] = await Promise.all([
    parts.school(),
    parts.names(),
    parts.day(date),
    parts.emergency(),
  ]);
  const showsPosts = layout.panels.includes('posts') && school.postsOn;
  const showsSupervision = layout.panels.includes('supervision') && school.supervisionOn;
  const showsMenu = layout.panels.includes('menu') && school.foodPlanOn;
  const [posts, supervision, menu] = await Promise.all([
    showsPosts ? parts.posts() : [],
    showsSupervision ? parts.supervision() : undefined,
    showsMenu ? parts.menu(date) : null,
  ]);
  const events = day.filter(
    (event) => Date.parse(event.end) > now && (layout.roomId === null || event.roomUsed === layout.roomId),
  );
  return {
    screen: {
      id: screen.id,
      name: screen.name,
      place: screen.place,
      layout,
      schedule: screen.schedule,
      reloadRequestedAt: screen.reloadRequestedAt,
    },
    school: {
      shortName: school.shortName,
      longName: school.longName,
      themeColor: school.themeColor,
      // The archive's own address needs files:view, which a TV account has not.
      logoUrl: school.logoFileId === null ? null : screenImageUrl(school.logoFileId),
    },
    generatedAt: new Date(now).toISOString(),
    programme: {
      date,
      roomName: layout.roomId === null ? null : (named.rooms.get(layout.roomId) ?? null),
      events: events.map((event) => ({
        id: event.id,
        name: event.name,
        start: event.start,
        end: event.end,
        type: event.type,
        roomName: event.roomUsed === null ? null : (named.rooms.get(event.roomUsed) ?? null),
        // Lines only: electives and groups are ids the screen does not name.
        lineNames: event.groupsAttending.flatMap((id) => {
          const name = named.lines.get(id);
          return name === undefined ? [] : [name];
        }),
      })),
    },
    // Published menus only (decision 025); the panel says there is none otherwise.
    menu,
    // The supervision phone only: the person's own phone stays off a wall anyone walks past.
    supervision: {
      name: supervision?.current ? shortFullName(supervision.current.name) : null,
      phone: supervision?.supervisionPhone ?? null,
    },
    posts: posts.map((post) => ({ ...post, body: screenBody(post.body) })),
    emergency,
  };
}

// ── Check-in, heartbeat, images ─────────────────────────────────────────────────────────────

/**
 * The room's rotating check-in link, for a screen of a room that shows the check-in panel;
 * null otherwise (no room, no panel, a room without a rotating tag, attendance switched off).
 */
export async function screenCheckIn(
  deps: Deps & Pick<AppContext, 'config'>,
  cache: AnswerCache,
  schoolId: string,
  screen: OwnScreen,
): Promise<ScreenCheckIn> {
  const { roomId, panels } = screen.layout;
  if (roomId === null || !panels.includes('checkIn')) return null;
  const parts = shared(deps, cache, schoolId);
  const [school, named] = await Promise.all([parts.school(), parts.names()]);
  const roomName = named.rooms.get(roomId);
  if (!school.attendanceOn || roomName === undefined) return null;
  const checkIn = await rotatingCheckIn(deps, schoolId, roomId);
  return checkIn ? { roomId, roomName, ...checkIn } : null;
}

/**
 * The TV is on and runs `version`. Stored at most every HEARTBEAT_WRITE_INTERVAL_MS per screen
 * (unless the version changed): /app/tv-setup needs «last seen» to the half minute, not every
 * call a write. Nothing is announced: every screen hears the screens topic and would refetch
 * its content on each of the others' heartbeats.
 */
export async function recordHeartbeat(deps: Deps, actor: Actor, version: string): Promise<void> {
  const screen = await ownScreen(deps, actor);
  const now = screenClock.now();
  const last = screen.lastSeenAt === null ? Number.NaN : Date.parse(screen.lastSeenAt);
  if (screen.version === version && now - last < HEARTBEAT_WRITE_INTERVAL_MS && now >= last) return;
  await write(deps, actor.schoolId, (trx) =>
    setSeen(trx, actor.schoolId, screen.id, { at: new Date(now).toISOString(), version }),
  );
}

/** Types a screen shows as an image; no SVG (it may carry script). */
const SCREEN_IMAGE_TYPES: ReadonlySet<string> = new Set([
  'image/png',
  'image/jpeg',
  'image/webp',
  'image/gif',
  'image/avif',
]);

/**
 * An image the screen shows: one in a post it shows, or the school's logo. Any other file, of
 * this school or another, is not found: a TV account cannot read the archive.
 */
export async function screenImage(
  deps: Deps & Pick<AppContext, 'storage' | 'log'>,
  cache: AnswerCache,
  actor: Actor,
  fileId: string,
) {
  const screen = await ownScreen(deps, actor);
  const parts = shared(deps, cache, actor.schoolId);
  const school = await parts.school();
  const posts = screen.layout.panels.includes('posts') && school.postsOn ? await parts.posts() : [];
  const shown = school.logoFileId === fileId || posts.some((post) => imagesOf(post.body).includes(fileId));
  if (!shown) throw new ProblemError('object-not-found');
  const download = await fileDownload(deps, actor, fileId, { inline: true, thumbnail: false });
  if (!SCREEN_IMAGE_TYPES.has(download.object.contentType) || !download.object.inline) {
    throw new ProblemError('object-not-found');
  }
  return download;
}
