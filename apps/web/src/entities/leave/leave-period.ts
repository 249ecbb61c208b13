/**
 * A leave's period as the forms ask for it (a date and a time at the school, whatever the zone of
 * the device) and as the lists show it. Free of React, so both leave features and their tests
 * share it.
 */
import { LEAVE_DAYS_MAX } from '@tun/shared/leave';
import {
  isIsoDate,
  schoolDateTimeFormat,
  schoolDateTimeFormatOnFirstUse,
  schoolTimeToInstant,
} from '@tun/shared/time';

/** The period's fields: dates YYYY-MM-DD and times HH:mm as the native inputs give them. */
export interface LeavePeriodValues {
  fromDate: string;
  fromTime: string;
  toDate: string;
  toTime: string;
}

export type LeavePeriodField = keyof LeavePeriodValues;

/** What is wrong with a field, for the caller to put in its own words. */
export type LeavePeriodProblem = 'required' | 'dateInvalid' | 'timeInvalid' | 'endBeforeStart' | 'tooLong';

const DAY_MS = 24 * 60 * 60 * 1000;
const TIME = /^([01]\d|2[0-3]):([0-5]\d)(?::[0-5]\d(?:\.\d+)?)?$/;

// Swedish writes ISO-like "2026-11-23 08:30", so Intl gives the school's wall clock without a library.
const wallClock = schoolDateTimeFormatOnFirstUse('sv-SE', {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** An instant as the school's date and time ('' for none). */
function schoolDateTimeOf(instant: string | number | undefined): { date: string; time: string } {
  if (instant === undefined || instant === '') return { date: '', time: '' };
  const at = new Date(instant);
  if (Number.isNaN(at.getTime())) return { date: '', time: '' };
  const [date = '', time = ''] = wallClock().format(at).split(' ');
  return { date, time };
}

/** A period's fields from its instants. */
export function periodValuesOf(period: { start: string; end: string }): LeavePeriodValues {
  const from = schoolDateTimeOf(period.start);
  const to = schoolDateTimeOf(period.end);
  return { fromDate: from.date, fromTime: from.time, toDate: to.date, toTime: to.time };
}

/** A date and a time at the school as an ISO instant in UTC; null when either is not one. */
export function instantOf(date: string, time: string): string | null {
  const match = TIME.exec(time.trim());
  if (!isIsoDate(date.trim()) || !match) return null;
  return new Date(schoolTimeToInstant(date.trim(), `${match[1]}:${match[2]}`)).toISOString();
}

/** The period as the server takes it; null while a field is missing or not a date or time. */
export function periodOf(values: LeavePeriodValues): { start: string; end: string } | null {
  const start = instantOf(values.fromDate, values.fromTime);
  const end = instantOf(values.toDate, values.toTime);
  return start && end ? { start, end } : null;
}

/** The browser's check of a period, the same rules as the server's (leavePeriodSchema). */
export function periodProblems(
  values: LeavePeriodValues,
): Partial<Record<LeavePeriodField, LeavePeriodProblem>> {
  const problems: Partial<Record<LeavePeriodField, LeavePeriodProblem>> = {};
  for (const field of ['fromDate', 'toDate'] as const) {
    if (values[field].trim() === '') problems[field] = 'required';
    else if (!isIsoDate(values[field].trim())) problems[field] = 'dateInvalid';
  }
  for (const field of ['fromTime', 'toTime'] as const) {
    if (values[field].trim() === '') problems[field] = 'required';
    else if (!TIME.test(values[field].trim())) problems[field] = 'timeInvalid';
  }
  const period = periodOf(values);
  if (period) {
    const length = Date.parse(period.end) - Date.parse(period.start);
    if (length <= 0) problems.toDate = 'endBeforeStart';
    else if (length > LEAVE_DAYS_MAX * DAY_MS) problems.toDate = 'tooLong';
  }
  return problems;
}

/** The field a server error about the period belongs at: 'start' → the from date, 'end' → the to date. */
export function periodFieldOf(path: readonly string[]): LeavePeriodField | null {
  if (path[0] === 'start') return 'fromDate';
  if (path[0] === 'end') return 'toDate';
  return null;
}

const PERIOD_OPTIONS: Intl.DateTimeFormatOptions = {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
};

/**
 * A period as people read it, at the school and in the reader's locale: «fre. 27. nov., 14:00 –
 * søn. 29. nov., 18:00», and the date once when it is one day. The year is shown when the period
 * is not in the current year.
 */
export function formatLeavePeriod(
  period: { start: string; end: string },
  locale: string,
  now: Date = new Date(),
): string {
  const start = new Date(period.start);
  const end = new Date(period.end);
  const year = schoolDateTimeFormat('en-GB', { year: 'numeric' });
  const thisYear = year.format(now);
  const otherYear = year.format(start) !== thisYear || year.format(end) !== thisYear;
  const format = schoolDateTimeFormat(
    locale,
    otherYear ? { ...PERIOD_OPTIONS, year: 'numeric' } : PERIOD_OPTIONS,
  );
  return format.formatRange(start, end);
}
