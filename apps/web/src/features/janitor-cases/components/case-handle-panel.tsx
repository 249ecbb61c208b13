import { Button, NativeSelect, Paper, Stack, Textarea, Title } from '@mantine/core';
import {
  CASE_COMMENT_MAX,
  CASE_REASON_MAX,
  CASE_STATUSES,
  type Case,
  type CaseStatus,
} from '@tun/shared/maintenance';
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { usePeople } from '../../../entities/people/get-people';
import { localeTag } from '../../../lib/dates';
import { notify } from '../../../lib/notify';
import { useErrorMessage } from '../../../lib/error-message';
import { useSetCaseAssignee, useSetCaseStatus } from '../api/case-mutations';
import { assigneeOptions } from '../model/case-people';

/** For admins and janitors: move the case on (with a word to the submitter) and give it to someone. */
export function CaseHandlePanel({ item }: { item: Case }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="md">
        <Title order={2} size="h4">
          {t('janitorCases.handle.title')}
        </Title>
        <StatusForm item={item} key={`${item.id}-${item.status}`} />
        <AssigneeForm item={item} key={`${item.id}-${item.assignedTo ?? ''}`} />
      </Stack>
    </Paper>
  );
}

function StatusForm({ item }: { item: Case }) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const setStatus = useSetCaseStatus();
  const [status, setStatusValue] = useState<CaseStatus>(item.status);
  const [reason, setReason] = useState('');
  const [comment, setComment] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const rejecting = status === 'rejected';
  const unchanged = status === item.status && !comment.trim() && !rejecting;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (rejecting && !reason.trim()) {
      setReasonError(t('janitorCases.handle.reasonRequired'));
      document.getElementById('case-status-reason')?.focus();
      return;
    }
    try {
      await setStatus.mutateAsync({
        caseId: item.id,
        status,
        ...(rejecting ? { reason: reason.trim() } : {}),
        ...(comment.trim() ? { comment: comment.trim() } : {}),
      });
      notify({ color: 'fjord', message: t('janitorCases.handle.statusSaved') });
    } catch (error) {
      notify({ color: 'red', title: t('janitorCases.handle.statusFailed'), message: errorMessage(error) });
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="sm">
        <NativeSelect
          label={t('janitorCases.handle.status')}
          data={CASE_STATUSES.map((value) => ({ value, label: t(`cases.status.${value}`) }))}
          value={status}
          onChange={(event) => {
            setStatusValue(event.currentTarget.value as CaseStatus);
            setReasonError(null);
          }}
        />
        {rejecting && (
          <Textarea
            id="case-status-reason"
            label={t('janitorCases.handle.reason')}
            description={t('janitorCases.handle.reasonHint')}
            required
            autosize
            minRows={2}
            maxLength={CASE_REASON_MAX}
            value={reason}
            error={reasonError}
            onChange={(event) => {
              setReason(event.currentTarget.value);
              setReasonError(null);
            }}
          />
        )}
        <Textarea
          label={t('janitorCases.handle.comment')}
          description={t('janitorCases.handle.commentHint')}
          autosize
          minRows={2}
          maxLength={CASE_COMMENT_MAX}
          value={comment}
          onChange={(event) => setComment(event.currentTarget.value)}
        />
        <div>
          <Button type="submit" loading={setStatus.isPending} disabled={unchanged}>
            {t('janitorCases.handle.saveStatus')}
          </Button>
        </div>
      </Stack>
    </form>
  );
}

function AssigneeForm({ item }: { item: Case }) {
  const { t, i18n } = useTranslation();
  const errorMessage = useErrorMessage();
  const people = usePeople();
  const setAssignee = useSetCaseAssignee();
  const locale = localeTag(i18n.resolvedLanguage ?? i18n.language);
  const options = useMemo(() => assigneeOptions(people.data, locale), [people.data, locale]);
  const [assignee, setAssigneeValue] = useState(item.assignedTo ?? '');
  // Someone who has left may still hold the case: they stay in the list until it is moved.
  const data = [
    { value: '', label: t('janitorCases.handle.nobody') },
    ...options,
    ...(item.assignedTo && !options.some((option) => option.value === item.assignedTo)
      ? [{ value: item.assignedTo, label: t('janitorCases.handle.formerAssignee') }]
      : []),
  ];

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await setAssignee.mutateAsync({ caseId: item.id, assigneeId: assignee || null });
      notify({ color: 'fjord', message: t('janitorCases.handle.assigneeSaved') });
    } catch (error) {
      notify({ color: 'red', title: t('janitorCases.handle.assigneeFailed'), message: errorMessage(error) });
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="sm">
        <NativeSelect
          label={t('janitorCases.handle.assignee')}
          data={data}
          value={assignee}
          onChange={(event) => setAssigneeValue(event.currentTarget.value)}
        />
        <div>
          <Button
            type="submit"
            variant="default"
            loading={setAssignee.isPending}
            disabled={assignee === (item.assignedTo ?? '')}
          >
            {t('janitorCases.handle.saveAssignee')}
          </Button>
        </div>
      </Stack>
    </form>
  );
}
