import { Group, Paper, Stack, Title, type TitleOrder } from '@mantine/core';
import type { Leave } from '@tun/shared/leave';
import type { ReactNode } from 'react';
import { LeaveStatusBadge } from './leave-status-badge';

/**
 * One application in a list (one's own, or those to decide): a list item named by its heading,
 * with the status beside it, that a link can focus (`id`) and that stands out when it is the
 * one a link opened. What it holds below is the list's own.
 */
export function LeaveItem({
  leave,
  id,
  heading,
  headingOrder,
  highlighted,
  children,
}: {
  leave: Pick<Leave, 'status'>;
  id: string;
  heading: string;
  headingOrder: TitleOrder;
  highlighted: boolean;
  children: ReactNode;
}) {
  const headingId = `${id}-heading`;
  return (
    <Paper
      component="li"
      id={id}
      tabIndex={-1}
      aria-labelledby={headingId}
      withBorder
      p="sm"
      radius="md"
      style={highlighted ? { borderColor: 'var(--mantine-primary-color-filled)', borderWidth: 2 } : undefined}
    >
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Title order={headingOrder} size="h4" id={headingId}>
            {heading}
          </Title>
          <LeaveStatusBadge status={leave.status} />
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}
