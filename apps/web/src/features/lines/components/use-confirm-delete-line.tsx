import { Stack, Text } from '@mantine/core';
import type { Line } from '@tun/shared/lines';
import { useTranslation } from 'react-i18next';
import { useConfirmDelete } from '../../../components/use-confirm-delete';
import { CalendarChanges, useCalendarReferences } from '../../../entities/calendar/calendar-changes';
import { useDeleteLine } from '../api/delete-line';

/**
 * Asks before deleting a line. With members, SPEC §4's persistent dialog: it names how many
 * people lose the line and closes only through its buttons. Without, a plain confirmation.
 * Either also says what the calendar loses with the line.
 */
export function useConfirmDeleteLine() {
  const { t } = useTranslation();
  const deleteLine = useDeleteLine();
  const confirmDelete = useConfirmDelete();
  const calendarReferences = useCalendarReferences();

  return async (
    line: Pick<Line, 'id' | 'name' | 'memberCount'>,
    options: { onDeleted?: () => void } = {},
  ) => {
    const references = await calendarReferences(`/lines/${encodeURIComponent(line.id)}`);
    if (!references) return;
    const body = (message: string) => (
      <Stack gap="xs">
        <Text>{message}</Text>
        <CalendarChanges references={references} />
      </Stack>
    );
    const affected = line.memberCount > 0;
    confirmDelete({
      title: affected ? t('lines.delete.affectedTitle') : t('lines.delete.title'),
      body: body(
        affected
          ? t('lines.delete.affectedMessage', { n: line.memberCount, name: line.name })
          : t('lines.delete.message', { name: line.name }),
      ),
      confirm: affected ? t('modals.confirm') : t('lines.delete.confirm'),
      cancel: t('modals.cancel'),
      deleted: t('lines.deleted', { name: line.name }),
      persistent: affected,
      remove: () => deleteLine.mutateAsync(line.id),
      onDeleted: options.onDeleted,
    });
  };
}
