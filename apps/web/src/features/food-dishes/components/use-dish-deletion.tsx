import { Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useQueryClient } from '@tanstack/react-query';
import type { Dish } from '@tun/shared/food';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '../../../lib/error-message';
import { notify } from '../../../lib/notify';
import { useDeleteDish } from '../api/delete-dish';
import { dishesQueryOptions } from '../api/get-dishes';

/**
 * Deleting a dish: the server deletes one no menu names and archives one a menu names, and its
 * answer does not say which. The notification should, so the archived list is asked afterwards.
 */
export function useDishDeletion({ onDeleted }: { onDeleted: () => void }) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const queryClient = useQueryClient();
  const deleteDish = useDeleteDish();

  /** What became of the dish; 'removed' when it is gone from the library but the check failed. */
  const remove = async (dish: Dish): Promise<'deleted' | 'archivedInstead' | 'removed'> => {
    await deleteDish.mutateAsync(dish.id);
    try {
      const withArchived = await queryClient.fetchQuery({ ...dishesQueryOptions(true), staleTime: 0 });
      return withArchived.some((kept) => kept.id === dish.id) ? 'archivedInstead' : 'deleted';
    } catch {
      return 'removed';
    }
  };

  const start = (dish: Dish) =>
    modals.openConfirmModal({
      title: t('foodDishes.deleteDialog.title', { name: dish.name }),
      children: dish.archived ? (
        <Text>{t('foodDishes.deleteDialog.archivedBody')}</Text>
      ) : (
        <Stack gap="xs">
          <Text>{t('foodDishes.deleteDialog.body')}</Text>
          <Text>{t('foodDishes.deleteDialog.archiveNote')}</Text>
        </Stack>
      ),
      labels: { confirm: t('foodDishes.deleteDialog.confirm'), cancel: t('foodDishes.deleteDialog.cancel') },
      confirmProps: { color: 'red' },
      closeButtonProps: { 'aria-label': t('app.close') },
      // The promise, not mutate's callbacks: those are dropped when the row that asked unmounts,
      // which is exactly what a successful deletion makes happen.
      onConfirm: () => {
        remove(dish).then(
          (outcome) => {
            notify({ color: 'fjord', message: t(`foodDishes.${outcome}`, { name: dish.name }) });
            onDeleted();
          },
          (error: unknown) =>
            notify({ color: 'red', title: t('foodDishes.deleteFailed'), message: errorMessage(error) }),
        );
      },
    });

  return { start, deleting: deleteDish.isPending ? deleteDish.variables : undefined };
}
