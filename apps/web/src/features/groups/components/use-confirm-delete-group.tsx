import { Stack, Text } from '@mantine/core';
import type { Group } from '@tun/shared/groups';
import { useTranslation } from 'react-i18next';
import { useConfirmDelete } from '../../../components/use-confirm-delete';
import { CalendarChanges, useCalendarReferences } from '../../../entities/calendar/calendar-changes';
import { useDeleteGroup } from '../api/delete-group';

/** Asks before deleting a group, naming it, how many members it has and what the calendar loses. */
export function useConfirmDeleteGroup() {
  const { t } = useTranslation();
  const deleteGroup = useDeleteGroup();
  const confirmDelete = useConfirmDelete();
  const calendarReferences = useCalendarReferences();

  return async (group: Pick<Group, 'id' | 'name' | 'members'>) => {
    const references = await calendarReferences(`/groups/${encodeURIComponent(group.id)}`);
    if (!references) return;
    confirmDelete({
      title: t('groups.delete.title'),
      body: (
        <Stack gap="xs">
          <Text>
            {group.members.length > 0
              ? t('groups.delete.messageWithMembers', { name: group.name, count: group.members.length })
              : t('groups.delete.message', { name: group.name })}
          </Text>
          <CalendarChanges references={references} />
        </Stack>
      ),
      confirm: t('groups.delete.confirm'),
      cancel: t('modals.cancel'),
      deleted: t('groups.deleted', { name: group.name }),
      remove: () => deleteGroup.mutateAsync(group.id),
    });
  };
}
