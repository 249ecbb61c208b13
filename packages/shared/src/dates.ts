/**
 * Dates, instants and ranges as requests may name them: inside DATE_MIN..DATE_MAX, ranges no
 * longer than their route needs (docs/decisions/015-input-bounds-and-writers.md). What the API
 * sends back is only checked for its format, so a row stored before a bound existed still reads.
 */
import { z } from 'zod';
import { DATE_MAX, DATE_MIN, DATE_RANGE_DAYS_MAX, INSTANT_MAX_MS, INSTANT_MIN_MS } from './limits';
import { daysInRange, isIsoDate } from './time';

const DATE_FORMAT_MESSAGE = 'Ugyldig dato (ÅÅÅÅ-MM-DD)';
export const DATE_WINDOW_MESSAGE = `Datoen må ligge mellom ${DATE_MIN} og ${DATE_MAX}.`;
export const INSTANT_WINDOW_MESSAGE = `Tidspunktet må ligge mellom år ${DATE_MIN.slice(0, 4)} og ${DATE_MAX.slice(0, 4)}.`;
export const DATE_RANGE_MESSAGE = `Perioden kan være høyst ${DATE_RANGE_DAYS_MAX} dager.`;

/** A calendar date written YYYY-MM-DD, as the API sends it. */
export const storedDateSchema = z.string().refine(isIsoDate, DATE_FORMAT_MESSAGE);

/** Whether a YYYY-MM-DD date lies in the window requests may name. */
export function isDateInWindow(date: string): boolean {
  return date >= DATE_MIN && date <= DATE_MAX;
}

/** Whether an instant (ms since the epoch) lies in the window requests may name. */
export function isInstantInWindow(ms: number): boolean {
  return ms >= INSTANT_MIN_MS && ms <= INSTANT_MAX_MS;
}

/** A date in a request: YYYY-MM-DD, a real day, between DATE_MIN and DATE_MAX. */
export const isoDateSchema = z
  .string()
  .refine(isIsoDate, { message: DATE_FORMAT_MESSAGE, abort: true })
  .superRefine((date, ctx) => {
    if (date < DATE_MIN) {
      ctx.addIssue({
        code: 'too_small',
        origin: 'date',
        minimum: Date.parse(DATE_MIN),
        inclusive: true,
        input: date,
        message: DATE_WINDOW_MESSAGE,
      });
    } else if (date > DATE_MAX) {
      ctx.addIssue({
        code: 'too_big',
        origin: 'date',
        maximum: Date.parse(DATE_MAX),
        inclusive: true,
        input: date,
        message: DATE_WINDOW_MESSAGE,
      });
    }
  });

/** An ISO-8601 instant with its offset, in a request: within INSTANT_MIN_MS..INSTANT_MAX_MS. */
export const instantSchema = z.iso.datetime({ offset: true }).superRefine((instant, ctx) => {
  const ms = Date.parse(instant);
  // A malformed instant has its format issue already.
  if (Number.isNaN(ms)) return;
  if (ms < INSTANT_MIN_MS) {
    ctx.addIssue({
      code: 'too_small',
      origin: 'date',
      minimum: INSTANT_MIN_MS,
      inclusive: true,
      input: instant,
      message: INSTANT_WINDOW_MESSAGE,
    });
  } else if (ms > INSTANT_MAX_MS) {
    ctx.addIssue({
      code: 'too_big',
      origin: 'date',
      maximum: INSTANT_MAX_MS,
      inclusive: true,
      input: instant,
      message: INSTANT_WINDOW_MESSAGE,
    });
  }
});

/**
 * The checks of a range of dates: `to` not before `from`, and at most `maxDays` days. Issues go
 * on `to`, the field a person changes to mend them.
 */
export function checkDateRange(
  range: { from?: string | null | undefined; to?: string | null | undefined },
  ctx: z.RefinementCtx,
  maxDays: number = DATE_RANGE_DAYS_MAX,
): void {
  const { from, to } = range;
  if (!from || !to) return;
  if (to < from) {
    ctx.addIssue({ code: 'custom', path: ['to'], message: 'Til-datoen kan ikke være før fra-datoen' });
  } else if (daysInRange(from, to) > maxDays) {
    ctx.addIssue({
      code: 'too_big',
      origin: 'number',
      maximum: maxDays,
      inclusive: true,
      input: to,
      path: ['to'],
      message:
        maxDays === DATE_RANGE_DAYS_MAX ? DATE_RANGE_MESSAGE : `Perioden kan være høyst ${maxDays} dager.`,
    });
  }
}
