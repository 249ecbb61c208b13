import {
  Alert,
  Anchor,
  Breadcrumbs,
  Button,
  Group,
  Loader,
  Modal,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconAlertCircle, IconChevronRight } from '@tabler/icons-react';
import type { Folder } from '@tun/shared/files';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/load-error';
import { useErrorMessage } from '../../../lib/error-message';
import { notify } from '../../../lib/notify';
import { folderChildrenQueryOptions } from '../api/get-file-list';
import { useUpdateFile } from '../api/update-file';
import { useUpdateFolder } from '../api/update-folder';
import { mayMoveInto, type FileRow } from '../model/file-rows';
import { FileIcon } from './file-icon';

interface MoveModalProps {
  opened: boolean;
  row: FileRow | null;
  onClose: () => void;
}

/** Moves a file or folder: the user walks the folders from the top and picks one. */
export function MoveModal({ opened, row, onClose }: MoveModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={row ? t('files.move.title', { name: row.name }) : ''}
      closeButtonProps={{ 'aria-label': t('app.close') }}
      size="lg"
    >
      {row && <FolderPicker row={row} onDone={onClose} />}
    </Modal>
  );
}

function FolderPicker({ row, onDone }: { row: FileRow; onDone: () => void }) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  // Start where the entry is: the likeliest target is near it.
  const [at, setAt] = useState<string | null>(row.kind === 'file' ? row.file.folderId : row.folder.parentId);
  const listing = useQuery(folderChildrenQueryOptions(at));
  const updateFile = useUpdateFile();
  const updateFolder = useUpdateFolder();
  const mutation = row.kind === 'file' ? updateFile : updateFolder;

  const here = listing.data?.folder ?? null;
  const path: Folder[] = listing.data ? [...listing.data.ancestors, ...(here ? [here] : [])] : [];
  const hereName = here?.name ?? t('files.root');
  // A folder cannot go into itself: its own row is left out, so nobody walks into it.
  const folders = (listing.data?.folders ?? []).filter(
    (folder) => row.kind === 'file' || folder.id !== row.folder.id,
  );
  const allowed = listing.isSuccess && (here === null || here.policies.change) && mayMoveInto(row, at, path);

  const move = async () => {
    try {
      if (row.kind === 'file') await updateFile.mutateAsync({ id: row.file.id, change: { folderId: at } });
      else await updateFolder.mutateAsync({ id: row.folder.id, change: { parentId: at } });
      notify({ color: 'fjord', message: t('files.move.moved', { name: row.name, folder: hereName }) });
      onDone();
    } catch {
      // Shown in the dialog.
    }
  };

  return (
    <Stack gap="md">
      <Text size="sm">{t('files.move.intro')}</Text>
      <nav aria-label={t('files.move.path')}>
        <Breadcrumbs separatorMargin={6} style={{ flexWrap: 'wrap', rowGap: 4 }}>
          {[null, ...path].map((folder, index, all) => {
            const name = folder?.name ?? t('files.root');
            return index === all.length - 1 ? (
              <Text key={folder?.id ?? 'root'} size="sm" fw={600} aria-current="location">
                {name}
              </Text>
            ) : (
              <Anchor
                key={folder?.id ?? 'root'}
                component="button"
                type="button"
                size="sm"
                onClick={() => setAt(folder?.id ?? null)}
              >
                {name}
              </Anchor>
            );
          })}
        </Breadcrumbs>
      </nav>

      {listing.isPending && <Loader size="sm" aria-label={t('app.loading')} />}
      {listing.isError && (
        <LoadError
          title={t('files.move.loadFailed')}
          error={listing.error}
          onRetry={() => void listing.refetch()}
        />
      )}
      {listing.isSuccess &&
        (folders.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('files.move.noFolders')}
          </Text>
        ) : (
          <Stack
            gap={2}
            component="ul"
            p={0}
            m={0}
            style={{ listStyle: 'none' }}
            aria-label={t('files.move.folders', { folder: hereName })}
          >
            {folders.map((folder) => (
              <li key={folder.id}>
                <UnstyledButton
                  className="mantine-focus-auto"
                  onClick={() => setAt(folder.id)}
                  w="100%"
                  p={6}
                  style={{ borderRadius: 'var(--mantine-radius-sm)' }}
                  aria-label={t('files.move.openFolder', { name: folder.name })}
                >
                  <Group gap="xs" wrap="nowrap">
                    <FileIcon kind="folder" size={20} />
                    <Text size="sm" style={{ flex: 1, overflowWrap: 'anywhere' }}>
                      {folder.name}
                    </Text>
                    <IconChevronRight size={16} aria-hidden="true" />
                  </Group>
                </UnstyledButton>
              </li>
            ))}
          </Stack>
        ))}

      {mutation.isError && (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertCircle aria-hidden="true" />}
          title={t('files.move.failed')}
        >
          {errorMessage(mutation.error)}
        </Alert>
      )}

      <Group justify="flex-end">
        <Button type="button" variant="default" onClick={onDone} disabled={mutation.isPending}>
          {t('files.form.cancel')}
        </Button>
        <Button type="button" onClick={() => void move()} disabled={!allowed} loading={mutation.isPending}>
          {t('files.move.here', { folder: hereName })}
        </Button>
      </Group>
    </Stack>
  );
}
