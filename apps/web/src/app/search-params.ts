/**
 * Typed, validated search params for the routes that take them (SPEC §2).
 *
 * Deliberately not zod: these run in the entry chunk, and zod/mini there shares zod's core with
 * the zod classic that @tun/shared's schemas bring into feature chunks. The bundler then puts
 * the union of both into the entry, +14 KB gzip on /login (measured), over its 180 KB budget.
 * Feature pages can use zod freely; only the entry stays zod-free.
 *
 * Values are always strings (see `parseSearch`), so "42" stays an id. Each field is checked on
 * its own: a bad value drops that parameter instead of failing the whole page.
 */

/** Accepts a raw search value, or rejects it. */
type Field<T> = (raw: unknown) => raw is T;

type SearchOf<S> = { [K in keyof S]?: S[K] extends Field<infer T> ? T : never };

function text(maxLength: number): Field<string> {
  return (raw): raw is string => typeof raw === 'string' && raw.length > 0 && raw.length <= maxLength;
}

function oneOf<const T extends readonly string[]>(values: T): Field<T[number]> {
  return (raw): raw is T[number] => typeof raw === 'string' && values.includes(raw);
}

function searchSchema<S extends Record<string, Field<unknown>>>(shape: S) {
  return (input: Record<string, unknown>): SearchOf<S> => {
    const search: Record<string, unknown> = {};
    for (const [key, accepts] of Object.entries(shape)) {
      if (accepts(input[key])) search[key] = input[key];
    }
    return search as SearchOf<S>;
  };
}

const id = text(200);

/** /app/classes/details?classId=… */
export const classDetailsSearch = searchSchema({ classId: id });

/** What an attendance list is for: one event, or one student across events (SPEC §7). */
export const ATTENDANCE_TYPES = ['event', 'student', 'line'] as const;

/** /app/attendance?type=…&id=… */
export const attendanceSearch = searchSchema({ type: oneOf(ATTENDANCE_TYPES), id });

/** /app/files?folder=…: the folder shown; none is the top of the archive. */
export const filesSearch = searchSchema({ folder: id });

/** The feed's filters; the same list as POST_FEED_FILTERS in @tun/shared/posts, which brings zod. */
export const POSTS_FILTERS = ['all', 'unread', 'school', 'staff', 'selected', 'mine'] as const;

/** /app/posts?filter=…&q=…&post=…: the feed's filter and search, and the post opened (notification links). */
export const postsSearch = searchSchema({ filter: oneOf(POSTS_FILTERS), q: text(100), post: id });

/** The food planner's tabs (decision 025). */
export const FOOD_PLANNER_TABS = ['menu', 'dishes', 'counts', 'diets'] as const;
export type FoodPlannerTab = (typeof FOOD_PLANNER_TABS)[number];

const isoDate: Field<string> = (raw): raw is string =>
  typeof raw === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(raw);

/** /app/food-planner?tab=…&week=…: the tab, and the week shown (its Monday). */
export const foodPlannerSearch = searchSchema({ tab: oneOf(FOOD_PLANNER_TABS), week: isoDate });

/** /app/food-planner/print?week=…: the printable A4 week menu. */
export const foodPrintSearch = searchSchema({ week: isoDate });

/** The janitor page's tabs (decision 026). */
export const JANITOR_TABS = ['report', 'mine', 'cases', 'rounds', 'stats'] as const;
export type JanitorTab = (typeof JANITOR_TABS)[number];

/** /app/janitor?tab=…&report=<roomId>: the tab; `report` opens «Meld feil» with the room set (its QR code). */
export const janitorSearch = searchSchema({ tab: oneOf(JANITOR_TABS), report: id });

/** The leave page's tabs (decision 027): apply and one's own for students and scholars; deciding and the rules for staff. */
export const LEAVE_TABS = ['apply', 'mine', 'decide', 'settings'] as const;
export type LeaveTab = (typeof LEAVE_TABS)[number];

/** /app/leave?tab=…&leave=<id>: the tab, and an application opened (a notification's link). */
export const leaveSearch = searchSchema({ tab: oneOf(LEAVE_TABS), leave: id });

/** /app/tilsyn's tabs: the duty, and «På huset i natt» for staff and the scholar on duty. */
export const SUPERVISION_TABS = ['duty', 'house'] as const;
export type SupervisionTab = (typeof SUPERVISION_TABS)[number];

/** /app/tilsyn?tab=…. */
export const supervisionSearch = searchSchema({ tab: oneOf(SUPERVISION_TABS) });

/**
 * Where a sign-in through a school's provider went wrong: the same list as SSO_ERRORS in
 * @tun/shared/sso, which brings zod.
 */
export const SSO_SIGN_IN_ERRORS = [
  'sso-failed',
  'sso-cancelled',
  'sso-unknown-account',
  'sso-provider-unavailable',
] as const;

/**
 * /login?redirect=…: where to go afterwards; `reason` explains why the user was sent here, and
 * `sso-error` why a sign-in through a provider failed (the server sends the browser back with it).
 */
export const loginSearch = searchSchema({
  redirect: text(2000),
  reason: oneOf(['not-in-directory']),
  'sso-error': oneOf(SSO_SIGN_IN_ERRORS),
});

export function parseSearch(searchString: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(searchString));
}

export function stringifySearch(search: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(search)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const query = params.toString();
  return query ? `?${query}` : '';
}

/** /set-password?token=… and /login/link?token=…: a one-time link's token. */
export const tokenSearch = searchSchema({ token: text(200) });
