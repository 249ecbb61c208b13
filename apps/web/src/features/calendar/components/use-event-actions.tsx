import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { CalendarEvent } from '@tun/shared/calendar';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '../../../lib/error-message';
import { notify } from '../../../lib/notify';
import { useDeleteEvent } from '../api/delete-event';
import { useRevertEvent } from '../api/revert-event';
import { useEventTime } from './use-event-time';

/** Deleting an event and resetting a changed lesson, each after the user confirms. */
export function useEventActions() {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const eventTime = useEventTime();
  const deleteEvent = useDeleteEvent();
  const revertEvent = useRevertEvent();

  const confirmDelete = (event: CalendarEvent) => {
    const values = { name: event.name, time: eventTime(event.start, event.end) };
    // An occurrence, or a changed one, is one time of a lesson: the rest of the timetable stays.
    const occurrence = event.source === 'schedule' || event.overrides !== null;
    modals.openConfirmModal({
      title: t('calendar.delete.title'),
      closeButtonProps: { 'aria-label': t('app.close') },
      children: (
        <Text>
          {occurrence ? t('calendar.delete.occurrenceBody', values) : t('calendar.delete.body', values)}
        </Text>
      ),
      labels: { confirm: t('calendar.delete.confirm'), cancel: t('modals.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        deleteEvent.mutate(event.id, {
          onSuccess: () => notify({ color: 'fjord', message: t('calendar.delete.done', values) }),
          onError: (error) =>
            notify({
              color: 'red',
              title: t('calendar.delete.failed', values),
              message: errorMessage(error),
            }),
        }),
    });
  };

  const confirmRevert = (event: CalendarEvent) => {
    const values = { name: event.name, time: eventTime(event.start, event.end) };
    modals.openConfirmModal({
      title: t('calendar.revert.title'),
      closeButtonProps: { 'aria-label': t('app.close') },
      children: <Text>{t('calendar.revert.body', values)}</Text>,
      labels: { confirm: t('calendar.revert.confirm'), cancel: t('modals.cancel') },
      onConfirm: () =>
        revertEvent.mutate(event.id, {
          onSuccess: () => notify({ color: 'fjord', message: t('calendar.revert.done', values) }),
          onError: (error) =>
            notify({
              color: 'red',
              title: t('calendar.revert.failed', values),
              message: errorMessage(error),
            }),
        }),
    });
  };

  return { confirmDelete, confirmRevert };
}
