import { Alert, Anchor, Button, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { Link, useRouter, useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PublicLayout } from '../../../components/public-layout';
import { isApiError } from '../../../lib/api-client';
import { useErrorMessage } from '../../../lib/error-message';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { DEFAULT_AFTER_LOGIN } from '@tun/shared/safe-redirect';
import { useSignInWithLink } from '../api/sign-in-links';

/**
 * /login/link?token=…: where a sign-in link from e-mail opens. Signing in waits for a press of
 * the button, since mail filters open the links in a message to check them, and would spend a
 * link that signed in by itself (docs/decisions/032-sign-in-links.md).
 */
export function SignInLinkPage() {
  const { t } = useTranslation();
  const router = useRouter();
  const errorMessage = useErrorMessage();
  const { token } = useSearch({ from: '/login/link' });
  const signIn = useSignInWithLink();
  useDocumentTitle(t('pages.signInLink.title'));

  const onSignIn = () => {
    if (!token) return;
    signIn.mutate(
      { token },
      { onSuccess: () => void router.navigate({ to: DEFAULT_AFTER_LOGIN, replace: true }) },
    );
  };

  // A used, expired or unknown link cannot succeed by trying again: say so, and offer a new one.
  const linkDead =
    isApiError(signIn.error, 'sign-in-link-gone') || isApiError(signIn.error, 'sign-in-link-invalid');

  return (
    <PublicLayout size={460}>
      <Paper withBorder radius="md" p={{ base: 'md', xs: 'xl' }}>
        <Stack gap="lg">
          <Stack gap="xs">
            <Title order={1}>{t('pages.signInLink.title')}</Title>
            <Text c="dimmed">{t('signInLink.intro')}</Text>
          </Stack>
          {!token ? (
            <Alert role="alert" color="orange" variant="light" icon={<IconAlertCircle aria-hidden="true" />}>
              <Stack gap="xs" align="flex-start">
                <Text size="sm">{t('signInLink.missingToken')}</Text>
                <Anchor component={Link} to="/login" size="sm">
                  {t('signInLink.newLink')}
                </Anchor>
              </Stack>
            </Alert>
          ) : (
            <Stack gap="md">
              {signIn.isError && (
                <Alert
                  role="alert"
                  color="red"
                  variant="light"
                  icon={<IconAlertCircle aria-hidden="true" />}
                  title={t('signInLink.failed')}
                >
                  <Stack gap="xs" align="flex-start">
                    <Text size="sm">{errorMessage(signIn.error)}</Text>
                    {linkDead && (
                      <Anchor component={Link} to="/login" size="sm">
                        {t('signInLink.newLink')}
                      </Anchor>
                    )}
                  </Stack>
                </Alert>
              )}
              {!linkDead && (
                <Button onClick={onSignIn} loading={signIn.isPending} fullWidth>
                  {t('signInLink.submit')}
                </Button>
              )}
            </Stack>
          )}
        </Stack>
      </Paper>
    </PublicLayout>
  );
}
