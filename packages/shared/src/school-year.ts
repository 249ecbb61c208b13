/**
 * The school year: 1 August to 31 July (docs/decisions/012-school-year.md). Every date belongs to
 * exactly one school year, so a report, a student's own total and the dashboard agree on any day,
 * July included. Dates are YYYY-MM-DD school dates (Europe/Oslo).
 */

/** The first month of a school year (August, as Lånekassen's «undervisningsår»). */
export const SCHOOL_YEAR_FIRST_MONTH = 8;

/** The school year that holds a date: from 1 August to 31 July, both days included. */
export function schoolYearOf(date: string): { from: string; to: string } {
  const year = Number(date.slice(0, 4));
  const start = Number(date.slice(5, 7)) >= SCHOOL_YEAR_FIRST_MONTH ? year : year - 1;
  return { from: `${start}-08-01`, to: `${start + 1}-07-31` };
}

/** The school year so far on a date: from its first day to that date. */
export function schoolYearToDate(date: string): { from: string; to: string } {
  return { from: schoolYearOf(date).from, to: date };
}
