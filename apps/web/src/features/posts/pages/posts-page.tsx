import { Button, Group, Loader, Modal, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { mayWritePosts } from '@tun/shared/policies/posts';
import { POST_FEED_FILTERS, POST_SEARCH_MAX, type Post, type PostFeedFilter } from '@tun/shared/posts';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/load-error';
import { useSession } from '../../../entities/session/get-session';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { postFeedQueryOptions } from '../api/get-post-feed';
import { PostCard, type PostHandlers } from '../components/post-card';
import { PostDialog } from '../components/post-dialog';
import { PostFormModal } from '../components/post-form-modal';
import { PostReadsModal } from '../components/post-reads-modal';
import { useConfirmDeletePost } from '../components/use-confirm-delete-post';
import { feedPosts } from '../model/feed-pages';

/** Waits this long after the last key before searching, so typing a word is one request, not ten. */
const SEARCH_DEBOUNCE_MS = 300;

const isFilter = (value: string | null): value is PostFeedFilter =>
  value !== null && (POST_FEED_FILTERS as readonly string[]).includes(value);

/** SPEC §2 /app/posts: the school's posts to me, pinned first, then newest; staff write them here. */
export function PostsPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('pages.posts.title'));
  const search = useSearch({ from: '/app/posts' });
  const navigate = useNavigate({ from: '/app/posts' });
  const session = useSession();
  const canWrite = mayWritePosts({ personId: session.user.id, roles: session.user.roles });
  const filter: PostFeedFilter = search.filter ?? 'all';

  // The box answers every key; the feed and the address follow once typing pauses.
  const [text, setText] = useState(search.q ?? '');
  const [debounced] = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const q = text.trim() === '' ? '' : debounced;
  useEffect(() => {
    if (q === (search.q ?? '')) return;
    void navigate({ search: (previous) => ({ ...previous, q: q || undefined }), replace: true });
  }, [q, search.q, navigate]);

  const feed = useInfiniteQuery({
    ...postFeedQueryOptions({ filter, q }),
    placeholderData: keepPreviousData,
  });
  const posts = useMemo(() => feedPosts(feed.data?.pages ?? []), [feed.data]);

  const [form, setForm] = useState<{ opened: boolean; post: Post | null }>({ opened: false, post: null });
  const [readsOf, setReadsOf] = useState<Post | null>(null);
  const confirmDelete = useConfirmDeletePost();

  const closePost = () => void navigate({ search: (previous) => ({ ...previous, post: undefined }) });
  const handlers: PostHandlers = {
    onEdit: (post) => {
      if (search.post) closePost();
      setForm({ opened: true, post });
    },
    onDelete: (post) => {
      // The question is asked on its own: Escape on it must not close a post behind it as well.
      if (search.post) closePost();
      confirmDelete(post);
    },
    onShowReads: setReadsOf,
  };

  const filterOptions = POST_FEED_FILTERS.filter((value) => value !== 'mine' || canWrite).map((value) => ({
    value,
    label: t(`posts.filter.${value}`),
  }));
  const emptyText =
    q !== '' ? t('posts.noMatch') : filter !== 'all' ? t('posts.emptyFilter') : t('posts.empty');

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Title order={1}>{t('pages.posts.title')}</Title>
        {canWrite && (
          <Button
            leftSection={<IconPlus size={18} aria-hidden="true" />}
            onClick={() => setForm({ opened: true, post: null })}
            aria-haspopup="dialog"
          >
            {t('posts.new')}
          </Button>
        )}
      </Group>

      <Group align="flex-end" gap="sm" wrap="wrap">
        <Select
          label={t('posts.filter.label')}
          data={filterOptions}
          value={filter}
          allowDeselect={false}
          onChange={(value) => {
            if (!isFilter(value)) return;
            void navigate({
              search: (previous) => ({ ...previous, filter: value === 'all' ? undefined : value }),
              replace: true,
            });
          }}
          w={180}
        />
        <TextInput
          type="search"
          label={t('posts.search.label')}
          placeholder={t('posts.search.placeholder')}
          leftSection={<IconSearch size={16} aria-hidden="true" />}
          value={text}
          maxLength={POST_SEARCH_MAX}
          onChange={(event) => setText(event.currentTarget.value)}
          style={{ flex: '1 1 16rem' }}
        />
      </Group>

      {feed.isError && !feed.data ? (
        <LoadError title={t('posts.loadFailed')} error={feed.error} onRetry={() => void feed.refetch()} />
      ) : (
        <>
          {feed.isPending && <Loader size="sm" aria-label={t('app.loading')} />}
          <Text size="sm" c="dimmed" role="status" aria-live="polite">
            {feed.data && posts.length === 0 ? emptyText : ''}
          </Text>
          {posts.length > 0 && (
            <Stack
              component="ul"
              gap="md"
              m={0}
              p={0}
              aria-label={t('posts.listLabel')}
              aria-busy={feed.isFetching && feed.isPlaceholderData}
              style={{ listStyle: 'none' }}
            >
              {posts.map((post) => (
                <li key={post.id}>
                  <PostCard post={post} {...handlers} />
                </li>
              ))}
            </Stack>
          )}
          {feed.hasNextPage && (
            <Group justify="center">
              <Button
                variant="default"
                loading={feed.isFetchingNextPage}
                onClick={() => void feed.fetchNextPage()}
              >
                {t('posts.showMore')}
              </Button>
            </Group>
          )}
        </>
      )}

      <Modal.Stack>
        <PostDialog
          stackId="post"
          postId={search.post}
          feedPost={posts.find((post) => post.id === search.post)}
          onClose={closePost}
          {...handlers}
        />
        <PostReadsModal stackId="reads" post={readsOf} onClose={() => setReadsOf(null)} />
      </Modal.Stack>
      {canWrite && (
        <PostFormModal
          opened={form.opened}
          post={form.post}
          onClose={() => setForm((current) => ({ ...current, opened: false }))}
        />
      )}
    </Stack>
  );
}
