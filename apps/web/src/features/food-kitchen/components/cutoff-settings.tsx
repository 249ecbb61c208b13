import { Alert, Button, Group, Loader, Select, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import type { FoodSettings } from '@tun/shared/food';
import i18next from 'i18next';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/load-error';
import { SettingsSection } from '../../../components/settings-section';
import { isApiError } from '../../../lib/api-client';
import { useErrorMessage } from '../../../lib/error-message';
import { fieldPath, focusFirstInvalid } from '../../../lib/form-errors';
import { notify } from '../../../lib/notify';
import { useFoodSettings } from '../api/get-food-settings';
import { useSaveFoodSettings } from '../api/save-food-settings';

/** As far ahead as foodSettingsSchema allows. */
const DAYS_BEFORE = [0, 1, 2, 3, 4, 5, 6, 7] as const;
const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;

interface Values {
  daysBefore: string;
  time: string;
}

function valuesOf(settings: FoodSettings): Values {
  return { daysBefore: String(settings.choiceCutoff.daysBefore), time: settings.choiceCutoff.time };
}

/** «Frist for å melde seg av et måltid»: how long students may tick «Jeg spiser ikke» / «Matpakke». */
export function CutoffSettings() {
  const { t } = useTranslation();
  const settings = useFoodSettings();
  return (
    <SettingsSection
      id="food-cutoff-heading"
      title={t('foodKitchen.cutoff.title')}
      intro={t('foodKitchen.cutoff.intro')}
    >
      {settings.isPending && <Loader size="sm" aria-label={t('app.loading')} />}
      {settings.isError && (
        <LoadError
          title={t('foodKitchen.cutoff.loadFailed')}
          error={settings.error}
          onRetry={() => void settings.refetch()}
        />
      )}
      {settings.data && <CutoffForm settings={settings.data} />}
    </SettingsSection>
  );
}

function CutoffForm({ settings }: { settings: FoodSettings }) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const save = useSaveFoodSettings();
  const formId = 'food-cutoff-form';
  const form = useForm<Values>({
    initialValues: valuesOf(settings),
    validate: {
      time: (value) => (HH_MM.test(value) ? null : i18next.t('foodKitchen.cutoff.timeInvalid')),
    },
  });

  // Another of the kitchen staff saved: an untouched form shows it at once.
  useEffect(() => {
    if (form.isDirty()) return;
    const stored = valuesOf(settings);
    form.setInitialValues(stored);
    form.setValues(stored);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the stored setting changes
  }, [settings]);

  const focusInvalid = () => focusFirstInvalid(document.getElementById(formId) as HTMLFormElement | null);
  const submit = form.onSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync({
        choiceCutoff: { daysBefore: Number(values.daysBefore), time: values.time },
      });
      const stored = valuesOf(saved);
      form.setInitialValues(stored);
      form.setValues(stored);
      notify({ color: 'fjord', message: t('foodKitchen.cutoff.saved') });
    } catch (error) {
      if (isApiError(error, 'validation-failed')) {
        for (const issue of error.problem.errors ?? []) {
          const field = fieldPath(issue.path).at(-1);
          if (field === 'time' || field === 'daysBefore') form.setFieldError(field, issue.message);
        }
        focusInvalid();
      }
    }
  }, focusInvalid);

  const { daysBefore, time } = settings.choiceCutoff;
  const rule =
    daysBefore === 0
      ? t('foodKitchen.cutoff.ruleSameDay', { time })
      : t('foodKitchen.cutoff.rule', { time, count: daysBefore });
  const failed = save.isError && Object.keys(form.errors).length === 0;

  return (
    <form id={formId} onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Text size="sm">{t('foodKitchen.cutoff.current', { rule })}</Text>
        {failed && (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertCircle aria-hidden="true" />}
            title={t('foodKitchen.cutoff.failed')}
            role="alert"
          >
            {errorMessage(save.error)}
          </Alert>
        )}
        <Group gap="md" align="flex-start" wrap="wrap">
          <Select
            label={t('foodKitchen.cutoff.daysBefore')}
            data={DAYS_BEFORE.map((days) => ({
              value: String(days),
              label:
                days === 0
                  ? t('foodKitchen.cutoff.sameDay')
                  : t('foodKitchen.cutoff.daysBeforeOption', { count: days }),
            }))}
            allowDeselect={false}
            required
            w={{ base: '100%', xs: 200 }}
            {...form.getInputProps('daysBefore')}
          />
          <TextInput
            type="time"
            label={t('foodKitchen.cutoff.time')}
            required
            w={{ base: '100%', xs: 160 }}
            {...form.getInputProps('time')}
          />
        </Group>
        <Group>
          <Button type="submit" loading={save.isPending} disabled={!form.isDirty()}>
            {t('foodKitchen.cutoff.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
