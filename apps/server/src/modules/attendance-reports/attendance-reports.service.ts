/**
 * Attendance reports (issue 5 §8): per student, per line and per week, the minutes of mandatory
 * events expected, attended, on justified leave and absent, and the share attended.
 *
 * The share is attended ÷ expected. Justified leave («gyldig fravær») stays in the base and so
 * counts against the 90 %: Lånekassen asks folk high schools for at least 90 % «frammøte»
 * (being there), and documented illness is a matter between the student and Lånekassen, not a
 * change to the school's figure. The justified minutes are reported beside it for that case.
 */
import {
  addDays,
  ATTENDANCE_REQUIRED_SHARE,
  attendancePercent,
  DATE_RANGE_DAYS_MAX,
  daysBetween,
  fullName,
  mondayOf,
  schoolYearOf,
  todayInSchoolZone,
  type AttendanceReport,
  type MyAttendanceSummary,
  type ReportLine,
  type ReportQuery,
  type ReportStudent,
  type ReportWeekSums,
} from '@tun/shared';
import Papa from 'papaparse';
import { defuseCell } from '../../formats/spreadsheet-cells';
import { ProblemError } from '../../http/problem';
import { leaveSettingsOf } from '../leave/leave-periods.service';
import {
  lineMemberships,
  linesOf,
  peopleByIds,
  studentsOf,
  sumsAndDaysPerStudent,
  sumsPerDate,
  sumsPerStudent,
  type DaySums,
  type MinuteSums,
  type PersonNameRow,
  type RecordScope,
  type ReportDb,
} from './attendance-reports.repository';
import { weekIndexOf, weeksOfRange } from './report-periods';

/** The dashboard's trend: this week and the seven before it. */
export const TREND_WEEKS = 8;

export const REQUIRED_PERCENT = Math.round(ATTENDANCE_REQUIRED_SHARE * 100);

const ZERO: MinuteSums = { expected: 0, attended: 0, justified: 0, absent: 0 };

function withShare(sums: MinuteSums) {
  return {
    expectedMinutes: sums.expected,
    attendedMinutes: sums.attended,
    justifiedMinutes: sums.justified,
    absentMinutes: sums.absent,
    ...attendancePercent(sums.attended, sums.expected),
  };
}

function add(total: MinuteSums, more: MinuteSums): MinuteSums {
  return {
    expected: total.expected + more.expected,
    attended: total.attended + more.attended,
    justified: total.justified + more.justified,
    absent: total.absent + more.absent,
  };
}

/**
 * The dates of a report: those asked for, else the school year around today (or around the one
 * date given). 400 when the range ends before it starts or is longer than a year.
 */
export function resolveRange(
  query: Pick<ReportQuery, 'from' | 'to'>,
  today: string = todayInSchoolZone(),
): { from: string; to: string } {
  const from = query.from ?? schoolYearOf(query.to ?? today).from;
  const to = query.to ?? schoolYearOf(query.from ?? today).to;
  if (to < from) throw new ProblemError('calendar-range-invalid');
  if (daysBetween(from, to) + 1 > DATE_RANGE_DAYS_MAX) {
    throw new ProblemError('validation-failed', undefined, [
      { path: 'querystring.to', message: 'Velg en periode på høyst ett år.' },
    ]);
  }
  return { from, to };
}

/** Minutes expected and attended per ISO week of the school, every week of the scope listed. */
async function weeklySeries(database: ReportDb, scope: RecordScope) {
  const weeks = weeksOfRange(scope.from, scope.to);
  const totals = weeks.map(() => ({ expected: 0, attended: 0 }));
  for (const row of await sumsPerDate(database, scope)) {
    const total = totals[weekIndexOf(weeks, row.date)]!;
    total.expected += row.expected;
    total.attended += row.attended;
  }
  return weeks.map((week, index): ReportWeekSums => ({
    week: week.week,
    monday: week.monday,
    expectedMinutes: totals[index]!.expected,
    attendedMinutes: totals[index]!.attended,
    percent: attendancePercent(totals[index]!.attended, totals[index]!.expected).percent,
  }));
}

/** Minutes as hours to one decimal, rounded to the nearest tenth (6 minutes). */
const hoursOf = (minutes: number) => Math.round(minutes / 6) / 10;

/** A student's absence days and hours as the report gives them (decision 027). */
function daysAndHoursOf(sums: DaySums | undefined) {
  return {
    schoolDays: sums?.schoolDays ?? 0,
    absenceDays: sums?.absenceDays ?? 0,
    absenceHours: hoursOf(sums?.hourMinutes ?? 0),
    justifiedDays: sums?.justifiedDays ?? 0,
    justifiedHours: hoursOf(sums?.justifiedHourMinutes ?? 0),
  };
}

const collator = new Intl.Collator('nb-NO', { sensitivity: 'base', numeric: true });

const nameOf = (row: PersonNameRow) => ({
  first: row.first_name,
  ...(row.middle_name ? { middle: row.middle_name } : {}),
  last: row.last_name,
});

/** The whole report: students, lines and weeks of a range, for the school or one line. */
export async function attendanceReport(
  database: ReportDb,
  schoolId: string,
  query: ReportQuery,
): Promise<AttendanceReport> {
  return (await buildReport(database, schoolId, query)).report;
}

/** The report as CSV (for the report's students, with the names of all their lines). */
export async function attendanceReportCsv(database: ReportDb, schoolId: string, query: ReportQuery) {
  const { report, lineName } = await buildReport(database, schoolId, query);
  return reportCsv(report, lineName);
}

async function buildReport(
  database: ReportDb,
  schoolId: string,
  query: ReportQuery,
): Promise<{ report: AttendanceReport; lineName: ReadonlyMap<string, string> }> {
  const { from, to } = resolveRange(query);
  const { db } = database;
  const lineId = query.line;
  const [lines, memberships, { absenceDayPercent }] = await Promise.all([
    linesOf(db, schoolId),
    lineMemberships(db, schoolId),
    leaveSettingsOf(db, schoolId),
  ]);
  // Another school's line is as unknown as one that does not exist.
  if (lineId !== undefined && !lines.some((line) => line.id === lineId)) throw new ProblemError('not-found');

  const scope: RecordScope = { schoolId, from, to, lineId };
  const [sums, weeks, students] = await Promise.all([
    sumsAndDaysPerStudent(database, scope, absenceDayPercent),
    weeklySeries(database, scope),
    studentsOf(db, schoolId, from, lineId),
  ]);
  // Everyone with records counts, also a student who has since been given a role.
  const listed = new Set(students.map((row) => row.id));
  const others = await peopleByIds(
    db,
    schoolId,
    [...sums.keys()].filter((id) => !listed.has(id)),
  );

  const linesOfPerson = new Map<string, string[]>();
  const membersOfLine = new Map<string, string[]>();
  for (const row of memberships) {
    linesOfPerson.set(row.person_id, [...(linesOfPerson.get(row.person_id) ?? []), row.line_id]);
    membersOfLine.set(row.line_id, [...(membersOfLine.get(row.line_id) ?? []), row.person_id]);
  }
  const lineName = new Map(lines.map((line) => [line.id, line.name]));
  const byLineName = (a: string, b: string) => collator.compare(lineName.get(a) ?? '', lineName.get(b) ?? '');

  const studentRows = [...students, ...others]
    .sort(
      (a, b) =>
        collator.compare(a.last_name, b.last_name) ||
        collator.compare(a.first_name, b.first_name) ||
        collator.compare(a.middle_name ?? '', b.middle_name ?? '') ||
        (a.id < b.id ? -1 : 1),
    )
    .map((row): ReportStudent => ({
      studentId: row.id,
      name: nameOf(row),
      lineIds: [...(linesOfPerson.get(row.id) ?? [])].sort(byLineName),
      former: row.left_on !== null && row.left_on <= to,
      ...withShare(sums.get(row.id) ?? ZERO),
      ...daysAndHoursOf(sums.get(row.id)),
    }));

  const lineRows = lines
    .filter((line) => lineId === undefined || line.id === lineId)
    .sort((a, b) => collator.compare(a.name, b.name))
    .map((line): ReportLine => {
      const members = membersOfLine.get(line.id) ?? [];
      const total = members.reduce((sum, id) => add(sum, sums.get(id) ?? ZERO), ZERO);
      return { lineId: line.id, name: line.name, studentCount: members.length, ...withShare(total) };
    });

  return {
    report: {
      from,
      to,
      lineId: lineId ?? null,
      absenceDayPercent,
      students: studentRows,
      lines: lineRows,
      weeks,
    },
    lineName,
  };
}

/** A student's share of the school year, for the 93 % warning. */
export interface YearShare {
  studentId: string;
  name: { first: string; middle?: string; last: string };
  /** Left the school (or erased): no longer warned. */
  left: boolean;
  expectedMinutes: number;
  attendedMinutes: number;
  /** Attended of expected in per mille, rounded down; null when nothing was expected. */
  perMille: number | null;
}

/**
 * These students' shares of the school year `year` (as the report sums them): two queries
 * whatever the number of students. Ids that are not people of the school are left out.
 */
export async function yearSharesOf(
  database: ReportDb,
  schoolId: string,
  studentIds: readonly string[],
  year: { from: string; to: string },
): Promise<YearShare[]> {
  if (studentIds.length === 0) return [];
  const scope: RecordScope = { schoolId, studentIds, from: year.from, to: year.to };
  const [sums, people] = await Promise.all([
    sumsPerStudent(database, scope),
    peopleByIds(database.db, schoolId, studentIds),
  ]);
  return people.map((row) => {
    const { expected, attended } = sums.get(row.id) ?? ZERO;
    return {
      studentId: row.id,
      name: nameOf(row),
      left: row.left_on !== null,
      expectedMinutes: expected,
      attendedMinutes: attended,
      perMille: expected > 0 ? Math.floor((attended * 1000) / expected) : null,
    };
  });
}

/** The signed-in person's own share for the school year and their last eight weeks. */
export async function myAttendanceSummary(
  database: ReportDb,
  schoolId: string,
  personId: string,
  today: string = todayInSchoolZone(),
): Promise<MyAttendanceSummary> {
  const year = schoolYearOf(today);
  const firstMonday = addDays(mondayOf(today), -7 * (TREND_WEEKS - 1));
  const lastDay = addDays(mondayOf(today), 6);
  const yearScope: RecordScope = { schoolId, studentId: personId, from: year.from, to: year.to };
  const trendScope: RecordScope = { schoolId, studentId: personId, from: firstMonday, to: lastDay };
  const [sums, weeks] = await Promise.all([
    sumsPerStudent(database, yearScope),
    weeklySeries(database, trendScope),
  ]);
  return { from: year.from, to: year.to, ...withShare(sums.get(personId) ?? ZERO), weeks };
}

/** A decimal as Excel in Norway reads it: one decimal, with a comma. */
const decimal = (value: number) => value.toFixed(1).replace('.', ',');

/**
 * The columns of the report's CSV, the school register's (Navi/WIS) import; README.md
 * «Attendance report CSV» says what each holds. New columns go at the end, so that an import
 * set up for the earlier columns reads the same values.
 */
export const CSV_HEADERS = [
  'Elev-ID',
  'Elev',
  'Linje',
  'Forventet (min)',
  'Til stede (min)',
  'Gyldig fravær (min)',
  'Fravær (min)',
  'Oppmøte (%)',
  `Under ${REQUIRED_PERCENT} %`,
  'Skoledager',
  'Fraværsdager',
  'Fraværstimer',
  'Gyldig fravær (dager)',
  'Gyldig fravær (timer)',
];

/**
 * The students of a report as CSV for Excel in Norway: UTF-8 with BOM (so æøå survive),
 * semicolons, decimal commas, CRLF.
 */
export function reportCsv(
  report: AttendanceReport,
  lineName: ReadonlyMap<string, string>,
): { body: Buffer; fileName: string } {
  const names = (ids: readonly string[]) => ids.flatMap((id) => lineName.get(id) ?? []).join(', ');
  const data = report.students.map((student) => [
    student.studentId,
    defuseCell(fullName(student.name)),
    defuseCell(names(student.lineIds)),
    String(student.expectedMinutes),
    String(student.attendedMinutes),
    String(student.justifiedMinutes),
    String(student.absentMinutes),
    student.percent === null ? '' : decimal(student.percent),
    student.percent === null ? '' : student.below ? 'Ja' : 'Nei',
    String(student.schoolDays),
    String(student.absenceDays),
    decimal(student.absenceHours),
    String(student.justifiedDays),
    decimal(student.justifiedHours),
  ]);
  const csv = Papa.unparse({ fields: CSV_HEADERS, data }, { delimiter: ';', newline: '\r\n' });
  return {
    body: Buffer.from(`\uFEFF${csv}\r\n`, 'utf8'),
    fileName: `oppmote-${report.from}-${report.to}.csv`,
  };
}
