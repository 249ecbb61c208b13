import { Alert, Button, Group, Stack } from '@mantine/core';
import { IconAlertCircle, IconLogout } from '@tabler/icons-react';
import type { Person } from '@tun/shared/people';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '../../../lib/error-message';
import { notify } from '../../../lib/notify';
import { useCan } from '../../../entities/session/access';
import { useSignOutEverywhere } from '../api/sessions';

/**
 * «Logg ut overalt» in the user details dialog, for those who make password links: a person who
 * lost their phone is signed out on every device, and signs in again where they are.
 */
export function SignOutEverywhereButton({ person }: { person: Pick<Person, 'id' | 'hasLogin'> }) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const canChange = useCan('staff:change');
  const signOut = useSignOutEverywhere();
  if (!canChange || !person.hasLogin) return null;

  return (
    <Stack gap="sm">
      <Group>
        <Button
          variant="default"
          leftSection={<IconLogout size={16} aria-hidden="true" />}
          loading={signOut.isPending}
          onClick={() =>
            signOut.mutate(person.id, {
              onSuccess: ({ ended }) =>
                notify({ color: 'fjord', message: t('sessions.everywhereDone', { count: ended }) }),
            })
          }
        >
          {t('sessions.everywhere')}
        </Button>
      </Group>
      {signOut.isError && (
        <Alert role="alert" color="red" variant="light" icon={<IconAlertCircle aria-hidden="true" />}>
          {errorMessage(signOut.error)}
        </Alert>
      )}
    </Stack>
  );
}
