/**
 * Calendar reads are many and changes few, so two things are kept in memory per school and
 * dropped when the live bus announces a change (on this instance, or through PostgreSQL's NOTIFY
 * on another), see docs/decisions/009-calendar.md:
 *
 * - the base every read needs: the schedules and the ids of rooms, lines, electives and groups;
 * - answered calendar ranges, by URL, with the version of the school's calendar they were made
 *   at. The version is the id of the latest live event that could change a calendar (ids grow
 *   across instances), so it doubles as the ETag: a client that has the answer gets a 304.
 *
 * Reads inside a transaction always go to the database.
 */
import { WEEK_DAYS, type LiveTopic, type Schedule } from '@tun/shared';
import type { Db, Queryable } from '../../db/database';
import type { LiveBus } from '../../live/bus';
import { loadSchedules, schoolTargets, type SchoolTargets } from './calendar.repository';

export interface CalendarBase extends SchoolTargets {
  schedules: Schedule[];
}

/** Topics that change the base; people (memberships) change only whose calendar shows what. */
const BASE_TOPICS: ReadonlySet<LiveTopic> = new Set(['calendar', 'rooms', 'lines', 'electives', 'groups']);
const ANSWER_TOPICS: ReadonlySet<LiveTopic> = new Set([...BASE_TOPICS, 'people']);

/** Answers kept per school, the least recently used let go; big ones are not kept. */
const ANSWERS_PER_SCHOOL = 200;
const ANSWER_MAX_BYTES = 512 * 1024;

interface SchoolCache {
  base?: Promise<CalendarBase>;
  version: number;
  answers: Map<string, { version: number; body: Buffer }>;
}

interface Cache {
  schools: Map<string, SchoolCache>;
  live: LiveBus;
}

const caches = new WeakMap<Db, Cache>();

/** Starts caching for this database; the returned function stops it (when the app closes). */
export function cacheCalendar(db: Db, live: LiveBus): () => void {
  const cache: Cache = { schools: new Map(), live };
  caches.set(db, cache);
  const unsubscribe = live.subscribeAll((event) => {
    const school = cache.schools.get(event.schoolId);
    if (!school || !ANSWER_TOPICS.has(event.topic)) return;
    if (BASE_TOPICS.has(event.topic)) school.base = undefined;
    school.version = Math.max(school.version, event.id);
    school.answers.clear();
  });
  return () => {
    unsubscribe();
    caches.delete(db);
  };
}

function schoolCache(db: Queryable, schoolId: string): SchoolCache | undefined {
  const cache = db.isTransaction ? undefined : caches.get(db as Db);
  if (!cache) return undefined;
  let school = cache.schools.get(schoolId);
  if (!school) {
    // Nothing heard of this school yet: whatever changed before now is in the database.
    school = { version: cache.live.latestId, answers: new Map() };
    cache.schools.set(schoolId, school);
  }
  return school;
}

export async function calendarBase(db: Queryable, schoolId: string): Promise<CalendarBase> {
  const school = schoolCache(db, schoolId);
  if (!school) return loadCalendarBase(db, schoolId);
  if (!school.base) {
    // Kept at once, so concurrent readers share one load. A change announced while it loads
    // drops it, and the next reader loads again.
    const base = loadCalendarBase(db, schoolId);
    school.base = base;
    base.catch(() => {
      if (school.base === base) school.base = undefined;
    });
  }
  return school.base;
}

/**
 * A calendar answer for the URL: the cached JSON when nothing has changed since it was made,
 * otherwise made now (and kept). `etag` identifies the version either way.
 */
export async function cachedAnswer(
  db: Db,
  schoolId: string,
  key: string,
  make: () => Promise<unknown>,
): Promise<{ etag: string; body: Buffer }> {
  const school = schoolCache(db, schoolId);
  if (!school) return { etag: '', body: Buffer.from(JSON.stringify(await make())) };
  const version = school.version;
  const etag = `"calendar-${version}"`;
  const kept = school.answers.get(key);
  if (kept && kept.version === version) {
    school.answers.delete(key);
    school.answers.set(key, kept);
    return { etag, body: kept.body };
  }
  // Kept as bytes, so a kept answer is not encoded again for every reader.
  const body = Buffer.from(JSON.stringify(await make()));
  // Only if nothing changed meanwhile: otherwise the answer may already be out of date.
  if (school.version === version && body.length <= ANSWER_MAX_BYTES) {
    if (school.answers.size >= ANSWERS_PER_SCHOOL) school.answers.delete(school.answers.keys().next().value!);
    school.answers.set(key, { version, body });
  }
  return { etag, body };
}

/** The ETag a calendar answer for this school has now, without making it. */
export function calendarEtag(db: Db, schoolId: string): string | undefined {
  const school = schoolCache(db, schoolId);
  return school ? `"calendar-${school.version}"` : undefined;
}

async function loadCalendarBase(db: Queryable, schoolId: string): Promise<CalendarBase> {
  const [schedules, targets] = await Promise.all([loadSchedules(db, schoolId), schoolTargets(db, schoolId)]);
  // A line or elective deleted since the week was saved no longer gets its own occurrences.
  for (const schedule of schedules) {
    for (const day of WEEK_DAYS) {
      for (const entry of schedule.days[day]) {
        entry.forClasses = entry.forClasses.filter((id) => targets.lines.has(id));
        entry.forElectives = entry.forElectives.filter((id) => targets.electives.has(id));
      }
    }
  }
  return { ...targets, schedules };
}
