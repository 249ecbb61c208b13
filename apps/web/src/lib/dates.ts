import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from './i18n';

/** Schedule times are wall-clock times at the school (DESIGN §5), whatever the device's zone. */
export const SCHOOL_TIME_ZONE = 'Europe/Oslo';

// en-GB rather than en-US: Monday-first weeks and 24-hour time, as at a Norwegian school.
const LOCALE_TAGS: Record<Language, string> = { nb: 'nb-NO', nn: 'nn-NO', en: 'en-GB' };

export function localeTag(language: string | undefined): string {
  return LOCALE_TAGS[isLanguage(language) ? language : DEFAULT_LANGUAGE];
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, { timeZone: SCHOOL_TIME_ZONE, ...options });
    formatters.set(key, formatter);
  }
  return formatter;
}

type DateInput = Date | string | number;

function toDate(value: DateInput): Date {
  return value instanceof Date ? value : new Date(value);
}

export function formatDate(
  value: DateInput,
  language?: string,
  options: Intl.DateTimeFormatOptions = { dateStyle: 'long' },
): string {
  return dateTimeFormat(localeTag(language), options).format(toDate(value));
}

export function formatTime(value: DateInput, language?: string): string {
  return dateTimeFormat(localeTag(language), { timeStyle: 'short' }).format(toDate(value));
}

export function formatDateTime(value: DateInput, language?: string): string {
  return dateTimeFormat(localeTag(language), { dateStyle: 'medium', timeStyle: 'short' }).format(
    toDate(value),
  );
}

export function formatNumber(value: number, language?: string, options?: Intl.NumberFormatOptions): string {
  return new Intl.NumberFormat(localeTag(language), options).format(value);
}

/** Formatters bound to the active UI language; components re-render when it changes. */
export function useFormatters() {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  return useMemo(
    () => ({
      date: (value: DateInput, options?: Intl.DateTimeFormatOptions) => formatDate(value, language, options),
      time: (value: DateInput) => formatTime(value, language),
      dateTime: (value: DateInput) => formatDateTime(value, language),
      number: (value: number, options?: Intl.NumberFormatOptions) => formatNumber(value, language, options),
    }),
    [language],
  );
}
