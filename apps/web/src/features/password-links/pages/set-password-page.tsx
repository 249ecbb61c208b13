import { Alert, Anchor, Button, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@tun/shared/limits';
import { Link, useRouter, useSearch } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PublicLayout } from '../../../components/public-layout';
import { isApiError } from '../../../lib/api-client';
import { useErrorMessage } from '../../../lib/error-message';
import { notify } from '../../../lib/notify';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { validators } from '../../../lib/validation';
import { useLogin } from '../../../entities/session/login';
import { DEFAULT_AFTER_LOGIN } from '@tun/shared/safe-redirect';
import { useSetPassword } from '../api/set-password';

const validatePassword = validators.password({ min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH });

/**
 * /set-password?token=…: the page a one-time link opens. The person chooses a password, is
 * signed in with it and lands on the dashboard.
 */
export function SetPasswordPage() {
  const { t } = useTranslation();
  const router = useRouter();
  const errorMessage = useErrorMessage();
  const { token } = useSearch({ from: '/set-password' });
  const setPassword = useSetPassword();
  const login = useLogin();
  const [password, setPasswordValue] = useState('');
  const [repeat, setRepeat] = useState('');
  const [errors, setErrors] = useState<{ password?: string | null; repeat?: string | null }>({});
  const [loginFailed, setLoginFailed] = useState(false);
  useDocumentTitle(t('pages.setPassword.title'));

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!token) return;
    const found = { password: validatePassword(password), repeat: validators.sameAs(password)(repeat) };
    setErrors(found);
    if (found.password || found.repeat) {
      document.getElementById(found.password ? 'set-password' : 'set-password-repeat')?.focus();
      return;
    }
    setPassword.mutate(
      { token, password },
      {
        onSuccess: ({ email }) => {
          login.mutate(
            { email, password },
            {
              onSuccess: () => {
                notify({ color: 'fjord', message: t('setPassword.done') });
                void router.navigate({ to: DEFAULT_AFTER_LOGIN, replace: true });
              },
              onError: () => setLoginFailed(true),
            },
          );
        },
      },
    );
  };

  // A used or expired link cannot succeed by trying again: say so instead of offering the form.
  const linkDead =
    isApiError(setPassword.error, 'password-link-gone') ||
    isApiError(setPassword.error, 'password-link-invalid');

  return (
    <PublicLayout size={460}>
      <Paper withBorder radius="md" p={{ base: 'md', xs: 'xl' }}>
        <Stack gap="lg">
          <Stack gap="xs">
            <Title order={1}>{t('pages.setPassword.title')}</Title>
            <Text c="dimmed">{t('setPassword.intro')}</Text>
          </Stack>
          {!token ? (
            <Alert role="alert" color="orange" variant="light" icon={<IconAlertCircle aria-hidden="true" />}>
              {t('setPassword.missingToken')}
            </Alert>
          ) : loginFailed ? (
            <Alert role="alert" color="orange" variant="light" icon={<IconAlertCircle aria-hidden="true" />}>
              <Stack gap="xs" align="flex-start">
                <Text size="sm">{t('setPassword.loginFailed')}</Text>
                <Anchor component={Link} to="/login" size="sm">
                  {t('setPassword.toLogin')}
                </Anchor>
              </Stack>
            </Alert>
          ) : (
            <form onSubmit={onSubmit} noValidate>
              <Stack gap="md">
                {setPassword.isError && (
                  <Alert
                    role="alert"
                    color="red"
                    variant="light"
                    icon={<IconAlertCircle aria-hidden="true" />}
                    title={t('setPassword.failed')}
                  >
                    {errorMessage(setPassword.error)}
                  </Alert>
                )}
                {!linkDead && (
                  <>
                    <PasswordInput
                      id="set-password"
                      label={t('setPassword.password')}
                      description={t('setPassword.passwordDescription', { min: PASSWORD_MIN_LENGTH })}
                      autoComplete="new-password"
                      required
                      value={password}
                      error={errors.password}
                      onChange={(event) => {
                        setPasswordValue(event.currentTarget.value);
                        setErrors((current) => ({ ...current, password: null }));
                      }}
                    />
                    <PasswordInput
                      id="set-password-repeat"
                      label={t('setPassword.passwordRepeat')}
                      autoComplete="new-password"
                      required
                      value={repeat}
                      error={errors.repeat}
                      onChange={(event) => {
                        setRepeat(event.currentTarget.value);
                        setErrors((current) => ({ ...current, repeat: null }));
                      }}
                    />
                    <Button type="submit" loading={setPassword.isPending || login.isPending} fullWidth>
                      {t('setPassword.submit')}
                    </Button>
                  </>
                )}
                {linkDead && (
                  <Anchor component={Link} to="/login" size="sm">
                    {t('setPassword.toLogin')}
                  </Anchor>
                )}
              </Stack>
            </form>
          )}
        </Stack>
      </Paper>
    </PublicLayout>
  );
}
