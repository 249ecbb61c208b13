import { Badge, Button, Card, Group, Loader, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import type { Round } from '@tun/shared/maintenance';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/load-error';
import { useFormatters } from '../../../lib/dates';
import { useErrorMessage } from '../../../lib/error-message';
import { notify } from '../../../lib/notify';
import { useDeleteRound, useRounds } from '../api/rounds';
import { RoundDialog } from './round-dialog';
import { useCaseNames, type CaseNames } from './use-case-names';

/** The recurring checks (decision 026): each makes cases when due, from a stored job. */
export function RoundsTab() {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const isPhone = useMediaQuery('(max-width: 47.99em)', false);
  const rounds = useRounds();
  const names = useCaseNames();
  const remove = useDeleteRound();
  // The round stays while the dialog fades out, so its title does not flip on the way.
  const [dialog, setDialog] = useState<{ opened: boolean; round?: Round }>({ opened: false });

  const confirmDelete = (round: Round) =>
    modals.openConfirmModal({
      title: t('janitorBoard.rounds.deleteTitle', { title: round.title }),
      closeButtonProps: { 'aria-label': t('app.close') },
      children: <Text>{t('janitorBoard.rounds.deleteBody')}</Text>,
      labels: {
        confirm: t('janitorBoard.rounds.deleteConfirm'),
        cancel: t('janitorBoard.rounds.dialog.cancel'),
      },
      confirmProps: { color: 'red' },
      onConfirm: () => {
        remove.mutateAsync(round.id).then(
          () => notify({ color: 'fjord', message: t('janitorBoard.rounds.deleted', { title: round.title }) }),
          (error: unknown) =>
            notify({
              color: 'red',
              title: t('janitorBoard.rounds.deleteFailed'),
              message: errorMessage(error),
            }),
        );
      },
    });

  const actions: RoundActions = {
    onEdit: (round) => setDialog({ opened: true, round }),
    onDelete: confirmDelete,
    deleting: remove.isPending ? remove.variables : undefined,
  };
  const list = rounds.data ?? [];

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center" gap="sm">
        <Text size="sm" c="dimmed" role="status">
          {rounds.data &&
            (list.length === 0
              ? t('janitorBoard.rounds.empty')
              : t('janitorBoard.rounds.count', { count: list.length }))}
        </Text>
        <Button
          leftSection={<IconPlus size={18} aria-hidden="true" />}
          onClick={() => setDialog({ opened: true })}
        >
          {t('janitorBoard.rounds.new')}
        </Button>
      </Group>

      {rounds.isPending && <Loader aria-label={t('app.loading')} />}
      {rounds.isError && (
        <LoadError
          title={t('janitorBoard.rounds.loadFailed')}
          error={rounds.error}
          onRetry={() => void rounds.refetch()}
        />
      )}
      {list.length > 0 &&
        (isPhone ? (
          <RoundCards rounds={list} names={names} actions={actions} />
        ) : (
          <RoundTable rounds={list} names={names} actions={actions} />
        ))}

      <RoundDialog
        opened={dialog.opened}
        round={dialog.round}
        rooms={names.rooms}
        onClose={() => setDialog((current) => ({ ...current, opened: false }))}
      />
    </Stack>
  );
}

interface RoundActions {
  onEdit: (round: Round) => void;
  onDelete: (round: Round) => void;
  deleting: string | undefined;
}

interface RoundViewProps {
  rounds: Round[];
  names: CaseNames;
  actions: RoundActions;
}

function useRoundText(names: CaseNames) {
  const { t } = useTranslation();
  const format = useFormatters();
  return {
    rooms: (round: Round) =>
      round.roomIds.length === 0
        ? t('janitorBoard.rounds.noRooms')
        : round.roomIds.map((roomId) => names.room(roomId)).join(', '),
    due: (round: Round) => format.date(`${round.nextDue}T12:00:00Z`, { dateStyle: 'medium' }),
  };
}

function ActiveBadge({ active }: { active: boolean }) {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color={active ? 'green' : 'gray'} radius="sm" tt="none">
      {active ? t('janitorBoard.rounds.active') : t('janitorBoard.rounds.paused')}
    </Badge>
  );
}

function RoundButtons({ round, actions }: { round: Round; actions: RoundActions }) {
  const { t } = useTranslation();
  return (
    <Group gap="xs" justify="flex-end" wrap="nowrap">
      <Button
        size="compact-sm"
        variant="subtle"
        leftSection={<IconPencil size={16} aria-hidden="true" />}
        aria-label={t('janitorBoard.rounds.editLabel', { title: round.title })}
        onClick={() => actions.onEdit(round)}
      >
        {t('janitorBoard.rounds.edit')}
      </Button>
      <Button
        size="compact-sm"
        variant="subtle"
        color="red"
        leftSection={<IconTrash size={16} aria-hidden="true" />}
        aria-label={t('janitorBoard.rounds.deleteLabel', { title: round.title })}
        loading={actions.deleting === round.id}
        onClick={() => actions.onDelete(round)}
      >
        {t('janitorBoard.rounds.delete')}
      </Button>
    </Group>
  );
}

function RoundTable({ rounds, names, actions }: RoundViewProps) {
  const { t } = useTranslation();
  const text = useRoundText(names);
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table verticalSpacing="sm" striped aria-label={t('janitorBoard.rounds.label')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('janitorBoard.rounds.columns.title')}</Table.Th>
            <Table.Th scope="col">{t('janitorBoard.rounds.columns.frequency')}</Table.Th>
            <Table.Th scope="col">{t('janitorBoard.rounds.columns.rooms')}</Table.Th>
            <Table.Th scope="col">{t('janitorBoard.rounds.columns.nextDue')}</Table.Th>
            <Table.Th scope="col">{t('janitorBoard.rounds.columns.active')}</Table.Th>
            <Table.Th scope="col" ta="end">
              {t('janitorBoard.rounds.columns.actions')}
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rounds.map((round) => (
            <Table.Tr key={round.id}>
              <Table.Td maw={280} style={{ overflowWrap: 'anywhere' }}>
                <Text fw={600}>{round.title}</Text>
                <Text size="sm" c="dimmed">
                  {t(`cases.category.${round.category}`)}
                </Text>
              </Table.Td>
              <Table.Td>{t(`janitorBoard.rounds.frequency.${round.frequency}`)}</Table.Td>
              <Table.Td maw={260}>
                <Text size="sm" lineClamp={3}>
                  {text.rooms(round)}
                </Text>
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{text.due(round)}</Table.Td>
              <Table.Td>
                <ActiveBadge active={round.active} />
              </Table.Td>
              <Table.Td>
                <RoundButtons round={round} actions={actions} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function RoundCards({ rounds, names, actions }: RoundViewProps) {
  const { t } = useTranslation();
  const text = useRoundText(names);
  return (
    <Stack
      gap="sm"
      component="ul"
      p={0}
      m={0}
      style={{ listStyle: 'none' }}
      aria-label={t('janitorBoard.rounds.label')}
    >
      {rounds.map((round) => (
        <Card key={round.id} withBorder radius="md" padding="md" component="li">
          <Stack gap={6}>
            <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
              <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                {round.title}
              </Text>
              <ActiveBadge active={round.active} />
            </Group>
            <Text size="sm">
              {t(`cases.category.${round.category}`)} ·{' '}
              {t(`janitorBoard.rounds.frequency.${round.frequency}`)}
            </Text>
            <Text size="sm">{text.rooms(round)}</Text>
            <Text size="sm">{t('janitorBoard.rounds.nextDueOn', { date: text.due(round) })}</Text>
            <RoundButtons round={round} actions={actions} />
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}
