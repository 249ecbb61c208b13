import { NORMAL_WEEK_ID, type ScheduleSummary } from '@tun/shared/calendar';
import { schoolDateTimeFormat } from '@tun/shared/time';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { localeTag } from '../../../lib/dates';

/**
 * '1.–5. juni 2026' for two school dates (YYYY-MM-DD). Read as UTC midnight and shown in UTC:
 * a date has no time of day, so no zone may move it to the day before.
 */
export function formatDateRange(from: string, to: string, language?: string): string {
  const format = schoolDateTimeFormat(localeTag(language), { dateStyle: 'long', timeZone: 'UTC' });
  return format.formatRange(new Date(`${from}T00:00:00Z`), new Date(`${to}T00:00:00Z`));
}

/** The normal week by its name in the active language; a named schedule with its dates. */
export function useScheduleLabel() {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  return useCallback(
    (schedule: Pick<ScheduleSummary, 'id' | 'name' | 'validFrom' | 'validTo'>) => {
      if (schedule.id === NORMAL_WEEK_ID) return t('schedule.normalWeek');
      if (!schedule.validFrom || !schedule.validTo) return schedule.name;
      return t('schedule.namedLabel', {
        name: schedule.name,
        range: formatDateRange(schedule.validFrom, schedule.validTo, language),
      });
    },
    [t, language],
  );
}
