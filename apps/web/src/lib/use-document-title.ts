import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Each page has its own title (WCAG 2.4.2), so tabs and screen readers tell pages apart. */
export function useDocumentTitle(page: string | undefined): void {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = page ? t('app.documentTitle', { page }) : t('app.name');
  }, [page, t]);
}
