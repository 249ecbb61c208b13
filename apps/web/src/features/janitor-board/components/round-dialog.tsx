import {
  Alert,
  Button,
  Group,
  Modal,
  MultiSelect,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Textarea,
  TextInput,
} from '@mantine/core';
import { placeFieldErrors } from '../../../lib/place-field-errors';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertCircle } from '@tabler/icons-react';
import {
  CASE_CATEGORIES,
  CASE_DESCRIPTION_MAX,
  CASE_TITLE_MAX,
  ROUND_FREQUENCIES,
  ROUND_ROOMS_MAX,
  type Round,
} from '@tun/shared/maintenance';
import type { Room } from '@tun/shared/rooms';
import type { TFunction } from 'i18next';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '../../../lib/error-message';
import { focusFirstInvalid } from '../../../lib/form-errors';
import { notify } from '../../../lib/notify';
import { useSaveRound } from '../api/rounds';
import {
  roundFieldOf,
  roundFormProblems,
  roundInputOf,
  roundValuesOf,
  type RoundFormProblem,
  type RoundFormValues,
} from '../model/round-form';

interface RoundDialogProps {
  opened: boolean;
  /** The round to edit; none for a new one. */
  round: Round | undefined;
  rooms: readonly Room[];
  onClose: () => void;
}

/** «Ny runde» and «Rediger runde»: a recurring check that makes cases when due. */
export function RoundDialog({ opened, round, rooms, onClose }: RoundDialogProps) {
  const { t } = useTranslation();
  const isPhone = useMediaQuery('(max-width: 47.99em)', false);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={round ? t('janitorBoard.rounds.dialog.editTitle') : t('janitorBoard.rounds.dialog.newTitle')}
      size="lg"
      fullScreen={isPhone}
      closeOnClickOutside={false}
      closeButtonProps={{ 'aria-label': t('app.close') }}
    >
      {opened && <RoundForm key={round?.id ?? 'new'} round={round} rooms={rooms} onDone={onClose} />}
    </Modal>
  );
}

function problemText(t: TFunction, problem: RoundFormProblem): string {
  switch (problem) {
    case 'titleTooLong':
      return t('janitorBoard.rounds.dialog.errors.titleTooLong', { max: CASE_TITLE_MAX });
    case 'descriptionTooLong':
      return t('janitorBoard.rounds.dialog.errors.descriptionTooLong', { max: CASE_DESCRIPTION_MAX });
    case 'tooManyRooms':
      return t('janitorBoard.rounds.dialog.errors.tooManyRooms', { max: ROUND_ROOMS_MAX });
    default:
      return t(`janitorBoard.rounds.dialog.errors.${problem}`);
  }
}

function RoundForm({
  round,
  rooms,
  onDone,
}: {
  round: Round | undefined;
  rooms: readonly Room[];
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const save = useSaveRound();
  const form = useForm<RoundFormValues>({
    initialValues: roundValuesOf(round),
    validate: (values) =>
      Object.fromEntries(
        Object.entries(roundFormProblems(values)).map(([field, problem]) => [field, problemText(t, problem)]),
      ),
  });

  const submit = form.onSubmit(
    async (values, event) => {
      const formElement = event?.currentTarget;
      try {
        const saved = await save.mutateAsync({ id: round?.id, input: roundInputOf(values) });
        notify({
          color: 'fjord',
          message: t(round ? 'janitorBoard.rounds.saved' : 'janitorBoard.rounds.created', {
            title: saved.title,
          }),
        });
        onDone();
      } catch (error) {
        placeFieldErrors(error, form, roundFieldOf, formElement);
      }
    },
    (_errors, _values, event) => focusFirstInvalid(event?.currentTarget),
  );

  const failed = save.isError && Object.keys(form.errors).length === 0;

  return (
    <form onSubmit={(event: FormEvent<HTMLFormElement>) => void submit(event)} noValidate>
      <Stack gap="md">
        {failed && (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertCircle aria-hidden="true" />}
            title={t('janitorBoard.rounds.dialog.failed')}
            role="alert"
          >
            {errorMessage(save.error)}
          </Alert>
        )}
        <TextInput
          data-autofocus
          label={t('janitorBoard.rounds.dialog.title')}
          description={t('janitorBoard.rounds.dialog.titleHint')}
          required
          maxLength={CASE_TITLE_MAX}
          autoComplete="off"
          {...form.getInputProps('title')}
        />
        <Textarea
          label={t('janitorBoard.rounds.dialog.description')}
          autosize
          minRows={2}
          maxRows={6}
          maxLength={CASE_DESCRIPTION_MAX}
          {...form.getInputProps('description')}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <Select
            label={t('janitorBoard.rounds.dialog.category')}
            data={CASE_CATEGORIES.map((value) => ({ value, label: t(`cases.category.${value}`) }))}
            allowDeselect={false}
            {...form.getInputProps('category')}
          />
          <Select
            label={t('janitorBoard.rounds.dialog.frequency')}
            data={ROUND_FREQUENCIES.map((value) => ({
              value,
              label: t(`janitorBoard.rounds.frequency.${value}`),
            }))}
            allowDeselect={false}
            {...form.getInputProps('frequency')}
          />
        </SimpleGrid>
        <MultiSelect
          label={t('janitorBoard.rounds.dialog.rooms')}
          description={t('janitorBoard.rounds.dialog.roomsHint')}
          data={rooms.map((room) => ({ value: room.id, label: room.name }))}
          searchable
          clearable
          clearButtonProps={{ 'aria-label': t('janitorBoard.rounds.dialog.clearRooms') }}
          nothingFoundMessage={t('janitorBoard.filters.nothingFound')}
          maxValues={ROUND_ROOMS_MAX}
          hidePickedOptions
          {...form.getInputProps('roomIds')}
        />
        <TextInput
          type="date"
          label={round ? t('janitorBoard.rounds.dialog.nextDue') : t('janitorBoard.rounds.dialog.firstDue')}
          description={t('janitorBoard.rounds.dialog.dueHint')}
          required
          w={{ base: '100%', xs: 200 }}
          {...form.getInputProps('nextDue')}
        />
        <Switch
          label={t('janitorBoard.rounds.dialog.active')}
          description={t('janitorBoard.rounds.dialog.activeHint')}
          {...form.getInputProps('active', { type: 'checkbox' })}
        />
        <Group justify="flex-end" gap="sm">
          <Button type="button" variant="default" onClick={onDone} disabled={save.isPending}>
            {t('janitorBoard.rounds.dialog.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {round ? t('janitorBoard.rounds.dialog.save') : t('janitorBoard.rounds.dialog.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
