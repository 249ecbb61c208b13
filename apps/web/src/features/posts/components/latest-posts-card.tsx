import { Alert, Anchor, Badge, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { AnchorLink } from '../../../components/router-links';
import { useCan } from '../../../entities/session/access';
import { useErrorMessage } from '../../../lib/error-message';
import { useLatestPosts } from '../api/get-post-feed';
import { UnreadMarker } from './post-parts';
import { usePostFormat } from './use-post-format';

/** The dashboard's «Siste innlegg»: my newest few (pinned first), each a link to the post. */
export function LatestPostsCard() {
  const { t } = useTranslation();
  const format = usePostFormat();
  const errorMessage = useErrorMessage();
  const canView = useCan('posts:view');
  const latest = useLatestPosts(canView);
  if (!canView) return null;
  const posts = latest.data?.posts ?? [];

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="dashboard-latest-posts">
      <Stack gap="sm">
        <Group justify="space-between" align="baseline">
          <Title order={2} size="h4" id="dashboard-latest-posts">
            {t('posts.latest.title')}
          </Title>
          <Anchor component={Link} to="/app/posts" size="sm">
            {t('posts.latest.open')}
          </Anchor>
        </Group>
        {latest.isPending && <Loader size="sm" aria-label={t('app.loading')} />}
        {latest.isError && !latest.data && (
          <Alert color="red" variant="light">
            {errorMessage(latest.error)}
          </Alert>
        )}
        {latest.data && posts.length === 0 && <Text>{t('posts.latest.empty')}</Text>}
        {posts.length > 0 && (
          <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: 'none' }}>
            {posts.map((post) => (
              <Group component="li" key={post.id} gap="xs" wrap="nowrap" align="flex-start">
                {post.readAt === null && post.status !== 'scheduled' ? (
                  <Group pt={7} gap={0}>
                    <UnreadMarker />
                  </Group>
                ) : (
                  <Group w={10} style={{ flexShrink: 0 }} aria-hidden="true" />
                )}
                <Stack gap={0} style={{ minWidth: 0 }}>
                  <AnchorLink
                    to="/app/posts"
                    search={{ post: post.id }}
                    fw={600}
                    style={{ overflowWrap: 'anywhere' }}
                  >
                    {post.title}
                  </AnchorLink>
                  <Group gap="xs">
                    <Text size="sm" component="time" dateTime={post.publishAt}>
                      {format.dateTime(post.publishAt)}
                    </Text>
                    {post.pinned && (
                      <Badge size="sm" variant="light" tt="none">
                        {t('posts.badges.pinned')}
                      </Badge>
                    )}
                    {post.status === 'scheduled' && (
                      <Badge size="sm" variant="light" color="orange" tt="none">
                        {t('posts.badges.scheduled')}
                      </Badge>
                    )}
                  </Group>
                </Stack>
              </Group>
            ))}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
