import type { Budget } from './scenarios';

export type Verdict = 'OK' | 'MISS' | 'FAIL' | '—';

export interface Row {
  scenario: string;
  p50Ms: number | null;
  p99Ms: number | null;
  requestsPerSecond: number | null;
  /** Throughput over the ceiling's in the same run. */
  ratio: number | null;
  budget: string;
  verdict: Verdict;
  /** Each limit that was missed, with the measured value. */
  missed: string[];
  /** Why there are no figures (FAIL). */
  error?: string;
  /** Figures the columns have no place for, printed under the table. */
  note?: string;
}

const ms = (value: number) => `${value} ms`;

export function describeBudget(budget: Budget | undefined): string {
  if (!budget) return '—';
  const parts = [
    budget.p50Ms !== undefined ? `p50 ≤ ${ms(budget.p50Ms)}` : '',
    budget.p99Ms !== undefined ? `p99 ≤ ${ms(budget.p99Ms)}` : '',
    budget.minRatio !== undefined ? `≥ ${Math.round(budget.minRatio * 100)} % of ceiling` : '',
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(', ') : '—';
}

/** The limits of the budget that the figures exceed; none when there is no budget. */
export function missedLimits(
  budget: Budget | undefined,
  figures: { p50Ms: number | null; p99Ms: number | null; ratio: number | null },
): string[] {
  if (!budget) return [];
  const missed: string[] = [];
  const over = (label: string, value: number | null, limit: number | undefined) => {
    if (limit === undefined) return;
    if (value === null || !(value <= limit)) missed.push(`${label} ${format(value)} ms > ${limit} ms`);
  };
  over('p50', figures.p50Ms, budget.p50Ms);
  over('p99', figures.p99Ms, budget.p99Ms);
  if (budget.minRatio !== undefined && (figures.ratio === null || !(figures.ratio >= budget.minRatio))) {
    missed.push(`throughput ${format(figures.ratio, 2)} of ceiling < ${budget.minRatio.toFixed(2)}`);
  }
  return missed;
}

/** Enough digits to compare at a glance: 1.84, 23.6, 412. */
export function format(value: number | null, digits?: number): string {
  if (value === null || !Number.isFinite(value)) return '—';
  if (digits !== undefined) return value.toFixed(digits);
  const abs = Math.abs(value);
  return value.toFixed(abs < 10 ? 2 : abs < 100 ? 1 : 0);
}

export function renderTable(rows: Row[]): string {
  const header = ['scenario', 'p50 ms', 'p99 ms', 'req/s', 'ratio', 'budget', 'result'];
  const numeric = [false, true, true, true, true, false, false];
  const cells = rows.map((row) => [
    row.scenario,
    format(row.p50Ms),
    format(row.p99Ms),
    format(row.requestsPerSecond, 0),
    format(row.ratio, 2),
    row.budget,
    row.verdict,
  ]);
  const widths = header.map((title, column) =>
    Math.max(title.length, ...cells.map((line) => line[column]!.length)),
  );
  const line = (values: string[]) =>
    values
      .map((value, column) =>
        numeric[column] ? value.padStart(widths[column]!) : value.padEnd(widths[column]!),
      )
      .join('  ')
      .trimEnd();
  const notes = rows.flatMap((row) => [
    ...(row.note ? [`  ${row.scenario}: ${row.note}`] : []),
    ...row.missed.map((miss) => `  MISS ${row.scenario}: ${miss}`),
    ...(row.error ? [`  FAIL ${row.scenario}: ${row.error}`] : []),
  ]);
  return [line(header), line(widths.map((width) => '-'.repeat(width))), ...cells.map(line), ...notes].join(
    '\n',
  );
}

/** A scenario that could not be measured: its error instead of figures. */
export function failedRow(scenario: string, budget: string, error: unknown): Row {
  const message = error instanceof Error ? error.message : String(error);
  return {
    scenario,
    p50Ms: null,
    p99Ms: null,
    requestsPerSecond: null,
    ratio: null,
    budget,
    verdict: 'FAIL',
    missed: [],
    error: message,
  };
}
