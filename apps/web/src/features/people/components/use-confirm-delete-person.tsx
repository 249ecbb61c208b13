import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { fullName, shortFullName } from '@tun/shared/names';
import type { Person } from '@tun/shared/people';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '../../../lib/error-message';
import { notify } from '../../../lib/notify';
import { useDeletePerson } from '../api/delete-person';

/** Asks before deleting, naming the person in full; tells how it went. */
export function useConfirmDeletePerson(onDeleted?: (person: Person) => void) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const deletePerson = useDeletePerson();
  const { mutateAsync } = deletePerson;

  return useCallback(
    (person: Person) => {
      const name = shortFullName(person.name);
      modals.openConfirmModal({
        title: t('people.delete.title'),
        children: <Text>{t('people.delete.message', { name: fullName(person.name) })}</Text>,
        labels: { confirm: t('people.delete.confirm'), cancel: t('people.delete.cancel') },
        closeButtonProps: { 'aria-label': t('app.close') },
        confirmProps: { color: 'red' },
        // Cancel is the safe default for Enter.
        cancelProps: { 'data-autofocus': true },
        onConfirm: () => {
          mutateAsync(person.id).then(
            () => {
              notify({ color: 'fjord', message: t('people.delete.done', { name }) });
              onDeleted?.(person);
            },
            (error: unknown) => {
              notify({
                color: 'red',
                title: t('people.delete.failed', { name }),
                message: errorMessage(error),
              });
            },
          );
        },
      });
    },
    [t, errorMessage, mutateAsync, onDeleted],
  );
}
