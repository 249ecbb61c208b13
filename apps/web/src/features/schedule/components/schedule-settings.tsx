import { Button, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { SCHEDULE_NAME_MAX } from '@tun/shared/calendar';
import { isIsoDate } from '@tun/shared/time';
import i18next from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatDateRange } from './schedule-label';
import type { DraftErrors, ScheduleDraft, SettingsField } from '../model/schedule-draft';

export const SETTINGS_FORM_ID = 'schedule-settings';

/** The checks of a named schedule's own fields before saving; the server repeats them. */
export function validateSettings(draft: ScheduleDraft): DraftErrors['settings'] {
  const errors: DraftErrors['settings'] = {};
  const name = draft.name.trim();
  if (name === '') errors.name = i18next.t('validation.required');
  else if ([...name].length > SCHEDULE_NAME_MAX)
    errors.name = i18next.t('validation.maxLength', { max: SCHEDULE_NAME_MAX });
  for (const field of ['validFrom', 'validTo'] as const) {
    const value = draft[field] ?? '';
    if (value === '') errors[field] = i18next.t('validation.required');
    else if (!isIsoDate(value)) errors[field] = i18next.t('schedule.settings.dateInvalid');
  }
  if (!errors.validFrom && !errors.validTo && draft.validTo! < draft.validFrom!) {
    errors.validTo = i18next.t('schedule.settings.toBeforeFrom');
  }
  return errors;
}

interface ScheduleSettingsProps {
  draft: ScheduleDraft;
  errors: DraftErrors['settings'];
  /** Absent for those who may only look. */
  onChange?: (field: SettingsField, value: string) => void;
  onDelete?: () => void;
}

/** A named schedule's name and the dates it replaces the normal week. */
export function ScheduleSettings({ draft, errors, onChange, onDelete }: ScheduleSettingsProps) {
  const { t, i18n } = useTranslation();
  const headingId = 'schedule-settings-heading';

  if (!onChange) {
    return (
      <Paper component="section" withBorder radius="md" p="md" aria-labelledby={headingId}>
        <Title order={2} size="h3" id={headingId}>
          {draft.name}
        </Title>
        {draft.validFrom && draft.validTo && (
          <Text mt={4}>
            {t('schedule.settings.appliesOn', {
              range: formatDateRange(draft.validFrom, draft.validTo, i18n.resolvedLanguage),
            })}
          </Text>
        )}
      </Paper>
    );
  }

  return (
    <Paper component="section" withBorder radius="md" p="md" aria-labelledby={headingId}>
      <Stack gap="sm" id={SETTINGS_FORM_ID}>
        <Group justify="space-between" align="center">
          <Title order={2} size="h3" id={headingId}>
            {t('schedule.settings.title')}
          </Title>
          {onDelete && (
            <Button
              variant="light"
              color="red"
              size="compact-sm"
              leftSection={<IconTrash size={16} aria-hidden="true" />}
              onClick={onDelete}
            >
              {t('schedule.delete.action')}
            </Button>
          )}
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput
            label={t('schedule.settings.name')}
            required
            maxLength={SCHEDULE_NAME_MAX}
            autoComplete="off"
            value={draft.name}
            error={errors.name}
            onChange={(event) => onChange('name', event.currentTarget.value)}
          />
          <TextInput
            type="date"
            label={t('schedule.settings.validFrom')}
            required
            value={draft.validFrom ?? ''}
            error={errors.validFrom}
            onChange={(event) => onChange('validFrom', event.currentTarget.value)}
          />
          <TextInput
            type="date"
            label={t('schedule.settings.validTo')}
            required
            min={draft.validFrom ?? undefined}
            value={draft.validTo ?? ''}
            error={errors.validTo}
            onChange={(event) => onChange('validTo', event.currentTarget.value)}
          />
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}
