import {
  Box,
  Button,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import type { CaseStats } from '@tun/shared/maintenance';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/load-error';
import { useFormatters } from '../../../lib/dates';
import { periodSearch, useCaseStats } from '../api/get-case-stats';
import {
  barPercent,
  categoryRows,
  defaultPeriod,
  periodProblem,
  type CategoryRow,
  type Period,
} from '../model/stats';
import { useCaseNames } from './use-case-names';

/**
 * Open cases per room and category now, and what was reported and solved in a period with the
 * median time to solve (decision 026): a small chart, the tables with the same numbers, and CSV.
 */
export function StatsTab() {
  const { t } = useTranslation();
  const [period, setPeriod] = useState<Period>(() => defaultPeriod());
  const problem = periodProblem(period);
  const stats = useCaseStats(problem === null ? period : null);

  return (
    <Stack gap="lg">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          type="date"
          label={t('janitorBoard.stats.from')}
          value={period.from}
          onChange={(event) => setPeriod({ ...period, from: event.currentTarget.value })}
          w={{ base: '100%', xs: 180 }}
        />
        <TextInput
          type="date"
          label={t('janitorBoard.stats.to')}
          value={period.to}
          onChange={(event) => setPeriod({ ...period, to: event.currentTarget.value })}
          error={problem ? t(`janitorBoard.stats.period.${problem}`) : undefined}
          w={{ base: '100%', xs: 180 }}
        />
        {problem === null && (
          <Button
            component="a"
            href={`/api/v1/maintenance/stats.csv?${periodSearch(period)}`}
            download
            variant="default"
            leftSection={<IconDownload size={18} aria-hidden="true" />}
          >
            {t('janitorBoard.stats.csv')}
          </Button>
        )}
      </Group>

      {stats.isPending && problem === null && <Loader aria-label={t('app.loading')} />}
      {stats.isError && (
        <LoadError
          title={t('janitorBoard.stats.loadFailed')}
          error={stats.error}
          onRetry={() => void stats.refetch()}
        />
      )}
      {stats.data && <StatsContent stats={stats.data} />}
    </Stack>
  );
}

function StatsContent({ stats }: { stats: CaseStats }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const rows = categoryRows(stats);
  const hours = (value: number | null) =>
    value === null
      ? t('janitorBoard.stats.noMedian')
      : t('janitorBoard.stats.hours', { hours: format.number(value, { maximumFractionDigits: 1 }) });
  const period = t('janitorBoard.stats.periodText', {
    from: format.date(`${stats.from}T12:00:00Z`, { dateStyle: 'medium' }),
    to: format.date(`${stats.to}T12:00:00Z`, { dateStyle: 'medium' }),
  });

  return (
    <Stack gap="xl">
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
        <Figure label={t('janitorBoard.stats.reported')} value={format.number(stats.reported)} />
        <Figure label={t('janitorBoard.stats.solved')} value={format.number(stats.solved)} />
        <Figure label={t('janitorBoard.stats.median')} value={hours(stats.medianHoursToSolve)} />
      </SimpleGrid>
      <Text size="sm" c="dimmed">
        {period}
      </Text>

      <OpenByCategory rows={rows} />

      <Stack gap="xs">
        <Title order={2} size="h4" id="janitor-stats-categories">
          {t('janitorBoard.stats.byCategory')}
        </Title>
        <Table.ScrollContainer minWidth={560}>
          <Table striped verticalSpacing="xs" aria-labelledby="janitor-stats-categories">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('janitorBoard.stats.columns.category')}</Table.Th>
                <Table.Th scope="col" ta="end">
                  {t('janitorBoard.stats.columns.open')}
                </Table.Th>
                <Table.Th scope="col" ta="end">
                  {t('janitorBoard.stats.columns.reported')}
                </Table.Th>
                <Table.Th scope="col" ta="end">
                  {t('janitorBoard.stats.columns.solved')}
                </Table.Th>
                <Table.Th scope="col" ta="end">
                  {t('janitorBoard.stats.columns.median')}
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.category}>
                  <Table.Th scope="row" fw={400}>
                    {t(`cases.category.${row.category}`)}
                  </Table.Th>
                  <Table.Td ta="end">{format.number(row.open)}</Table.Td>
                  <Table.Td ta="end">{format.number(row.reported)}</Table.Td>
                  <Table.Td ta="end">{format.number(row.solved)}</Table.Td>
                  <Table.Td ta="end">{hours(row.medianHoursToSolve)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>

      <OpenByRoom stats={stats} />
    </Stack>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="xl" fw={700}>
        {value}
      </Text>
    </Paper>
  );
}

/**
 * The chart is for the eye; the table below it holds the same numbers for everyone, so the bars
 * are left out of the accessibility tree rather than read twice.
 */
function OpenByCategory({ rows }: { rows: CategoryRow[] }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const headingId = useId();
  const max = Math.max(0, ...rows.map((row) => row.open));
  return (
    <Stack gap="xs" component="section" aria-labelledby={headingId}>
      <Title order={2} size="h4" id={headingId}>
        {t('janitorBoard.stats.openByCategory')}
      </Title>
      <Stack gap={6} aria-hidden="true" maw={560}>
        {rows.map((row) => (
          <Group key={row.category} gap="sm" wrap="nowrap">
            <Text size="sm" w={110} style={{ flexShrink: 0 }}>
              {t(`cases.category.${row.category}`)}
            </Text>
            <Box style={{ flex: 1 }} h={14} bg="var(--mantine-color-default-hover)">
              <Box h="100%" w={`${barPercent(row.open, max)}%`} bg="var(--mantine-color-fjord-7)" />
            </Box>
            <Text size="sm" w={32} ta="end" fw={600}>
              {format.number(row.open)}
            </Text>
          </Group>
        ))}
      </Stack>
    </Stack>
  );
}

function OpenByRoom({ stats }: { stats: CaseStats }) {
  const { t, i18n } = useTranslation();
  const format = useFormatters();
  const names = useCaseNames();
  const collator = new Intl.Collator(i18n.language);
  const rows = stats.openByRoom
    .map((row) => ({ ...row, name: names.room(row.roomId) }))
    .sort((a, b) => b.count - a.count || collator.compare(a.name, b.name));
  return (
    <Stack gap="xs">
      <Title order={2} size="h4" id="janitor-stats-rooms">
        {t('janitorBoard.stats.byRoom')}
      </Title>
      {rows.length === 0 ? (
        <Text size="sm">{t('janitorBoard.stats.noOpen')}</Text>
      ) : (
        <Table striped verticalSpacing="xs" aria-labelledby="janitor-stats-rooms" maw={560}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('janitorBoard.stats.columns.room')}</Table.Th>
              <Table.Th scope="col" ta="end">
                {t('janitorBoard.stats.columns.open')}
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.roomId ?? 'none'}>
                <Table.Th scope="row" fw={400}>
                  {row.name}
                </Table.Th>
                <Table.Td ta="end">{format.number(row.count)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
