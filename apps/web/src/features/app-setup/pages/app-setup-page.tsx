import { Loader, Stack, Text, Title } from '@mantine/core';
import { SettingsSection } from '../../../components/settings-section';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/load-error';
import { useCan } from '../../../entities/session/access';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useAppSettings } from '../api/get-app-settings';
import { AppSettingsForm } from '../components/app-settings-form';
import { InstallAppSection } from '../components/install-app-section';
import { PushSection } from '../components/push-section';

/**
 * /app/setup/app: everyone installs the app and chooses push on their devices here; the admin
 * also sets how the school's app looks and which features the school uses.
 */
export function AppSetupPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('pages.appSetup.title'));
  const canChange = useCan('schoolInfo:change');

  return (
    <Stack gap="lg" maw={880}>
      <Stack gap={4}>
        <Title order={1}>{t('pages.appSetup.title')}</Title>
        <Text c="dimmed">{canChange ? t('appSetup.introAdmin') : t('appSetup.intro')}</Text>
      </Stack>
      <InstallAppSection />
      <PushSection />
      {canChange && <SchoolAppSection />}
    </Stack>
  );
}

function SchoolAppSection() {
  const { t } = useTranslation();
  const settings = useAppSettings({ enabled: true });
  return (
    <SettingsSection
      id="school-app-heading"
      title={t('appSetup.form.title')}
      intro={t('appSetup.form.intro')}
    >
      {settings.isPending && <Loader aria-label={t('app.loading')} />}
      {settings.isError && (
        <LoadError
          title={t('appSetup.form.loadFailed')}
          error={settings.error}
          onRetry={() => void settings.refetch()}
        />
      )}
      {settings.data && <AppSettingsForm settings={settings.data} />}
    </SettingsSection>
  );
}
