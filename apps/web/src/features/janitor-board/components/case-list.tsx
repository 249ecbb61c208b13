import { Card, Group, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { CaseSummary } from '@tun/shared/maintenance';
import { useTranslation } from 'react-i18next';
import { CaseStatusBadge } from '../../../entities/cases/case-status-badge';
import { CaseLink, UrgencyLabel, useAge } from './case-meta';
import type { CaseNames } from './use-case-names';

interface CaseListProps {
  cases: readonly CaseSummary[];
  names: CaseNames;
}

/** Every filtered case: a table on a wide screen, cards on a phone (seven columns would scroll). */
export function CaseList({ cases, names }: CaseListProps) {
  const isPhone = useMediaQuery('(max-width: 47.99em)', false);
  return isPhone ? <CaseCards cases={cases} names={names} /> : <CaseTable cases={cases} names={names} />;
}

function CaseTable({ cases, names }: CaseListProps) {
  const { t } = useTranslation();
  const age = useAge();
  return (
    <Table.ScrollContainer minWidth={860}>
      <Table verticalSpacing="sm" striped aria-label={t('janitorBoard.list.label')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('janitorBoard.list.case')}</Table.Th>
            <Table.Th scope="col">{t('janitorBoard.list.room')}</Table.Th>
            <Table.Th scope="col">{t('janitorBoard.list.category')}</Table.Th>
            <Table.Th scope="col">{t('janitorBoard.list.urgency')}</Table.Th>
            <Table.Th scope="col">{t('janitorBoard.list.status')}</Table.Th>
            <Table.Th scope="col">{t('janitorBoard.list.assignee')}</Table.Th>
            <Table.Th scope="col">{t('janitorBoard.list.age')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {cases.map((entry) => (
            <Table.Tr key={entry.id}>
              <Table.Td maw={320}>
                <CaseLink entry={entry} />
              </Table.Td>
              <Table.Td>{names.room(entry.roomId)}</Table.Td>
              <Table.Td>{t(`cases.category.${entry.category}`)}</Table.Td>
              <Table.Td>
                <UrgencyLabel urgency={entry.urgency} />
              </Table.Td>
              <Table.Td>
                <CaseStatusBadge status={entry.status} size="sm" />
              </Table.Td>
              <Table.Td>{names.person(entry.assignedTo)}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{age(entry.createdAt)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function CaseCards({ cases, names }: CaseListProps) {
  const { t } = useTranslation();
  const age = useAge();
  return (
    <Stack
      gap="sm"
      component="ul"
      p={0}
      m={0}
      style={{ listStyle: 'none' }}
      aria-label={t('janitorBoard.list.label')}
    >
      {cases.map((entry) => (
        <Card key={entry.id} withBorder radius="md" padding="md" component="li">
          <Stack gap={6}>
            <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
              <CaseLink entry={entry} />
              <CaseStatusBadge status={entry.status} size="sm" />
            </Group>
            <Text size="sm">
              {names.room(entry.roomId)} · {t(`cases.category.${entry.category}`)}
            </Text>
            <Group gap="xs" wrap="wrap">
              <Text size="sm">
                {t('janitorBoard.list.urgency')}: <UrgencyLabel urgency={entry.urgency} />
              </Text>
            </Group>
            <Text size="sm" c="dimmed">
              {names.person(entry.assignedTo)} · {age(entry.createdAt)}
            </Text>
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}
