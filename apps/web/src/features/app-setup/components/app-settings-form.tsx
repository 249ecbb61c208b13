import {
  Alert,
  Button,
  ColorInput,
  Fieldset,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertTriangle } from '@tabler/icons-react';
import { ChangedElsewhereAlert } from '../../../components/changed-elsewhere-alert';
import {
  APP_FEATURES,
  APP_LANGUAGES,
  APP_NAME_MAX,
  APP_SHORT_NAME_MAX,
  type AppSettings,
} from '@tun/shared/app-settings';
import i18next from 'i18next';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../entities/session/get-session';
import { isApiError } from '../../../lib/api-client';
import { localeTag } from '../../../lib/dates';
import { useErrorMessage } from '../../../lib/error-message';
import { focusFirstInvalid } from '../../../lib/form-errors';
import { notify } from '../../../lib/notify';
import { validators } from '../../../lib/validation';
import { useUpdateAppSettings } from '../api/update-app-settings';
import {
  featuresSwitchedOff,
  fieldOf,
  HEX_COLOR,
  inputOf,
  paleForWhiteText,
  sameValues,
  THEME_SWATCHES,
  valuesOf,
  type AppSettingsValues,
} from '../model/app-settings-values';
import { LogoPicker } from './logo-picker';

/**
 * The admin's form for the school's app. As on the school info page, another admin's save shows
 * in an untouched form at once; a form being edited keeps the typing and says so.
 */
export function AppSettingsForm({ settings }: { settings: AppSettings }) {
  const { t, i18n } = useTranslation();
  const errorMessage = useErrorMessage();
  const session = useSession();
  const update = useUpdateAppSettings();

  const form = useForm<AppSettingsValues>({
    initialValues: valuesOf(settings),
    validate: {
      appName: validators.length({ max: APP_NAME_MAX }),
      shortName: validators.length({ max: APP_SHORT_NAME_MAX }),
      themeColor: (value) => (HEX_COLOR.test(value.trim()) ? null : i18next.t('appSetup.form.colorInvalid')),
    },
  });

  const adopt = (values: AppSettingsValues) => {
    form.setInitialValues(values);
    form.setValues(values);
    form.resetDirty(values);
    form.clearErrors();
  };

  useEffect(() => {
    const remote = valuesOf(settings);
    if (sameValues(remote, form.getValues()) || !form.isDirty()) adopt(remote);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the stored settings change
  }, [settings]);

  const remote = valuesOf(settings);
  const values = form.getValues();
  const changedElsewhere =
    form.isDirty() && !sameValues(remote, form.getInitialValues()) && !sameValues(remote, values);
  const goingOff = featuresSwitchedOff(remote, values);

  const submit = form.onSubmit(
    async (submitted, event) => {
      const formElement = event?.currentTarget;
      try {
        adopt(valuesOf(await update.mutateAsync(inputOf(submitted))));
        notify({ color: 'fjord', message: t('appSetup.form.saved') });
      } catch (error) {
        if (isApiError(error, 'app-logo-invalid')) {
          form.setFieldError('logoFileId', errorMessage(error));
          focusFirstInvalid(formElement);
        } else if (isApiError(error, 'validation-failed')) {
          for (const { path, message } of error.problem.errors ?? []) {
            const field = fieldOf(path);
            if (field) form.setFieldError(field, message);
          }
          focusFirstInvalid(formElement);
        }
        notify({ color: 'red', title: t('appSetup.form.saveFailed'), message: errorMessage(error) });
      }
    },
    (_errors, _values, event) => focusFirstInvalid(event?.currentTarget),
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        {changedElsewhere && (
          <ChangedElsewhereAlert
            title={t('appSetup.form.changedElsewhere.title')}
            message={t('appSetup.form.changedElsewhere.message')}
            reloadLabel={t('appSetup.form.changedElsewhere.reload')}
            onReload={() => adopt(remote)}
          />
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t('appSetup.form.appName')}
            description={t('appSetup.form.appNameDescription')}
            required
            maxLength={APP_NAME_MAX}
            autoComplete="off"
            {...form.getInputProps('appName')}
          />
          <TextInput
            label={t('appSetup.form.shortName')}
            description={t('appSetup.form.shortNameDescription', { max: APP_SHORT_NAME_MAX })}
            required
            maxLength={APP_SHORT_NAME_MAX}
            autoComplete="off"
            {...form.getInputProps('shortName')}
          />
        </SimpleGrid>
        <ColorInput
          label={t('appSetup.form.color')}
          description={t('appSetup.form.colorDescription')}
          required
          format="hex"
          swatches={[...THEME_SWATCHES]}
          swatchesPerRow={10}
          withEyeDropper={false}
          maw={320}
          {...form.getInputProps('themeColor')}
        />
        {paleForWhiteText(values.themeColor) && (
          <Text size="sm" role="status">
            <IconAlertTriangle size={16} aria-hidden="true" style={{ verticalAlign: 'text-bottom' }} />{' '}
            {t('appSetup.form.colorPale')}
          </Text>
        )}
        <LogoPicker
          value={values.logoFileId}
          onChange={(id) => form.setFieldValue('logoFileId', id)}
          storedId={settings.logoFileId}
          storedUrl={settings.logoUrl}
          archiveOn={session.features.includes('files')}
          error={form.errors.logoFileId as string | undefined}
        />
        <Select
          label={t('appSetup.form.language')}
          description={t('appSetup.form.languageDescription')}
          data={APP_LANGUAGES.map((language) => ({ value: language, label: t(`language.${language}`) }))}
          allowDeselect={false}
          maw={320}
          {...form.getInputProps('defaultLanguage')}
        />
        <Fieldset
          legend={t('appSetup.form.features')}
          variant="unstyled"
          p={0}
          m={0}
          styles={{ legend: { fontWeight: 600 } }}
        >
          <Stack gap="sm">
            <Text size="sm" c="dimmed" id="app-features-note">
              {t('appSetup.form.featuresNote')}
            </Text>
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
              {APP_FEATURES.map((feature) => (
                <Switch
                  key={feature}
                  label={t(`appSetup.features.${feature}`)}
                  aria-describedby="app-features-note"
                  {...form.getInputProps(`features.${feature}`, { type: 'checkbox' })}
                />
              ))}
            </SimpleGrid>
            {goingOff.length > 0 && (
              <Alert color="orange" variant="light" icon={<IconAlertTriangle aria-hidden="true" />}>
                {t('appSetup.form.goingOff', {
                  features: new Intl.ListFormat(localeTag(i18n.language), { type: 'conjunction' }).format(
                    goingOff.map((feature) => t(`appSetup.features.${feature}`)),
                  ),
                })}
              </Alert>
            )}
          </Stack>
        </Fieldset>
        <Group justify="flex-end">
          <Button
            type="button"
            variant="default"
            disabled={!form.isDirty() || update.isPending}
            onClick={() => adopt(remote)}
          >
            {t('appSetup.form.undo')}
          </Button>
          <Button type="submit" loading={update.isPending}>
            {t('appSetup.form.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
