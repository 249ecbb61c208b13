/**
 * Limits shared by the server's schemas and the web: lengths, dates, the attendance a year needs.
 * This module has no dependencies, so the web app can import it without pulling zod into its
 * first chunk, or into a page that checks no input (the dashboard).
 */
export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 128;
export const SCHOOL_SHORT_NAME_MAX = 40;
export const SCHOOL_LONG_NAME_MAX = 200;
export const PERSON_NAME_PART_MAX = 100;

/**
 * The days a request may name (docs/decisions/015-input-bounds-and-writers.md): a school keeps
 * this century's years; a year 0000 or 9999 is a typo or a probe, and date arithmetic past
 * 9999 leaves the YYYY-MM-DD format altogether.
 */
export const DATE_MIN = '2000-01-01';
export const DATE_MAX = '2100-12-31';
/** The same window for instants, in UTC: from the first moment of DATE_MIN to the end of DATE_MAX. */
export const INSTANT_MIN_MS = Date.UTC(2000, 0, 1);
export const INSTANT_MAX_MS = Date.UTC(2101, 0, 1);
/**
 * Longest range of dates one request may ask for: a year with its leap day, so a whole school
 * year (1 August to 31 July) fits, as the report and a student's totals ask by default.
 */
export const DATE_RANGE_DAYS_MAX = 366;

/** The share of expected minutes a student must attend over the school year. */
export const ATTENDANCE_REQUIRED_SHARE = 0.9;

/** A note on one attendance record. */
export const ATTENDANCE_NOTE_MAX = 500;
/** Longest range one calendar request may ask for (a month view shows six weeks). */
export const CALENDAR_RANGE_MAX_MS = 100 * 24 * 60 * 60 * 1000;
