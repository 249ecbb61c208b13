import { ActionIcon, Menu } from '@mantine/core';
import {
  IconArrowsMove,
  IconCursorText,
  IconDots,
  IconDownload,
  IconEye,
  IconFolderOpen,
  IconTrash,
} from '@tabler/icons-react';
import { mayShowInline } from '@tun/shared/files';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { fileContentUrl } from '../../../entities/files/file-urls';
import type { FileRow } from '../model/file-rows';

export interface EntryHandlers {
  onPreview: (row: Extract<FileRow, { kind: 'file' }>) => void;
  onRename: (row: FileRow) => void;
  onMove: (row: FileRow) => void;
  onDelete: (row: FileRow) => void;
}

interface EntryActionsProps extends EntryHandlers {
  row: FileRow;
  /** files:change for the user and policies.change for the record (decision 017). */
  canChange: boolean;
  busy: boolean;
}

/** One menu per row: reading actions for everyone, changes for those who may make them. */
export function EntryActions({
  row,
  canChange,
  busy,
  onPreview,
  onRename,
  onMove,
  onDelete,
}: EntryActionsProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Menu position="bottom-end" withinPortal shadow="md">
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          loading={busy}
          aria-label={t('files.actions.menu', { name: row.name })}
        >
          <IconDots size={18} aria-hidden="true" />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {row.kind === 'folder' ? (
          <Menu.Item
            leftSection={<IconFolderOpen size={16} aria-hidden="true" />}
            onClick={() => void navigate({ to: '/app/files', search: { folder: row.folder.id } })}
          >
            {t('files.actions.open')}
          </Menu.Item>
        ) : (
          <>
            {mayShowInline(row.file.contentType) && (
              <Menu.Item
                leftSection={<IconEye size={16} aria-hidden="true" />}
                onClick={() => onPreview(row)}
              >
                {t('files.actions.preview')}
              </Menu.Item>
            )}
            <Menu.Item
              component="a"
              href={fileContentUrl(row.file.id)}
              download={row.file.name}
              leftSection={<IconDownload size={16} aria-hidden="true" />}
            >
              {t('files.actions.download')}
            </Menu.Item>
          </>
        )}
        {canChange && (
          <>
            <Menu.Item
              leftSection={<IconCursorText size={16} aria-hidden="true" />}
              onClick={() => onRename(row)}
            >
              {t('files.actions.rename')}
            </Menu.Item>
            <Menu.Item
              leftSection={<IconArrowsMove size={16} aria-hidden="true" />}
              onClick={() => onMove(row)}
            >
              {t('files.actions.move')}
            </Menu.Item>
            <Menu.Item
              color="red.9"
              leftSection={<IconTrash size={16} aria-hidden="true" />}
              onClick={() => onDelete(row)}
            >
              {t('files.actions.delete')}
            </Menu.Item>
          </>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
