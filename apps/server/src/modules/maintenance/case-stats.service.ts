/**
 * The cases' statistics (docs/decisions/026-janitor-cases.md): open cases per room and category
 * now; of the cases reported in a period, how many were solved and the median hours to solve
 * (reported to the last «Løst»), overall and per category; and the period's cases as CSV.
 */
import Papa from 'papaparse';
import {
  CASE_CATEGORIES,
  DATE_RANGE_DAYS_MAX,
  daysBetween,
  schoolDatesToInstants,
  schoolDateTimeFormat,
  type CaseStats,
} from '@tun/shared';
import type { Queryable } from '../../db/database';
import { defuseCell } from '../../formats/spreadsheet-cells';
import { ProblemError } from '../../http/problem';
import { casesReportedBetween, openCaseCounts } from './case-stats.repository';
import { CATEGORY_NAMES, STATUS_NAMES, URGENCY_NAMES } from './case-names';

type Period = { from: string; to: string };

const HOUR_MS = 3_600_000;

/** 400 when the period ends before it starts or is longer than a year. */
function checkPeriod({ from, to }: Period): void {
  if (to < from) {
    throw new ProblemError('validation-failed', undefined, [
      { path: 'querystring.to', code: 'invalid', message: 'Til-datoen kan ikke være før fra-datoen.' },
    ]);
  }
  if (daysBetween(from, to) + 1 > DATE_RANGE_DAYS_MAX) {
    throw new ProblemError('validation-failed', undefined, [
      { path: 'querystring.to', code: 'too_big', message: 'Velg en periode på høyst ett år.' },
    ]);
  }
}

/** The middle value (the mean of the two middle ones for an even count), to a tenth. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const value = sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
  return Math.round(value * 10) / 10;
}

type ReportedCase = Awaited<ReturnType<typeof casesReportedBetween>>[number];

/** Hours from report to the last «Løst», for a case solved now; null for any other. */
function hoursToSolve(row: ReportedCase): number | null {
  if (row.status !== 'solved' || !row.solved_at) return null;
  return Math.max(0, Date.parse(row.solved_at) - Date.parse(row.created_at)) / HOUR_MS;
}

async function reportedIn(db: Queryable, schoolId: string, period: Period) {
  checkPeriod(period);
  const { from, to } = schoolDatesToInstants(period.from, period.to);
  return casesReportedBetween(db, schoolId, from, to);
}

function summary(rows: readonly ReportedCase[]) {
  const hours = rows.flatMap((row) => hoursToSolve(row) ?? []);
  return { reported: rows.length, solved: hours.length, medianHoursToSolve: median(hours) };
}

export async function caseStats(db: Queryable, schoolId: string, period: Period): Promise<CaseStats> {
  const [reported, open] = await Promise.all([
    reportedIn(db, schoolId, period),
    openCaseCounts(db, schoolId),
  ]);
  const byRoom = new Map<string | null, number>();
  const byCategory = new Map<string, number>();
  for (const row of open) {
    byRoom.set(row.roomId, (byRoom.get(row.roomId) ?? 0) + row.count);
    byCategory.set(row.category, (byCategory.get(row.category) ?? 0) + row.count);
  }
  return {
    from: period.from,
    to: period.to,
    openByRoom: [...byRoom]
      .map(([roomId, count]) => ({ roomId, count }))
      .sort((a, b) => b.count - a.count || (a.roomId ?? '').localeCompare(b.roomId ?? '')),
    openByCategory: CASE_CATEGORIES.flatMap((category) => {
      const count = byCategory.get(category) ?? 0;
      return count > 0 ? [{ category, count }] : [];
    }),
    ...summary(reported),
    byCategory: CASE_CATEGORIES.map((category) => ({
      category,
      ...summary(reported.filter((row) => row.category === category)),
    })),
  };
}

// ── CSV ─────────────────────────────────────────────────────────────────────────────────────

export const CASE_CSV_HEADERS = [
  'Sak',
  'Tittel',
  'Rom',
  'Kategori',
  'Hastegrad',
  'Status',
  'Meldt',
  'Løst',
  'Timer til løst',
];

const dateTimeParts = schoolDateTimeFormat('nb-NO', {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** «24.11.2026 14:05» at the school, as Excel in Norway reads a date and time. */
function schoolDateTime(instant: string): string {
  const part = Object.fromEntries(
    dateTimeParts.formatToParts(new Date(instant)).map((item) => [item.type, item.value]),
  );
  return `${part.day}.${part.month}.${part.year} ${part.hour}:${part.minute}`;
}

const nameOf = <K extends string>(names: Record<K, string>, key: string) => names[key as K] ?? key;

/**
 * The period's cases as CSV for Excel in Norway: UTF-8 with BOM (so æøå survive), semicolons,
 * decimal commas, CRLF; text a spreadsheet would run as a formula is defused.
 */
export async function caseStatsCsv(
  db: Queryable,
  schoolId: string,
  period: Period,
): Promise<{ body: Buffer; fileName: string }> {
  const rows = await reportedIn(db, schoolId, period);
  const data = rows.map((row) => {
    const hours = hoursToSolve(row);
    return [
      String(row.number),
      defuseCell(row.title),
      defuseCell(row.room_name ?? ''),
      nameOf(CATEGORY_NAMES, row.category),
      nameOf(URGENCY_NAMES, row.urgency),
      nameOf(STATUS_NAMES, row.status),
      schoolDateTime(row.created_at),
      hours === null || !row.solved_at ? '' : schoolDateTime(row.solved_at),
      hours === null ? '' : hours.toFixed(1).replace('.', ','),
    ];
  });
  const csv = Papa.unparse({ fields: CASE_CSV_HEADERS, data }, { delimiter: ';', newline: '\r\n' });
  return {
    body: Buffer.from(`\uFEFF${csv}\r\n`, 'utf8'),
    fileName: `saker-${period.from}-${period.to}.csv`,
  };
}
