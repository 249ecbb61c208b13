import { Alert, Button, Group, Loader, Stack, Switch, Text } from '@mantine/core';
import { IconAlertCircle, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import type { SsoProvider, SsoSettings } from '@tun/shared/sso';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyableLinkField } from '../../../components/copyable-link-field';
import { LoadError } from '../../../components/load-error';
import { SettingsSection } from '../../../components/settings-section';
import { useConfirmDelete } from '../../../components/use-confirm-delete';
import { useFormatters } from '../../../lib/dates';
import { useErrorMessage } from '../../../lib/error-message';
import { notify } from '../../../lib/notify';
import { useRemoveSsoProvider, useSetSsoRequirement, useSsoSettings } from '../api/sso';
import { SsoProviderDialog } from './sso-provider-dialog';

/**
 * «Innlogging med skolekonto» on the school's setup page, for admins: the providers people sign
 * in through, the address to register at them, and whether staff must use them.
 */
export function SsoSection() {
  const { t } = useTranslation();
  const settings = useSsoSettings();
  // Undefined provider: a new one.
  const [dialog, setDialog] = useState<{ provider: SsoProvider | undefined } | null>(null);

  return (
    <SettingsSection
      id="sso-heading"
      title={t('sso.title')}
      intro={t('sso.intro')}
      actions={
        settings.data && (
          <Button
            variant="default"
            leftSection={<IconPlus size={16} aria-hidden="true" />}
            onClick={() => setDialog({ provider: undefined })}
          >
            {t('sso.add')}
          </Button>
        )
      }
    >
      {settings.isPending && <Loader aria-label={t('app.loading')} />}
      {settings.isError && <LoadError error={settings.error} onRetry={() => void settings.refetch()} />}
      {settings.data && (
        <>
          <CopyableLinkField
            id="sso-redirect-uri"
            label={t('sso.redirectUri')}
            description={t('sso.redirectUriHint')}
            url={settings.data.redirectUri}
          />
          <ProviderList providers={settings.data.providers} onEdit={(provider) => setDialog({ provider })} />
          <RequirementSwitch settings={settings.data} />
        </>
      )}
      <SsoProviderDialog
        opened={dialog !== null}
        provider={dialog?.provider}
        onClose={() => setDialog(null)}
      />
    </SettingsSection>
  );
}

function ProviderList({
  providers,
  onEdit,
}: {
  providers: readonly SsoProvider[];
  onEdit: (provider: SsoProvider) => void;
}) {
  const { t } = useTranslation();
  const format = useFormatters();
  const confirmDelete = useConfirmDelete();
  const remove = useRemoveSsoProvider();

  if (providers.length === 0) return <Text size="sm">{t('sso.none')}</Text>;

  const matching = (provider: SsoProvider) => {
    if (provider.matchByEmail && provider.matchByFeideId) return t('sso.matchBoth');
    if (provider.matchByEmail) return t('sso.matchEmail');
    if (provider.matchByFeideId) return t('sso.matchFeideId');
    return t('sso.matchNone');
  };

  const askToRemove = (provider: SsoProvider) => {
    const { name, linkedPeople: count } = provider;
    confirmDelete({
      title: t('sso.removeDialog.title', { name }),
      body: (
        <Text>
          {count === 0
            ? t('sso.removeDialog.bodyNone', { name })
            : t('sso.removeDialog.body', { name, count, people: format.number(count) })}
        </Text>
      ),
      confirm: t('sso.removeDialog.confirm'),
      cancel: t('sso.removeDialog.cancel'),
      deleted: t('sso.removed', { name }),
      failed: t('sso.removeFailed'),
      // Linked people lose their way in: Enter should not be what removes it.
      cancelByDefault: count > 0,
      remove: () => remove.mutateAsync(provider.id),
    });
  };

  return (
    <Stack gap="md" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {providers.map((provider) => (
        <Group key={provider.id} component="li" justify="space-between" align="flex-start" gap="sm">
          <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
            <Text fw={600}>{provider.name}</Text>
            <Text size="sm">
              {provider.domain
                ? `${t(`sso.kinds.${provider.kind}`)} · ${t('sso.domainOnly', { domain: provider.domain })}`
                : t(`sso.kinds.${provider.kind}`)}
            </Text>
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {provider.issuer}
            </Text>
            <Text size="sm" c="dimmed">
              {t('sso.linked', {
                count: provider.linkedPeople,
                people: format.number(provider.linkedPeople),
              })}
              {' · '}
              {matching(provider)}
            </Text>
          </Stack>
          <Group gap="xs" wrap="nowrap">
            <Button
              variant="subtle"
              size="xs"
              leftSection={<IconPencil size={16} aria-hidden="true" />}
              aria-label={t('sso.edit', { name: provider.name })}
              onClick={() => onEdit(provider)}
            >
              {t('sso.editShort')}
            </Button>
            <Button
              variant="subtle"
              color="red"
              size="xs"
              leftSection={<IconTrash size={16} aria-hidden="true" />}
              aria-label={t('sso.remove', { name: provider.name })}
              loading={remove.isPending && remove.variables === provider.id}
              onClick={() => askToRemove(provider)}
            >
              {t('sso.removeShort')}
            </Button>
          </Group>
        </Group>
      ))}
    </Stack>
  );
}

function RequirementSwitch({ settings }: { settings: SsoSettings }) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const requirement = useSetSsoRequirement();
  // What was asked for, shown at once and kept until the server's answer (and the settings read
  // again) is in: the mutation's own pending state reaches the switch only a task later, and the
  // switch sprang back in between.
  const [asked, setAsked] = useState<boolean>();
  const checked = asked ?? settings.requiredForStaff;
  // Once required, it can always be switched off again.
  const unavailable = settings.providers.length === 0 && !settings.requiredForStaff;

  return (
    <Stack gap="xs">
      <Switch
        size="md"
        label={t('sso.required')}
        description={t('sso.requiredHint')}
        checked={checked}
        disabled={unavailable || asked !== undefined}
        onChange={(event) => {
          const on = event.currentTarget.checked;
          setAsked(on);
          requirement.mutate(on, {
            onSuccess: () =>
              notify({ color: 'fjord', message: on ? t('sso.requiredOn') : t('sso.requiredOff') }),
            onSettled: () => setAsked(undefined),
          });
        }}
        thumbIcon={asked !== undefined ? <Loader size={10} aria-hidden="true" /> : undefined}
      />
      {requirement.isError && (
        <Alert role="alert" color="red" variant="light" icon={<IconAlertCircle aria-hidden="true" />}>
          {errorMessage(requirement.error)}
        </Alert>
      )}
    </Stack>
  );
}
