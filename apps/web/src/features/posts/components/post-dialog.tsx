import { Alert, Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import type { Post } from '@tun/shared/posts';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/load-error';
import { isApiError } from '../../../lib/api-client';
import { usePost } from '../api/get-post';
import { useMarkPostRead } from '../api/mark-post-read';
import type { PostHandlers } from './post-card';
import { PostBody } from './post-body';
import { PostAttachments, PostAudienceBadges, PostByline, PostStatusBadges } from './post-parts';
import { PostReadActions } from './post-read-actions';

interface PostDialogProps extends PostHandlers {
  /** `?post=<id>`; undefined while closed. */
  postId: string | undefined;
  /** The post as the loaded feed has it; fetched on its own when it is not there. */
  feedPost: Post | undefined;
  onClose: () => void;
  /** Its place in the page's Modal.Stack, so «Lest av …» opens above it. */
  stackId?: string;
}

/** One post opened whole (from «Les mer», the dashboard or a notification); opening it marks it read. */
export function PostDialog({ postId, feedPost, onClose, stackId, ...handlers }: PostDialogProps) {
  const { t } = useTranslation();
  const fetched = usePost(postId, { enabled: postId !== undefined && feedPost === undefined });
  const post = feedPost ?? fetched.data;

  const { mutate: markRead } = useMarkPostRead();
  const marked = useRef<string | null>(null);
  useEffect(() => {
    // A planned post is not out yet: only its author and admins see it, and nobody reads it.
    if (!post || post.readAt !== null || post.status === 'scheduled' || marked.current === post.id) return;
    marked.current = post.id;
    markRead({ id: post.id, confirm: false });
  }, [post, markRead]);

  const notFound =
    fetched.isError &&
    (isApiError(fetched.error, 'post-not-found') || isApiError(fetched.error, 'not-found'));

  return (
    <Modal
      opened={postId !== undefined}
      onClose={onClose}
      stackId={stackId}
      title={post?.title ?? (notFound ? t('posts.dialog.notFound') : '')}
      size="lg"
      closeButtonProps={{ 'aria-label': t('app.close') }}
      styles={{
        title: { fontSize: 'var(--mantine-h3-font-size)', fontWeight: 700, overflowWrap: 'anywhere' },
      }}
    >
      {post ? (
        <Stack gap="md">
          <PostByline authorName={post.author?.name ?? null} timing={post} />
          <PostStatusBadges post={post} showInfoScreen={post.policies.edit} />
          <PostAudienceBadges audience={post.audience} />
          <PostBody html={post.body} />
          <PostAttachments attachments={post.attachments} headingOrder={3} />
          <PostReadActions post={post} onShowReads={handlers.onShowReads} />
          {(post.policies.edit || post.policies.delete) && (
            <Group justify="flex-end" gap="sm">
              {post.policies.delete && (
                <Button
                  variant="default"
                  color="red"
                  leftSection={<IconTrash size={16} aria-hidden="true" />}
                  onClick={() => handlers.onDelete(post)}
                >
                  {t('posts.actions.delete')}
                </Button>
              )}
              {post.policies.edit && (
                <Button
                  leftSection={<IconPencil size={16} aria-hidden="true" />}
                  onClick={() => handlers.onEdit(post)}
                >
                  {t('posts.actions.edit')}
                </Button>
              )}
            </Group>
          )}
        </Stack>
      ) : notFound ? (
        <Alert color="red" variant="light">
          <Text size="sm">{t('posts.dialog.notFoundBody')}</Text>
        </Alert>
      ) : fetched.isError ? (
        <LoadError
          title={t('posts.dialog.loadFailed')}
          error={fetched.error}
          onRetry={() => void fetched.refetch()}
        />
      ) : (
        <Loader size="sm" aria-label={t('app.loading')} />
      )}
    </Modal>
  );
}
