import { Stack, Text, Title } from '@mantine/core';
import { useMatch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../lib/use-document-title';

/**
 * Stands in for every page that is not built yet. The heading comes from the route's
 * `staticData.page`, so one component serves them all.
 */
export function PagePlaceholder() {
  const { t } = useTranslation();
  const page = useMatch({ strict: false, select: (match) => match.staticData.page });
  const title = page ? t(`pages.${page}.title`) : t('app.name');
  useDocumentTitle(title);
  return (
    <Stack gap="sm">
      <Title order={1}>{title}</Title>
      <Text>{t('placeholder.notInUse')}</Text>
    </Stack>
  );
}
