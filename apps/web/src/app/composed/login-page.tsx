import { Alert, Button, Divider, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useSearch } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../components/page-loader';
import { PublicLayout } from '../../components/public-layout';
import { useErrorMessage } from '../../lib/error-message';
import { loadAppCatalog } from '../../lib/i18n';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useSetupStatus } from '../../entities/school/get-setup-status';
import { LoginForm } from '../../features/auth/components/login-form';
import { SsoSignInButtons } from '../../features/auth/components/sso-sign-in-buttons';

// Needed once per installation, so it stays out of the login page's own bundle; its texts are
// in the whole catalog, not the start's.
const SetupWizard = lazy(() =>
  Promise.all([import('../../features/setup/components/setup-wizard'), loadAppCatalog()]).then(
    ([module]) => ({ default: module.SetupWizard }),
  ),
);

export function LoginPage() {
  const { t } = useTranslation();
  const { redirect, reason, 'sso-error': ssoError } = useSearch({ from: '/login' });
  const setupStatus = useSetupStatus();
  const errorMessage = useErrorMessage();
  const needsSetup = setupStatus.data?.needsSetup === true;
  const ssoOptions = setupStatus.data?.sso ?? [];
  useDocumentTitle(needsSetup ? t('setup.title') : t('pages.login.title'));

  if (setupStatus.isPending) {
    return (
      <PublicLayout size="xs">
        <PageLoader />
      </PublicLayout>
    );
  }

  if (needsSetup) {
    return (
      <PublicLayout size="sm">
        <Suspense fallback={<PageLoader />}>
          <SetupWizard />
        </Suspense>
      </PublicLayout>
    );
  }

  return (
    <PublicLayout size={460}>
      <Paper withBorder radius="md" p={{ base: 'md', xs: 'xl' }}>
        <Stack gap="lg">
          <Stack gap="xs">
            <Title order={1}>{t('pages.login.title')}</Title>
            <Text c="dimmed">{ssoOptions.length > 0 ? t('login.introSso') : t('login.intro')}</Text>
          </Stack>
          {setupStatus.isError && (
            // The login may still work; the setup check is only there for a brand-new installation.
            <Alert
              color="red"
              variant="light"
              icon={<IconAlertCircle aria-hidden="true" />}
              title={t('login.setupCheckFailed')}
            >
              <Stack gap="xs" align="flex-start">
                <Text size="sm">{errorMessage(setupStatus.error)}</Text>
                <Button size="xs" variant="white" color="red" onClick={() => void setupStatus.refetch()}>
                  {t('app.retry')}
                </Button>
              </Stack>
            </Alert>
          )}
          {reason === 'not-in-directory' && (
            <Alert color="orange" variant="light" icon={<IconAlertCircle aria-hidden="true" />}>
              {t('errors.not-in-directory')}
            </Alert>
          )}
          {ssoError && (
            <Alert
              color="red"
              variant="light"
              icon={<IconAlertCircle aria-hidden="true" />}
              title={t('login.ssoFailed')}
            >
              {t(`errors.${ssoError}`)}
            </Alert>
          )}
          {ssoOptions.length > 0 && (
            <>
              <SsoSignInButtons options={ssoOptions} redirect={redirect} />
              <Divider label={t('login.or')} labelPosition="center" />
            </>
          )}
          <LoginForm redirect={redirect} emailLink={setupStatus.data?.emailLink === true} />
        </Stack>
      </Paper>
    </PublicLayout>
  );
}
