import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconLink } from '@tabler/icons-react';
import type { Person } from '@tun/shared/people';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyableLinkField } from '../../../components/copyable-link-field';
import { isApiError } from '../../../lib/api-client';
import { useFormatters } from '../../../lib/dates';
import { useErrorMessage } from '../../../lib/error-message';
import { useCan } from '../../../entities/session/access';
import { useCreatePasswordLink } from '../api/create-password-link';

/**
 * 'Lag innloggingslenke' for the user details dialog: makes a one-time link to set a password
 * and shows it to copy. Also sent by e-mail when the server can send mail.
 */
export function PasswordLinkButton({ person }: { person: Pick<Person, 'id' | 'email'> }) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const format = useFormatters();
  const canCreate = useCan('staff:change');
  const createLink = useCreatePasswordLink();
  const fieldId = useId();
  if (!canCreate) return null;

  const link = createLink.data;
  const fieldErrors = isApiError(createLink.error) ? (createLink.error.problem.errors ?? []) : [];

  return (
    <Stack gap="sm">
      <Group>
        <Button
          variant={link ? 'default' : 'light'}
          leftSection={<IconLink size={16} aria-hidden="true" />}
          loading={createLink.isPending}
          onClick={() => createLink.mutate(person.id)}
        >
          {link ? t('passwordLinks.createAgain') : t('passwordLinks.create')}
        </Button>
      </Group>
      {createLink.isError && (
        <Alert
          role="alert"
          color="red"
          variant="light"
          icon={<IconAlertCircle aria-hidden="true" />}
          title={t('passwordLinks.failed')}
        >
          {fieldErrors.length > 0
            ? fieldErrors.map((error) => error.message).join(' ')
            : errorMessage(createLink.error)}
        </Alert>
      )}
      {link && (
        <Stack gap={6} role="status">
          <CopyableLinkField id={fieldId} label={t('passwordLinks.linkLabel')} url={link.url} />
          <Text size="sm">{t('passwordLinks.expires', { date: format.dateTime(link.expiresAt) })}</Text>
          <Text size="sm" fw={link.emailed ? undefined : 500}>
            {link.emailed && person.email
              ? t('passwordLinks.emailed', { email: person.email })
              : t('passwordLinks.notEmailed')}
          </Text>
        </Stack>
      )}
    </Stack>
  );
}
