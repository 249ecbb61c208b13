/**
 * The school's dates, as the tests write and read them: the browser runs in the school's zone
 * (playwright.config.ts), and so do these.
 */
const SCHOOL_DATE = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Oslo' });

/** The school date (YYYY-MM-DD) of an instant. */
export const schoolDateOf = (at: Date | number): string => SCHOOL_DATE.format(at);

/** The school's date (YYYY-MM-DD) `days` days from today. */
export function schoolDate(days = 0): string {
  const [year, month, day] = schoolDateOf(new Date()).split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}
