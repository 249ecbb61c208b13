import { Badge, Button, Checkbox, Group, Paper, Stack, Text, Textarea } from '@mantine/core';
import { CASE_COMMENT_MAX, type Case } from '@tun/shared/maintenance';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../../lib/dates';
import { useErrorMessage } from '../../../lib/error-message';
import { notify } from '../../../lib/notify';
import { useAddCaseComment } from '../api/case-mutations';

/** The case's comments, oldest first; internal notes are only in the answer for handlers. */
export function CaseComments({ item, names }: { item: Case; names: Map<string, string> }) {
  const { t } = useTranslation();
  const format = useFormatters();
  return (
    <Stack gap="sm">
      {item.comments.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('janitorCases.comments.none')}
        </Text>
      ) : (
        <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {item.comments.map((comment) => (
            <Paper
              component="li"
              key={comment.id}
              withBorder
              p="sm"
              radius="md"
              bg={comment.internal ? 'var(--mantine-color-yellow-light)' : undefined}
            >
              <Group gap="xs" mb={4} wrap="wrap">
                <Text size="sm" fw={600}>
                  {comment.authorId
                    ? (names.get(comment.authorId) ?? t('janitorCases.deletedUser'))
                    : t('janitorCases.deletedUser')}
                </Text>
                <Text size="sm" c="dimmed">
                  {format.dateTime(comment.createdAt)}
                </Text>
                {comment.internal && (
                  <Badge variant="outline" color="dark" tt="none" size="sm">
                    {t('janitorCases.comments.internal')}
                  </Badge>
                )}
              </Group>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {comment.body}
              </Text>
            </Paper>
          ))}
        </Stack>
      )}
      {item.policies.comment && <CommentForm item={item} />}
    </Stack>
  );
}

function CommentForm({ item }: { item: Case }) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const add = useAddCaseComment();
  const [body, setBody] = useState('');
  const [internal, setInternal] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!body.trim()) {
      setError(t('janitorCases.comments.required'));
      document.getElementById('case-comment-body')?.focus();
      return;
    }
    try {
      await add.mutateAsync({
        caseId: item.id,
        body: body.trim(),
        internal: item.policies.commentInternal && internal,
      });
      setBody('');
      setInternal(false);
      notify({ color: 'fjord', message: t('janitorCases.comments.sent') });
    } catch (failure) {
      notify({ color: 'red', title: t('janitorCases.comments.failed'), message: errorMessage(failure) });
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="sm">
        <Textarea
          id="case-comment-body"
          label={t('janitorCases.comments.label')}
          autosize
          minRows={2}
          maxLength={CASE_COMMENT_MAX}
          value={body}
          error={error}
          onChange={(event) => {
            setBody(event.currentTarget.value);
            setError(null);
          }}
        />
        {item.policies.commentInternal && (
          <Checkbox
            label={t('janitorCases.comments.internalCheckbox')}
            checked={internal}
            onChange={(event) => setInternal(event.currentTarget.checked)}
          />
        )}
        <div>
          <Button type="submit" variant="default" loading={add.isPending}>
            {t('janitorCases.comments.send')}
          </Button>
        </div>
      </Stack>
    </form>
  );
}
