import i18next from 'i18next';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from './api-client';

/** The catalog text for a problem's code, else the server's Norwegian title. */
export function errorMessage(error: unknown, t = i18next.t): string {
  if (error instanceof ApiError) {
    const key = `errors.${error.code}`;
    if (i18next.exists(key)) return t(key as 'errors.unknown');
    return error.problem.title || t('errors.unknown');
  }
  return t('errors.unknown');
}

export function useErrorMessage(): (error: unknown) => string {
  const { t } = useTranslation();
  return useCallback((error: unknown) => errorMessage(error, t), [t]);
}
