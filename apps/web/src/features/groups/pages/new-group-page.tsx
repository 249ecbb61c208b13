import { Paper, Stack, Title } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useCreateGroup } from '../api/create-group';
import { GroupForm } from '../components/group-form';

/** /app/groups/new: a new temporary group. */
export function NewGroupPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('pages.newGroup.title'));
  const create = useCreateGroup();
  const navigate = useNavigate();
  const back = () => void navigate({ to: '/app/groups' });

  return (
    <Stack gap="lg" maw={640}>
      <Title order={1}>{t('pages.newGroup.title')}</Title>
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
        <GroupForm
          submitLabel={t('groups.create')}
          onCancel={back}
          onSubmit={async (input) => {
            const group = await create.mutateAsync(input);
            notify({ color: 'fjord', message: t('groups.created', { name: group.name }) });
            back();
          }}
        />
      </Paper>
    </Stack>
  );
}
