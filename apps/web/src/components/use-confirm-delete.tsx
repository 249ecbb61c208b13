import { modals } from '@mantine/modals';
import { useCallback, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '../lib/error-message';
import { notify } from '../lib/notify';

export interface ConfirmDeleteRequest {
  title: string;
  body: ReactNode;
  confirm: string;
  cancel: string;
  /** The notification once it is gone. */
  deleted: string;
  /** The failure notification's title; the reason is its message. */
  failed?: string;
  /**
   * SPEC §4's persistent dialog, for a deletion that others feel: it closes only through its
   * buttons (no close button, no Escape, no click outside).
   */
  persistent?: boolean;
  /** Enter cancels instead of deleting: for records that cannot be recreated from the app. */
  cancelByDefault?: boolean;
  remove: () => Promise<unknown>;
  onDeleted?: () => void;
}

/** Asks before a deletion and tells how it went; each feature brings its own words. */
export function useConfirmDelete() {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();

  return useCallback(
    (request: ConfirmDeleteRequest) => {
      modals.openConfirmModal({
        title: request.title,
        children: request.body,
        labels: { confirm: request.confirm, cancel: request.cancel },
        confirmProps: { color: 'red' },
        ...(request.persistent
          ? { closeOnClickOutside: false, closeOnEscape: false, withCloseButton: false }
          : { closeButtonProps: { 'aria-label': t('app.close') } }),
        ...(request.cancelByDefault ? { cancelProps: { 'data-autofocus': true } } : {}),
        // The promise, not mutate's callbacks: those are dropped when the row or page that asked
        // unmounts, which is exactly what a successful deletion makes happen.
        onConfirm: () => {
          request.remove().then(
            () => {
              notify({ color: 'fjord', message: request.deleted });
              request.onDeleted?.();
            },
            (error: unknown) => notify({ color: 'red', title: request.failed, message: errorMessage(error) }),
          );
        },
      });
    },
    [t, errorMessage],
  );
}
