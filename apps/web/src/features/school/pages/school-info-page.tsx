import { Alert, Button, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '../../../lib/error-message';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useCan } from '../../auth/access';
import { useSchool } from '../api/get-school';
import { SchoolInfoForm } from '../components/school-info-form';
import { SchoolInfoView } from '../components/school-info-view';

/** /app/setup/schoolinfo: the admin changes the school record; everyone else reads it. */
export function SchoolInfoPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('pages.schoolInfoSetup.title'));
  const canChange = useCan('schoolInfo:change');
  const school = useSchool();
  const errorMessage = useErrorMessage();

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>{t('pages.schoolInfoSetup.title')}</Title>
        <Text c="dimmed">{canChange ? t('schoolInfo.intro') : t('schoolInfo.readOnly')}</Text>
      </Stack>
      {school.isPending && <Loader aria-label={t('app.loading')} />}
      {school.isError && (
        <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden="true" />}>
          <Stack gap="xs" align="flex-start">
            {errorMessage(school.error)}
            <Button size="xs" variant="default" onClick={() => void school.refetch()}>
              {t('app.retry')}
            </Button>
          </Stack>
        </Alert>
      )}
      {school.data && (
        <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
          {canChange ? <SchoolInfoForm school={school.data} /> : <SchoolInfoView school={school.data} />}
        </Paper>
      )}
    </Stack>
  );
}
