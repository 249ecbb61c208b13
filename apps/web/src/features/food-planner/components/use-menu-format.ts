import { addDays, isoWeekOf, schoolDateTimeFormat } from '@tun/shared/time';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { localeTag, useFormatters } from '../../../lib/dates';

/** Noon keeps a school date on its day whatever the zone of the device. */
const atNoon = (date: string) => new Date(`${date}T12:00:00Z`);

/** The menu's dates and weeks in the reader's language: «Uke 48», «23.–29. november 2026». */
export function useMenuFormat() {
  const { i18n } = useTranslation();
  const format = useFormatters();
  const locale = localeTag(i18n.resolvedLanguage ?? i18n.language);
  return useMemo(() => {
    const longRange = schoolDateTimeFormat(locale, { day: 'numeric', month: 'long', year: 'numeric' });
    const shortRange = schoolDateTimeFormat(locale, { day: 'numeric', month: 'short' });
    const sundayOf = (week: string) => atNoon(addDays(week, 6));
    return {
      weekNumber: (week: string) => isoWeekOf(week).week,
      /** «23.–29. november 2026». */
      weekRange: (week: string) => longRange.formatRange(atNoon(week), sundayOf(week)),
      /** «30. nov.–6. des.»: for the lists of weeks in the copy dialog. */
      shortWeekRange: (week: string) => shortRange.formatRange(atNoon(week), sundayOf(week)),
      /** «onsdag 25. november». */
      day: (date: string) => format.date(atNoon(date), { weekday: 'long', day: 'numeric', month: 'long' }),
      /** The school day of an instant: «onsdag 25. november». */
      dayOfInstant: (instant: string) =>
        format.date(instant, { weekday: 'long', day: 'numeric', month: 'long' }),
      /** «onsdag». */
      weekday: (date: string) => format.date(atNoon(date), { weekday: 'long' }),
      /** «25. nov.». */
      shortDate: (date: string) => format.date(atNoon(date), { day: 'numeric', month: 'short' }),
      time: format.time,
    };
  }, [format, locale]);
}
