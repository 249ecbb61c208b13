import { Alert, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { IconAlertCircle, IconKey, IconMailForward } from '@tabler/icons-react';
import { useRouter } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { useErrorMessage } from '../../../lib/error-message';
import { validators } from '../../../lib/validation';
import { useLogin } from '../../../entities/session/login';
import { safeRedirect } from '@tun/shared/safe-redirect';
import { browserHasPasskeys, useSignInWithPasskey } from '../api/passkeys';
import { useRequestSignInLink } from '../api/sign-in-links';

// Two fields do not need @mantine/form; leaving it to the setup wizard keeps /login lighter.
const validateEmail = validators.email();
const validatePassword = validators.required();

/**
 * E-mail and password; with `emailLink` (Tun can send mail) also «Send meg en innloggingslenke»,
 * which sends a one-time link to the address in the same field.
 */
export function LoginForm({ redirect, emailLink }: { redirect?: string; emailLink: boolean }) {
  const { t } = useTranslation();
  const router = useRouter();
  const login = useLogin();
  const requestLink = useRequestSignInLink();
  const passkey = useSignInWithPasskey();
  const errorMessage = useErrorMessage();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ email?: string | null; password?: string | null }>({});

  const afterSignIn = () => void router.navigate({ href: safeRedirect(redirect), replace: true });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = { email: validateEmail(email), password: validatePassword(password) };
    setErrors(found);
    if (found.email || found.password) {
      document.getElementById(found.email ? 'login-email' : 'login-password')?.focus();
      return;
    }
    requestLink.reset();
    login.mutate({ email: email.trim(), password }, { onSuccess: afterSignIn });
  };

  const onPasskey = () => {
    login.reset();
    requestLink.reset();
    passkey.mutate(undefined, { onSuccess: afterSignIn });
  };

  const onRequestLink = () => {
    const found = { email: validateEmail(email) };
    setErrors(found);
    if (found.email) {
      document.getElementById('login-email')?.focus();
      return;
    }
    login.reset();
    requestLink.mutate({ email: email.trim() });
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        {requestLink.isSuccess && (
          <Alert role="status" color="fjord" variant="light" icon={<IconMailForward aria-hidden="true" />}>
            {t('login.linkSent', {
              email: requestLink.variables.email,
              minutes: requestLink.data.expiresInMinutes,
            })}
          </Alert>
        )}
        {requestLink.isError && (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertCircle aria-hidden="true" />}
            title={t('login.linkFailed')}
          >
            {errorMessage(requestLink.error)}
          </Alert>
        )}
        {passkey.isError && (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertCircle aria-hidden="true" />}
            title={t('login.passkeyFailed')}
          >
            {passkey.error instanceof ApiError ? errorMessage(passkey.error) : t('login.passkeyCancelled')}
          </Alert>
        )}
        {login.isError && (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertCircle aria-hidden="true" />}
            title={t('login.failed')}
          >
            {errorMessage(login.error)}
          </Alert>
        )}
        <TextInput
          id="login-email"
          label={t('login.email')}
          type="email"
          autoComplete="username"
          inputMode="email"
          required
          value={email}
          error={errors.email}
          onChange={(event) => {
            setEmail(event.currentTarget.value);
            setErrors((current) => ({ ...current, email: null }));
          }}
        />
        <PasswordInput
          id="login-password"
          label={t('login.password')}
          autoComplete="current-password"
          required
          value={password}
          error={errors.password}
          onChange={(event) => {
            setPassword(event.currentTarget.value);
            setErrors((current) => ({ ...current, password: null }));
          }}
        />
        <Button type="submit" loading={login.isPending} fullWidth>
          {t('login.submit')}
        </Button>
        {browserHasPasskeys() && (
          <Button
            variant="default"
            leftSection={<IconKey size={16} aria-hidden="true" />}
            onClick={onPasskey}
            loading={passkey.isPending}
            fullWidth
          >
            {t('login.passkey')}
          </Button>
        )}
        {emailLink && (
          <Button variant="subtle" onClick={onRequestLink} loading={requestLink.isPending} fullWidth>
            {t('login.sendLink')}
          </Button>
        )}
      </Stack>
    </form>
  );
}
