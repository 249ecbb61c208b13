import { schoolDateTimeFormat } from '@tun/shared/time';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from './i18n';

// en-GB rather than en-US: Monday-first weeks and 24-hour time, as at a Norwegian school.
const LOCALE_TAGS: Record<Language, string> = { nb: 'nb-NO', nn: 'nn-NO', en: 'en-GB' };

export function localeTag(language: string | undefined): string {
  return LOCALE_TAGS[isLanguage(language) ? language : DEFAULT_LANGUAGE];
}

type DateInput = Date | string | number;

function toDate(value: DateInput): Date {
  return value instanceof Date ? value : new Date(value);
}

/** Dates and times as they are at the school (DESIGN §5), whatever the device's zone. */
export function formatDate(
  value: DateInput,
  language?: string,
  options: Intl.DateTimeFormatOptions = { dateStyle: 'long' },
): string {
  return schoolDateTimeFormat(localeTag(language), options).format(toDate(value));
}

export function formatTime(value: DateInput, language?: string): string {
  return schoolDateTimeFormat(localeTag(language), { timeStyle: 'short' }).format(toDate(value));
}

export function formatDateTime(value: DateInput, language?: string): string {
  return schoolDateTimeFormat(localeTag(language), { dateStyle: 'medium', timeStyle: 'short' }).format(
    toDate(value),
  );
}

const numberFormats = new Map<string, Intl.NumberFormat>();

/** Made once per locale and options, as schoolDateTimeFormat's: building one costs milliseconds. */
export function formatNumber(value: number, language?: string, options?: Intl.NumberFormatOptions): string {
  const locale = localeTag(language);
  const key = `${locale}|${JSON.stringify(options ?? {})}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    numberFormats.set(key, format);
  }
  return format.format(value);
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
