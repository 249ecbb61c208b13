/**
 * The form's date-time fields (`<input type="datetime-local">`, "2026-11-23T08:30") are wall
 * clock at the school, whatever the zone of the device (DESIGN §5): a teacher abroad who plans a
 * post for 08:30 means 08:30 in Norway.
 */
import { isIsoDate, schoolDateTimeFormatOnFirstUse, schoolTimeToInstant } from '@tun/shared/time';

// Swedish writes ISO-like "2026-11-23 08:30", so Intl gives the school's wall clock without a library.
const wallClock = schoolDateTimeFormatOnFirstUse('sv-SE', {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

const LOCAL_INPUT = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})(?::\d{2}(?:\.\d+)?)?$/;

/** An instant as the field's value at the school; '' for none. */
export function toSchoolInput(instant: string | number | null | undefined): string {
  if (instant === null || instant === undefined || instant === '') return '';
  const date = new Date(instant);
  if (Number.isNaN(date.getTime())) return '';
  return wallClock().format(date).replace(' ', 'T');
}

/** The field's value (school wall clock) as an ISO instant in UTC; null when empty or not a time. */
export function fromSchoolInput(value: string): string | null {
  const match = LOCAL_INPUT.exec(value.trim());
  if (!match) return null;
  const [, date = '', hours = '', minutes = ''] = match;
  if (!isIsoDate(date) || Number(hours) > 23 || Number(minutes) > 59) return null;
  return new Date(schoolTimeToInstant(date, `${hours}:${minutes}`)).toISOString();
}
