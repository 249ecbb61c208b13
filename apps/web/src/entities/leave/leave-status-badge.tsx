import { Badge } from '@mantine/core';
import type { LeaveStatus } from '@tun/shared/leave';
import { useTranslation } from 'react-i18next';

/** One colour per status, so a list reads at a glance; the text says it for everyone. */
const LEAVE_STATUS_COLORS: Record<LeaveStatus, string> = {
  pending: 'blue',
  approved: 'green',
  rejected: 'red',
  withdrawn: 'gray',
};

/** An application's status: «Søkt», «Godkjent», «Avslått», «Trukket». */
export function LeaveStatusBadge({ status }: { status: LeaveStatus }) {
  const { t } = useTranslation();
  return (
    <Badge
      variant="light"
      color={LEAVE_STATUS_COLORS[status]}
      radius="sm"
      tt="none"
      style={{ flexShrink: 0 }}
    >
      {t(`leave.status.${status}`)}
    </Badge>
  );
}
