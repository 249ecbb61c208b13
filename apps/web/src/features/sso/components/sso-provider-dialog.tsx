import {
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  PasswordInput,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertCircle } from '@tabler/icons-react';
import {
  SSO_CLIENT_ID_MAX,
  SSO_CLIENT_SECRET_MAX,
  SSO_KINDS,
  SSO_NAME_MAX,
  SSO_URL_MAX,
  type SsoKind,
  type SsoProvider,
} from '@tun/shared/sso';
import type { TFunction } from 'i18next';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-client';
import { useErrorMessage } from '../../../lib/error-message';
import { focusFirstInvalid } from '../../../lib/form-errors';
import { notify } from '../../../lib/notify';
import { placeFieldErrors } from '../../../lib/place-field-errors';
import { useSaveSsoProvider } from '../api/sso';
import {
  carriesFeideIds,
  issuerOf,
  providerChangesOf,
  providerCreateOf,
  providerFieldOf,
  providerFormProblems,
  providerValuesOf,
  withKind,
  type ProviderFormProblem,
  type ProviderFormValues,
} from '../model/provider-form';

interface SsoProviderDialogProps {
  opened: boolean;
  /** The provider to change; none for a new one. */
  provider: SsoProvider | undefined;
  onClose: () => void;
}

/** «Legg til tjeneste» and «Endre …»: a school's provider, checked by the server against its discovery document. */
export function SsoProviderDialog({ opened, provider, onClose }: SsoProviderDialogProps) {
  const { t } = useTranslation();
  const isPhone = useMediaQuery('(max-width: 47.99em)', false);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={provider ? t('sso.dialog.editTitle', { name: provider.name }) : t('sso.dialog.addTitle')}
      size="lg"
      fullScreen={isPhone}
      closeOnClickOutside={false}
      closeButtonProps={{ 'aria-label': t('app.close') }}
    >
      {opened && <ProviderForm key={provider?.id ?? 'new'} provider={provider} onDone={onClose} />}
    </Modal>
  );
}

function problemText(t: TFunction, problem: ProviderFormProblem): string {
  return problem === 'required' ? t('validation.required') : t(`sso.dialog.errors.${problem}`);
}

function ProviderForm({ provider, onDone }: { provider: SsoProvider | undefined; onDone: () => void }) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const save = useSaveSsoProvider();
  const editing = provider !== undefined;
  const defaultName = (kind: SsoKind) => (kind === 'oidc' ? '' : t(`sso.defaultNames.${kind}`));
  const form = useForm<ProviderFormValues>({
    initialValues: providerValuesOf(provider, defaultName),
    validate: (values) =>
      Object.fromEntries(
        Object.entries(providerFormProblems(values, { editing })).map(([field, problem]) => [
          field,
          problemText(t, problem),
        ]),
      ),
  });
  const { values } = form;

  const submit = form.onSubmit(
    async (submitted, event) => {
      const formElement = event?.currentTarget;
      try {
        const saved = await save.mutateAsync(
          provider
            ? { id: provider.id, body: providerChangesOf(provider, submitted) }
            : { id: null, body: providerCreateOf(submitted) },
        );
        notify({
          color: 'fjord',
          message: t(provider ? 'sso.dialog.saved' : 'sso.dialog.added', { name: saved.name }),
        });
        onDone();
      } catch (error) {
        placeFieldErrors(error, form, providerFieldOf(submitted.kind), formElement);
      }
    },
    (_errors, _values, event) => focusFirstInvalid(event?.currentTarget),
  );

  const failed = save.isError && Object.keys(form.errors).length === 0;
  const entraIssuer = values.kind === 'entra' ? issuerOf(values) : null;

  return (
    <form onSubmit={(event: FormEvent<HTMLFormElement>) => void submit(event)} noValidate>
      <Stack gap="md">
        {failed && (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertCircle aria-hidden="true" />}
            title={t('sso.dialog.failed')}
            role="alert"
          >
            <Stack gap={4}>
              <Text size="sm">{errorMessage(save.error)}</Text>
              {isApiError(save.error, 'sso-provider-unavailable') && (
                <Text size="sm">{t('sso.dialog.unavailableHint')}</Text>
              )}
            </Stack>
          </Alert>
        )}
        <Select
          label={t('sso.dialog.kind')}
          data={SSO_KINDS.map((kind) => ({ value: kind, label: t(`sso.kinds.${kind}`) }))}
          allowDeselect={false}
          value={values.kind}
          error={form.errors.kind}
          onChange={(value) => {
            const kind = SSO_KINDS.find((known) => known === value);
            if (kind && kind !== values.kind) form.setValues(withKind(values, kind, defaultName));
          }}
        />
        <TextInput
          label={t('sso.dialog.name')}
          description={t('sso.dialog.nameHint')}
          required
          maxLength={SSO_NAME_MAX}
          autoComplete="off"
          {...form.getInputProps('name')}
        />
        {values.kind === 'entra' && (
          <Stack gap={4}>
            <TextInput
              label={t('sso.dialog.tenant')}
              description={t('sso.dialog.tenantHint')}
              required
              maxLength={253}
              autoComplete="off"
              spellCheck={false}
              {...form.getInputProps('tenant')}
            />
            {entraIssuer && (
              <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {t('sso.dialog.issuerIs', { issuer: entraIssuer })}
              </Text>
            )}
          </Stack>
        )}
        {values.kind === 'google' && (
          <TextInput
            label={t('sso.dialog.domain')}
            description={t('sso.dialog.domainHint')}
            maxLength={253}
            autoComplete="off"
            spellCheck={false}
            {...form.getInputProps('domain')}
          />
        )}
        {values.kind === 'oidc' && (
          <TextInput
            type="url"
            label={t('sso.dialog.issuer')}
            description={t('sso.dialog.issuerHint')}
            required
            maxLength={SSO_URL_MAX}
            autoComplete="off"
            spellCheck={false}
            {...form.getInputProps('issuer')}
          />
        )}
        <TextInput
          label={t('sso.dialog.clientId')}
          required
          maxLength={SSO_CLIENT_ID_MAX}
          autoComplete="off"
          spellCheck={false}
          {...form.getInputProps('clientId')}
        />
        <PasswordInput
          label={t('sso.dialog.clientSecret')}
          description={editing ? t('sso.dialog.clientSecretKeep') : undefined}
          required={!editing}
          maxLength={SSO_CLIENT_SECRET_MAX}
          // Not "off", which browsers ignore for a password field and fill in the admin's own.
          autoComplete="new-password"
          {...form.getInputProps('clientSecret')}
        />
        <Checkbox
          label={t('sso.dialog.matchByEmail')}
          {...form.getInputProps('matchByEmail', { type: 'checkbox' })}
        />
        {carriesFeideIds(values.kind) && (
          <Checkbox
            label={t('sso.dialog.matchByFeideId')}
            {...form.getInputProps('matchByFeideId', { type: 'checkbox' })}
          />
        )}
        <Group justify="flex-end" gap="sm">
          <Button type="button" variant="default" onClick={onDone} disabled={save.isPending}>
            {t('sso.dialog.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t('sso.dialog.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
