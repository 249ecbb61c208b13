import { Button, ColorSwatch, Group, MultiSelect, Select, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { ColorTheme } from '@tun/shared/colors';
import { LINE_NAME_MAX, LINE_SHORT_NAME_MAX, type Line, type LineInput } from '@tun/shared/lines';
import { useEffect, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { colorThemeOptions, swatchColor } from '../../../components/color-theme';
import { isApiError } from '../../../lib/api-client';
import { useErrorMessage } from '../../../lib/error-message';
import { notify } from '../../../lib/notify';
import { validators } from '../../../lib/validation';
import { usePeople } from '../../../entities/people/get-people';
import { useRooms } from '../../../entities/rooms/get-rooms';
import { isLineStaff, personOptions } from '../model/people-options';
import { fieldPath, focusFirstInvalid } from '../../../lib/form-errors';

export interface LineFormValues {
  name: string;
  shortName: string;
  color: ColorTheme;
  mainRoom: string | null;
  teachers: string[];
  assistants: string[];
}

const FIELDS = ['name', 'shortName', 'color', 'mainRoom', 'teachers', 'assistants'] as const;

export function lineFormValues(line?: Line): LineFormValues {
  return {
    name: line?.name ?? '',
    shortName: line?.shortName ?? '',
    color: line?.color ?? 'blue',
    mainRoom: line?.mainRoom ?? null,
    teachers: line?.teachers ?? [],
    assistants: line?.assistants ?? [],
  };
}

/** 'body.name', 'body/teachers/0' or 'teachers' → the form field it is about, if any. */
function fieldOf(serverPath: string): (typeof FIELDS)[number] | undefined {
  const parts = fieldPath(serverPath);
  return FIELDS.find((field) => field === parts[0]);
}

interface LineFormProps {
  /** The line being edited; absent when creating one. Live changes flow in while the form is untouched. */
  line?: Line;
  submitLabel: string;
  onSubmit: (input: LineInput) => Promise<unknown>;
  onCancel?: () => void;
  /** Where the first field takes focus when the form opens (a dialog). */
  autoFocus?: boolean;
}

/** Navn, Forkortet navn, Fargetema, Dedikert rom (SPEC §9), teachers and assistants. */
export function LineForm({ line, submitLabel, onSubmit, onCancel, autoFocus }: LineFormProps) {
  const { t, i18n } = useTranslation();
  const errorMessage = useErrorMessage();
  const people = usePeople();
  const rooms = useRooms();

  const form = useForm<LineFormValues>({
    initialValues: lineFormValues(line),
    validate: {
      name: validators.length({ max: LINE_NAME_MAX }),
      shortName: validators.length({ max: LINE_SHORT_NAME_MAX }),
    },
  });

  // Someone else saved the line: show their version unless this user has started editing.
  useEffect(() => {
    if (!line || form.isDirty()) return;
    const next = lineFormValues(line);
    form.setValues(next);
    form.resetDirty(next);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the line itself changes
  }, [line]);

  const unknown = t('lines.unknownPerson');
  const staffOptions = (chosen: string[]) =>
    personOptions(people.data ?? [], isLineStaff, chosen, unknown, i18n.language);
  const roomOptions = [...(rooms.data ?? [])]
    .sort((a, b) => a.name.localeCompare(b.name, i18n.language))
    .map((room) => ({ value: room.id, label: room.name }));
  // A room that is gone (or not loaded yet) still shows as chosen rather than vanishing.
  const chosenRoom = form.values.mainRoom;
  if (chosenRoom && rooms.data && !roomOptions.some((option) => option.value === chosenRoom)) {
    roomOptions.push({ value: chosenRoom, label: t('lines.unknownRoom') });
  }
  const colorOptions = colorThemeOptions(t);

  const submit = form.onSubmit(
    async (values, event) => {
      const element = event?.currentTarget;
      try {
        await onSubmit({
          name: values.name.trim(),
          shortName: values.shortName.trim(),
          color: values.color,
          mainRoom: values.mainRoom,
          teachers: values.teachers,
          assistants: values.assistants,
        });
        form.resetDirty(values);
      } catch (error) {
        if (isApiError(error, 'validation-failed') && error.problem.errors?.length) {
          for (const { path } of error.problem.errors) {
            const field = fieldOf(path);
            if (field) form.setFieldError(field, t(`lines.fieldErrors.${field}`));
          }
          focusFirstInvalid(element);
        }
        notify({ color: 'red', message: errorMessage(error) });
      }
    },
    (_errors, _values, event) => focusFirstInvalid(event?.currentTarget),
  );

  return (
    <form onSubmit={(event: FormEvent<HTMLFormElement>) => void submit(event)} noValidate>
      <Stack gap="md" maw={640}>
        <TextInput
          label={t('lines.fields.name')}
          required
          maxLength={LINE_NAME_MAX}
          data-autofocus={autoFocus || undefined}
          {...form.getInputProps('name')}
        />
        <TextInput
          label={t('lines.fields.shortName')}
          description={t('lines.shortNameDescription')}
          required
          maxLength={LINE_SHORT_NAME_MAX}
          {...form.getInputProps('shortName')}
        />
        <Select
          label={t('lines.fields.color')}
          required
          data={colorOptions}
          allowDeselect={false}
          leftSection={<ColorSwatch color={swatchColor(form.values.color)} size={16} aria-hidden="true" />}
          renderOption={({ option }) => (
            <Group gap="xs" wrap="nowrap">
              <ColorSwatch color={swatchColor(option.value as ColorTheme)} size={16} aria-hidden="true" />
              {option.label}
            </Group>
          )}
          {...form.getInputProps('color')}
        />
        <Select
          label={t('lines.fields.mainRoom')}
          description={t('lines.mainRoomDescription')}
          placeholder={t('lines.noRoom')}
          data={roomOptions}
          searchable
          clearable
          clearButtonProps={{ 'aria-label': t('lines.clearRoom') }}
          nothingFoundMessage={t('lines.nothingFound')}
          {...form.getInputProps('mainRoom')}
        />
        <MultiSelect
          label={t('lines.fields.teachers')}
          data={staffOptions(form.values.teachers)}
          searchable
          nothingFoundMessage={t('lines.nothingFound')}
          {...form.getInputProps('teachers')}
        />
        <MultiSelect
          label={t('lines.fields.assistants')}
          data={staffOptions(form.values.assistants)}
          searchable
          nothingFoundMessage={t('lines.nothingFound')}
          {...form.getInputProps('assistants')}
        />
        <Group justify="flex-end" gap="sm">
          {onCancel && (
            <Button type="button" variant="default" onClick={onCancel}>
              {t('lines.cancel')}
            </Button>
          )}
          <Button type="submit" loading={form.submitting}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
