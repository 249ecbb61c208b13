import { fullName } from '@tun/shared/names';
import { useMemo } from 'react';
import { useFormatters } from '../../../lib/dates';

/**
 * Numbers of the reports as Intl writes them in the UI language: "89,9 %", "1 799 min", "12,5 t".
 * The server has already rounded the share down to one decimal, so 89.95 % reads 89,9 %, never
 * 90,0 % beside an «under 90 %» flag.
 */
export function useReportFormat() {
  const format = useFormatters();
  return useMemo(
    () => ({
      percent: (value: number) =>
        format.number(value / 100, { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 }),
      /** Whole per cent, for the chart's scale. */
      percentWhole: (value: number) =>
        format.number(value / 100, { style: 'percent', maximumFractionDigits: 0 }),
      /** A school date (YYYY-MM-DD) as "23. nov.". */
      day: (date: string) => format.date(`${date}T12:00:00Z`, { day: 'numeric', month: 'short' }),
      minutes: (value: number) =>
        format.number(value, { style: 'unit', unit: 'minute', unitDisplay: 'short' }),
      hours: (minutes: number) =>
        format.number(minutes / 60, { style: 'unit', unit: 'hour', maximumFractionDigits: 1 }),
      /** Absence hours (already in hours, to one decimal) as "4,5 t", the decimal always shown. */
      hourCount: (hours: number) =>
        format.number(hours, {
          style: 'unit',
          unit: 'hour',
          minimumFractionDigits: 1,
          maximumFractionDigits: 1,
        }),
      number: (value: number) => format.number(value),
      name: fullName,
    }),
    [format],
  );
}
