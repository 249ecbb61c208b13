import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../../lib/dates';
import { isSameSchoolDay } from '../model/calendar-model';

const DAY: Intl.DateTimeFormatOptions = { weekday: 'long', day: 'numeric', month: 'long' };

/**
 * An event's time in words, in school time: «tirsdag 24. november kl. 08:30–10:00», or both
 * ends in full when it runs over several days. Intl's formatRange writes "tirsdag 24. november,
 * 08:30–10:00" for nb, so the parts are put together from the catalog instead.
 */
export function useEventTime(): (start: string, end: string) => string {
  const { t } = useTranslation();
  const format = useFormatters();
  return useCallback(
    (start: string, end: string) => {
      if (isSameSchoolDay(start, end)) {
        return t('calendar.details.sameDay', {
          date: format.date(start, DAY),
          from: format.time(start),
          to: format.time(end),
        });
      }
      const at = (value: string) =>
        t('calendar.details.dateTime', { date: format.date(value, DAY), time: format.time(value) });
      return t('calendar.details.span', { from: at(start), to: at(end) });
    },
    [t, format],
  );
}
