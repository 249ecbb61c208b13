import { Card, Group, Stack, Title, VisuallyHidden } from '@mantine/core';
import type { Post } from '@tun/shared/posts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../components/router-links';
import { PostActionsMenu } from './post-actions-menu';
import { PostBody } from './post-body';
import {
  PostAttachments,
  PostAudienceBadges,
  PostByline,
  PostStatusBadges,
  UnreadMarker,
} from './post-parts';
import { PostReadActions } from './post-read-actions';

export interface PostHandlers {
  onEdit: (post: Post) => void;
  onDelete: (post: Post) => void;
  onShowReads: (post: Post) => void;
}

/** One post in the feed: its text cut off after a few lines, «Les mer» opens it whole. */
export function PostCard({ post, ...handlers }: { post: Post } & PostHandlers) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <Card withBorder radius="md" padding="lg" component="article" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Stack gap={4} style={{ minWidth: 0 }}>
            <Group gap="xs" wrap="nowrap" align="center">
              {post.readAt === null && post.status !== 'scheduled' && <UnreadMarker />}
              <Title order={2} size="h3" id={headingId} style={{ overflowWrap: 'anywhere' }}>
                {post.title}
              </Title>
            </Group>
            <PostByline authorName={post.author?.name ?? null} timing={post} />
          </Stack>
          <PostActionsMenu post={post} onEdit={handlers.onEdit} onDelete={handlers.onDelete} />
        </Group>
        <PostStatusBadges post={post} showInfoScreen={post.policies.edit} />
        <PostAudienceBadges audience={post.audience} />
        <PostBody html={post.body} clamp />
        <PostAttachments attachments={post.attachments} headingOrder={3} />
        <Group justify="space-between" align="center" gap="sm">
          <ButtonLink
            to="/app/posts"
            search={(previous) => ({ ...previous, post: post.id })}
            variant="light"
            size="sm"
            aria-haspopup="dialog"
          >
            {t('posts.readMore')}
            <VisuallyHidden> {t('posts.readMoreAbout', { title: post.title })}</VisuallyHidden>
          </ButtonLink>
          <PostReadActions post={post} onShowReads={handlers.onShowReads} />
        </Group>
      </Stack>
    </Card>
  );
}
