import { Alert, Button, Group, Modal, MultiSelect, Select, Stack, Switch, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconInfoCircle } from '@tabler/icons-react';
import {
  EVENT_DURATION_MAX_MS,
  EVENT_NAME_MAX,
  type CalendarEvent,
  type EventInput,
  type EventType,
} from '@tun/shared/calendar';
import i18next from 'i18next';
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-client';
import { useErrorMessage } from '../../../lib/error-message';
import { fieldPath, focusFirstInvalid } from '../../../lib/form-errors';
import { notify } from '../../../lib/notify';
import { validators } from '../../../lib/validation';
import { useCreateEvent } from '../api/create-event';
import { useUpdateEvent } from '../api/update-event';
import { fromDateTimeLocal, toDateTimeLocal } from '../model/school-time';
import { useCalendarNames } from '../../../entities/calendar/use-calendar-names';

/** What the form opens on: a new event over a time span, or an existing event (or occurrence). */
export type EventFormTarget =
  | { mode: 'new'; start: string; end: string; roomUsed?: string; groupsAttending?: string[] }
  | { mode: 'edit'; event: CalendarEvent };

interface EventFormValues {
  name: string;
  type: EventType;
  /** datetime-local values in school time. */
  start: string;
  end: string;
  roomUsed: string | null;
  groupsAttending: string[];
  mandatory: boolean;
}

const FIELDS = ['name', 'type', 'start', 'end', 'roomUsed', 'groupsAttending', 'mandatory'] as const;

/** 'body.end' or 'body/groupsAttending/0' → the form field it is about. */
function fieldOf(serverPath: string): (typeof FIELDS)[number] | undefined {
  const parts = fieldPath(serverPath);
  return FIELDS.find((field) => field === parts[0]);
}

function initialValues(target: EventFormTarget, types: readonly EventType[]): EventFormValues {
  if (target.mode === 'edit') {
    const { event } = target;
    return {
      name: event.name,
      type: event.type,
      start: toDateTimeLocal(event.start),
      end: toDateTimeLocal(event.end),
      roomUsed: event.roomUsed,
      groupsAttending: [...event.groupsAttending],
      mandatory: event.mandatory,
    };
  }
  return {
    name: '',
    // A general event unless the user may only add activities.
    type: types.includes('none') ? 'none' : (types[0] ?? 'physact'),
    start: toDateTimeLocal(target.start),
    end: toDateTimeLocal(target.end),
    roomUsed: target.roomUsed ?? null,
    groupsAttending: target.groupsAttending ?? [],
    mandatory: false,
  };
}

interface EventFormModalProps {
  opened: boolean;
  target: EventFormTarget | null;
  /** The types this user may give an event. */
  types: readonly EventType[];
  onClose: () => void;
}

/** The new/edit event dialog. Editing a schedule occurrence makes the server store an override. */
export function EventFormModal({ opened, target, types, onClose }: EventFormModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={target?.mode === 'edit' ? t('calendar.form.editTitle') : t('calendar.form.newTitle')}
      closeButtonProps={{ 'aria-label': t('app.close') }}
      size="lg"
    >
      {/* Mounted per opening, so every opening starts from the event as it is now. */}
      {target && <EventForm target={target} types={types} onDone={onClose} />}
    </Modal>
  );
}

function EventForm({
  target,
  types,
  onDone,
}: {
  target: EventFormTarget;
  types: readonly EventType[];
  onDone: () => void;
}) {
  const { t, i18n } = useTranslation();
  const errorMessage = useErrorMessage();
  const names = useCalendarNames();
  const createEvent = useCreateEvent();
  const updateEvent = useUpdateEvent();
  const [pending, setPending] = useState(false);
  const editing = target.mode === 'edit' ? target.event : undefined;

  const form = useForm<EventFormValues>({
    initialValues: initialValues(target, types),
    validate: {
      name: validators.length({ max: EVENT_NAME_MAX }),
      start: (value) => (fromDateTimeLocal(value) ? null : i18next.t('calendar.form.invalidTime')),
      end: (value, values) => {
        const end = fromDateTimeLocal(value);
        if (!end) return i18next.t('calendar.form.invalidTime');
        const start = fromDateTimeLocal(values.start);
        if (!start) return null;
        const length = Date.parse(end) - Date.parse(start);
        if (length <= 0) return i18next.t('calendar.form.endBeforeStart');
        return length > EVENT_DURATION_MAX_MS ? i18next.t('calendar.form.tooLong') : null;
      },
    },
  });

  const values = form.getValues();
  const typeOptions = useMemo(() => {
    // An event keeps its own type in the list even if the user could not give it that type.
    const list = editing && !types.includes(editing.type) ? [editing.type, ...types] : types;
    return list.map((type) => ({ value: type, label: t(`eventTypes.${type}`) }));
  }, [editing, types, t]);

  const roomOptions = useMemo(() => {
    const options = (names.rooms ?? [])
      .map((room) => ({ value: room.id, label: room.name }))
      .sort((a, b) => a.label.localeCompare(b.label, i18n.language));
    // A room deleted since keeps its place, or the select would silently drop it.
    if (values.roomUsed && names.rooms && !options.some((option) => option.value === values.roomUsed)) {
      options.push({ value: values.roomUsed, label: t('calendar.details.unknownRoom') });
    }
    return options;
  }, [names.rooms, values.roomUsed, i18n.language, t]);

  const attendeeOptions = useMemo(() => {
    const byName = (a: { label: string }, b: { label: string }) =>
      a.label.localeCompare(b.label, i18n.language);
    const chosen = new Set(values.groupsAttending);
    const known = new Set<string>();
    const section = (group: string, items: { id: string; name: string }[]) => {
      for (const item of items) known.add(item.id);
      return { group, items: items.map((item) => ({ value: item.id, label: item.name })).sort(byName) };
    };
    const sections = [
      section(t('calendar.form.lines'), names.lines ?? []),
      section(t('calendar.form.electives'), names.electives ?? []),
      // Archived groups are over; one already chosen stays so that saving does not drop it.
      section(
        t('calendar.form.groups'),
        (names.groups ?? []).filter((group) => !group.archived || chosen.has(group.id)),
      ),
    ];
    for (const group of names.groups ?? []) known.add(group.id);
    const loaded = Boolean(names.lines && names.electives && names.groups);
    const unknown = loaded ? values.groupsAttending.filter((id) => !known.has(id)) : [];
    if (unknown.length > 0) {
      sections[2]!.items.push(
        ...unknown.map((id) => ({ value: id, label: t('calendar.details.unknownGroup') })),
      );
    }
    return sections.filter((item) => item.items.length > 0);
  }, [names.lines, names.electives, names.groups, values.groupsAttending, i18n.language, t]);

  const submit = form.onSubmit(
    async (formValues, event) => {
      const formElement = event?.currentTarget;
      const input: EventInput = {
        name: formValues.name.trim(),
        type: formValues.type,
        start: fromDateTimeLocal(formValues.start)!,
        end: fromDateTimeLocal(formValues.end)!,
        roomUsed: formValues.roomUsed,
        groupsAttending: formValues.groupsAttending,
        mandatory: formValues.mandatory,
      };
      setPending(true);
      try {
        const saved = editing
          ? await updateEvent.mutateAsync({ id: editing.id, input })
          : await createEvent.mutateAsync(input);
        notify({
          color: 'fjord',
          message: t(editing ? 'calendar.form.saved' : 'calendar.form.created', { name: saved.name }),
        });
        onDone();
      } catch (error) {
        if (isApiError(error, 'validation-failed')) {
          for (const { path, message } of error.problem.errors ?? []) {
            const field = fieldOf(path);
            if (field) form.setFieldError(field, message);
          }
          focusFirstInvalid(formElement);
        }
        notify({ color: 'red', title: t('calendar.form.failed'), message: errorMessage(error) });
      } finally {
        setPending(false);
      }
    },
    (_errors, _values, event) => focusFirstInvalid(event?.currentTarget),
  );

  return (
    <form onSubmit={(event: FormEvent<HTMLFormElement>) => void submit(event)} noValidate>
      <Stack gap="md">
        {editing?.source === 'schedule' && (
          <Alert color="fjord" variant="light" icon={<IconInfoCircle aria-hidden="true" />}>
            {t('calendar.form.occurrenceNote')}
          </Alert>
        )}
        <TextInput
          data-autofocus
          label={t('calendar.form.name')}
          required
          maxLength={EVENT_NAME_MAX}
          autoComplete="off"
          {...form.getInputProps('name')}
        />
        <Select
          label={t('calendar.form.type')}
          description={
            types.length === 1 && types[0] === 'physact' ? t('calendar.form.typeOnlyActivity') : undefined
          }
          required
          allowDeselect={false}
          data={typeOptions}
          comboboxProps={{ withinPortal: true }}
          {...form.getInputProps('type')}
        />
        <Group grow align="flex-start" gap="sm" wrap="wrap">
          <TextInput
            type="datetime-local"
            label={t('calendar.form.start')}
            required
            miw={200}
            {...form.getInputProps('start')}
          />
          <TextInput
            type="datetime-local"
            label={t('calendar.form.end')}
            required
            miw={200}
            min={values.start || undefined}
            {...form.getInputProps('end')}
          />
        </Group>
        <Select
          label={t('calendar.form.room')}
          placeholder={t('calendar.form.roomPlaceholder')}
          data={roomOptions}
          searchable
          clearable
          clearButtonProps={{ 'aria-label': t('calendar.form.clearRoom') }}
          nothingFoundMessage={t('calendar.form.nothingFound')}
          comboboxProps={{ withinPortal: true }}
          {...form.getInputProps('roomUsed')}
        />
        <MultiSelect
          label={t('calendar.form.attendees')}
          description={t('calendar.form.attendeesDescription')}
          placeholder={
            values.groupsAttending.length === 0 ? t('calendar.form.attendeesPlaceholder') : undefined
          }
          data={attendeeOptions}
          searchable
          clearable
          hidePickedOptions
          maxDropdownHeight={280}
          nothingFoundMessage={t('calendar.form.nothingFound')}
          clearButtonProps={{ 'aria-label': t('calendar.form.clearAttendees') }}
          comboboxProps={{ withinPortal: true }}
          {...form.getInputProps('groupsAttending')}
        />
        <Switch
          label={t('calendar.form.mandatory')}
          {...form.getInputProps('mandatory', { type: 'checkbox' })}
        />
        <Group justify="flex-end">
          <Button type="button" variant="default" onClick={onDone} disabled={pending}>
            {t('calendar.form.cancel')}
          </Button>
          <Button type="submit" loading={pending}>
            {editing ? t('calendar.form.save') : t('calendar.form.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
