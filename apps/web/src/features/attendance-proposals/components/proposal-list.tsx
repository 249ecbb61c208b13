import { Center, Loader, Pagination, Stack, Text, type TitleOrder } from '@mantine/core';
import { useQueries } from '@tanstack/react-query';
import type { Proposal } from '@tun/shared/attendance';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-client';
import { eventQueryOptions } from '../../../entities/attendance/get-event';
import { useCalendarNames } from '../../../entities/calendar/use-calendar-names';
import { usePeople } from '../../../entities/people/get-people';
import { useProposals, type ProposalState } from '../api/get-proposals';
import { ProposalCard, type EventLookup } from './proposal-card';
import { pageOf, peopleIndex } from '../model/proposal-model';
import type { useProposalDecision } from './use-proposal-decision';
import { LoadError } from '../../../components/load-error';

const PAGE_SIZE = 10;
/** A pending proposal for up to this many students shows them at once. */
const OPEN_UP_TO = 15;

interface ProposalListProps {
  state: ProposalState;
  /** Shown when there is none; depends on the tab. */
  empty: string;
  headingOrder: TitleOrder;
  decision: ReturnType<typeof useProposalDecision> | null;
}

/**
 * Proposals in a state, newest first, a page at a time: each page looks up only its own events
 * (the calendar answers one id at a time, and history can hold hundreds of proposals).
 */
export function ProposalList({ state, empty, headingOrder, decision }: ProposalListProps) {
  const { t, i18n } = useTranslation();
  const locale = i18n.resolvedLanguage ?? i18n.language;
  const proposals = useProposals(state);
  const people = usePeople({ former: true });
  const [page, setPage] = useState(1);

  const calendarNames = useCalendarNames();
  const directory = useMemo(() => peopleIndex(people.data ?? [], locale), [people.data, locale]);
  const all = proposals.data ?? [];
  const pages = Math.max(1, Math.ceil(all.length / PAGE_SIZE));
  // A decision can empty the last page: show the page before it rather than nothing.
  const current = Math.min(page, pages);
  const shown = pageOf(all, current, PAGE_SIZE);
  const lookups = useQueries({
    queries: shown.map((proposal) => ({ ...eventQueryOptions(proposal.eventId), staleTime: 60_000 })),
  });

  if (proposals.isPending) return <Loader aria-label={t('app.loading')} />;
  if (proposals.isError) {
    return (
      <LoadError
        title={t('proposals.list.loadFailed')}
        error={proposals.error}
        onRetry={() => void proposals.refetch()}
      />
    );
  }
  if (all.length === 0) return <Text>{empty}</Text>;

  const lookup = (index: number): EventLookup => {
    const query = lookups[index];
    if (query?.data) return { status: 'found', event: query.data };
    if (query?.isError) {
      return isApiError(query.error) && query.error.status === 404
        ? { status: 'gone' }
        : { status: 'failed' };
    }
    return { status: 'loading' };
  };

  return (
    <Stack gap="sm" aria-busy={proposals.isFetching}>
      <Text size="sm" c="dimmed">
        {t('proposals.list.count', { count: all.length })}
      </Text>
      <Stack gap="sm">
        {shown.map((proposal: Proposal, index) => (
          <ProposalCard
            key={proposal.eventId}
            proposal={proposal}
            event={lookup(index)}
            people={directory}
            groupNames={calendarNames.attendees}
            headingOrder={headingOrder}
            decision={decision}
            // A long list would push the next proposal far down: sum it up, and list it on request.
            defaultOpen={
              proposal.state === 'pending' && decision !== null && proposal.records.length <= OPEN_UP_TO
            }
          />
        ))}
      </Stack>
      {pages > 1 && (
        <Center>
          <Pagination
            total={pages}
            value={current}
            onChange={setPage}
            getControlProps={(control) => ({
              'aria-label': t(`proposals.list.pagination.${control}`),
            })}
            getItemProps={(item) => ({ 'aria-label': t('proposals.list.pagination.page', { page: item }) })}
          />
        </Center>
      )}
    </Stack>
  );
}
