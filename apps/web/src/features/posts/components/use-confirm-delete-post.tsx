import { Text } from '@mantine/core';
import type { Post } from '@tun/shared/posts';
import { useTranslation } from 'react-i18next';
import { useConfirmDelete } from '../../../components/use-confirm-delete';
import { useDeletePost } from '../api/delete-post';

/** Asks before a post is deleted: it is gone for every reader and cannot be got back. */
export function useConfirmDeletePost() {
  const { t } = useTranslation();
  const confirmDelete = useConfirmDelete();
  const deletePost = useDeletePost();
  return (post: Post, onDeleted?: () => void) =>
    confirmDelete({
      title: t('posts.delete.title'),
      body: <Text>{t('posts.delete.body', { title: post.title })}</Text>,
      confirm: t('posts.delete.confirm'),
      cancel: t('posts.delete.cancel'),
      deleted: t('posts.delete.deleted', { title: post.title }),
      failed: t('posts.delete.failed'),
      remove: () => deletePost.mutateAsync(post.id),
      onDeleted,
    });
}
