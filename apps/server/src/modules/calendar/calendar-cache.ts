/**
 * What every calendar read needs and seldom changes: the school's schedules and the ids of its
 * rooms, lines, electives and groups. It is kept in memory per school and dropped when the live
 * bus announces a change to any of them (answers themselves are kept by live/answer-cache.ts).
 * Reads inside a transaction always go to the database. See docs/decisions/009-calendar.md.
 */
import { WEEK_DAYS, type CalendarEvent, type LiveTopic, type Schedule } from '@tun/shared';
import type { Db, Queryable } from '../../db/database';
import type { LiveBus } from '../../live/bus';
import { loadSchedules, schoolTargets, type SchoolTargets } from './calendar.repository';
import { releaseEntry } from './target-release';

export interface CalendarBase extends SchoolTargets {
  schedules: Schedule[];
}

/** Topics that change the base. */
export const CALENDAR_BASE_TOPICS: ReadonlySet<LiveTopic> = new Set([
  'calendar',
  'rooms',
  'lines',
  'electives',
  'groups',
]);

/**
 * Ranges of the whole school's calendar kept per school: the few last asked for. Every
 * student's week is another answer, but the same week of the school, so a morning of students
 * opening their weeks expands the school's week once. Few, since one school's month may be
 * thousands of events and the range is the asker's to choose.
 */
const EXPANSIONS_PER_SCHOOL = 4;

interface Cache {
  bases: Map<string, Promise<CalendarBase>>;
  /** By school, then by `from|to`; the least recently used range of a school goes first. */
  expansions: Map<string, Map<string, Promise<readonly CalendarEvent[]>>>;
}

const caches = new WeakMap<Db, Cache>();

/** Starts caching for this database; the returned function stops it (when the app closes). */
export function cacheCalendarBase(db: Db, live: LiveBus): () => void {
  const cache: Cache = { bases: new Map(), expansions: new Map() };
  caches.set(db, cache);
  const unsubscribe = live.subscribeAll((event) => {
    if (!CALENDAR_BASE_TOPICS.has(event.topic)) return;
    cache.bases.delete(event.schoolId);
    cache.expansions.delete(event.schoolId);
  });
  return () => {
    unsubscribe();
    caches.delete(db);
  };
}

/**
 * Kept at once, so concurrent readers share one load. A change announced while it loads drops
 * it (the map it is in is let go or emptied), and the next reader loads again.
 */
function kept<T>(map: Map<string, Promise<T>>, key: string, load: () => Promise<T>): Promise<T> {
  let value = map.get(key);
  if (!value) {
    value = load();
    map.set(key, value);
    value.catch(() => {
      if (map.get(key) === value) map.delete(key);
    });
  }
  return value;
}

export async function calendarBase(db: Queryable, schoolId: string): Promise<CalendarBase> {
  const cache = db.isTransaction ? undefined : caches.get(db as Db);
  if (!cache) return loadCalendarBase(db, schoolId);
  return kept(cache.bases, schoolId, () => loadCalendarBase(db, schoolId));
}

/**
 * The whole school's events of [from, to) as `expand` makes them (from the base and the stored
 * events, which change only with the base's topics), kept for the next reader of that range.
 * The events are shared between readers: callers copy what they change.
 */
export async function schoolRange(
  db: Queryable,
  schoolId: string,
  range: { from: number; to: number },
  expand: () => Promise<readonly CalendarEvent[]>,
): Promise<readonly CalendarEvent[]> {
  const cache = db.isTransaction ? undefined : caches.get(db as Db);
  if (!cache) return expand();
  let ranges = cache.expansions.get(schoolId);
  if (!ranges) {
    ranges = new Map();
    cache.expansions.set(schoolId, ranges);
  }
  const key = `${range.from}|${range.to}`;
  const found = ranges.get(key);
  if (found) {
    // Most recently used last.
    ranges.delete(key);
    ranges.set(key, found);
    return found;
  }
  if (ranges.size >= EXPANSIONS_PER_SCHOOL) ranges.delete(ranges.keys().next().value!);
  return kept(ranges, key, expand);
}

async function loadCalendarBase(db: Queryable, schoolId: string): Promise<CalendarBase> {
  const [schedules, targets] = await Promise.all([loadSchedules(db, schoolId), schoolTargets(db, schoolId)]);
  // Deleting a line, elective or group cleans the schedules, but a week saved while one was
  // being deleted may still name it. It gets no occurrences, and an entry left with no target
  // is dropped: emptied, it would be for the whole school.
  const known = (id: string) => targets.lines.has(id) || targets.electives.has(id) || targets.groups.has(id);
  const gone = (id: string) => !known(id);
  for (const schedule of schedules) {
    for (const day of WEEK_DAYS) {
      schedule.days[day] = schedule.days[day].flatMap((entry) => {
        const release = releaseEntry(entry, gone);
        if (release.action === 'remove') return [];
        return release.action === 'change' ? [{ ...entry, ...release.next }] : [entry];
      });
    }
  }
  return { ...targets, schedules };
}
