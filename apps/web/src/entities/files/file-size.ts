/**
 * File sizes and upload speeds in the reader's language, through Intl's units (kB, MB, GB).
 * Steps of 1024, as file managers on Windows and the SPEC do: its "256 KB" limit is 262 144
 * bytes, and the page should call that file 256 kB, not 262 kB. (Intl has no kibibyte unit,
 * and "KiB" would puzzle the people who use this.)
 */
const UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte', 'terabyte'] as const;
export type SizeUnit = (typeof UNITS)[number];

const STEP = 1024;

export interface SizeParts {
  value: number;
  unit: SizeUnit;
  /** Decimals worth showing: one below 10 of a unit above bytes, none otherwise. */
  fractionDigits: 0 | 1;
}

function round(value: number, digits: 0 | 1): number {
  const factor = digits === 1 ? 10 : 1;
  return Math.round(value * factor) / factor;
}

export function fileSizeParts(bytes: number): SizeParts {
  let value = Math.max(0, bytes);
  let index = 0;
  while (index < UNITS.length - 1 && value >= STEP) {
    value /= STEP;
    index += 1;
  }
  let digits: 0 | 1 = index > 0 && value < 10 ? 1 : 0;
  // 1023.7 kB rounds to 1024 kB: say 1 MB instead.
  if (index < UNITS.length - 1 && round(value, digits) >= STEP) {
    value /= STEP;
    index += 1;
    digits = 1;
  }
  return { value: round(value, digits), unit: UNITS[index] ?? 'byte', fractionDigits: digits };
}

const formats = new Map<string, Intl.NumberFormat>();

function unitFormat(locale: string, unit: string, digits: number): Intl.NumberFormat {
  const key = `${locale}|${unit}|${digits}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, {
      style: 'unit',
      unit,
      unitDisplay: 'short',
      maximumFractionDigits: digits,
    });
    formats.set(key, format);
  }
  return format;
}

/** "12,3 MB" in nb-NO. */
export function formatFileSize(bytes: number, locale: string): string {
  const { value, unit, fractionDigits } = fileSizeParts(bytes);
  return unitFormat(locale, unit, fractionDigits).format(value);
}

/** "4,2 MB/s" in nb-NO. */
export function formatSpeed(bytesPerSecond: number, locale: string): string {
  const { value, unit, fractionDigits } = fileSizeParts(bytesPerSecond);
  return unitFormat(locale, `${unit}-per-second`, fractionDigits).format(value);
}
