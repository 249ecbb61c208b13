import { fullName } from '@tun/shared/names';
import { schoolDateTimeFormat } from '@tun/shared/time';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { localeTag, useFormatters } from '../../../lib/dates';
import { morningAfter } from '../model/house-model';

const PERIOD_OPTIONS: Intl.DateTimeFormatOptions = {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
};

/** The house list's dates and times, as they are at the school, in the UI language. */
export function useHouseFormat() {
  const { t, i18n } = useTranslation();
  const format = useFormatters();
  const language = i18n.resolvedLanguage ?? i18n.language;
  return useMemo(() => {
    const periodFormat = schoolDateTimeFormat(localeTag(language), PERIOD_OPTIONS);
    return {
      /** «Natt til tirsdag 25. november»: a night is named by the morning it ends on. */
      night: (night: string) =>
        t('house.night', {
          day: format.date(`${morningAfter(night)}T12:00:00Z`, {
            weekday: 'long',
            day: 'numeric',
            month: 'long',
          }),
        }),
      time: format.time,
      dateTime: format.dateTime,
      /** A leave's period: «fre. 28. nov., 15:00 – søn. 30. nov., 18:00». */
      period: (start: string, end: string) => periodFormat.formatRange(new Date(start), new Date(end)),
      number: (value: number) => format.number(value),
      name: fullName,
    };
  }, [t, format, language]);
}
