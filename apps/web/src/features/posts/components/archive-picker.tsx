import {
  Button,
  CloseButton,
  Group,
  Image,
  Loader,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { IconArrowUp, IconFile, IconFolder, IconSearch } from '@tabler/icons-react';
import { FILE_SEARCH_MAX, mayShowInline, type StoredFile } from '@tun/shared/files';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/load-error';
import { archiveBrowseQueryOptions } from '../../../entities/files/archive-files';
import { fileThumbnailUrl } from '../../../entities/files/file-urls';
import { usePostFormat } from './use-post-format';

const SEARCH_DEBOUNCE_MS = 300;

interface ArchivePickerProps {
  /** `image`: pictures the page can show, to insert in the text; `file`: anything, to attach. */
  mode: 'image' | 'file';
  /** Files already attached, shown as such. */
  chosenIds?: ReadonlySet<string>;
  onPick: (file: StoredFile) => void;
  onClose: () => void;
}

const isShownImage = (file: StoredFile) =>
  file.contentType.startsWith('image/') && mayShowInline(file.contentType);

/**
 * Choosing a file from the school's archive, inside the post form rather than in a dialog on
 * top of it: folder by folder, or by name across the whole archive. New files are uploaded on
 * the archive's page.
 */
export function ArchivePicker({ mode, chosenIds, onPick, onClose }: ArchivePickerProps) {
  const { t } = useTranslation();
  const format = usePostFormat();
  const [folderId, setFolderId] = useState<string | null>(null);
  const [text, setText] = useState('');
  const [debounced] = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const q = text.trim() === '' ? '' : debounced;
  const list = useInfiniteQuery({
    ...archiveBrowseQueryOptions({ folderId, q }),
    placeholderData: keepPreviousData,
  });
  const searchRef = useRef<HTMLInputElement>(null);

  // Opening the picker takes the keyboard to its search box.
  useEffect(() => {
    searchRef.current?.focus();
  }, []);

  const first = list.data?.pages[0];
  const folders = q === '' ? (first?.folders ?? []) : [];
  const files = (list.data?.pages ?? [])
    .flatMap((page) => page.items)
    .filter((file) => mode === 'file' || isShownImage(file));
  const here = q === '' ? (first?.folder ?? null) : null;
  const title = mode === 'image' ? t('posts.form.picker.imageTitle') : t('posts.form.picker.fileTitle');

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={title}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Title order={3} size="h5">
            {title}
          </Title>
          <CloseButton aria-label={t('posts.form.picker.close')} onClick={onClose} />
        </Group>
        <TextInput
          ref={searchRef}
          type="search"
          label={t('posts.form.picker.searchLabel')}
          placeholder={t('posts.form.picker.searchPlaceholder')}
          leftSection={<IconSearch size={16} aria-hidden="true" />}
          value={text}
          maxLength={FILE_SEARCH_MAX}
          onChange={(event) => setText(event.currentTarget.value)}
          // Enter searches at once instead of sending the post form.
          onKeyDown={(event) => {
            if (event.key === 'Enter') event.preventDefault();
          }}
        />
        {q === '' && (
          <Group justify="space-between" gap="xs">
            <Text size="sm" c="dimmed">
              {here ? t('posts.form.picker.inFolder', { path: here.fullPath }) : t('posts.form.picker.top')}
            </Text>
            {here && (
              <Button
                size="compact-sm"
                variant="subtle"
                leftSection={<IconArrowUp size={14} aria-hidden="true" />}
                onClick={() => setFolderId(here.parentId)}
              >
                {t('posts.form.picker.up')}
              </Button>
            )}
          </Group>
        )}
        {list.isPending && <Loader size="sm" aria-label={t('app.loading')} />}
        {list.isError && (
          <LoadError
            title={t('posts.form.picker.loadFailed')}
            error={list.error}
            onRetry={() => void list.refetch()}
          />
        )}
        {list.data && (
          <Stack
            component="ul"
            gap={4}
            m={0}
            p={0}
            aria-label={t('posts.form.picker.listLabel')}
            style={{ listStyle: 'none', maxHeight: 320, overflowY: 'auto' }}
            tabIndex={0}
          >
            {folders.map((folder) => (
              <li key={`folder:${folder.id}`}>
                <Button
                  variant="subtle"
                  color="gray"
                  fullWidth
                  justify="flex-start"
                  leftSection={<IconFolder size={18} aria-hidden="true" />}
                  aria-label={t('posts.form.picker.openFolder', { name: folder.name })}
                  onClick={() => {
                    setFolderId(folder.id);
                    searchRef.current?.focus();
                  }}
                >
                  {folder.name}
                </Button>
              </li>
            ))}
            {files.map((file) => {
              const chosen = chosenIds?.has(file.id) ?? false;
              return (
                <Group component="li" key={file.id} justify="space-between" wrap="nowrap" gap="sm" py={4}>
                  <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
                    {mode === 'image' && file.hasThumbnail ? (
                      <Image src={fileThumbnailUrl(file.id)} alt="" w={48} h={48} fit="cover" radius="sm" />
                    ) : (
                      <IconFile size={20} aria-hidden="true" style={{ flexShrink: 0 }} />
                    )}
                    <Stack gap={0} style={{ minWidth: 0 }}>
                      <Text size="sm" truncate="end">
                        {file.name}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {format.size(file.size)}
                      </Text>
                    </Stack>
                  </Group>
                  <Button
                    size="compact-sm"
                    variant={chosen ? 'default' : 'light'}
                    disabled={chosen}
                    aria-label={
                      chosen
                        ? undefined
                        : mode === 'image'
                          ? t('posts.form.picker.insertLabel', { name: file.name })
                          : t('posts.form.picker.attachLabel', { name: file.name })
                    }
                    onClick={() => onPick(file)}
                    style={{ flexShrink: 0 }}
                  >
                    {chosen
                      ? t('posts.form.picker.attached')
                      : mode === 'image'
                        ? t('posts.form.picker.insert')
                        : t('posts.form.picker.attach')}
                  </Button>
                </Group>
              );
            })}
            {folders.length === 0 && files.length === 0 && (
              <Text component="li" size="sm">
                {q !== ''
                  ? t('posts.form.picker.noMatch')
                  : mode === 'image'
                    ? t('posts.form.picker.noImages')
                    : t('posts.form.picker.empty')}
              </Text>
            )}
          </Stack>
        )}
        {list.hasNextPage && (
          <Group justify="center">
            <Button
              size="compact-sm"
              variant="default"
              loading={list.isFetchingNextPage}
              onClick={() => void list.fetchNextPage()}
            >
              {t('posts.form.picker.showMore')}
            </Button>
          </Group>
        )}
        <Text size="xs" c="dimmed">
          {t('posts.form.picker.uploadHint')}
        </Text>
      </Stack>
    </Paper>
  );
}
