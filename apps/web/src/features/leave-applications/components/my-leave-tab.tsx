import { Alert, Button, Group, Modal, Skeleton, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconArrowBackUp, IconPencil } from '@tabler/icons-react';
import type { Leave } from '@tun/shared/leave';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/load-error';
import { useConfirmDelete } from '../../../components/use-confirm-delete';
import { useLeaveList } from '../../../entities/leave/get-leave';
import { LeaveFacts } from '../../../entities/leave/leave-facts';
import { LeaveItem } from '../../../entities/leave/leave-item';
import { useWithdrawLeave } from '../../../entities/leave/withdraw-leave';
import { notify } from '../../../lib/notify';
import { LeaveForm } from './leave-form';

/** The element of one application in the list, for a link that opens it. */
const itemId = (id: string) => `leave-mine-${id}`;

/**
 * «Mine søknader» (decision 027): one's own applications, newest first, with their status and
 * the approver's comment; a pending one may be changed, and any that stands may be withdrawn.
 */
export function MyLeaveTab({ openId }: { openId?: string | undefined }) {
  const { t } = useTranslation();
  const list = useLeaveList();
  const [editing, setEditing] = useState<Leave | null>(null);
  const leaves = list.data?.leaves;

  // A notification's link: the application is brought into view and focused once it is there.
  const opened = openId !== undefined && leaves?.some((leave) => leave.id === openId) === true;
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

  if (list.isPending) {
    return (
      <Stack gap="xs" aria-busy="true" aria-label={t('leave.mine.loading')}>
        <Skeleton h={120} />
        <Skeleton h={120} />
      </Stack>
    );
  }
  if (list.isError) {
    return (
      <LoadError title={t('leave.mine.loadFailed')} error={list.error} onRetry={() => void list.refetch()} />
    );
  }
  return (
    <Stack gap="md" maw={720}>
      {leaves?.length === 0 ? (
        <Alert color="gray" variant="light">
          {t('leave.mine.empty')}
        </Alert>
      ) : (
        <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {leaves?.map((leave) => (
            <MyLeaveItem key={leave.id} leave={leave} highlighted={leave.id === openId} onEdit={setEditing} />
          ))}
        </Stack>
      )}
      <EditLeaveDialog leave={editing} onClose={() => setEditing(null)} />
    </Stack>
  );
}

function MyLeaveItem({
  leave,
  highlighted,
  onEdit,
}: {
  leave: Leave;
  highlighted: boolean;
  onEdit: (leave: Leave) => void;
}) {
  const { t } = useTranslation();
  const withdraw = useWithdrawLeave();
  const confirm = useConfirmDelete();
  const category = t(`leave.category.${leave.category}`);
  const standing = leave.status === 'pending' || leave.status === 'approved';

  const askWithdraw = () =>
    confirm({
      title: t('leave.mine.withdrawTitle'),
      body: <Text size="sm">{t('leave.mine.withdrawBody')}</Text>,
      confirm: t('leave.mine.withdrawConfirm'),
      cancel: t('leave.mine.withdrawCancel'),
      deleted: t('leave.mine.withdrawn'),
      failed: t('leave.mine.withdrawFailed'),
      cancelByDefault: true,
      remove: () => withdraw.mutateAsync(leave.id),
    });

  return (
    <LeaveItem
      leave={leave}
      id={itemId(leave.id)}
      heading={category}
      headingOrder={2}
      highlighted={highlighted}
    >
      <LeaveFacts leave={leave} withCategory={false} />
      {(leave.policies.edit || (leave.policies.withdraw && standing)) && (
        <Group gap="xs" wrap="wrap">
          {leave.policies.edit && (
            <Button
              variant="default"
              size="xs"
              leftSection={<IconPencil size={16} aria-hidden="true" />}
              aria-label={t('leave.mine.editLabel', { category })}
              onClick={() => onEdit(leave)}
            >
              {t('leave.mine.edit')}
            </Button>
          )}
          {leave.policies.withdraw && standing && (
            <Button
              variant="default"
              color="red"
              size="xs"
              leftSection={<IconArrowBackUp size={16} aria-hidden="true" />}
              onClick={askWithdraw}
            >
              {t('leave.mine.withdraw')}
            </Button>
          )}
        </Group>
      )}
    </LeaveItem>
  );
}

/** The same form as «Søk om permisjon», for a pending application. */
function EditLeaveDialog({ leave, onClose }: { leave: Leave | null; onClose: () => void }) {
  const { t } = useTranslation();
  const isPhone = useMediaQuery('(max-width: 47.99em)', false);
  return (
    <Modal
      opened={leave !== null}
      onClose={onClose}
      title={t('leave.mine.editTitle')}
      size="lg"
      fullScreen={isPhone}
      closeOnClickOutside={false}
      closeButtonProps={{ 'aria-label': t('app.close') }}
    >
      {leave && (
        <LeaveForm
          key={leave.id}
          leave={leave}
          onCancel={onClose}
          onSaved={() => {
            notify({ color: 'fjord', message: t('leave.mine.saved') });
            onClose();
          }}
        />
      )}
    </Modal>
  );
}
