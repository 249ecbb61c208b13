import { ActionIcon, Menu } from '@mantine/core';
import { IconDots, IconPencil, IconTrash } from '@tabler/icons-react';
import type { Post } from '@tun/shared/posts';
import { useTranslation } from 'react-i18next';

interface PostActionsMenuProps {
  post: Post;
  onEdit: (post: Post) => void;
  onDelete: (post: Post) => void;
}

/** Rediger and Slett, for the author and admins (the post's policies). */
export function PostActionsMenu({ post, onEdit, onDelete }: PostActionsMenuProps) {
  const { t } = useTranslation();
  if (!post.policies.edit && !post.policies.delete) return null;
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={t('posts.actions.menu', { title: post.title })}>
          <IconDots size={18} aria-hidden="true" />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {post.policies.edit && (
          <Menu.Item leftSection={<IconPencil size={16} aria-hidden="true" />} onClick={() => onEdit(post)}>
            {t('posts.actions.edit')}
          </Menu.Item>
        )}
        {post.policies.delete && (
          <Menu.Item
            color="red"
            leftSection={<IconTrash size={16} aria-hidden="true" />}
            onClick={() => onDelete(post)}
          >
            {t('posts.actions.delete')}
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
