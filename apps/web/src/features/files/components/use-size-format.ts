import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { localeTag } from '../../../lib/dates';
import { formatFileSize, formatSpeed } from '../../../entities/files/file-size';

/** Sizes, speeds and per cents in the active language. */
export function useSizeFormat() {
  const { i18n } = useTranslation();
  const locale = localeTag(i18n.resolvedLanguage ?? i18n.language);
  return useMemo(() => {
    const percent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 });
    return {
      size: (bytes: number) => formatFileSize(bytes, locale),
      speed: (bytesPerSecond: number) => formatSpeed(bytesPerSecond, locale),
      /** From a whole per cent (0–100). */
      percent: (value: number) => percent.format(value / 100),
    };
  }, [locale]);
}
