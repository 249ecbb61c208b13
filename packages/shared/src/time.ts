/**
 * The school's calendar: dates (YYYY-MM-DD) are days at the school, in Europe/Oslo, whatever
 * the zone of the server or the device. Free of dependencies so that every page can use it.
 */
export const SCHOOL_TIME_ZONE = 'Europe/Oslo';

// Swedish writes dates as ISO (YYYY-MM-DD), so Intl gives the school's date without a library.
const schoolDateFormat = new Intl.DateTimeFormat('sv-SE', {
  timeZone: SCHOOL_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The date at the school at the given instant (now by default), as YYYY-MM-DD. */
export function todayInSchoolZone(now: Date = new Date()): string {
  return schoolDateFormat.format(now);
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar date written YYYY-MM-DD (not 2026-02-30). */
export function isIsoDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}
