/**
 * What every calendar read needs and seldom changes: the school's schedules and the ids of its
 * rooms, lines, electives and groups. It is kept in memory per school and dropped when the live
 * bus announces a change to any of them (answers themselves are kept by live/answer-cache.ts).
 * Reads inside a transaction always go to the database. See docs/decisions/009-calendar.md.
 */
import { WEEK_DAYS, type LiveTopic, type Schedule } from '@tun/shared';
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

type Cache = Map<string, Promise<CalendarBase>>;

const caches = new WeakMap<Db, Cache>();

/** Starts caching for this database; the returned function stops it (when the app closes). */
export function cacheCalendarBase(db: Db, live: LiveBus): () => void {
  const cache: Cache = new Map();
  caches.set(db, cache);
  const unsubscribe = live.subscribeAll((event) => {
    if (CALENDAR_BASE_TOPICS.has(event.topic)) cache.delete(event.schoolId);
  });
  return () => {
    unsubscribe();
    caches.delete(db);
  };
}

export async function calendarBase(db: Queryable, schoolId: string): Promise<CalendarBase> {
  const cache = db.isTransaction ? undefined : caches.get(db as Db);
  if (!cache) return loadCalendarBase(db, schoolId);
  let base = cache.get(schoolId);
  if (!base) {
    // Kept at once, so concurrent readers share one load. A change announced while it loads
    // drops it, and the next reader loads again.
    base = loadCalendarBase(db, schoolId);
    cache.set(schoolId, base);
    base.catch(() => {
      if (cache.get(schoolId) === base) cache.delete(schoolId);
    });
  }
  return base;
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
