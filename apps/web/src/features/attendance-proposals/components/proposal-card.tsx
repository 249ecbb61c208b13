import { Badge, Button, Group, Paper, Stack, Table, Text, Title, type TitleOrder } from '@mantine/core';
import { IconCheck, IconChevronDown, IconChevronUp, IconClipboardList, IconX } from '@tabler/icons-react';
import type { Proposal } from '@tun/shared/attendance';
import type { CalendarEvent } from '@tun/shared/calendar';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../components/router-links';
import { eventWhen, sentAt } from '../model/proposal-format';
import { recordCounts, sortedRecords, type MarkKey } from '../model/proposal-model';
import { MarkBadge } from './status-picker';
import type { ProposalLabel, useProposalDecision } from './use-proposal-decision';

const SUMMARY: readonly MarkKey[] = ['attending', 'notAttending', 'justifiedLeave', 'unmarked'];

const STATE_COLORS: Record<Proposal['state'], string> = {
  pending: 'yellow.6',
  approved: 'teal.9',
  rejected: 'gray.7',
};

/** The event a proposal is for: loading, found, no longer in the calendar, or not to be had now. */
export type EventLookup =
  | { status: 'loading' }
  | { status: 'found'; event: CalendarEvent }
  | { status: 'gone' }
  | { status: 'failed' };

const EVENT_TEXT = {
  loading: 'proposals.card.eventLoading',
  gone: 'proposals.card.eventGone',
  failed: 'proposals.card.eventFailed',
} as const;

interface ProposalCardProps {
  proposal: Proposal;
  event: EventLookup;
  /** Short full names and sheet order by person id. */
  people: { names: ReadonlyMap<string, string>; order: ReadonlyMap<string, number> };
  /** Names of lines, electives and groups by id; undefined while they load. */
  groupNames: (ids: readonly string[], unknown: string) => string[] | undefined;
  headingOrder: TitleOrder;
  /** Approvers decide pending proposals; null for a scholar's own list. */
  decision: ReturnType<typeof useProposalDecision> | null;
  /** Whether the students are listed at first (short pending ones are; the rest are summed up). */
  defaultOpen: boolean;
}

/** One proposal: the event and its time, who proposed it, the students and their statuses. */
export function ProposalCard({
  proposal,
  event,
  people,
  groupNames,
  headingOrder,
  decision,
  defaultOpen,
}: ProposalCardProps) {
  const { t, i18n } = useTranslation();
  const { names } = people;
  const language = i18n.resolvedLanguage ?? i18n.language;
  const headingId = useId();
  const tableId = useId();
  const [open, setOpen] = useState(defaultOpen);

  const found = event.status === 'found' ? event.event : null;
  const eventName = event.status === 'found' ? event.event.name : t(EVENT_TEXT[event.status]);
  const when = found
    ? eventWhen(found.start, found.end, language)
    : proposal.eventStart
      ? eventWhen(proposal.eventStart, null, language)
      : '';
  // Every class lesson is called «Linjefag»: who it is for tells them apart.
  const attendees = found
    ? found.groupsAttending.length === 0
      ? t('proposals.card.wholeSchool')
      : groupNames(found.groupsAttending, t('proposals.card.unknownGroup'))?.join(', ')
    : undefined;
  const person = (id: string | null) => (id && names.get(id)) || t('proposals.card.unknownPerson');
  const label: ProposalLabel = {
    event: found
      ? found.groupsAttending.length > 0 && attendees
        ? `${found.name} (${attendees})`
        : found.name
      : when,
    time: when,
    person: person(proposal.registeredBy),
  };
  const counts = recordCounts(proposal.records);
  const records = sortedRecords(proposal.records, people.order);
  const busy = decision?.busy?.eventId === proposal.eventId ? decision.busy.decision : null;

  return (
    <Paper component="article" withBorder radius="md" p="md" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
          <Stack gap={2} style={{ flex: '1 1 16rem', minWidth: 0 }}>
            <Title order={headingOrder} size="h4" id={headingId} style={{ overflowWrap: 'anywhere' }}>
              {eventName}
            </Title>
            {attendees && (
              <Text size="sm" fw={500}>
                {attendees}
              </Text>
            )}
            {when && (
              <Text size="sm">
                <time dateTime={found?.start ?? proposal.eventStart ?? undefined}>{when}</time>
              </Text>
            )}
          </Stack>
          <Badge color={STATE_COLORS[proposal.state]} autoContrast variant="filled" tt="none" size="lg">
            {t(`proposals.state.${proposal.state}`)}
          </Badge>
        </Group>

        <Stack gap={2}>
          <Text size="sm">
            {t('proposals.card.proposedBy', {
              name: person(proposal.registeredBy),
              date: sentAt(proposal.date, language),
            })}
          </Text>
          {proposal.state !== 'pending' && proposal.decidedAt && (
            <Text size="sm">
              {t(`proposals.card.decidedBy.${proposal.state}`, {
                name: person(proposal.decidedBy),
                date: sentAt(proposal.decidedAt, language),
              })}
            </Text>
          )}
        </Stack>

        <Group gap="md" role="group" aria-label={t('proposals.card.summary')}>
          {SUMMARY.filter((key) => counts[key] > 0).map((key) => (
            <Group key={key} gap={4} wrap="nowrap">
              <MarkBadge mark={key} size="sm" />
              <Text size="sm" fw={600}>
                {counts[key]}
              </Text>
            </Group>
          ))}
        </Group>

        {decision && proposal.state === 'pending' && (
          <Group gap="sm">
            <Button
              variant="outline"
              color="red"
              leftSection={<IconX size={18} aria-hidden="true" />}
              aria-label={t('proposals.decide.rejectLabel', { name: label.event, time: when })}
              loading={busy === 'reject'}
              disabled={busy === 'approve'}
              onClick={() => decision.reject(proposal, label)}
            >
              {t('proposals.decide.reject')}
            </Button>
            <Button
              leftSection={<IconCheck size={18} aria-hidden="true" />}
              aria-label={t('proposals.decide.approveLabel', { name: label.event, time: when })}
              loading={busy === 'approve'}
              disabled={busy === 'reject'}
              onClick={() => decision.approve(proposal, label)}
            >
              {t('proposals.decide.approve')}
            </Button>
          </Group>
        )}
        {decision && proposal.state === 'approved' && found && (
          <Group>
            <ButtonLink
              to="/app/attendance"
              search={{ type: 'event', id: proposal.eventId }}
              variant="light"
              leftSection={<IconClipboardList size={18} aria-hidden="true" />}
            >
              {t('proposals.card.openSheet')}
            </ButtonLink>
          </Group>
        )}
        {records.length === 0 ? (
          <Text size="sm">{t('proposals.card.noRecords')}</Text>
        ) : (
          <>
            <Button
              variant="subtle"
              size="compact-sm"
              style={{ alignSelf: 'flex-start' }}
              leftSection={
                open ? (
                  <IconChevronUp size={16} aria-hidden="true" />
                ) : (
                  <IconChevronDown size={16} aria-hidden="true" />
                )
              }
              aria-expanded={open}
              aria-controls={open ? tableId : undefined}
              onClick={() => setOpen((current) => !current)}
            >
              {open
                ? t('proposals.card.hideStudents')
                : t('proposals.card.showStudents', { count: records.length })}
            </Button>
            {open && (
              <Table.ScrollContainer minWidth={320} type="native">
                <Table id={tableId} verticalSpacing="xs" striped aria-labelledby={headingId}>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th scope="col">{t('proposals.card.columns.student')}</Table.Th>
                      <Table.Th scope="col">{t('proposals.card.columns.status')}</Table.Th>
                      <Table.Th scope="col">{t('proposals.card.columns.note')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {records.map((record) => (
                      <Table.Tr key={record.studentId}>
                        <Table.Td style={{ overflowWrap: 'anywhere' }}>
                          {names.get(record.studentId) ?? t('proposals.card.unknownStudent')}
                        </Table.Td>
                        <Table.Td>
                          <MarkBadge mark={record.manualStatus ?? 'unmarked'} size="sm" />
                        </Table.Td>
                        <Table.Td style={{ overflowWrap: 'anywhere' }}>{record.note ?? ''}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
          </>
        )}
      </Stack>
    </Paper>
  );
}
