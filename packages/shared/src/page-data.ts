/**
 * What a page asks the API for first, written once for both sides: the web's queries request
 * these addresses, and the server writes their answers into the page's HTML, so that the app has
 * them as its code starts, without a round trip (docs/decisions/028-first-load.md, «Data in the
 * page»). An address here and the one the web requests must be the same string, or the app asks
 * the server again; the web builds its requests from these functions.
 */

import type { AppLanguage } from './app-settings';
import type { Session } from './auth';
import { grantsAllow, type Grants } from './grants';
import { mondayOf, todayInSchoolZone } from './time';

export const API_BASE = '/api/v1';

/**
 * The element of a page's HTML that carries the answers to what the page fetches first: a JSON
 * object, API address (with API_BASE) → PageAnswer. The web app answers its first requests from
 * it, without a round trip.
 */
export const PAGE_ANSWERS_ELEMENT_ID = 'tun-page-answers';

/**
 * The cookie the web app keeps the language chosen on the device in (beside its own storage), so
 * that the page's HTML can greet in it before the code has run. Not HttpOnly: the app writes it.
 */
export const LANGUAGE_COOKIE = 'tun.language';

/** The language of a device that has chosen none, where no school's is known yet (the login page). */
export const DEVICE_DEFAULT_LANGUAGE: AppLanguage = 'nb';

/** An API answer written into a page: its body, and the live id the API answered with. */
export interface PageAnswer {
  liveId: number | null;
  body: unknown;
}

/** Who is signed in: every page under /app waits for it before anything else. */
export const SESSION_PATH = '/session';

/**
 * Whether Tun still needs its setup, and the ways to sign in: the login page waits for it before
 * it draws its form. Public, the same for everyone.
 */
export const SETUP_PATH = '/setup';

/** The bell's count, on every page under /app. */
export const UNREAD_COUNT_PATH = '/notifications?unread=true&limit=1';

/** Event ids may be schedule occurrences (`entry@ms#line`): '@' and '#' must be encoded in a path. */
export function calendarEventPath(eventId: string): string {
  return `/calendar/events/${encodeURIComponent(eventId)}`;
}

export function attendanceSheetPath(eventId: string): string {
  return `/attendance/events/${encodeURIComponent(eventId)}`;
}

/** The school's own details: the dashboard's heading names it. */
export const SCHOOL_PATH = '/school';

/** Tonight's evening supervision. */
export const SUPERVISION_PATH = '/supervision';

/** A student's or scholar's own attendance this school year. */
export const MY_ATTENDANCE_PATH = '/attendance/me/summary';

/** The dashboard's «Siste innlegg» card: this many, pinned ones first, then the newest. */
export const POST_DASHBOARD_COUNT = 3;

/** The posts feed: `filter` 'all' and an empty `q` are left out. */
export function postFeedPath(params: {
  filter: string;
  q: string;
  cursor?: string | null;
  limit?: number;
}): string {
  const search = new URLSearchParams();
  if (params.filter !== 'all') search.set('filter', params.filter);
  if (params.q) search.set('q', params.q);
  if (params.cursor) search.set('cursor', params.cursor);
  if (params.limit !== undefined) search.set('limit', String(params.limit));
  const query = search.toString();
  return `/posts${query ? `?${query}` : ''}`;
}

export const LEAVE_PATH = '/leave';

/** Applications for leave matching a query (`{ status: 'pending' }`), in the query's order. */
export function leaveListPath(query: Readonly<Record<string, string | undefined>>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (typeof value === 'string') params.set(key, value);
  }
  const search = params.toString();
  return search ? `${LEAVE_PATH}?${search}` : LEAVE_PATH;
}

/** Applications waiting for a decision: the decide tab's list and count, and the dashboard's. */
export const PENDING_LEAVE = { status: 'pending' } as const;

/** One week's menu, by its Monday. */
export function menuWeekPath(week: string): string {
  return `/food/menu?week=${encodeURIComponent(week)}`;
}

/** The Monday of the school's week at `now`: the dashboard shows today's menu from it. */
export function currentMenuWeek(now: number): string {
  return mondayOf(todayInSchoolZone(new Date(now)));
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** How far ahead the dashboard's next events look. */
export const NEXT_EVENTS_DAYS = 7;
/**
 * The next events' window starts at "now" rounded down to this step, so the request stays the
 * same between the card's 30-second ticks (and between the page's HTML and its code) and moves
 * on a few times an hour.
 */
export const NEXT_EVENTS_STEP_MS = 5 * 60 * 1000;

export function nextEventsWindowStart(now: number): number {
  return now - (now % NEXT_EVENTS_STEP_MS);
}

/** A person's own events from the window's start and a week ahead, the school's included. */
export function nextEventsPath(personId: string, windowStart: number): string {
  const params = new URLSearchParams({
    from: new Date(windowStart).toISOString(),
    to: new Date(windowStart + NEXT_EVENTS_DAYS * DAY_MS).toISOString(),
    person: personId,
  });
  return `/calendar?${params.toString()}`;
}

/** Who opens a page, as far as what it fetches first depends on them: the session's answer. */
export type PageViewer = Pick<Session, 'actions' | 'ownActions' | 'features'> & {
  user: Pick<Session['user'], 'id'>;
};

/** Students and scholars see only their own absence; staff see everyone's in the report. */
export function seesOnlyOwnAttendance(grants: Grants): boolean {
  return grantsAllow(grants, 'absence:view', { own: true }) && !grantsAllow(grants, 'absence:view');
}

/**
 * What of the dashboard a person sees: their school's features and their grants decide each card,
 * and `schoolInfo` whether the heading names the school from /school.
 */
export function dashboardCards(viewer: PageViewer) {
  const on = (feature: PageViewer['features'][number]) => viewer.features.includes(feature);
  return {
    schoolInfo: grantsAllow(viewer, 'schoolInfo:view'),
    nextEvents: grantsAllow(viewer, 'calendar:view'),
    latestPosts: on('posts') && grantsAllow(viewer, 'posts:view'),
    myAttendance: on('attendance') && seesOnlyOwnAttendance(viewer),
    supervision: on('supervision') && grantsAllow(viewer, 'schoolInfo:view'),
    todaysMenu: on('foodPlan'),
    pendingLeave: on('leave') && grantsAllow(viewer, 'leave:approve'),
  };
}

/** What the dashboard's cards ask for first (without API_BASE), at `now`. */
export function dashboardDataPaths(viewer: PageViewer, now: number): string[] {
  const cards = dashboardCards(viewer);
  const paths = [
    cards.schoolInfo && SCHOOL_PATH,
    cards.nextEvents && nextEventsPath(viewer.user.id, nextEventsWindowStart(now)),
    cards.latestPosts && postFeedPath({ filter: 'all', q: '', limit: POST_DASHBOARD_COUNT }),
    cards.myAttendance && MY_ATTENDANCE_PATH,
    cards.supervision && SUPERVISION_PATH,
    cards.todaysMenu && menuWeekPath(currentMenuWeek(now)),
    cards.pendingLeave && leaveListPath(PENDING_LEAVE),
  ];
  return paths.filter((path) => path !== false);
}

/** An id in a page's address longer than this is no id: nothing is fetched for it. */
const PAGE_ID_MAX = 200;

/** A page of the signed-in app (`app/…`, no leading slash): the app's frame, its session. */
export function isAppPath(path: string): boolean {
  return path.split('/').find((segment) => segment.length > 0) === 'app';
}

/** The dashboard (`app/dashboard`, no leading slash): what it fetches depends on who opens it. */
export function isDashboardPath(path: string): boolean {
  const segments = path.split('/').filter((segment) => segment.length > 0);
  return segments.length === 2 && segments[0] === 'app' && segments[1] === 'dashboard';
}

/** The login page (`login`, no leading slash). */
function isLoginPath(path: string): boolean {
  const segments = path.split('/').filter((segment) => segment.length > 0);
  return segments.length === 1 && segments[0] === 'login';
}

/**
 * The API addresses (with API_BASE) a page at `path` (`app/attendance`, no leading slash) with
 * `search` fetches before it can show anything: the login page's setup status, which is public,
 * and a signed-in page's. Without a `viewer`, those of every person (each route still decides what
 * they may see); with one, also the dashboard's, at `now`.
 */
export function pageDataPaths(
  path: string,
  search: URLSearchParams,
  viewer?: PageViewer | null,
  now: number = Date.now(),
): string[] {
  if (isLoginPath(path)) return [`${API_BASE}${SETUP_PATH}`];
  if (!isAppPath(path)) return [];
  const segments = path.split('/').filter((segment) => segment.length > 0);
  const paths = [SESSION_PATH, UNREAD_COUNT_PATH];
  const id = search.get('id');
  if (segments[1] === 'attendance' && segments.length === 2 && search.get('type') === 'event' && id) {
    if (id.length <= PAGE_ID_MAX) paths.push(attendanceSheetPath(id), calendarEventPath(id));
  }
  if (viewer && isDashboardPath(path)) paths.push(...dashboardDataPaths(viewer, now));
  return paths.map((page) => `${API_BASE}${page}`);
}
