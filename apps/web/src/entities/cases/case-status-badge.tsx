import { Badge } from '@mantine/core';
import type { CaseStatus } from '@tun/shared/maintenance';
import { useTranslation } from 'react-i18next';

/** One colour per status, so a list or a board reads at a glance; the text says it for everyone. */
export const CASE_STATUS_COLORS: Record<CaseStatus, string> = {
  new: 'blue',
  inProgress: 'orange',
  waitingForParts: 'grape',
  solved: 'green',
  rejected: 'gray',
};

/** A janitor case's status («Ny», «Under arbeid», «Venter på deler», «Løst», «Avvist»). */
export function CaseStatusBadge({ status, size = 'md' }: { status: CaseStatus; size?: 'sm' | 'md' | 'lg' }) {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color={CASE_STATUS_COLORS[status]} radius="sm" size={size} tt="none">
      {t(`cases.status.${status}`)}
    </Badge>
  );
}
