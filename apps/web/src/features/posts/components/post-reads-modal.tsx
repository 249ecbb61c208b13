import { Loader, Modal, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/load-error';
import { usePostReads } from '../api/get-post-reads';
import { usePostFormat } from './use-post-format';

interface PostReadsModalProps {
  /** The post whose reads are shown; null while closed. */
  post: { id: string; title: string; requireReadConfirmation: boolean } | null;
  onClose: () => void;
  stackId?: string;
}

/** «Lest av 34 av 60» opened: who of the audience has read the post, and who has not. */
export function PostReadsModal({ post, onClose, stackId }: PostReadsModalProps) {
  const { t } = useTranslation();
  const format = usePostFormat();
  const reads = usePostReads(post?.id ?? null);
  const data = reads.data;

  return (
    <Modal
      opened={post !== null}
      onClose={onClose}
      stackId={stackId}
      title={post ? t('posts.reads.title', { title: post.title }) : ''}
      size="lg"
      closeButtonProps={{ 'aria-label': t('app.close') }}
    >
      <Stack gap="md">
        {post?.requireReadConfirmation && <Text size="sm">{t('posts.reads.confirmNote')}</Text>}
        {reads.isPending && <Loader size="sm" aria-label={t('app.loading')} />}
        {reads.isError && (
          <LoadError
            title={t('posts.reads.loadFailed')}
            error={reads.error}
            onRetry={() => void reads.refetch()}
          />
        )}
        {data && (
          <>
            <Text fw={600}>{t('posts.reads.count', { read: data.read, count: data.total })}</Text>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
              <Stack gap="xs">
                <Title order={3} size="h5">
                  {t('posts.reads.read', { count: data.readers.length })}
                </Title>
                {data.readers.length === 0 ? (
                  <Text size="sm">{t('posts.reads.nobody')}</Text>
                ) : (
                  <Stack component="ul" gap={4} m={0} p={0} style={{ listStyle: 'none' }}>
                    {data.readers.map((reader) => (
                      <Text component="li" size="sm" key={reader.id}>
                        {t('posts.reads.readAt', { name: reader.name, date: format.dateTime(reader.readAt) })}
                      </Text>
                    ))}
                  </Stack>
                )}
              </Stack>
              <Stack gap="xs">
                <Title order={3} size="h5">
                  {t('posts.reads.notRead', { count: data.notRead.length })}
                </Title>
                {data.notRead.length === 0 ? (
                  <Text size="sm">{t('posts.reads.everyone')}</Text>
                ) : (
                  <Stack component="ul" gap={4} m={0} p={0} style={{ listStyle: 'none' }}>
                    {data.notRead.map((person) => (
                      <Text component="li" size="sm" key={person.id}>
                        {person.name}
                      </Text>
                    ))}
                  </Stack>
                )}
              </Stack>
            </SimpleGrid>
          </>
        )}
      </Stack>
    </Modal>
  );
}
