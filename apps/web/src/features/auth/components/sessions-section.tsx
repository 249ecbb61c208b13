import { Alert, Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconLogout } from '@tabler/icons-react';
import type { SignedInSession } from '@tun/shared/auth';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/load-error';
import { useFormatters } from '../../../lib/dates';
import { useErrorMessage } from '../../../lib/error-message';
import { notify } from '../../../lib/notify';
import { useEndSessions, useOwnSessions } from '../api/sessions';
import { describeDevice } from '../model/device';

/**
 * «Innlogginger» on «Min profil»: where the person is signed in (how, on what, since when), with a
 * way to sign out a device they no longer have, or every device but this one.
 */
export function SessionsSection() {
  const { t } = useTranslation();
  const format = useFormatters();
  const errorMessage = useErrorMessage();
  const sessions = useOwnSessions();
  const end = useEndSessions();

  const deviceOf = (session: SignedInSession) => {
    const { browser, system } = describeDevice(session.userAgent);
    if (browser && system) return t('sessions.device', { browser, system });
    return browser ?? system ?? t('sessions.unknownDevice');
  };
  const others = sessions.data?.filter((session) => !session.current) ?? [];

  return (
    <Stack gap="sm" component="section" aria-labelledby="sessions-title">
      <Title order={2} size="h4" id="sessions-title">
        {t('sessions.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('sessions.intro')}
      </Text>
      {sessions.isError && <LoadError error={sessions.error} onRetry={() => void sessions.refetch()} />}
      {sessions.data && (
        <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {sessions.data.map((session) => {
            const device = deviceOf(session);
            const opened = format.dateTime(session.createdAt);
            return (
              <Group key={session.id} component="li" justify="space-between" wrap="nowrap" gap="sm">
                <Stack gap={0}>
                  <Group gap="xs">
                    <Text fw={600}>{device}</Text>
                    {session.current && (
                      <Badge variant="light" color="fjord">
                        {t('sessions.current')}
                      </Badge>
                    )}
                  </Group>
                  <Text size="sm" c="dimmed">
                    {t('sessions.opened', {
                      method: t(`sessions.methods.${session.method ?? 'unknown'}`),
                      date: opened,
                    })}
                  </Text>
                </Stack>
                {!session.current && (
                  <Button
                    variant="subtle"
                    size="xs"
                    color="red"
                    aria-label={t('sessions.endOne', { device, date: opened })}
                    loading={end.isPending && end.variables !== 'others' && end.variables.id === session.id}
                    onClick={() =>
                      end.mutate(
                        { id: session.id },
                        { onSuccess: () => notify({ color: 'fjord', message: t('sessions.ended') }) },
                      )
                    }
                  >
                    {t('sessions.endShort')}
                  </Button>
                )}
              </Group>
            );
          })}
        </Stack>
      )}
      {end.isError && (
        <Alert role="alert" color="red" variant="light" icon={<IconAlertCircle aria-hidden="true" />}>
          {errorMessage(end.error)}
        </Alert>
      )}
      {others.length > 0 && (
        <Group>
          <Button
            variant="default"
            leftSection={<IconLogout size={16} aria-hidden="true" />}
            loading={end.isPending && end.variables === 'others'}
            onClick={() =>
              end.mutate('others', {
                onSuccess: () => notify({ color: 'fjord', message: t('sessions.endedOthers') }),
              })
            }
          >
            {t('sessions.endOthers')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
