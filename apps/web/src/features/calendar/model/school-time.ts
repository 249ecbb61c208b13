/**
 * Wall-clock time at the school (Europe/Oslo) without a time-zone library: the calendar shows
 * and edits times as they are at the school, whatever zone the device is set to (a teacher on
 * a trip abroad still sees the 08:30 lesson at 08:30). Intl knows the zone's rules; this turns
 * them into the two conversions FullCalendar's named-zone hook and the event form need.
 */
import { schoolDateTimeFormatOnFirstUse } from '@tun/shared/time';

const MINUTE_MS = 60_000;
// Oslo changes offset on whole UTC hours, so one lookup per quarter hour is exact.
const BUCKET_MS = 15 * MINUTE_MS;
const CACHE_MAX = 5000;

const partsFormat = schoolDateTimeFormatOnFirstUse('en-US', {
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

const offsets = new Map<number, number>();

function computeOffset(ms: number): number {
  const parts: Record<string, number> = {};
  for (const part of partsFormat().formatToParts(new Date(ms))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  const wall = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
  return Math.round((wall - Math.floor(ms / 1000) * 1000) / MINUTE_MS);
}

/** The school zone's offset from UTC in minutes at an instant (60 in winter, 120 in summer). */
export function schoolOffsetMinutes(ms: number): number {
  const bucket = Math.floor(ms / BUCKET_MS);
  let offset = offsets.get(bucket);
  if (offset === undefined) {
    // FullCalendar asks for every slot and event on every render; the cache keeps that cheap.
    if (offsets.size >= CACHE_MAX) offsets.clear();
    offset = computeOffset(bucket * BUCKET_MS);
    offsets.set(bucket, offset);
  }
  return offset;
}

/** [year, month (0-11), day, hour, minute, second, ms] at the school at an instant. */
export function schoolWallClock(ms: number): number[] {
  const date = new Date(ms + schoolOffsetMinutes(ms) * MINUTE_MS);
  return [
    date.getUTCFullYear(),
    date.getUTCMonth(),
    date.getUTCDate(),
    date.getUTCHours(),
    date.getUTCMinutes(),
    date.getUTCSeconds(),
    date.getUTCMilliseconds(),
  ];
}

/** The wall-clock fields [year, month, day, hours, minutes, seconds, ms] read as if they were UTC. */
function wallClockAsUtc(wall: readonly number[]): number {
  return Date.UTC(
    wall[0]!,
    wall[1] ?? 0,
    wall[2] ?? 1,
    wall[3] ?? 0,
    wall[4] ?? 0,
    wall[5] ?? 0,
    wall[6] ?? 0,
  );
}

/**
 * The offset in minutes that applies to a wall-clock time at the school. The offset is looked up
 * at the naive instant and again at the corrected one, as the shared schedule expansion does: a
 * time in the spring gap moves an hour forward, a time in the autumn overlap takes the later one.
 */
export function schoolOffsetForWallClock(wall: readonly number[]): number {
  const naive = wallClockAsUtc(wall);
  const guess = naive - schoolOffsetMinutes(naive) * MINUTE_MS;
  return schoolOffsetMinutes(guess);
}

/** The instant (ms) of a wall-clock time at the school. */
export function schoolWallClockToInstant(wall: readonly number[]): number {
  const naive = wallClockAsUtc(wall);
  return naive - schoolOffsetForWallClock(wall) * MINUTE_MS;
}

const pad = (value: number) => String(value).padStart(2, '0');

/** An instant as the value of an <input type="datetime-local">, in school time: 'YYYY-MM-DDTHH:mm'. */
export function toDateTimeLocal(instant: Date | string | number): string {
  const ms = instant instanceof Date ? instant.getTime() : new Date(instant).getTime();
  const [year, month, day, hour, minute] = schoolWallClock(ms);
  return `${String(year).padStart(4, '0')}-${pad(month! + 1)}-${pad(day!)}T${pad(hour!)}:${pad(minute!)}`;
}

const DATE_TIME_LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?$/;

/** The ISO instant of a datetime-local value read as school time; undefined when it is not one. */
export function fromDateTimeLocal(value: string): string | undefined {
  const match = DATE_TIME_LOCAL.exec(value);
  if (!match) return undefined;
  const [year, month, day, hour, minute, second] = match.slice(1).map((part) => Number(part ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  if (month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59) return undefined;
  // Date.UTC rolls 31 February over into March; such a date was not what the user meant.
  const check = new Date(Date.UTC(year, month - 1, day));
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return undefined;
  return new Date(schoolWallClockToInstant([year, month - 1, day, hour, minute, second])).toISOString();
}

/** The school date (YYYY-MM-DD) of an instant. */
export function schoolDate(instant: Date | string | number): string {
  return toDateTimeLocal(instant).slice(0, 10);
}
