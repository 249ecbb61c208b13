import { Alert, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/load-error';
import { AnchorLink } from '../../../components/router-links';
import { CaseStatusBadge } from '../../../entities/cases/case-status-badge';
import { useRooms } from '../../../entities/rooms/get-rooms';
import { useFormatters } from '../../../lib/dates';
import { useMyCases } from '../api/get-cases';
import { newestFirst, roomNames } from '../model/case-order';

/** «Mine saker»: what the reader has reported, newest first, and how far each has come. */
export function MyCasesTab() {
  const { t } = useTranslation();
  const format = useFormatters();
  const cases = useMyCases();
  const rooms = useRooms();
  const names = useMemo(() => roomNames(rooms.data), [rooms.data]);
  const sorted = useMemo(() => newestFirst(cases.data?.cases ?? []), [cases.data]);

  if (cases.isPending) {
    return (
      <Stack gap="xs" aria-busy="true" aria-label={t('janitorCases.mine.loading')}>
        <Skeleton h={64} />
        <Skeleton h={64} />
      </Stack>
    );
  }
  if (cases.isError) {
    return (
      <LoadError
        title={t('janitorCases.mine.loadFailed')}
        error={cases.error}
        onRetry={() => void cases.refetch()}
      />
    );
  }
  if (sorted.length === 0) {
    return (
      <Alert color="gray" variant="light">
        {t('janitorCases.mine.empty')}
      </Alert>
    );
  }
  return (
    <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} maw={720}>
      {sorted.map((item) => {
        const room = item.roomId ? names.get(item.roomId) : undefined;
        return (
          <Paper component="li" key={item.id} withBorder p="sm" radius="md">
            <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
              <Stack gap={2} style={{ minWidth: 0 }}>
                <AnchorLink to="/app/janitor/cases/$caseId" params={{ caseId: item.id }} fw={600}>
                  {item.title}
                </AnchorLink>
                <Text size="sm" c="dimmed">
                  {[
                    t('janitorCases.caseNumber', { number: item.number }),
                    room ?? t('janitorCases.noRoom'),
                    format.date(item.createdAt),
                  ].join(' · ')}
                </Text>
              </Stack>
              <CaseStatusBadge status={item.status} />
            </Group>
          </Paper>
        );
      })}
      {cases.data.truncated && (
        <Text component="li" size="sm" c="dimmed">
          {t('janitorCases.mine.truncated')}
        </Text>
      )}
    </Stack>
  );
}
