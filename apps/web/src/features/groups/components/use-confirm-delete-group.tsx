import { Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { Group } from '@tun/shared/groups';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '../../../lib/error-message';
import { notify } from '../../../lib/notify';
import { CalendarChanges, useCalendarReferences } from '../../calendar/components/calendar-changes';
import { useDeleteGroup } from '../api/delete-group';

/** Asks before deleting a group, naming it, how many members it has and what the calendar loses. */
export function useConfirmDeleteGroup() {
  const { t } = useTranslation();
  const deleteGroup = useDeleteGroup();
  const errorMessage = useErrorMessage();
  const calendarReferences = useCalendarReferences();

  return async (group: Pick<Group, 'id' | 'name' | 'members'>) => {
    const references = await calendarReferences(`/groups/${encodeURIComponent(group.id)}`);
    if (!references) return;
    modals.openConfirmModal({
      title: t('groups.delete.title'),
      children: (
        <Stack gap="xs">
          <Text>
            {group.members.length > 0
              ? t('groups.delete.messageWithMembers', { name: group.name, count: group.members.length })
              : t('groups.delete.message', { name: group.name })}
          </Text>
          <CalendarChanges references={references} />
        </Stack>
      ),
      labels: { confirm: t('groups.delete.confirm'), cancel: t('modals.cancel') },
      confirmProps: { color: 'red' },
      closeButtonProps: { 'aria-label': t('app.close') },
      onConfirm: () =>
        deleteGroup.mutate(group.id, {
          onSuccess: () => notify({ color: 'fjord', message: t('groups.deleted', { name: group.name }) }),
          onError: (error) => notify({ color: 'red', message: errorMessage(error) }),
        }),
    });
  };
}
