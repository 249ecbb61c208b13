import { Modal } from '@mantine/core';
import type { Group } from '@tun/shared/groups';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify';
import { useUpdateGroup } from '../api/update-group';
import { GroupForm } from './group-form';

/** Edits a group in a dialog, over the list it belongs to. */
export function EditGroupModal({ group, onClose }: { group: Group | null; onClose: () => void }) {
  const { t } = useTranslation();
  const update = useUpdateGroup();
  return (
    <Modal
      opened={group !== null}
      onClose={onClose}
      title={t('groups.edit.title')}
      closeButtonProps={{ 'aria-label': t('app.close') }}
      size="lg"
    >
      {group && (
        <GroupForm
          group={group}
          submitLabel={t('groups.edit.submit')}
          autoFocus
          onCancel={onClose}
          onSubmit={async (input) => {
            const saved = await update.mutateAsync({ id: group.id, update: input });
            notify({ color: 'fjord', message: t('groups.saved', { name: saved.name }) });
            onClose();
          }}
        />
      )}
    </Modal>
  );
}
