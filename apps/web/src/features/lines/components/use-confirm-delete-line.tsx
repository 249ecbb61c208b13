import { Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { Line } from '@tun/shared/lines';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '../../../lib/error-message';
import { notify } from '../../../lib/notify';
import { CalendarChanges, useCalendarReferences } from '../../calendar/components/calendar-changes';
import { useDeleteLine } from '../api/delete-line';

/**
 * Asks before deleting a line. With members, SPEC §4's persistent dialog: it names how many
 * people lose the line and closes only through its buttons. Without, a plain confirmation.
 * Either also says what the calendar loses with the line.
 */
export function useConfirmDeleteLine() {
  const { t } = useTranslation();
  const deleteLine = useDeleteLine();
  const errorMessage = useErrorMessage();
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
    // The promise, not mutate's callbacks: those are dropped when the row or page that asked
    // unmounts, which is exactly what a successful deletion makes happen.
    const run = () =>
      deleteLine.mutateAsync(line.id).then(
        () => {
          notify({ color: 'fjord', message: t('lines.deleted', { name: line.name }) });
          options.onDeleted?.();
        },
        (error: unknown) => notify({ color: 'red', message: errorMessage(error) }),
      );

    if (line.memberCount > 0) {
      modals.openConfirmModal({
        title: t('lines.delete.affectedTitle'),
        children: body(t('lines.delete.affectedMessage', { n: line.memberCount, name: line.name })),
        labels: { confirm: t('modals.confirm'), cancel: t('modals.cancel') },
        confirmProps: { color: 'red' },
        closeOnClickOutside: false,
        closeOnEscape: false,
        withCloseButton: false,
        onConfirm: run,
      });
      return;
    }
    modals.openConfirmModal({
      title: t('lines.delete.title'),
      children: body(t('lines.delete.message', { name: line.name })),
      labels: { confirm: t('lines.delete.confirm'), cancel: t('modals.cancel') },
      confirmProps: { color: 'red' },
      closeButtonProps: { 'aria-label': t('app.close') },
      onConfirm: run,
    });
  };
}
