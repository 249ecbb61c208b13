import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { LEAVE_COMMENT_MAX, type Leave } from '@tun/shared/leave';
import { fullName } from '@tun/shared/names';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatLeavePeriod } from '../../../entities/leave/leave-period';
import { isApiError } from '../../../lib/api-client';
import { localeTag } from '../../../lib/dates';
import { useErrorMessage } from '../../../lib/error-message';
import { fieldPath } from '../../../lib/form-errors';
import { notify } from '../../../lib/notify';
import { useDecideLeave } from '../api/leave-approvals';

export interface DecisionRequest {
  leave: Leave;
  decision: 'approved' | 'rejected';
}

/** «Godkjenn» or «Avslå» an application, with a comment the student sees (optional). */
export function DecisionDialog({
  request,
  onClose,
}: {
  request: DecisionRequest | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const name = request ? fullName(request.leave.studentName) : '';
  return (
    <Modal
      opened={request !== null}
      onClose={onClose}
      title={request ? t(`leave.decision.title.${request.decision}`, { name }) : ''}
      closeButtonProps={{ 'aria-label': t('app.close') }}
    >
      {request && <DecisionForm key={request.leave.id} request={request} onClose={onClose} />}
    </Modal>
  );
}

function DecisionForm({
  request: { leave, decision },
  onClose,
}: {
  request: DecisionRequest;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const errorMessage = useErrorMessage();
  const decide = useDecideLeave();
  const [comment, setComment] = useState('');
  const [commentError, setCommentError] = useState<string | null>(null);
  const name = fullName(leave.studentName);
  const locale = localeTag(i18n.resolvedLanguage ?? i18n.language);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    decide.mutate(
      { id: leave.id, input: { decision, comment: comment.trim() } },
      {
        onSuccess: () => {
          notify({ color: 'fjord', message: t(`leave.decision.done.${decision}`, { name }) });
          onClose();
        },
        onError: (error) => {
          const issue = isApiError(error, 'validation-failed')
            ? error.problem.errors?.find((candidate) => fieldPath(candidate.path)[0] === 'comment')
            : undefined;
          if (issue) {
            setCommentError(issue.message);
            form.querySelector('textarea')?.focus();
          }
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {decide.isError && commentError === null && (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertCircle aria-hidden="true" />}
            title={t('leave.decision.failed')}
            role="alert"
          >
            {errorMessage(decide.error)}
          </Alert>
        )}
        <Text size="sm">
          {t('leave.decision.summary', {
            category: t(`leave.category.${leave.category}`),
            period: formatLeavePeriod(leave, locale),
          })}
        </Text>
        <Textarea
          data-autofocus
          label={t('leave.decision.comment')}
          description={t('leave.decision.commentHint')}
          autosize
          minRows={3}
          maxLength={LEAVE_COMMENT_MAX}
          value={comment}
          error={commentError}
          onChange={(event) => {
            setComment(event.currentTarget.value);
            setCommentError(null);
          }}
        />
        <Group justify="flex-end" gap="sm">
          <Button type="button" variant="default" onClick={onClose} disabled={decide.isPending}>
            {t('leave.decision.cancel')}
          </Button>
          <Button
            type="submit"
            color={decision === 'approved' ? undefined : 'red.9'}
            loading={decide.isPending}
          >
            {t(`leave.decision.confirm.${decision}`)}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
