import { Button, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useSearch } from '@tanstack/react-router';
import { IconFolderPlus, IconSearch, IconUpload } from '@tabler/icons-react';
import type { Folder, StoredFile } from '@tun/shared/files';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/load-error';
import { AnchorLink } from '../../../components/router-links';
import { useCan } from '../../../entities/session/access';
import { useSession } from '../../../entities/session/get-session';
import { isApiError } from '../../../lib/api-client';
import { useFormatters } from '../../../lib/dates';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { fileListQueryOptions, folderChildrenQueryOptions, type FileListParams } from '../api/get-file-list';
import { useFileUsage } from '../api/get-file-usage';
import { useUnfinishedUploads } from '../api/get-unfinished-uploads';
import { FilesTable, type FileSort } from '../components/files-table';
import { FolderBreadcrumbs } from '../components/folder-breadcrumbs';
import { MoveModal } from '../components/move-modal';
import { NameFormModal, type NameDialog } from '../components/name-form-modal';
import { PreviewModal } from '../components/preview-modal';
import { UnfinishedUploads } from '../components/unfinished-uploads';
import { UploadDropzone } from '../components/upload-dropzone';
import { UploadPanel } from '../components/upload-panel';
import { useDeleteEntry } from '../components/use-delete-entry';
import { useSizeFormat } from '../components/use-size-format';
import { useUploads } from '../components/use-uploads';
import { DEFAULT_PAGE_SIZE, fileRows, isPageSize, PAGE_SIZES, type FileRow } from '../model/file-rows';

/** Waits this long after the last key before searching, so typing a name is one request, not ten. */
const SEARCH_DEBOUNCE_MS = 300;

/** SPEC §2 /app/files: the school's archive, folder by folder. */
export function FilesPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('pages.files.title'));
  const { folder: folderParam } = useSearch({ from: '/app/files' });
  const folderId = folderParam ?? null;
  const { user } = useSession();
  const canChange = useCan('files:change');
  const format = useSizeFormat();
  const numbers = useFormatters();

  // The search belongs to the folder it was typed in; opening another folder starts without one.
  const [search, setSearch] = useState({ folderId, text: '' });
  const text = search.folderId === folderId ? search.text : '';
  const [debounced] = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  // Clearing the box shows the folder at once.
  const q = text.trim() === '' ? '' : debounced;
  const [sort, setSort] = useState<FileSort>({ sort: 'name', order: 'asc' });
  const [pageSize, setPageSize] = useState<number>(DEFAULT_PAGE_SIZE);

  const params: FileListParams = { folderId, q, sort: sort.sort, order: sort.order, maxResults: pageSize };
  const list = useInfiniteQuery({
    ...fileListQueryOptions(params),
    // Another sort, page size or search keeps the rows until the new ones come; another folder does not.
    placeholderData: (previous, previousQuery) =>
      (previousQuery?.queryKey[2] as FileListParams | undefined)?.folderId === folderId
        ? previous
        : undefined,
  });
  // A search answers without the folder; the page still says where new files and folders go.
  const folderInfo = useQuery({
    ...folderChildrenQueryOptions(folderId),
    enabled: q !== '' && folderId !== null,
  });
  const listing = q === '' ? list.data?.pages[0] : folderInfo.data;
  const here: Folder | null | undefined = folderId === null ? null : listing?.folder;
  const hereName = here?.name ?? t('files.root');
  // Changes are for those with files:change, and in a folder only where its policies allow.
  const canChangeHere = canChange && here !== undefined && (here === null || here.policies.change);

  const usage = useFileUsage(canChange);
  const maxSize = usage.data && usage.data.fileSizeLimit > 0 ? usage.data.fileSizeLimit : undefined;
  const uploadState = useUploads();
  const unfinished = useUnfinishedUploads(user.id, canChange);
  const pendingUploads = (unfinished.data ?? []).filter(
    (upload) => !uploadState.uploadUrls.has(upload.uploadUrl),
  );
  const openFiles = useRef<() => void>(null);

  const rows = useMemo(() => fileRows(list.data?.pages ?? []), [list.data]);
  const folderCount = rows.filter((row) => row.kind === 'folder').length;
  const fileCount = rows.length - folderCount;

  const [nameDialog, setNameDialog] = useState<{ opened: boolean; dialog: NameDialog | null }>({
    opened: false,
    dialog: null,
  });
  const [moveDialog, setMoveDialog] = useState<{ opened: boolean; row: FileRow | null }>({
    opened: false,
    row: null,
  });
  const [preview, setPreview] = useState<{ opened: boolean; file: StoredFile | null }>({
    opened: false,
    file: null,
  });
  const deletion = useDeleteEntry();

  const notFound =
    list.isError && (isApiError(list.error, 'object-not-found') || isApiError(list.error, 'not-found'));

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Stack gap={4}>
          <Title order={1}>{t('pages.files.title')}</Title>
          {usage.data && usage.data.quota > 0 && (
            <Text size="sm" c="dimmed">
              {t('files.usage', { used: format.size(usage.data.used), quota: format.size(usage.data.quota) })}
            </Text>
          )}
        </Stack>
        {canChangeHere && (
          <Group gap="sm">
            <Button
              variant="default"
              leftSection={<IconFolderPlus size={18} aria-hidden="true" />}
              onClick={() =>
                setNameDialog({
                  opened: true,
                  dialog: { kind: 'newFolder', parentId: folderId, parentName: hereName },
                })
              }
            >
              {t('files.newFolder')}
            </Button>
            <Button
              leftSection={<IconUpload size={18} aria-hidden="true" />}
              onClick={() => openFiles.current?.()}
            >
              {t('files.upload')}
            </Button>
          </Group>
        )}
      </Group>

      {listing && <FolderBreadcrumbs ancestors={listing.ancestors} folder={here ?? null} />}

      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          type="search"
          label={t('files.search.label')}
          placeholder={t('files.search.placeholder')}
          leftSection={<IconSearch size={16} aria-hidden="true" />}
          value={text}
          onChange={(event) => setSearch({ folderId, text: event.currentTarget.value })}
          maxLength={100}
          style={{ flex: '1 1 16rem' }}
        />
        <Select
          label={t('files.pageSize')}
          data={PAGE_SIZES.map((size) => ({ value: String(size), label: numbers.number(size) }))}
          value={String(pageSize)}
          onChange={(value) => {
            const size = Number(value);
            if (isPageSize(size)) setPageSize(size);
          }}
          allowDeselect={false}
          w={120}
        />
      </Group>

      {canChangeHere && (
        <UploadDropzone
          folderName={hereName}
          maxSize={maxSize}
          openRef={openFiles}
          onFiles={(files) => uploadState.add(files, folderId)}
        />
      )}

      {canChange && <UnfinishedUploads uploads={pendingUploads} onChoose={() => openFiles.current?.()} />}
      <UploadPanel tasks={uploadState.tasks} />

      {notFound ? (
        <Stack gap="xs" align="flex-start">
          <LoadError title={t('files.folderNotFound')} error={list.error} />
          <AnchorLink to="/app/files" search={{}}>
            {t('files.backToRoot')}
          </AnchorLink>
        </Stack>
      ) : list.isError ? (
        <LoadError title={t('files.loadFailed')} error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <>
          <Text size="sm" c="dimmed" role="status" aria-live="polite">
            {list.data
              ? t(list.hasNextPage ? 'files.counts.summaryMore' : 'files.counts.summary', {
                  folders: t('files.counts.folders', { count: folderCount }),
                  files: t('files.counts.files', { count: fileCount }),
                })
              : ''}
          </Text>
          <FilesTable
            label={q ? t('files.tableLabelSearch', { q }) : t('files.tableLabel', { folder: hereName })}
            rows={rows}
            fetching={list.isPending || (list.isFetching && list.isPlaceholderData)}
            noRecordsText={q ? t('files.noMatch') : here ? t('files.emptyFolder') : t('files.empty')}
            sort={sort}
            onSortChange={setSort}
            searching={q !== ''}
            canChange={canChange}
            busyId={deletion.busy}
            onPreview={(row) => setPreview({ opened: true, file: row.file })}
            onRename={(row) => setNameDialog({ opened: true, dialog: { kind: 'rename', row } })}
            onMove={(row) => setMoveDialog({ opened: true, row })}
            onDelete={(row) =>
              row.kind === 'file' ? deletion.deleteFile(row.file) : deletion.deleteFolder(row.folder)
            }
          />
          {list.hasNextPage && (
            <Group justify="center">
              <Button
                variant="default"
                loading={list.isFetchingNextPage}
                onClick={() => void list.fetchNextPage()}
              >
                {t('files.showMore')}
              </Button>
            </Group>
          )}
        </>
      )}

      {canChange && (
        <>
          <NameFormModal
            opened={nameDialog.opened}
            dialog={nameDialog.dialog}
            onClose={() => setNameDialog((current) => ({ ...current, opened: false }))}
          />
          <MoveModal
            opened={moveDialog.opened}
            row={moveDialog.row}
            onClose={() => setMoveDialog((current) => ({ ...current, opened: false }))}
          />
        </>
      )}
      <PreviewModal
        opened={preview.opened}
        file={preview.file}
        onClose={() => setPreview((current) => ({ ...current, opened: false }))}
      />
    </Stack>
  );
}
