import { Alert, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertCircle, IconKey, IconTrash } from '@tabler/icons-react';
import { PASSKEY_NAME_MAX } from '@tun/shared/passkeys';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { LoadError } from '../../../components/load-error';
import { useFormatters } from '../../../lib/dates';
import { useErrorMessage } from '../../../lib/error-message';
import { notify } from '../../../lib/notify';
import { browserHasPasskeys, useAddPasskey, usePasskeys, useRemovePasskey } from '../api/passkeys';

/**
 * «Passnøkler» on «Min profil»: the person's passkeys, a new one made by this device's
 * fingerprint, face or PIN, and a way to remove one (a lost phone).
 */
export function PasskeysSection() {
  const { t } = useTranslation();
  const format = useFormatters();
  const errorMessage = useErrorMessage();
  const passkeys = usePasskeys();
  const add = useAddPasskey();
  const remove = useRemovePasskey();
  const [name, setName] = useState(() => t('passkeys.defaultName'));
  const supported = browserHasPasskeys();

  // The browser's own refusal (the person cancelled, or no authenticator) is no server error.
  const failure = (error: unknown) =>
    error instanceof ApiError ? errorMessage(error) : t('passkeys.cancelled');

  return (
    <Stack gap="sm" component="section" aria-labelledby="passkeys-title">
      <Title order={2} size="h4" id="passkeys-title">
        {t('passkeys.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('passkeys.intro')}
      </Text>
      {passkeys.isError && <LoadError error={passkeys.error} onRetry={() => void passkeys.refetch()} />}
      {passkeys.data?.length === 0 && <Text size="sm">{t('passkeys.none')}</Text>}
      {passkeys.data && passkeys.data.length > 0 && (
        <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {passkeys.data.map((passkey) => (
            <Group key={passkey.id} component="li" justify="space-between" wrap="nowrap" gap="sm">
              <Stack gap={0}>
                <Text fw={600}>{passkey.name}</Text>
                <Text size="sm" c="dimmed">
                  {passkey.lastUsedAt
                    ? t('passkeys.lastUsed', { date: format.dateTime(passkey.lastUsedAt) })
                    : t('passkeys.created', { date: format.date(passkey.createdAt) })}
                </Text>
              </Stack>
              <Button
                variant="subtle"
                color="red"
                size="xs"
                leftSection={<IconTrash size={16} aria-hidden="true" />}
                aria-label={t('passkeys.remove', { name: passkey.name })}
                loading={remove.isPending && remove.variables === passkey.id}
                onClick={() =>
                  remove.mutate(passkey.id, {
                    onSuccess: () =>
                      notify({ color: 'fjord', message: t('passkeys.removed', { name: passkey.name }) }),
                  })
                }
              >
                {t('passkeys.removeShort')}
              </Button>
            </Group>
          ))}
        </Stack>
      )}
      {remove.isError && (
        <Alert role="alert" color="red" variant="light" icon={<IconAlertCircle aria-hidden="true" />}>
          {errorMessage(remove.error)}
        </Alert>
      )}
      {supported ? (
        <Group align="flex-end" gap="sm">
          <TextInput
            style={{ flex: 1 }}
            label={t('passkeys.name')}
            value={name}
            maxLength={PASSKEY_NAME_MAX}
            onChange={(event) => setName(event.currentTarget.value)}
          />
          <Button
            variant="default"
            leftSection={<IconKey size={16} aria-hidden="true" />}
            loading={add.isPending}
            disabled={!name.trim()}
            onClick={() =>
              add.mutate(name.trim(), {
                onSuccess: (passkey) =>
                  notify({ color: 'fjord', message: t('passkeys.added', { name: passkey.name }) }),
              })
            }
          >
            {t('passkeys.add')}
          </Button>
        </Group>
      ) : (
        <Text size="sm">{t('passkeys.unsupported')}</Text>
      )}
      {add.isError && (
        <Alert role="alert" color="red" variant="light" icon={<IconAlertCircle aria-hidden="true" />}>
          {failure(add.error)}
        </Alert>
      )}
    </Stack>
  );
}
