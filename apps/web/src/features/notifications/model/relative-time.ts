const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Older than this, a date says more than «for 9 dager siden». */
export const RELATIVE_LIMIT_DAYS = 7;

export interface RelativeParts {
  value: number;
  unit: Extract<Intl.RelativeTimeFormatUnit, 'second' | 'minute' | 'hour' | 'day'>;
}

/**
 * How long ago `then` was, in the largest whole unit (negative: in the past, as
 * Intl.RelativeTimeFormat wants it). Under a minute is «now» (0 seconds); a clock slightly ahead
 * of the server's gives a time in the future, which also reads as «now». Null from a week on:
 * show the date instead.
 */
export function relativeParts(then: Date, now: Date): RelativeParts | null {
  const elapsed = now.getTime() - then.getTime();
  if (Number.isNaN(elapsed)) return null;
  if (elapsed < MINUTE) return { value: 0, unit: 'second' };
  if (elapsed < HOUR) return { value: -Math.floor(elapsed / MINUTE), unit: 'minute' };
  if (elapsed < DAY) return { value: -Math.floor(elapsed / HOUR), unit: 'hour' };
  if (elapsed < RELATIVE_LIMIT_DAYS * DAY) return { value: -Math.floor(elapsed / DAY), unit: 'day' };
  return null;
}

/**
 * «nå», «for 5 minutter siden», «i går» in the reader's language; from a week on, the absolute
 * date that `formatDate` gives (the school's zone lives there).
 */
export function formatRelativeTime(
  then: Date,
  now: Date,
  locale: string,
  formatDate: (value: Date) => string,
): string {
  const parts = relativeParts(then, now);
  if (!parts) return formatDate(then);
  return new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }).format(parts.value, parts.unit);
}
