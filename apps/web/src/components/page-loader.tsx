import { Center, Loader, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function PageLoader() {
  const { t } = useTranslation();
  return (
    <Center py="xl" role="status">
      <Loader aria-hidden="true" />
      <VisuallyHidden>{t('app.loading')}</VisuallyHidden>
    </Center>
  );
}
