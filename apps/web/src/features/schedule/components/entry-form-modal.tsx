import {
  Button,
  Group,
  Modal,
  MultiSelect,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm, type FormErrors } from '@mantine/form';
import {
  EVENT_NAME_MAX,
  EVENT_TYPES,
  scheduleEntryInputSchema,
  type EventType,
  type ScheduleEntryInput,
  type WeekDay,
} from '@tun/shared/calendar';
import i18next from 'i18next';
import { useTranslation } from 'react-i18next';
import { focusFirstInvalid } from '../../../lib/form-errors';
import { EVENT_TYPE_COLORS } from './event-type-badge';
import { newEntryKey, type DraftEntry, type EntryField } from '../model/schedule-draft';
import type { ScheduleReferences } from './use-schedule-references';

interface EntryValues {
  name: string;
  /** HH:mm as the time field gives it; '' while empty. */
  from: string;
  to: string;
  type: EventType;
  mandatory: boolean;
  roomUsed: string | null;
  forClasses: string[];
  forElectives: string[];
  groupsAttending: string[];
}

function valuesOf(entry: DraftEntry | undefined): EntryValues {
  return {
    name: entry?.name ?? '',
    from: entry?.from ?? '',
    to: entry?.to ?? '',
    type: entry?.type ?? 'none',
    mandatory: entry?.mandatory ?? false,
    roomUsed: entry?.roomUsed ?? null,
    forClasses: [...(entry?.forClasses ?? [])],
    forElectives: [...(entry?.forElectives ?? [])],
    groupsAttending: [...(entry?.groupsAttending ?? [])],
  };
}

function inputOf(values: EntryValues): ScheduleEntryInput {
  return { ...values, name: values.name.trim() };
}

/** The server's own check (the shared zod schema), with the messages of the active language. */
function validateEntry(values: EntryValues): FormErrors {
  const result = scheduleEntryInputSchema.safeParse(inputOf(values));
  if (result.success) return {};
  const errors: FormErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if (typeof field !== 'string' || errors[field]) continue;
    if (field === 'name') {
      errors.name = values.name.trim()
        ? i18next.t('validation.maxLength', { max: EVENT_NAME_MAX })
        : i18next.t('validation.required');
    } else if (field === 'from' || field === 'to') {
      if (values[field] === '') errors[field] = i18next.t('validation.required');
      else if (issue.code === 'custom') errors[field] = i18next.t('schedule.form.toAfterFrom');
      else errors[field] = i18next.t('schedule.form.timeInvalid');
    } else {
      errors[field] = issue.message;
    }
  }
  return errors;
}

interface EntryFormModalProps {
  opened: boolean;
  day: WeekDay;
  /** The entry to edit; none for a new one. */
  entry: DraftEntry | undefined;
  /** Errors the server gave for this entry at the last save. */
  serverErrors: Partial<Record<EntryField, string>> | undefined;
  references: ScheduleReferences;
  onSave: (entry: DraftEntry) => void;
  onClose: () => void;
}

/** New or changed entry of one day; it goes into the editor's draft, saved with «Lagre». */
export function EntryFormModal(props: EntryFormModalProps) {
  const { t } = useTranslation();
  const dayName = t(`weekDays.${props.day}`);
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      size="lg"
      title={
        props.entry
          ? t('schedule.form.editTitle', { day: dayName })
          : t('schedule.form.newTitle', { day: dayName })
      }
      closeButtonProps={{ 'aria-label': t('app.close') }}
    >
      {/* Mounted only while open, so every opening starts from the entry as it is now. */}
      {props.opened && <EntryForm {...props} />}
    </Modal>
  );
}

function EntryForm({ entry, serverErrors, references, onSave, onClose }: EntryFormModalProps) {
  const { t } = useTranslation();
  const form = useForm<EntryValues>({
    initialValues: valuesOf(entry),
    initialErrors: serverErrors,
    validate: validateEntry,
  });
  const values = form.getValues();
  const perTarget = values.forClasses.length > 0 || values.forElectives.length > 0;

  const submit = form.onSubmit(
    (submitted) => {
      const input = inputOf(submitted);
      onSave({
        ...input,
        ...(entry?.id === undefined ? {} : { id: entry.id }),
        key: entry?.key ?? newEntryKey(),
      });
    },
    (_errors, _values, event) => focusFirstInvalid(event?.currentTarget),
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          data-autofocus
          label={t('schedule.form.name')}
          required
          maxLength={EVENT_NAME_MAX}
          autoComplete="off"
          {...form.getInputProps('name')}
        />
        <SimpleGrid cols={2}>
          <TextInput type="time" label={t('schedule.form.from')} required {...form.getInputProps('from')} />
          <TextInput type="time" label={t('schedule.form.to')} required {...form.getInputProps('to')} />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, xs: 2 }} verticalSpacing="md">
          <Select
            label={t('schedule.form.type')}
            required
            allowDeselect={false}
            data={EVENT_TYPES.map((type) => ({ value: type, label: t(`eventTypes.${type}`) }))}
            renderOption={({ option }) => (
              <Group gap="xs" wrap="nowrap">
                <span
                  aria-hidden="true"
                  style={{
                    width: 10,
                    height: 10,
                    borderRadius: '50%',
                    background: `var(--mantine-color-${EVENT_TYPE_COLORS[option.value as EventType]}-6)`,
                  }}
                />
                {option.label}
              </Group>
            )}
            {...form.getInputProps('type')}
          />
          <Switch
            label={t('schedule.form.mandatory')}
            description={t('schedule.form.mandatoryDescription')}
            mt={{ xs: 'lg' }}
            {...form.getInputProps('mandatory', { type: 'checkbox' })}
          />
        </SimpleGrid>
        <Select
          label={t('schedule.form.room')}
          description={t('schedule.form.roomDescription')}
          placeholder={t('schedule.form.noRoom')}
          data={references.roomOptions(values.roomUsed)}
          searchable
          clearable
          clearButtonProps={{ 'aria-label': t('schedule.form.clearRoom') }}
          nothingFoundMessage={references.pending ? t('app.loading') : t('schedule.form.nothingFound')}
          {...form.getInputProps('roomUsed')}
        />
        <MultiSelect
          label={t('schedule.form.forClasses')}
          description={t('schedule.form.forClassesDescription')}
          data={references.lineOptions(values.forClasses)}
          searchable
          clearable
          hidePickedOptions
          clearButtonProps={{ 'aria-label': t('schedule.form.clearForClasses') }}
          nothingFoundMessage={references.pending ? t('app.loading') : t('schedule.form.nothingFound')}
          {...form.getInputProps('forClasses')}
        />
        <MultiSelect
          label={t('schedule.form.forElectives')}
          description={t('schedule.form.forElectivesDescription')}
          data={references.electiveOptions(values.forElectives)}
          searchable
          clearable
          hidePickedOptions
          clearButtonProps={{ 'aria-label': t('schedule.form.clearForElectives') }}
          nothingFoundMessage={references.pending ? t('app.loading') : t('schedule.form.nothingFound')}
          {...form.getInputProps('forElectives')}
        />
        <MultiSelect
          label={t('schedule.form.groupsAttending')}
          description={
            perTarget
              ? t('schedule.form.groupsAttendingUnused')
              : t('schedule.form.groupsAttendingDescription')
          }
          placeholder={values.groupsAttending.length === 0 ? t('schedule.wholeSchool') : undefined}
          data={references.attendingOptions(values.groupsAttending)}
          disabled={perTarget}
          searchable
          clearable
          hidePickedOptions
          clearButtonProps={{ 'aria-label': t('schedule.form.clearGroupsAttending') }}
          nothingFoundMessage={references.pending ? t('app.loading') : t('schedule.form.nothingFound')}
          {...form.getInputProps('groupsAttending')}
        />
        <Text size="sm" c="dimmed">
          {t('schedule.form.savedLater')}
        </Text>
        <Group justify="flex-end">
          <Button type="button" variant="default" onClick={onClose}>
            {t('modals.cancel')}
          </Button>
          <Button type="submit">{entry ? t('schedule.form.apply') : t('schedule.form.add')}</Button>
        </Group>
      </Stack>
    </form>
  );
}
