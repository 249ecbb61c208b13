import { Button, Group, Modal, Stack, Textarea } from '@mantine/core';
import { CASE_REASON_MAX, type CaseSummary } from '@tun/shared/maintenance';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

interface RejectDialogProps {
  /** The case to reject; none while closed. */
  entry: CaseSummary | null;
  onClose: () => void;
  onReject: (entry: CaseSummary, reason: string) => void;
  saving: boolean;
}

/** «Avvist» needs a reason, which the submitter sees. */
export function RejectDialog({ entry, onClose, onReject, saving }: RejectDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={entry !== null}
      onClose={onClose}
      title={entry ? t('janitorBoard.reject.title', { number: entry.number }) : ''}
      closeButtonProps={{ 'aria-label': t('app.close') }}
    >
      {entry && (
        <RejectForm key={entry.id} entry={entry} onClose={onClose} onReject={onReject} saving={saving} />
      )}
    </Modal>
  );
}

function RejectForm({
  entry,
  onClose,
  onReject,
  saving,
}: Omit<RejectDialogProps, 'entry'> & { entry: CaseSummary }) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trimmed = reason.trim();
    if (trimmed === '') {
      setError(t('janitorBoard.reject.required'));
      event.currentTarget.querySelector('textarea')?.focus();
      return;
    }
    onReject(entry, trimmed);
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Textarea
          data-autofocus
          label={t('janitorBoard.reject.reason')}
          description={t('janitorBoard.reject.reasonHint')}
          required
          autosize
          minRows={3}
          maxLength={CASE_REASON_MAX}
          value={reason}
          error={error}
          onChange={(event) => {
            setReason(event.currentTarget.value);
            setError(null);
          }}
        />
        <Group justify="flex-end" gap="sm">
          <Button type="button" variant="default" onClick={onClose} disabled={saving}>
            {t('janitorBoard.reject.cancel')}
          </Button>
          <Button type="submit" color="red.9" loading={saving}>
            {t('janitorBoard.reject.confirm')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
