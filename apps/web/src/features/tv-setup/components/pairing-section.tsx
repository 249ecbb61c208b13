import { Alert, Button, Group, Loader, Radio, Select, Stack, Text, TextInput } from '@mantine/core';
import { SettingsSection } from '../../../components/settings-section';
import { IconAlertCircle, IconDeviceTv } from '@tabler/icons-react';
import {
  formatUserCode,
  normalizeUserCode,
  userCodeSchema,
  type PendingPairing,
  type Screen,
} from '@tun/shared/screens';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-client';
import { useFormatters } from '../../../lib/dates';
import { useErrorMessage } from '../../../lib/error-message';
import { focusFirstInvalid } from '../../../lib/form-errors';
import { notify } from '../../../lib/notify';
import { useApprovePairing, useDenyPairing, usePendingPairing } from '../api/pairing';
import { inputOf } from '../model/screen-form-values';
import { ScreenFields } from './screen-fields';
import { showServerErrors, useScreenForm } from './use-screen-form';

const UNKNOWN_CODE = 'pairing-code-unknown';

interface PairingSectionProps {
  /** From the TV's QR code (/app/tv-setup?code=…): checked at once. */
  initialCode: string | undefined;
  screens: readonly Screen[];
  /** The code is approved or denied: the address forgets it. */
  onFinished: () => void;
}

/**
 * «Koble til skjerm» (RFC 8628's verification page): the admin types the code the TV shows,
 * or arrives with it from the TV's QR code, then picks or makes the screen and approves.
 */
export function PairingSection({ initialCode, screens, onFinished }: PairingSectionProps) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const initiallyValid = initialCode !== undefined && userCodeSchema.safeParse(initialCode).success;
  const [typed, setTyped] = useState(() => (initialCode ? initialCodeText(initialCode) : ''));
  // A QR code's address that was cut short shows what is wrong with it at once.
  const [typedError, setTypedError] = useState<string | null>(() =>
    initialCode !== undefined && !initiallyValid ? t('tvSetup.pairing.codeInvalid') : null,
  );
  const [checked, setChecked] = useState<string | null>(() =>
    initiallyValid ? normalizeUserCode(initialCode) : null,
  );
  const codeInput = useRef<HTMLInputElement>(null);
  const pending = usePendingPairing(checked);
  const unknown = isApiError(pending.error, UNKNOWN_CODE);

  // An unknown code (mistyped, run out, or used) is an error on the field: the focus goes there,
  // so a screen reader reads it.
  useEffect(() => {
    if (unknown) codeInput.current?.focus();
  }, [unknown]);

  const check = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = userCodeSchema.safeParse(typed);
    if (!parsed.success) {
      setTypedError(t('tvSetup.pairing.codeInvalid'));
      setChecked(null);
      focusFirstInvalid(event.currentTarget);
      return;
    }
    setTypedError(null);
    if (parsed.data === checked) void pending.refetch();
    else setChecked(parsed.data);
  };

  const finish = () => {
    setTyped('');
    setChecked(null);
    onFinished();
  };

  const codeError = typedError ?? (unknown ? t('tvSetup.pairing.notFound') : null);

  return (
    <SettingsSection
      id="pairing-heading"
      title={t('tvSetup.pairing.title')}
      intro={t('tvSetup.pairing.intro')}
    >
      <form onSubmit={check} noValidate>
        <Group align="flex-start" gap="sm">
          <TextInput
            ref={codeInput}
            label={t('tvSetup.pairing.code')}
            description={t('tvSetup.pairing.codeDescription')}
            value={typed}
            onChange={(event) => {
              setTyped(event.currentTarget.value.toUpperCase());
              setTypedError(null);
            }}
            error={codeError}
            maxLength={20}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            w={{ base: '100%', xs: 260 }}
            styles={{
              input: { fontFamily: 'var(--mantine-font-family-monospace)', letterSpacing: '0.1em' },
            }}
          />
          <Button type="submit" mt={{ base: 0, xs: 46 }} loading={pending.isFetching}>
            {t('tvSetup.pairing.check')}
          </Button>
        </Group>
      </form>
      {pending.isError && !unknown && (
        <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden="true" />} role="alert">
          {errorMessage(pending.error)}
        </Alert>
      )}
      {checked !== null && pending.isPending && pending.isFetching && (
        <Loader size="sm" aria-label={t('app.loading')} />
      )}
      {pending.data && checked !== null && (
        <ApproveForm key={checked} pairing={pending.data} screens={screens} onFinished={finish} />
      )}
    </SettingsSection>
  );
}

/** «bcdfghjk» from the QR code's address reads as BCDF-GHJK in the field. */
function initialCodeText(code: string): string {
  const normalized = normalizeUserCode(code);
  return normalized.length === 8 ? formatUserCode(normalized) : code.toUpperCase();
}

type Target = 'new' | 'existing';

interface ApproveFormProps {
  pairing: PendingPairing;
  screens: readonly Screen[];
  onFinished: () => void;
}

function ApproveForm({ pairing, screens, onFinished }: ApproveFormProps) {
  const { t } = useTranslation();
  const format = useFormatters();
  const errorMessage = useErrorMessage();
  const approve = useApprovePairing();
  const deny = useDenyPairing();
  const form = useScreenForm();
  const [target, setTarget] = useState<Target>('new');
  const [screenId, setScreenId] = useState<string | null>(null);
  const [screenIdError, setScreenIdError] = useState<string | null>(null);
  const code = formatUserCode(pairing.userCode);
  const chosen = screens.find((screen) => screen.id === screenId);

  const approved = (screen: Screen) => {
    notify({ color: 'fjord', message: t('tvSetup.pairing.approved', { name: screen.name }) });
    onFinished();
  };

  const submitNew = form.onSubmit(
    async (values, event) => {
      const formElement = event?.currentTarget;
      try {
        approved(await approve.mutateAsync({ userCode: pairing.userCode, screen: inputOf(values) }));
      } catch (error) {
        if (showServerErrors(form, error)) focusFirstInvalid(formElement);
      }
    },
    (_errors, _values, event) => focusFirstInvalid(event?.currentTarget),
  );

  const submitExisting = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const formElement = event.currentTarget;
    if (!screenId) {
      setScreenIdError(t('tvSetup.pairing.screenRequired'));
      focusFirstInvalid(formElement);
      return;
    }
    try {
      approved(await approve.mutateAsync({ userCode: pairing.userCode, screenId }));
    } catch {
      // Shown below from the mutation's error.
    }
  };

  const refuse = async () => {
    try {
      await deny.mutateAsync(pairing.userCode);
      notify({ color: 'fjord', message: t('tvSetup.pairing.denied', { code }) });
      onFinished();
    } catch {
      // Shown below from the mutation's error.
    }
  };

  const failure = approve.isError && Object.keys(form.errors).length === 0 ? approve.error : deny.error;

  return (
    <form
      onSubmit={target === 'new' ? submitNew : submitExisting}
      noValidate
      aria-labelledby="pairing-waiting-heading"
    >
      <Stack gap="md">
        <Alert
          color="fjord"
          variant="light"
          icon={<IconDeviceTv aria-hidden="true" />}
          title={<span id="pairing-waiting-heading">{t('tvSetup.pairing.waiting', { code })}</span>}
          role="status"
        >
          {t('tvSetup.pairing.expires', { time: format.time(pairing.expiresAt) })}
        </Alert>
        {failure && (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertCircle aria-hidden="true" />}
            title={t('tvSetup.pairing.failed')}
            role="alert"
          >
            {isApiError(failure, UNKNOWN_CODE) ? t('tvSetup.pairing.notFound') : errorMessage(failure)}
          </Alert>
        )}
        {screens.length > 0 && (
          <Radio.Group
            label={t('tvSetup.pairing.which')}
            value={target}
            onChange={(value) => setTarget(value as Target)}
          >
            <Group gap="lg" mt="xs">
              <Radio value="new" label={t('tvSetup.pairing.newScreen')} />
              <Radio value="existing" label={t('tvSetup.pairing.existingScreen')} />
            </Group>
          </Radio.Group>
        )}
        {target === 'existing' ? (
          <Stack gap="xs">
            <Select
              label={t('tvSetup.pairing.screen')}
              required
              searchable
              data={screens.map((screen) => ({
                value: screen.id,
                label: screen.place ? `${screen.name} (${screen.place})` : screen.name,
              }))}
              value={screenId}
              onChange={(value) => {
                setScreenId(value);
                setScreenIdError(null);
              }}
              error={screenIdError}
              maw={420}
            />
            {chosen?.paired && (
              <Text size="sm" role="status">
                {t('tvSetup.pairing.replaces', { name: chosen.name })}
              </Text>
            )}
          </Stack>
        ) : (
          <ScreenFields form={form} idPrefix="pairing" />
        )}
        <Group justify="flex-end">
          <Button
            type="button"
            variant="default"
            onClick={() => void refuse()}
            loading={deny.isPending}
            disabled={approve.isPending}
          >
            {t('tvSetup.pairing.deny')}
          </Button>
          <Button type="submit" loading={approve.isPending} disabled={deny.isPending}>
            {t('tvSetup.pairing.approve')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
