import { Alert, Badge, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconCheck, IconClock, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '../../../lib/error-message';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useCan } from '../../../entities/session/access';
import { useProposals } from '../api/get-proposals';
import { ProposeForm } from '../components/propose-form';
import { ProposalList } from '../components/proposal-list';
import { useProposalDecision } from '../components/use-proposal-decision';

type Tab = 'pending' | 'approved' | 'rejected';

/**
 * SPEC §6 Proposals: a scholar proposes the attendance of an event they led; an admin or teacher
 * approves it (copied into attendance) or rejects it. Not a route of SPEC §2: it sits beside
 * /app/attendance at /app/attendance/proposals.
 */
export function AttendanceProposalsPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('pages.attendanceProposals.title'));
  const canSubmit = useCan('proposals:submit');
  const canApprove = useCan('proposals:approve');

  return (
    <Stack gap="xl">
      <Stack gap="xs">
        <Title order={1}>{t('pages.attendanceProposals.title')}</Title>
        <Text>{canApprove ? t('proposals.introApprover') : t('proposals.intro')}</Text>
      </Stack>
      {canSubmit && <ScholarView showOwnList={!canApprove} />}
      {canApprove && <ApproverView />}
    </Stack>
  );
}

/** «Foreslå oppmøte» and, below it, the scholar's own proposals with their state. */
function ScholarView({ showOwnList }: { showOwnList: boolean }) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const own = useProposals('all');

  return (
    <>
      <Stack gap="md" component="section" aria-labelledby="proposals-propose">
        <Title order={2} id="proposals-propose">
          {t('proposals.propose.title')}
        </Title>
        {own.isError && (
          <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden="true" />}>
            {errorMessage(own.error)}
          </Alert>
        )}
        {/* Without the list, the form still works: the server then says if a proposal is decided. */}
        <ProposeForm proposals={own.data ?? (own.isError ? [] : undefined)} />
      </Stack>
      {showOwnList && (
        <Stack gap="md" component="section" aria-labelledby="proposals-mine">
          <Title order={2} id="proposals-mine">
            {t('proposals.mine.title')}
          </Title>
          <ProposalList state="all" empty={t('proposals.mine.empty')} headingOrder={3} decision={null} />
        </Stack>
      )}
    </>
  );
}

/** Pending proposals to decide, and the history of decided ones, by tab. */
function ApproverView() {
  const { t } = useTranslation();
  const decision = useProposalDecision();
  const pending = useProposals('pending');
  const [tab, setTab] = useState<Tab>('pending');
  const pendingCount = pending.data?.length ?? 0;

  return (
    <Stack gap="md" component="section" aria-labelledby="proposals-decide">
      <Title order={2} id="proposals-decide">
        {t('proposals.list.title')}
      </Title>
      <Tabs value={tab} onChange={(value) => setTab((value as Tab | null) ?? 'pending')} keepMounted={false}>
        <Tabs.List aria-label={t('proposals.list.tabs')}>
          <Tabs.Tab
            value="pending"
            leftSection={<IconClock size={16} aria-hidden="true" />}
            rightSection={
              pendingCount > 0 ? (
                <Badge size="sm" circle color="yellow.6" autoContrast aria-hidden="true">
                  {pendingCount}
                </Badge>
              ) : undefined
            }
            aria-label={
              pendingCount > 0 ? t('proposals.list.pendingCount', { count: pendingCount }) : undefined
            }
          >
            {t('proposals.state.pending')}
          </Tabs.Tab>
          <Tabs.Tab value="approved" leftSection={<IconCheck size={16} aria-hidden="true" />}>
            {t('proposals.state.approved')}
          </Tabs.Tab>
          <Tabs.Tab value="rejected" leftSection={<IconX size={16} aria-hidden="true" />}>
            {t('proposals.state.rejected')}
          </Tabs.Tab>
        </Tabs.List>
        {(['pending', 'approved', 'rejected'] as const).map((state) => (
          <Tabs.Panel key={state} value={state} pt="md">
            <ProposalList
              state={state}
              empty={t(`proposals.list.empty.${state}`)}
              headingOrder={3}
              decision={decision}
            />
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}
