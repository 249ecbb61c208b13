import { Badge, Button, Card, Group, Menu, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconArrowsExchange } from '@tabler/icons-react';
import type { CaseStatus, CaseSummary } from '@tun/shared/maintenance';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { CASE_STATUS_COLORS } from '../../../entities/cases/case-status-badge';
import { boardColumns, groupByStatus, moveTargets } from '../model/case-filters';
import { CaseLink, UrgencyLabel, useAge } from './case-meta';
import type { CaseNames } from './use-case-names';

interface CaseBoardProps {
  cases: readonly CaseSummary[];
  names: CaseNames;
  showRejected: boolean;
  /** The case whose move the reader just made: its card takes the focus in its new column. */
  focusCaseId: string | null;
  onFocused: () => void;
  onMove: (entry: CaseSummary, status: CaseStatus) => void;
  /** The case being moved, if any. */
  moving: string | undefined;
}

/**
 * Ny → Under arbeid → Venter på deler → Løst (and Avvist when shown): one column per status.
 * A card moves by its «Flytt til …» menu, which a keyboard works as well as a mouse.
 */
export function CaseBoard({
  cases,
  names,
  showRejected,
  focusCaseId,
  onFocused,
  onMove,
  moving,
}: CaseBoardProps) {
  const columns = boardColumns(showRejected);
  const grouped = groupByStatus(cases);
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: columns.length }} spacing="md">
      {columns.map((status) => (
        <BoardColumn
          key={status}
          status={status}
          cases={grouped[status]}
          names={names}
          focusCaseId={focusCaseId}
          onFocused={onFocused}
          onMove={onMove}
          moving={moving}
        />
      ))}
    </SimpleGrid>
  );
}

interface BoardColumnProps extends Omit<CaseBoardProps, 'cases' | 'showRejected'> {
  status: CaseStatus;
  cases: CaseSummary[];
}

function BoardColumn({ status, cases, ...cardProps }: BoardColumnProps) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <Stack
      component="section"
      aria-labelledby={headingId}
      gap="sm"
      p="sm"
      bg="var(--mantine-color-default-hover)"
      style={{
        borderRadius: 'var(--mantine-radius-md)',
        borderTop: `4px solid var(--mantine-color-${CASE_STATUS_COLORS[status]}-6)`,
      }}
    >
      <Group justify="space-between" gap="xs">
        <Title order={2} size="h4" id={headingId}>
          {t(`cases.status.${status}`)}
        </Title>
        <Badge
          variant="default"
          radius="sm"
          aria-label={t('janitorBoard.board.count', { count: cases.length })}
        >
          {cases.length}
        </Badge>
      </Group>
      {cases.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('janitorBoard.board.empty')}
        </Text>
      ) : (
        <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
          {cases.map((entry) => (
            <BoardCard key={entry.id} entry={entry} {...cardProps} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

type BoardCardProps = Omit<BoardColumnProps, 'status' | 'cases'> & { entry: CaseSummary };

function BoardCard({ entry, names, focusCaseId, onFocused, onMove, moving }: BoardCardProps) {
  const { t } = useTranslation();
  const age = useAge();
  const menuButton = useRef<HTMLButtonElement>(null);
  const focusHere = focusCaseId === entry.id;

  // A moved card is a new element in another column: the focus follows it there.
  useEffect(() => {
    if (!focusHere) return;
    menuButton.current?.focus();
    onFocused();
  }, [focusHere, onFocused]);

  return (
    <Card component="li" withBorder radius="md" padding="sm" data-case-id={entry.id}>
      <Stack gap={4}>
        <CaseLink entry={entry} />
        <Text size="sm">
          {names.room(entry.roomId)} · {t(`cases.category.${entry.category}`)}
        </Text>
        <Group gap="xs" justify="space-between">
          <Text size="sm">
            <UrgencyLabel urgency={entry.urgency} />
          </Text>
          <Text size="sm" c="dimmed">
            {age(entry.createdAt)}
          </Text>
        </Group>
        <Text size="sm" c="dimmed">
          {names.person(entry.assignedTo)}
        </Text>
        <Menu position="bottom-start" withinPortal>
          <Menu.Target>
            <Button
              ref={menuButton}
              size="compact-sm"
              variant="light"
              leftSection={<IconArrowsExchange size={16} aria-hidden="true" />}
              aria-label={t('janitorBoard.board.moveLabel', { number: entry.number, title: entry.title })}
              loading={moving === entry.id}
              style={{ alignSelf: 'flex-start' }}
            >
              {t('janitorBoard.board.move')}
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {moveTargets(entry.status).map((status) => (
              <Menu.Item key={status} onClick={() => onMove(entry, status)}>
                {t(`cases.status.${status}`)}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      </Stack>
    </Card>
  );
}
