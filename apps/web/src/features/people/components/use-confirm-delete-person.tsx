import { Text } from '@mantine/core';
import { fullName, shortFullName } from '@tun/shared/names';
import type { Person } from '@tun/shared/people';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirmDelete } from '../../../components/use-confirm-delete';
import { useDeletePerson } from '../api/delete-person';

/** Asks before deleting, naming the person in full; tells how it went. */
export function useConfirmDeletePerson(onDeleted?: (person: Person) => void) {
  const { t } = useTranslation();
  const confirmDelete = useConfirmDelete();
  const { mutateAsync } = useDeletePerson();

  return useCallback(
    (person: Person) => {
      const name = shortFullName(person.name);
      confirmDelete({
        title: t('people.delete.title'),
        body: <Text>{t('people.delete.message', { name: fullName(person.name) })}</Text>,
        confirm: t('people.delete.confirm'),
        cancel: t('people.delete.cancel'),
        deleted: t('people.delete.done', { name }),
        failed: t('people.delete.failed', { name }),
        // Cancel is the safe default for Enter.
        cancelByDefault: true,
        remove: () => mutateAsync(person.id),
        onDeleted: () => onDeleted?.(person),
      });
    },
    [t, confirmDelete, mutateAsync, onDeleted],
  );
}
