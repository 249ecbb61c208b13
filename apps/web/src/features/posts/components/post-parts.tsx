import { Anchor, Badge, Box, Group, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconDownload, IconPin } from '@tabler/icons-react';
import type { Post, PostAttachment, PostAudienceView } from '@tun/shared/posts';
import { useTranslation } from 'react-i18next';
import { fileContentUrl } from '../../../entities/files/file-urls';
import { audienceBadges, type AudienceBadgeKind } from '../model/audience-badges';
import { usePostFormat } from './use-post-format';

/** A dot for the eye and «Ulest» for screen readers; nothing once the post has been opened. */
export function UnreadMarker() {
  const { t } = useTranslation();
  return (
    <Box component="span" style={{ display: 'inline-flex', alignItems: 'center', flexShrink: 0 }}>
      <Box
        component="span"
        aria-hidden="true"
        w={10}
        h={10}
        bg="fjord.8"
        style={{ borderRadius: '50%', display: 'inline-block' }}
      />
      <VisuallyHidden>{t('posts.unread')}</VisuallyHidden>
    </Box>
  );
}

type Timing = Pick<Post, 'status' | 'publishAt' | 'expiresAt'>;

/** «Kari Lærer · Publisert 23. nov. 2026, 08:30 · Utløper …» */
export function PostByline({ authorName, timing }: { authorName: string | null; timing: Timing }) {
  const { t } = useTranslation();
  const format = usePostFormat();
  const published =
    timing.status === 'scheduled'
      ? t('posts.publishes', { date: format.dateTime(timing.publishAt) })
      : t('posts.published', { date: format.dateTime(timing.publishAt) });
  const expiry =
    timing.expiresAt === null
      ? null
      : timing.status === 'expired'
        ? t('posts.expired', { date: format.dateTime(timing.expiresAt) })
        : t('posts.expires', { date: format.dateTime(timing.expiresAt) });
  return (
    <Text size="sm" c="dimmed">
      {authorName ?? t('posts.deletedAuthor')}
      {' · '}
      <time dateTime={timing.publishAt}>{published}</time>
      {expiry && timing.expiresAt && (
        <>
          {' · '}
          <time dateTime={timing.expiresAt}>{expiry}</time>
        </>
      )}
    </Text>
  );
}

type Flags = Pick<Post, 'status' | 'pinned' | 'showOnInfoScreen'>;

/** Festet, Planlagt, Utløpt, and (for those who edit it) På infoskjerm. */
export function PostStatusBadges({ post, showInfoScreen }: { post: Flags; showInfoScreen: boolean }) {
  const { t } = useTranslation();
  const badges = [
    post.pinned && (
      <Badge
        key="pinned"
        variant="light"
        color="fjord"
        tt="none"
        leftSection={<IconPin size={12} aria-hidden="true" />}
      >
        {t('posts.badges.pinned')}
      </Badge>
    ),
    post.status === 'scheduled' && (
      <Badge key="scheduled" variant="light" color="orange" tt="none">
        {t('posts.badges.scheduled')}
      </Badge>
    ),
    post.status === 'expired' && (
      <Badge key="expired" variant="light" color="gray" tt="none">
        {t('posts.badges.expired')}
      </Badge>
    ),
    showInfoScreen && post.showOnInfoScreen && (
      <Badge key="infoScreen" variant="light" color="grape" tt="none">
        {t('posts.badges.infoScreen')}
      </Badge>
    ),
  ].filter(Boolean);
  if (badges.length === 0) return null;
  return <Group gap={6}>{badges}</Group>;
}

const KIND_COLOURS: Record<AudienceBadgeKind, string> = {
  school: 'fjord',
  staff: 'teal',
  line: 'blue',
  elective: 'green',
  group: 'violet',
  role: 'gray',
};

/** Who the post is for: «Hele skolen», «Ansatte», or lines, electives, groups and roles by name. */
export function PostAudienceBadges({ audience }: { audience: PostAudienceView }) {
  const { t } = useTranslation();
  const format = usePostFormat();
  const badges = audienceBadges(
    audience,
    {
      school: t('posts.audience.school'),
      staff: t('posts.audience.staff'),
      role: (role) => t(`roles.${role}`),
    },
    format.locale,
  );
  return (
    <Group
      gap={6}
      component="ul"
      aria-label={t('posts.audienceLabel')}
      m={0}
      p={0}
      style={{ listStyle: 'none' }}
    >
      {badges.map((badge) => (
        <Badge component="li" key={badge.key} variant="outline" color={KIND_COLOURS[badge.kind]} tt="none">
          {badge.label}
        </Badge>
      ))}
    </Group>
  );
}

/** The post's files as download links, with their sizes. */
export function PostAttachments({
  attachments,
  headingOrder,
}: {
  attachments: PostAttachment[];
  headingOrder: 3 | 4;
}) {
  const { t } = useTranslation();
  const format = usePostFormat();
  if (attachments.length === 0) return null;
  return (
    <Stack gap={4}>
      <Title order={headingOrder} size="h6">
        {t('posts.attachments.title')}
      </Title>
      <Stack component="ul" gap={4} m={0} p={0} style={{ listStyle: 'none' }}>
        {attachments.map((attachment) => (
          <li key={attachment.id}>
            <Anchor href={fileContentUrl(attachment.id)} size="sm" download={attachment.name}>
              <Group component="span" gap={6} wrap="nowrap">
                <IconDownload size={16} aria-hidden="true" style={{ flexShrink: 0 }} />
                <span>
                  {t('posts.attachments.download', {
                    name: attachment.name,
                    size: format.size(attachment.size),
                  })}
                </span>
              </Group>
            </Anchor>
          </li>
        ))}
      </Stack>
    </Stack>
  );
}
