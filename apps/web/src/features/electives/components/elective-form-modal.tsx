import {
  Alert,
  Button,
  ColorSwatch,
  Group,
  Modal,
  MultiSelect,
  Select,
  Stack,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { COLOR_THEMES, type ColorTheme } from '@tun/shared/colors';
import { ELECTIVE_NAME_MAX, type Elective } from '@tun/shared/electives';
import { shortFullName } from '@tun/shared/names';
import type { Person } from '@tun/shared/people';
import { isStudentOrScholar } from '@tun/shared/roles';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-client';
import { useErrorMessage } from '../../../lib/error-message';
import { notify } from '../../../lib/notify';
import { validators } from '../../../lib/validation';
import { useRooms } from '../../../entities/rooms/get-rooms';
import { useCreateElective } from '../api/create-elective';
import { usePeople } from '../../../entities/people/get-people';
import { useUpdateElective } from '../api/update-elective';
import { colorThemeOptions, swatchColor } from '../../../components/color-theme';

interface ElectiveFormModalProps {
  opened: boolean;
  /** The elective to edit; none for a new one. */
  elective: Elective | undefined;
  /** Colours other electives have, so that a new one starts with a colour of its own. */
  usedColors: readonly ColorTheme[];
  onClose: () => void;
}

/** SPEC §2: the new/edit elective dialog. */
export function ElectiveFormModal({ opened, elective, usedColors, onClose }: ElectiveFormModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={elective ? t('electives.form.editTitle') : t('electives.form.newTitle')}
      closeButtonProps={{ 'aria-label': t('app.close') }}
      size="lg"
    >
      {/* Mounted only while open, so every opening starts from the elective as it is now. */}
      <ElectiveForm elective={elective} usedColors={usedColors} onDone={onClose} />
    </Modal>
  );
}

interface FormValues {
  name: string;
  color: ColorTheme;
  mainRoom: string | null;
  members: string[];
}

/**
 * Members are students and scholars (SPEC §3). Anyone already chosen stays listed even if
 * they no longer fit, so that saving never drops a member silently.
 */
function memberOptions(
  people: readonly Person[],
  chosen: readonly string[],
  unknown: string,
  locale: string,
) {
  const known = new Set(people.map((person) => person.id));
  const options = people
    .filter((person) => isStudentOrScholar(person.roles) || chosen.includes(person.id))
    .map((person) => ({ value: person.id, label: shortFullName(person.name) }))
    .sort((a, b) => a.label.localeCompare(b.label, locale));
  for (const id of chosen) if (!known.has(id)) options.push({ value: id, label: unknown });
  return options;
}

function ElectiveForm({
  elective,
  usedColors,
  onDone,
}: {
  elective: Elective | undefined;
  usedColors: readonly ColorTheme[];
  onDone: () => void;
}) {
  const { t, i18n } = useTranslation();
  const errorMessage = useErrorMessage();
  const createElective = useCreateElective();
  const updateElective = useUpdateElective();
  const mutation = elective ? updateElective : createElective;
  const rooms = useRooms();
  const people = usePeople();

  const form = useForm<FormValues>({
    initialValues: {
      name: elective?.name ?? '',
      color: elective?.color ?? COLOR_THEMES.find((color) => !usedColors.includes(color)) ?? COLOR_THEMES[0],
      mainRoom: elective?.mainRoom ?? null,
      members: elective?.members ?? [],
    },
    validate: { name: validators.length({ max: ELECTIVE_NAME_MAX }) },
  });

  const colorOptions = useMemo(() => colorThemeOptions(t), [t]);
  const roomOptions = useMemo(() => {
    const options = (rooms.data ?? []).map((room) => ({ value: room.id, label: room.name }));
    const current = elective?.mainRoom;
    if (rooms.data && current && !options.some((option) => option.value === current)) {
      options.push({ value: current, label: t('electives.unknownRoom') });
    }
    return options;
  }, [rooms.data, elective?.mainRoom, t]);
  const peopleOptions = useMemo(
    () =>
      memberOptions(people.data ?? [], form.values.members, t('electives.form.unknownPerson'), i18n.language),
    [people.data, form.values.members, t, i18n.language],
  );

  const submit = form.onSubmit(async (values) => {
    const input = {
      name: values.name.trim(),
      color: values.color,
      mainRoom: values.mainRoom,
      members: values.members,
    };
    try {
      const saved = elective
        ? await updateElective.mutateAsync({ id: elective.id, change: input })
        : await createElective.mutateAsync(input);
      notify({
        color: 'fjord',
        message: t(elective ? 'electives.saved' : 'electives.created', { name: saved.name }),
      });
      onDone();
    } catch (error) {
      // Someone deleted the room or a person while the dialog was open.
      if (isApiError(error, 'validation-failed')) {
        for (const { path } of error.problem.errors ?? []) {
          if (path.endsWith('mainRoom')) form.setFieldError('mainRoom', t('electives.form.roomGone'));
          if (path.endsWith('members')) form.setFieldError('members', t('electives.form.memberGone'));
        }
      }
    }
  });

  const currentColor = form.values.color;

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {mutation.isError && (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertCircle aria-hidden="true" />}
            title={t('electives.form.failed')}
          >
            {errorMessage(mutation.error)}
          </Alert>
        )}
        <TextInput
          data-autofocus
          label={t('electives.form.name')}
          required
          maxLength={ELECTIVE_NAME_MAX}
          autoComplete="off"
          {...form.getInputProps('name')}
        />
        <Select
          label={t('electives.form.color')}
          required
          data={colorOptions}
          allowDeselect={false}
          leftSection={<ColorSwatch color={swatchColor(currentColor)} size={16} aria-hidden="true" />}
          renderOption={({ option }) => (
            <Group gap="xs" wrap="nowrap">
              <ColorSwatch color={swatchColor(option.value as ColorTheme)} size={16} aria-hidden="true" />
              {option.label}
            </Group>
          )}
          comboboxProps={{ withinPortal: true }}
          {...form.getInputProps('color')}
        />
        <Select
          label={t('electives.form.mainRoom')}
          description={t('electives.form.mainRoomDescription')}
          placeholder={t('electives.form.noMainRoom')}
          data={roomOptions}
          clearable
          searchable
          nothingFoundMessage={t('electives.form.noRoomFound')}
          disabled={rooms.isPending}
          clearButtonProps={{ 'aria-label': t('electives.form.clearMainRoom') }}
          {...form.getInputProps('mainRoom')}
          error={form.errors.mainRoom ?? (rooms.isError ? t('electives.form.roomsFailed') : undefined)}
        />
        <MultiSelect
          label={t('electives.form.members')}
          description={t('electives.form.membersDescription')}
          placeholder={form.values.members.length === 0 ? t('electives.form.membersPlaceholder') : undefined}
          data={peopleOptions}
          searchable
          clearable
          hidePickedOptions
          maxDropdownHeight={280}
          nothingFoundMessage={t('electives.form.noPersonFound')}
          disabled={people.isPending}
          clearButtonProps={{ 'aria-label': t('electives.form.clearMembers') }}
          {...form.getInputProps('members')}
          error={form.errors.members ?? (people.isError ? t('electives.form.peopleFailed') : undefined)}
        />
        <Group justify="flex-end">
          <Button type="button" variant="default" onClick={onDone} disabled={mutation.isPending}>
            {t('electives.form.cancel')}
          </Button>
          <Button type="submit" loading={mutation.isPending}>
            {elective ? t('electives.form.save') : t('electives.form.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
