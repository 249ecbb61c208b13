import { Button, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import type { Elective } from '@tun/shared/electives';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useCan } from '../../../entities/session/access';
import { useRooms } from '../../../entities/rooms/get-rooms';
import { useDeleteElective } from '../api/delete-elective';
import { useElectives } from '../../../entities/electives/get-electives';
import { ColorThemeBadge } from '../../../components/color-theme';
import { ElectiveFormModal } from '../components/elective-form-modal';
import { CalendarChanges, useCalendarReferences } from '../../../entities/calendar/calendar-changes';
import { LoadError } from '../../../components/load-error';
import { useConfirmDelete } from '../../../components/use-confirm-delete';

export function ElectivesPage() {
  const { t, i18n } = useTranslation();
  useDocumentTitle(t('pages.electives.title'));
  const canChange = useCan('electives:change');
  const electives = useElectives();
  const rooms = useRooms({ enabled: useCan('rooms:view') });
  const deleteElective = useDeleteElective();
  const calendarReferences = useCalendarReferences();
  const confirmDelete = useConfirmDelete();
  // The elective stays while the dialog fades out, so its title does not flip to "new" on the way.
  const [dialog, setDialog] = useState<{ opened: boolean; elective?: Elective }>({ opened: false });

  const roomNames = useMemo(
    () => new Map((rooms.data ?? []).map((room) => [room.id, room.name])),
    [rooms.data],
  );
  const numbers = useMemo(() => new Intl.NumberFormat(i18n.language), [i18n.language]);

  const roomName = (elective: Elective) => {
    if (!elective.mainRoom) return t('electives.noMainRoom');
    // Nothing rather than "unknown" while the rooms are still loading.
    if (!rooms.data) return '';
    return roomNames.get(elective.mainRoom) ?? t('electives.unknownRoom');
  };

  const askDelete = async (elective: Elective) => {
    const references = await calendarReferences(`/electives/${encodeURIComponent(elective.id)}`);
    if (!references) return;
    confirmDelete({
      title: t('electives.deleteDialog.title'),
      body: (
        <Stack gap="xs">
          <Text>{t('electives.deleteDialog.message', { name: elective.name })}</Text>
          <CalendarChanges references={references} />
        </Stack>
      ),
      confirm: t('electives.deleteDialog.confirm'),
      cancel: t('electives.deleteDialog.cancel'),
      deleted: t('electives.deleted', { name: elective.name }),
      failed: t('electives.deleteFailed'),
      remove: () => deleteElective.mutateAsync(elective.id),
    });
  };

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center" gap="sm">
        <Title order={1}>{t('pages.electives.title')}</Title>
        {canChange && (
          <Button
            leftSection={<IconPlus size={18} aria-hidden="true" />}
            onClick={() => setDialog({ opened: true })}
          >
            {t('electives.new')}
          </Button>
        )}
      </Group>

      {electives.isPending && <Loader aria-label={t('app.loading')} />}

      {electives.isError && (
        <LoadError
          title={t('electives.loadFailed')}
          error={electives.error}
          onRetry={() => void electives.refetch()}
        />
      )}

      {electives.data && electives.data.length === 0 && <Text>{t('electives.empty')}</Text>}

      {electives.data && electives.data.length > 0 && (
        // On a phone the details stack under the name instead of needing a sideways scroll.
        <Table striped highlightOnHover verticalSpacing="sm" aria-labelledby="electives-table-caption">
          <Table.Caption id="electives-table-caption" style={{ captionSide: 'top', textAlign: 'start' }}>
            {t('electives.count', { count: electives.data.length })}
          </Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('electives.columns.name')}</Table.Th>
              <Table.Th scope="col" visibleFrom="sm">
                {t('electives.columns.color')}
              </Table.Th>
              <Table.Th scope="col" visibleFrom="sm">
                {t('electives.columns.mainRoom')}
              </Table.Th>
              <Table.Th scope="col" ta="end" visibleFrom="sm">
                {t('electives.columns.members')}
              </Table.Th>
              {canChange && (
                <Table.Th scope="col" ta="end">
                  {t('electives.columns.actions')}
                </Table.Th>
              )}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {electives.data.map((elective) => (
              <Table.Tr key={elective.id}>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>
                  <Text span inherit fw={500}>
                    {elective.name}
                  </Text>
                  <Stack gap={4} mt={6} hiddenFrom="sm">
                    <ColorThemeBadge color={elective.color} />
                    <Text size="sm">
                      {t('electives.columns.mainRoom')}: {roomName(elective)}
                    </Text>
                    <Text size="sm">
                      {t('electives.columns.members')}: {numbers.format(elective.members.length)}
                    </Text>
                  </Stack>
                </Table.Td>
                <Table.Td visibleFrom="sm">
                  <ColorThemeBadge color={elective.color} />
                </Table.Td>
                <Table.Td visibleFrom="sm" style={{ overflowWrap: 'anywhere' }}>
                  {roomName(elective)}
                </Table.Td>
                <Table.Td ta="end" visibleFrom="sm">
                  {numbers.format(elective.members.length)}
                </Table.Td>
                {canChange && (
                  <Table.Td>
                    <Group gap="xs" justify="flex-end" wrap="nowrap">
                      <Button
                        size="compact-sm"
                        variant="subtle"
                        leftSection={<IconPencil size={16} aria-hidden="true" />}
                        aria-label={t('electives.editLabel', { name: elective.name })}
                        onClick={() => setDialog({ opened: true, elective })}
                      >
                        {t('electives.edit')}
                      </Button>
                      <Button
                        size="compact-sm"
                        variant="subtle"
                        color="red"
                        leftSection={<IconTrash size={16} aria-hidden="true" />}
                        aria-label={t('electives.deleteLabel', { name: elective.name })}
                        loading={deleteElective.isPending && deleteElective.variables === elective.id}
                        onClick={() => askDelete(elective)}
                      >
                        {t('electives.delete')}
                      </Button>
                    </Group>
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}

      {canChange && (
        <ElectiveFormModal
          opened={dialog.opened}
          elective={dialog.elective}
          usedColors={(electives.data ?? []).map((elective) => elective.color)}
          onClose={() => setDialog((current) => ({ ...current, opened: false }))}
        />
      )}
    </Stack>
  );
}
