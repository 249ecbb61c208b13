import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { Proposal } from '@tun/shared/attendance';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '../../../lib/error-message';
import { notify } from '../../../lib/notify';
import { useDecideProposal, type Decision } from '../api/decide-proposal';

/** How the dialog and notifications name a proposal. */
export interface ProposalLabel {
  event: string;
  time: string;
  person: string;
}

/**
 * «Godkjenn» at once (it can be corrected on the sheet afterwards); «Avvis» after a confirmation,
 * because a rejected proposal cannot be sent again.
 */
export function useProposalDecision() {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const decide = useDecideProposal();
  const [busy, setBusy] = useState<{ eventId: string; decision: Decision } | null>(null);

  // The promise, not mutate's callbacks: those are dropped when the card unmounts, which is
  // what a decided proposal does as it leaves the pending list.
  const run = (proposal: Proposal, decision: Decision, label: ProposalLabel) => {
    setBusy({ eventId: proposal.eventId, decision });
    return decide
      .mutateAsync({ eventId: proposal.eventId, decision })
      .then(
        () =>
          notify({
            color: 'teal',
            message: t(decision === 'approve' ? 'proposals.decide.approved' : 'proposals.decide.rejected', {
              name: label.event,
            }),
          }),
        (error: unknown) =>
          notify({
            color: 'red',
            title: t('proposals.decide.failed'),
            message: errorMessage(error),
          }),
      )
      .finally(() => setBusy(null));
  };

  return {
    busy,
    approve: (proposal: Proposal, label: ProposalLabel) => void run(proposal, 'approve', label),
    reject: (proposal: Proposal, label: ProposalLabel) =>
      modals.openConfirmModal({
        title: t('proposals.decide.rejectTitle'),
        children: <Text>{t('proposals.decide.rejectBody', { ...label, name: label.event })}</Text>,
        labels: { confirm: t('proposals.decide.rejectConfirm'), cancel: t('modals.cancel') },
        confirmProps: { color: 'red' },
        closeButtonProps: { 'aria-label': t('app.close') },
        onConfirm: () => void run(proposal, 'reject', label),
      }),
  };
}
