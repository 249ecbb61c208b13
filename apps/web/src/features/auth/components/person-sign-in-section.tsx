import { Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconTrash, IconUnlink } from '@tabler/icons-react';
import { shortFullName } from '@tun/shared/names';
import type { Person } from '@tun/shared/people';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/load-error';
import { useConfirmDelete } from '../../../components/use-confirm-delete';
import { useCan } from '../../../entities/session/access';
import { useFormatters } from '../../../lib/dates';
import {
  usePersonPasskeys,
  usePersonSsoIdentities,
  useRemovePersonPasskey,
  useRemovePersonSsoIdentity,
} from '../api/person-sign-in';

type PersonRef = Pick<Person, 'id' | 'name'>;

/**
 * «Innlogging» in the user details dialog, for those who may sign a person out everywhere: how
 * the person signs in without a password, so that a lost phone's passkey or a school account
 * linked to the wrong person can be removed.
 */
export function PersonSignInSection({ person }: { person: PersonRef }) {
  const canChange = useCan('staff:change');
  // Asked only when allowed: the lists are the admin's, and others would only get a refusal.
  if (!canChange) return null;
  return <SignInMethods person={person} />;
}

function SignInItem({ name, meta, action }: { name: string; meta: string; action: ReactNode }) {
  return (
    <Group component="li" justify="space-between" wrap="nowrap" gap="sm">
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
          {name}
        </Text>
        <Text size="sm" c="dimmed">
          {meta}
        </Text>
      </Stack>
      {action}
    </Group>
  );
}

function SignInMethods({ person }: { person: PersonRef }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const confirmDelete = useConfirmDelete();
  const titleId = useId();
  const passkeys = usePersonPasskeys(person.id);
  const identities = usePersonSsoIdentities(person.id);
  const removePasskey = useRemovePersonPasskey(person.id);
  const removeIdentity = useRemovePersonSsoIdentity(person.id);
  const personName = shortFullName(person.name);

  const used = (lastUsedAt: string | null) =>
    lastUsedAt
      ? t('personSignIn.lastUsed', { date: format.dateTime(lastUsedAt) })
      : t('personSignIn.neverUsed');
  const loading = passkeys.isPending || identities.isPending;
  const none = passkeys.data?.length === 0 && identities.data?.length === 0;
  const hasItems = (passkeys.data?.length ?? 0) + (identities.data?.length ?? 0) > 0;

  return (
    <Stack gap="xs" component="section" aria-labelledby={titleId}>
      <Title order={3} size="h5" id={titleId}>
        {t('personSignIn.title')}
      </Title>
      {hasItems && (
        <Text size="sm" c="dimmed">
          {t('personSignIn.intro')}
        </Text>
      )}
      {loading && <Loader size="sm" role="status" aria-label={t('app.loading')} />}
      {passkeys.isError && (
        <LoadError
          title={t('personSignIn.passkeysFailed')}
          error={passkeys.error}
          onRetry={() => void passkeys.refetch()}
        />
      )}
      {identities.isError && (
        <LoadError
          title={t('personSignIn.accountsFailed')}
          error={identities.error}
          onRetry={() => void identities.refetch()}
        />
      )}
      {none && <Text size="sm">{t('personSignIn.none')}</Text>}
      {hasItems && (
        <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {passkeys.data?.map((passkey) => (
            <SignInItem
              key={`passkey-${passkey.id}`}
              name={passkey.name}
              meta={t('personSignIn.passkeyMeta', {
                added: format.date(passkey.createdAt),
                used: used(passkey.lastUsedAt),
              })}
              action={
                <Button
                  variant="subtle"
                  color="red"
                  size="xs"
                  leftSection={<IconTrash size={16} aria-hidden="true" />}
                  aria-label={t('personSignIn.removePasskey', { name: passkey.name })}
                  loading={removePasskey.isPending && removePasskey.variables === passkey.id}
                  onClick={() =>
                    confirmDelete({
                      title: t('personSignIn.removePasskeyTitle'),
                      body: (
                        <Text>
                          {t('personSignIn.removePasskeyBody', { person: personName, name: passkey.name })}
                        </Text>
                      ),
                      confirm: t('personSignIn.removePasskeyConfirm'),
                      cancel: t('personSignIn.cancel'),
                      deleted: t('personSignIn.passkeyRemoved', { name: passkey.name }),
                      failed: t('personSignIn.passkeyRemoveFailed'),
                      remove: () => removePasskey.mutateAsync(passkey.id),
                    })
                  }
                >
                  {t('personSignIn.removePasskeyShort')}
                </Button>
              }
            />
          ))}
          {identities.data?.map((identity) => (
            <SignInItem
              key={`account-${identity.id}`}
              name={t('personSignIn.account', { provider: identity.provider })}
              meta={t('personSignIn.accountMeta', {
                added: format.date(identity.createdAt),
                used: used(identity.lastUsedAt),
              })}
              action={
                <Button
                  variant="subtle"
                  color="red"
                  size="xs"
                  leftSection={<IconUnlink size={16} aria-hidden="true" />}
                  aria-label={t('personSignIn.removeAccount', { provider: identity.provider })}
                  loading={removeIdentity.isPending && removeIdentity.variables === identity.id}
                  onClick={() =>
                    confirmDelete({
                      title: t('personSignIn.removeAccountTitle'),
                      body: (
                        <Text>
                          {t('personSignIn.removeAccountBody', {
                            person: personName,
                            provider: identity.provider,
                          })}
                        </Text>
                      ),
                      confirm: t('personSignIn.removeAccountConfirm'),
                      cancel: t('personSignIn.cancel'),
                      deleted: t('personSignIn.accountRemoved', { provider: identity.provider }),
                      failed: t('personSignIn.accountRemoveFailed'),
                      remove: () => removeIdentity.mutateAsync(identity.id),
                    })
                  }
                >
                  {t('personSignIn.removeAccountShort')}
                </Button>
              }
            />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
