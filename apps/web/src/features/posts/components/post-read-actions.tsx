import { Button, Group, Text } from '@mantine/core';
import { IconChecks, IconEye } from '@tabler/icons-react';
import type { Post } from '@tun/shared/posts';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../entities/session/get-session';
import { useErrorMessage } from '../../../lib/error-message';
import { notify } from '../../../lib/notify';
import { useMarkPostRead } from '../api/mark-post-read';
import { usePostFormat } from './use-post-format';

interface PostReadActionsProps {
  post: Post;
  onShowReads: (post: Post) => void;
}

/**
 * Under a post: «Jeg har lest» for a reader of a post that asks for it (then when they did),
 * and «Lest av 34 av 60» for those who may see reads.
 */
export function PostReadActions({ post, onShowReads }: PostReadActionsProps) {
  const { t } = useTranslation();
  const format = usePostFormat();
  const errorMessage = useErrorMessage();
  const markRead = useMarkPostRead();
  const session = useSession();
  // The author asks; the author does not confirm.
  const asksMe =
    post.requireReadConfirmation && post.status === 'published' && post.author?.id !== session.user.id;
  const readCount = post.policies.seeReads ? post.readCount : null;
  if (!asksMe && !readCount) return null;

  const confirm = () =>
    markRead.mutate(
      { id: post.id, confirm: true },
      {
        onError: (error) =>
          notify({ color: 'red', title: t('posts.confirm.failed'), message: errorMessage(error) }),
      },
    );

  return (
    <Group justify="space-between" gap="sm" align="center">
      {asksMe &&
        (post.confirmedAt ? (
          <Text size="sm" c="teal.9">
            <IconChecks
              size={16}
              aria-hidden="true"
              style={{ verticalAlign: 'text-bottom', marginRight: 4 }}
            />
            {t('posts.confirm.done', { date: format.dateTime(post.confirmedAt) })}
          </Text>
        ) : (
          <Group gap="sm">
            <Text size="sm">{t('posts.confirm.asked')}</Text>
            <Button size="sm" onClick={confirm} loading={markRead.isPending}>
              {t('posts.confirm.button')}
            </Button>
          </Group>
        ))}
      {readCount && (
        <Button
          size="compact-sm"
          variant="subtle"
          leftSection={<IconEye size={16} aria-hidden="true" />}
          onClick={() => onShowReads(post)}
          aria-haspopup="dialog"
        >
          {t('posts.reads.count', { read: readCount.read, count: readCount.total })}
        </Button>
      )}
    </Group>
  );
}
