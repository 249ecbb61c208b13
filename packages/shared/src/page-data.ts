/**
 * What a page asks the API for first, written once for both sides: the web's queries request
 * these addresses, and the server names them in the page's HTML so that the browser fetches them
 * while the app's code is still loading (docs/decisions/028-first-load.md, «Data in the page»).
 * An address here and the one the web requests must be the same string, or the browser fetches
 * twice; the web builds its requests from these functions.
 */

export const API_BASE = '/api/v1';

/** Who is signed in: every page under /app waits for it before anything else. */
export const SESSION_PATH = '/session';

/** The bell's count, on every page under /app. */
export const UNREAD_COUNT_PATH = '/notifications?unread=true&limit=1';

/** Event ids may be schedule occurrences (`entry@ms#line`): '@' and '#' must be encoded in a path. */
export function calendarEventPath(eventId: string): string {
  return `/calendar/events/${encodeURIComponent(eventId)}`;
}

export function attendanceSheetPath(eventId: string): string {
  return `/attendance/events/${encodeURIComponent(eventId)}`;
}

/** An id in a page's address longer than this is no id: nothing is fetched for it. */
const PAGE_ID_MAX = 200;

/** A page of the signed-in app (`app/…`, no leading slash): the app's frame, its session. */
export function isAppPath(path: string): boolean {
  return path.split('/').find((segment) => segment.length > 0) === 'app';
}

/**
 * The API addresses (with API_BASE) a signed-in page at `path` (`app/attendance`, no leading
 * slash) with `search` fetches before it can show anything, whatever the person's roles: each
 * route still decides what they may see.
 */
export function pageDataPaths(path: string, search: URLSearchParams): string[] {
  if (!isAppPath(path)) return [];
  const segments = path.split('/').filter((segment) => segment.length > 0);
  const paths = [SESSION_PATH, UNREAD_COUNT_PATH];
  const id = search.get('id');
  if (segments[1] === 'attendance' && segments.length === 2 && search.get('type') === 'event' && id) {
    if (id.length <= PAGE_ID_MAX) paths.push(attendanceSheetPath(id), calendarEventPath(id));
  }
  return paths.map((page) => `${API_BASE}${page}`);
}
