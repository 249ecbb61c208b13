import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, localeTag } from '../../../lib/dates';
import { formatFileSize } from '../../../entities/files/file-size';

/** Dates, sizes and the locale for sorting names, in the active language. */
export function usePostFormat() {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  return useMemo(() => {
    const locale = localeTag(language);
    return {
      locale,
      dateTime: (value: string) => formatDateTime(value, language),
      size: (bytes: number) => formatFileSize(bytes, locale),
    };
  }, [language]);
}
