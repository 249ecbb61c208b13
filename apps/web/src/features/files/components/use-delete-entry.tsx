import { Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import type { Folder, StoredFile } from '@tun/shared/files';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirmDelete } from '../../../components/use-confirm-delete';
import { isApiError } from '../../../lib/api-client';
import { useErrorMessage } from '../../../lib/error-message';
import { notify } from '../../../lib/notify';
import { useDeleteFile } from '../api/delete-file';
import { useDeleteFolder } from '../api/delete-folder';
import { folderChildrenQueryOptions } from '../api/get-file-list';

/**
 * Deleting files and folders. A file is always confirmed (it cannot be got back). A folder is
 * first counted afresh: an empty one goes at once, one with something in it is confirmed with
 * what it holds and then deleted with its contents. If it filled up in between, the server
 * refuses (folder-not-empty) and the user is asked after all.
 */
export function useDeleteEntry() {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const queryClient = useQueryClient();
  const confirmDelete = useConfirmDelete();
  const deleteFile = useDeleteFile();
  const deleteFolder = useDeleteFolder();
  const [checking, setChecking] = useState<string | null>(null);

  const confirmFile = (file: StoredFile) =>
    confirmDelete({
      title: t('files.delete.fileTitle'),
      body: <Text>{t('files.delete.fileBody', { name: file.name })}</Text>,
      confirm: t('files.delete.fileConfirm'),
      cancel: t('files.delete.cancel'),
      deleted: t('files.delete.fileDeleted', { name: file.name }),
      failed: t('files.delete.failed'),
      remove: () => deleteFile.mutateAsync(file.id),
    });

  const confirmFolder = (folder: Folder) =>
    confirmDelete({
      title: t('files.delete.folderTitle'),
      body: (
        <Text>
          {t('files.delete.folderBody', {
            name: folder.name,
            files: t('files.counts.files', { count: folder.fileCount }),
            folders: t('files.counts.folders', { count: folder.folderCount }),
          })}
        </Text>
      ),
      confirm: t('files.delete.folderConfirm'),
      cancel: t('files.delete.cancel'),
      deleted: t('files.delete.folderDeleted', { name: folder.name }),
      failed: t('files.delete.failed'),
      // Enter keeps the folder: what it holds may be more than the user thinks.
      cancelByDefault: true,
      remove: () => deleteFolder.mutateAsync({ id: folder.id, recursive: true }),
    });

  const startFolder = async (folder: Folder, refused = false) => {
    setChecking(folder.id);
    let fresh: Folder;
    try {
      const listing = await queryClient.fetchQuery({
        ...folderChildrenQueryOptions(folder.id),
        staleTime: 0,
      });
      fresh = listing.folder ?? folder;
    } catch (error) {
      notify({ color: 'red', title: t('files.delete.checkFailed'), message: errorMessage(error) });
      return;
    } finally {
      setChecking(null);
    }
    if (refused || fresh.fileCount + fresh.folderCount > 0) {
      confirmFolder(fresh);
      return;
    }
    try {
      await deleteFolder.mutateAsync({ id: fresh.id, recursive: false });
      notify({ color: 'fjord', message: t('files.delete.folderDeleted', { name: fresh.name }) });
    } catch (error) {
      if (isApiError(error, 'folder-not-empty')) void startFolder(fresh, true);
      else notify({ color: 'red', title: t('files.delete.failed'), message: errorMessage(error) });
    }
  };

  return {
    deleteFile: confirmFile,
    deleteFolder: (folder: Folder) => void startFolder(folder),
    /** The folder being counted or deleted, for its button's spinner. */
    busy: checking ?? (deleteFolder.isPending ? deleteFolder.variables.id : undefined),
  };
}
