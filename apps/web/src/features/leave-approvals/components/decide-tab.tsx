import {
  Alert,
  Badge,
  Button,
  Group,
  NativeSelect,
  Skeleton,
  Stack,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconArrowBackUp, IconCalendarEvent, IconCheck, IconX } from '@tabler/icons-react';
import { LEAVE_LIST_MAX, LEAVE_STATUSES, type Leave } from '@tun/shared/leave';
import { fullName } from '@tun/shared/names';
import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/load-error';
import { useConfirmDelete } from '../../../components/use-confirm-delete';
import { PENDING_LEAVE, useLeave, useLeaveList } from '../../../entities/leave/get-leave';
import { LeaveFacts } from '../../../entities/leave/leave-facts';
import { LeaveItem } from '../../../entities/leave/leave-item';
import { useWithdrawLeave } from '../../../entities/leave/withdraw-leave';
import { useLines } from '../../../entities/lines/get-lines';
import { decidedOf, isStanding, pendingFirst, waitingForMe, type LeaveFilter } from '../model/decide-model';
import { DecisionDialog, type DecisionRequest } from './decision-dialog';
import { PeriodDialog } from './period-dialog';

/** The element of one application in the list, for a link that opens it. */
const itemId = (id: string) => `leave-decide-${id}`;

/** How many applications wait for the reader's decision, for the tab's label. */
export function PendingLeaveCount() {
  const { t } = useTranslation();
  const count = waitingForMe(useLeaveList(PENDING_LEAVE).data?.leaves);
  if (count === 0) return null;
  return (
    <Badge size="sm" circle={count < 10} variant="filled" tt="none">
      {count}
      <VisuallyHidden> {t('leave.decide.waitingHidden')}</VisuallyHidden>
    </Badge>
  );
}

/**
 * «Søknader» (decision 027): teachers and admins see what waits for a decision first, then the
 * rest, by status. Each application says who, which lines, when, what, whether they sleep away
 * and whether it is valid leave; what the reader may do with it comes from its `policies`.
 */
export function DecideTab({ openId }: { openId?: string | undefined }) {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<LeaveFilter>('all');
  const pending = useLeaveList(PENDING_LEAVE);
  const rest = useLeaveList(filter === 'all' || filter === 'pending' ? {} : { status: filter });
  const lines = useLines();
  const [deciding, setDeciding] = useState<DecisionRequest | null>(null);
  const [moving, setMoving] = useState<Leave | null>(null);

  const lineNames = useMemo(
    () => new Map((lines.data ?? []).map((line) => [line.id, line.name])),
    [lines.data],
  );
  const waiting = useMemo(() => pendingFirst(pending.data?.leaves ?? []), [pending.data]);
  const decided = useMemo(() => decidedOf(rest.data?.leaves ?? [], filter), [rest.data, filter]);

  // A link to one the full list does not hold (older than its newest) asks for it alone.
  const loaded = pending.isSuccess && rest.isSuccess;
  const shown = openId !== undefined && [...waiting, ...decided].some((leave) => leave.id === openId);
  const single = useLeave(openId !== undefined && filter === 'all' && loaded && !shown ? openId : null);
  const opened = openId !== undefined && (shown || single.isSuccess);
  const focused = useRef<string | null>(null);
  useEffect(() => {
    if (!opened || focused.current === openId) return;
    const element = document.getElementById(itemId(openId));
    if (!element) return;
    // Once per link: a later change of the list must not take the focus back.
    focused.current = openId;
    element.scrollIntoView({ block: 'center' });
    element.focus({ preventScroll: true });
  }, [opened, openId]);

  const item = (leave: Leave) => (
    <DecideItem
      key={leave.id}
      leave={leave}
      lineNames={lineNames}
      highlighted={leave.id === openId}
      onDecide={(decision) => setDeciding({ leave, decision })}
      onMove={() => setMoving(leave)}
    />
  );

  const failed = pending.isError ? pending : rest.isError ? rest : null;
  if (failed) {
    return (
      <LoadError
        title={t('leave.decide.loadFailed')}
        error={failed.error}
        onRetry={() => void failed.refetch()}
      />
    );
  }

  return (
    <Stack gap="lg" maw={840}>
      <NativeSelect
        label={t('leave.decide.filter')}
        value={filter}
        onChange={(event) => setFilter(event.currentTarget.value as LeaveFilter)}
        data={[
          { value: 'all', label: t('leave.decide.filterAll') },
          ...LEAVE_STATUSES.map((status) => ({ value: status, label: t(`leave.status.${status}`) })),
        ]}
        w={{ base: '100%', xs: 240 }}
      />
      {filter === 'all' && !shown && single.data && (
        <Stack gap="xs" component="section" aria-label={t('leave.decide.opened')}>
          <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {item(single.data)}
          </Stack>
        </Stack>
      )}
      {(filter === 'all' || filter === 'pending') && (
        <Section
          title={t('leave.decide.pendingTitle', { count: waiting.length })}
          loading={pending.isPending}
          empty={t('leave.decide.pendingEmpty')}
          leaves={waiting}
          item={item}
        />
      )}
      {filter !== 'pending' && (
        <Section
          title={filter === 'all' ? t('leave.decide.decidedTitle') : t(`leave.status.${filter}`)}
          loading={rest.isPending}
          empty={t('leave.decide.decidedEmpty')}
          leaves={decided}
          item={item}
          truncated={rest.data !== undefined && rest.data.leaves.length >= LEAVE_LIST_MAX}
        />
      )}
      <DecisionDialog request={deciding} onClose={() => setDeciding(null)} />
      <PeriodDialog leave={moving} onClose={() => setMoving(null)} />
    </Stack>
  );
}

function Section({
  title,
  loading,
  empty,
  leaves,
  item,
  truncated = false,
}: {
  title: string;
  loading: boolean;
  empty: string;
  leaves: Leave[];
  item: (leave: Leave) => ReactNode;
  truncated?: boolean;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <Stack gap="xs" component="section" aria-labelledby={headingId}>
      <Title order={2} size="h3" id={headingId}>
        {title}
      </Title>
      {loading ? (
        <Stack gap="xs" aria-busy="true" aria-label={t('app.loading')}>
          <Skeleton h={140} />
        </Stack>
      ) : leaves.length === 0 ? (
        <Alert color="gray" variant="light">
          {empty}
        </Alert>
      ) : (
        <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {leaves.map(item)}
        </Stack>
      )}
      {truncated && (
        <Alert color="gray" variant="light">
          {t('leave.decide.truncated', { max: LEAVE_LIST_MAX })}
        </Alert>
      )}
    </Stack>
  );
}

function DecideItem({
  leave,
  lineNames,
  highlighted,
  onDecide,
  onMove,
}: {
  leave: Leave;
  lineNames: Map<string, string>;
  highlighted: boolean;
  onDecide: (decision: DecisionRequest['decision']) => void;
  onMove: () => void;
}) {
  const { t } = useTranslation();
  const withdraw = useWithdrawLeave();
  const confirm = useConfirmDelete();
  const name = fullName(leave.studentName);
  const standing = isStanding(leave);
  const lines = leave.lineIds.map((id) => lineNames.get(id)).filter((line) => line !== undefined);
  const decidable = leave.policies.decide && leave.status === 'pending';
  const movable = leave.policies.changePeriod ?? (leave.policies.decide && standing);
  const withdrawable = leave.policies.withdraw && standing;

  const askWithdraw = () =>
    confirm({
      title: t('leave.decide.withdrawTitle'),
      body: t('leave.decide.withdrawBody', { name }),
      confirm: t('leave.decide.withdrawConfirm'),
      cancel: t('leave.decide.withdrawCancel'),
      deleted: t('leave.decide.withdrawn', { name }),
      failed: t('leave.decide.withdrawFailed'),
      cancelByDefault: true,
      remove: () => withdraw.mutateAsync(leave.id),
    });

  return (
    <LeaveItem leave={leave} id={itemId(leave.id)} heading={name} headingOrder={3} highlighted={highlighted}>
      <LeaveFacts
        leave={leave}
        before={[
          {
            term: t('leave.facts.lines'),
            value: lines.length ? lines.join(', ') : t('leave.facts.noLines'),
          },
        ]}
      />
      {(decidable || movable || withdrawable) && (
        <Group gap="xs" wrap="wrap">
          {decidable && (
            <>
              <Button
                size="xs"
                leftSection={<IconCheck size={16} aria-hidden="true" />}
                aria-label={t('leave.decide.approveLabel', { name })}
                onClick={() => onDecide('approved')}
              >
                {t('leave.decide.approve')}
              </Button>
              <Button
                size="xs"
                variant="default"
                leftSection={<IconX size={16} aria-hidden="true" />}
                aria-label={t('leave.decide.rejectLabel', { name })}
                onClick={() => onDecide('rejected')}
              >
                {t('leave.decide.reject')}
              </Button>
            </>
          )}
          {movable && (
            <Button
              size="xs"
              variant="default"
              leftSection={<IconCalendarEvent size={16} aria-hidden="true" />}
              aria-label={t('leave.decide.moveLabel', { name })}
              onClick={onMove}
            >
              {t('leave.decide.move')}
            </Button>
          )}
          {withdrawable && (
            <Button
              size="xs"
              variant="default"
              leftSection={<IconArrowBackUp size={16} aria-hidden="true" />}
              aria-label={t('leave.decide.withdrawLabel', { name })}
              onClick={askWithdraw}
            >
              {t('leave.decide.withdraw')}
            </Button>
          )}
        </Group>
      )}
    </LeaveItem>
  );
}
