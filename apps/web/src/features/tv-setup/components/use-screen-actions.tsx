import { Text } from '@mantine/core';
import type { Screen } from '@tun/shared/screens';
import { useTranslation } from 'react-i18next';
import { useConfirmDelete } from '../../../components/use-confirm-delete';
import { useErrorMessage } from '../../../lib/error-message';
import { notify } from '../../../lib/notify';
import { useDeleteScreen, useReloadScreen, useRevokeScreen } from '../api/save-screen';

/**
 * «Last inn på nytt», «Koble fra» and «Slett» of one screen. The last two ask first: the TV
 * loses its session at once and only a new pairing brings it back.
 */
export function useScreenActions() {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const confirm = useConfirmDelete();
  const reload = useReloadScreen();
  const revoke = useRevokeScreen();
  const remove = useDeleteScreen();

  return {
    reload: (screen: Screen) => {
      reload.mutateAsync(screen.id).then(
        () => notify({ color: 'fjord', message: t('tvSetup.actions.reloaded', { name: screen.name }) }),
        (error: unknown) =>
          notify({ color: 'red', title: t('tvSetup.actions.reloadFailed'), message: errorMessage(error) }),
      );
    },
    revoke: (screen: Screen) =>
      confirm({
        title: t('tvSetup.revokeDialog.title', { name: screen.name }),
        body: <Text>{t('tvSetup.revokeDialog.body')}</Text>,
        confirm: t('tvSetup.revokeDialog.confirm'),
        cancel: t('tvSetup.revokeDialog.cancel'),
        deleted: t('tvSetup.actions.revoked', { name: screen.name }),
        failed: t('tvSetup.actions.revokeFailed'),
        remove: () => revoke.mutateAsync(screen.id),
      }),
    remove: (screen: Screen) =>
      confirm({
        title: t('tvSetup.deleteDialog.title', { name: screen.name }),
        body: (
          <Text>{screen.paired ? t('tvSetup.deleteDialog.bodyPaired') : t('tvSetup.deleteDialog.body')}</Text>
        ),
        confirm: t('tvSetup.deleteDialog.confirm'),
        cancel: t('tvSetup.deleteDialog.cancel'),
        deleted: t('tvSetup.actions.deleted', { name: screen.name }),
        failed: t('tvSetup.actions.deleteFailed'),
        remove: () => remove.mutateAsync(screen.id),
      }),
    /** The screen whose request is under way, to show it as loading. */
    busy: [reload, revoke, remove].find((mutation) => mutation.isPending)?.variables,
  };
}
