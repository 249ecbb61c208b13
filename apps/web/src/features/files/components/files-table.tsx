import 'mantine-datatable/styles.layer.css';
import { Anchor, Group, Stack, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { mayShowInline, type FileSortKey, type StoredFile } from '@tun/shared/files';
import { IconChevronDown, IconChevronUp, IconSelector } from '@tabler/icons-react';
import { DataTable } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import { AnchorLink } from '../../../components/router-links';
import { useFormatters } from '../../../lib/dates';
import { fileContentUrl, fileThumbnailUrl } from '../../../entities/files/file-urls';
import { fileKind } from '../model/file-kind';
import type { FileRow } from '../model/file-rows';
import { EntryActions, type EntryHandlers } from './entry-actions';
import { FileIcon } from './file-icon';
import { useSizeFormat } from './use-size-format';

export interface FileSort {
  sort: FileSortKey;
  order: 'asc' | 'desc';
}

interface FilesTableProps extends EntryHandlers {
  label: string;
  rows: FileRow[];
  fetching: boolean;
  noRecordsText: string;
  sort: FileSort;
  onSortChange: (sort: FileSort) => void;
  /** A search lists files from every folder: say where each one is. */
  searching: boolean;
  /** files:change; each record's own policies.change decides as well. */
  canChange: boolean;
  busyId: string | undefined;
}

function Thumbnail({ file }: { file: StoredFile }) {
  if (!file.hasThumbnail) return <FileIcon kind={fileKind(file.contentType)} />;
  // Decorative: the name beside it says which file it is.
  return (
    <img
      src={fileThumbnailUrl(file.id)}
      alt=""
      width={32}
      height={32}
      loading="lazy"
      style={{ objectFit: 'cover', borderRadius: 4, flexShrink: 0 }}
    />
  );
}

interface SortTitleProps {
  label: string;
  column: FileSortKey;
  sort: FileSort;
  onSortChange: (sort: FileSort) => void;
}

/**
 * A column title that sorts. mantine-datatable's own sortable headers name their state in
 * English ("Sorted ascending", "Not sorted") with no way to translate it, so this page draws
 * its own: a button whose name says the column and, when sorted by it, which way.
 */
function SortTitle({ label, column, sort, onSortChange }: SortTitleProps) {
  const { t } = useTranslation();
  const active = sort.sort === column;
  const Icon = !active ? IconSelector : sort.order === 'asc' ? IconChevronUp : IconChevronDown;
  return (
    <UnstyledButton
      className="mantine-focus-auto"
      onClick={() => onSortChange({ sort: column, order: active && sort.order === 'asc' ? 'desc' : 'asc' })}
      style={{ display: 'inline-flex', alignItems: 'center', gap: 4, font: 'inherit', fontWeight: 'inherit' }}
    >
      {label}
      <Icon size={14} aria-hidden="true" />
      {active && (
        <VisuallyHidden>
          {' '}
          {t(sort.order === 'asc' ? 'files.sort.ascending' : 'files.sort.descending')}
        </VisuallyHidden>
      )}
    </UnstyledButton>
  );
}

/** Where a found file lies: its path without its own name. */
function folderPathOf(file: StoredFile): string {
  const cut = file.fullPath.lastIndexOf('/');
  return cut > 0 ? file.fullPath.slice(0, cut) : '';
}

/** The folder's folders, then its files (SPEC §2 /app/files), sorted by the server. */
export function FilesTable({
  label,
  rows,
  fetching,
  noRecordsText,
  sort,
  onSortChange,
  searching,
  canChange,
  busyId,
  ...handlers
}: FilesTableProps) {
  const { t } = useTranslation();
  const format = useFormatters();
  const size = useSizeFormat();
  const isPhone = useMediaQuery('(max-width: 47.99em)', false);
  const none = t('files.none');

  const title = (column: FileSortKey, label: string) => (
    <SortTitle label={label} column={column} sort={sort} onSortChange={onSortChange} />
  );

  return (
    <DataTable<FileRow>
      aria-label={label}
      withTableBorder
      borderRadius="md"
      highlightOnHover
      minHeight={rows.length === 0 ? 160 : undefined}
      fetching={fetching}
      records={rows}
      idAccessor="id"
      noRecordsText={noRecordsText}
      columns={[
        {
          accessor: 'name',
          title: title('name', t('files.columns.name')),
          render: (row) =>
            row.kind === 'folder' ? (
              <Group gap="sm" wrap="nowrap">
                <FileIcon kind="folder" />
                <AnchorLink
                  to="/app/files"
                  search={{ folder: row.folder.id }}
                  fw={500}
                  fz="sm"
                  style={{ overflowWrap: 'anywhere' }}
                >
                  {row.name}
                </AnchorLink>
              </Group>
            ) : (
              <Group gap="sm" wrap="nowrap">
                <Thumbnail file={row.file} />
                <Stack gap={0}>
                  {mayShowInline(row.file.contentType) ? (
                    <Anchor
                      component="button"
                      type="button"
                      fw={500}
                      fz="sm"
                      style={{ overflowWrap: 'anywhere', textAlign: 'start' }}
                      onClick={() => handlers.onPreview(row)}
                    >
                      {row.name}
                    </Anchor>
                  ) : (
                    <Anchor
                      href={fileContentUrl(row.file.id)}
                      download={row.file.name}
                      fw={500}
                      fz="sm"
                      style={{ overflowWrap: 'anywhere' }}
                    >
                      {row.name}
                    </Anchor>
                  )}
                  {searching && (
                    <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                      {row.file.folderId ? (
                        <AnchorLink
                          to="/app/files"
                          search={{ folder: row.file.folderId }}
                          c="dimmed"
                          size="xs"
                        >
                          {t('files.inFolder', { path: folderPathOf(row.file) })}
                        </AnchorLink>
                      ) : (
                        t('files.inFolder', { path: t('files.root') })
                      )}
                    </Text>
                  )}
                </Stack>
              </Group>
            ),
        },
        {
          accessor: 'type',
          title: title('type', t('files.columns.type')),
          hidden: isPhone,
          render: (row) =>
            row.kind === 'folder'
              ? t('files.kinds.folder')
              : t(`files.kinds.${fileKind(row.file.contentType)}`),
        },
        {
          accessor: 'size',
          title: title('size', t('files.columns.size')),
          textAlign: 'right',
          noWrap: true,
          render: (row) =>
            row.kind === 'folder'
              ? t('files.counts.items', { count: row.folder.fileCount + row.folder.folderCount })
              : size.size(row.file.size),
        },
        {
          accessor: 'uploadedBy',
          title: t('files.columns.uploadedBy'),
          hidden: isPhone,
          render: (row) => (row.kind === 'file' ? (row.file.uploadedBy?.name ?? none) : none),
        },
        {
          accessor: 'updated',
          title: title('updated', t('files.columns.updated')),
          hidden: isPhone,
          noWrap: true,
          render: (row) => format.dateTime(row.kind === 'folder' ? row.folder.updated : row.file.updated),
        },
        {
          accessor: 'actions',
          title: <VisuallyHidden>{t('files.columns.actions')}</VisuallyHidden>,
          textAlign: 'right',
          width: 56,
          render: (row) => (
            <EntryActions
              row={row}
              canChange={
                canChange && (row.kind === 'folder' ? row.folder.policies.change : row.file.policies.change)
              }
              busy={row.kind === 'folder' && busyId !== undefined && busyId === row.folder.id}
              {...handlers}
            />
          ),
        },
      ]}
    />
  );
}
