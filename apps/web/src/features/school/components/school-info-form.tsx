import { Button, Fieldset, Group, NumberInput, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { ChangedElsewhereAlert } from '../../../components/changed-elsewhere-alert';
import { SCHOOL_LONG_NAME_MAX, SCHOOL_SHORT_NAME_MAX } from '@tun/shared/limits';
import type { School, SchoolUpdate } from '@tun/shared/school';
import i18next from 'i18next';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-client';
import { useFormatters } from '../../../lib/dates';
import { useErrorMessage } from '../../../lib/error-message';
import { notify } from '../../../lib/notify';
import { validators } from '../../../lib/validation';
import { useUpdateSchool } from '../api/update-school';
import { fieldPath, focusFirstInvalid } from '../../../lib/form-errors';

interface Values {
  shortName: string;
  longName: string;
  supervisionPhone: string;
  /** NumberInput gives a string while a number is half typed ('61,'). */
  lat: number | string;
  lon: number | string;
}

const FIELDS = ['shortName', 'longName', 'supervisionPhone', 'lat', 'lon'] as const;
type Field = (typeof FIELDS)[number];

// The server's rule (contact.ts); repeated so that this page does not load zod for one check.
const PHONE = /^\+?[0-9 ]{8,20}$/;
const RANGES = { lat: { min: -90, max: 90 }, lon: { min: -180, max: 180 } } as const;

function valuesOf(school: School): Values {
  return {
    shortName: school.shortName,
    longName: school.longName,
    supervisionPhone: school.supervisionPhone ?? '',
    lat: school.position?.lat ?? '',
    lon: school.position?.lon ?? '',
  };
}

const same = (a: Values, b: Values) => FIELDS.every((field) => a[field] === b[field]);

function coordinate(axis: 'lat' | 'lon') {
  return (value: number | string, values: Values) => {
    const other = values[axis === 'lat' ? 'lon' : 'lat'];
    if (value === '') return other === '' ? null : i18next.t('schoolInfo.positionBoth');
    if (typeof value !== 'number') return i18next.t('schoolInfo.notANumber');
    const { min, max } = RANGES[axis];
    return value < min || value > max ? i18next.t('schoolInfo.range', { min, max }) : null;
  };
}

/** 'body.position.lat' → 'lat', 'body.shortName' → 'shortName'. */
function fieldOf(serverPath: string): Field | undefined {
  const parts = fieldPath(serverPath).filter((part) => part !== 'position');
  return FIELDS.find((field) => field === parts[0]);
}

/**
 * The admin's form. Someone else's save arrives live: an untouched form simply shows it; a form
 * being edited keeps the admin's typing and says that the values have changed, with a button
 * to take the new ones. Saving anyway overwrites them (the last save wins, as the notice says).
 */
export function SchoolInfoForm({ school }: { school: School }) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const update = useUpdateSchool();
  // ',' in Norwegian, '.' in English; both are accepted when typing.
  const decimalSeparator = useFormatters().number(1.5).charAt(1);

  const form = useForm<Values>({
    initialValues: valuesOf(school),
    validate: {
      shortName: validators.length({ max: SCHOOL_SHORT_NAME_MAX }),
      longName: validators.length({ max: SCHOOL_LONG_NAME_MAX }),
      supervisionPhone: (value) =>
        value.trim() === '' || PHONE.test(value.trim()) ? null : i18next.t('schoolInfo.phoneInvalid'),
      lat: coordinate('lat'),
      lon: coordinate('lon'),
    },
  });

  /** Shows `values` as saved: the form is clean again and 'undo' returns here. */
  const adopt = (values: Values) => {
    form.setInitialValues(values);
    form.setValues(values);
    form.resetDirty(values);
    form.clearErrors();
  };

  useEffect(() => {
    const remote = valuesOf(school);
    // Our own save coming back, or an untouched form: just show the record.
    if (same(remote, form.getValues()) || !form.isDirty()) adopt(remote);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the school itself changes
  }, [school]);

  // Being edited, and the record is no longer what the editing started from.
  const remote = valuesOf(school);
  const changedElsewhere =
    form.isDirty() && !same(remote, form.getInitialValues()) && !same(remote, form.getValues());

  const submit = form.onSubmit(
    async (values, event) => {
      const formElement = event?.currentTarget;
      const phone = values.supervisionPhone.trim();
      const input: SchoolUpdate = {
        shortName: values.shortName.trim(),
        longName: values.longName.trim(),
        supervisionPhone: phone === '' ? null : phone,
        position:
          typeof values.lat === 'number' && typeof values.lon === 'number'
            ? { lat: values.lat, lon: values.lon }
            : null,
      };
      try {
        adopt(valuesOf(await update.mutateAsync(input)));
        notify({ color: 'fjord', message: t('schoolInfo.saved') });
      } catch (error) {
        if (isApiError(error, 'validation-failed')) {
          for (const { path, message } of error.problem.errors ?? []) {
            const field = fieldOf(path);
            if (field) form.setFieldError(field, message);
          }
          focusFirstInvalid(formElement);
        }
        notify({ color: 'red', message: errorMessage(error) });
      }
    },
    (_errors, _values, event) => focusFirstInvalid(event?.currentTarget),
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg" maw={640}>
        {changedElsewhere && (
          <ChangedElsewhereAlert
            title={t('schoolInfo.changedElsewhere.title')}
            message={t('schoolInfo.changedElsewhere.message')}
            reloadLabel={t('schoolInfo.changedElsewhere.reload')}
            onReload={() => adopt(remote)}
          />
        )}
        <TextInput
          label={t('schoolInfo.shortName')}
          description={t('schoolInfo.shortNameDescription')}
          required
          maxLength={SCHOOL_SHORT_NAME_MAX}
          autoComplete="off"
          {...form.getInputProps('shortName')}
        />
        <TextInput
          label={t('schoolInfo.longName')}
          required
          maxLength={SCHOOL_LONG_NAME_MAX}
          autoComplete="organization"
          {...form.getInputProps('longName')}
        />
        <TextInput
          label={t('schoolInfo.supervisionPhone')}
          description={t('schoolInfo.supervisionPhoneDescription')}
          type="tel"
          inputMode="tel"
          autoComplete="off"
          {...form.getInputProps('supervisionPhone')}
        />
        <Fieldset
          legend={t('schoolInfo.position')}
          variant="unstyled"
          p={0}
          m={0}
          styles={{ legend: { fontWeight: 600 } }}
        >
          <Stack gap="xs">
            <SimpleGrid cols={{ base: 1, xs: 2 }}>
              <NumberInput
                label={t('schoolInfo.lat')}
                description={t('schoolInfo.rangeHint', RANGES.lat)}
                min={RANGES.lat.min}
                max={RANGES.lat.max}
                decimalScale={6}
                decimalSeparator={decimalSeparator}
                allowedDecimalSeparators={['.', ',']}
                hideControls
                {...form.getInputProps('lat')}
              />
              <NumberInput
                label={t('schoolInfo.lon')}
                description={t('schoolInfo.rangeHint', RANGES.lon)}
                min={RANGES.lon.min}
                max={RANGES.lon.max}
                decimalScale={6}
                decimalSeparator={decimalSeparator}
                allowedDecimalSeparators={['.', ',']}
                hideControls
                {...form.getInputProps('lon')}
              />
            </SimpleGrid>
          </Stack>
        </Fieldset>
        <Group justify="flex-end">
          <Button
            type="button"
            variant="default"
            disabled={!form.isDirty() || update.isPending}
            onClick={() => adopt(remote)}
          >
            {t('schoolInfo.undo')}
          </Button>
          <Button type="submit" loading={update.isPending}>
            {t('schoolInfo.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
