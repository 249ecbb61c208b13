import { Loader, Paper, Stack, Text, Title } from '@mantine/core';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useCan } from '../../../entities/session/access';
import { useSchool } from '../../../entities/school/get-school';
import { SchoolInfoForm } from '../components/school-info-form';
import { SchoolInfoView } from '../components/school-info-view';
import { LoadError } from '../../../components/load-error';

/**
 * /app/setup/schoolinfo: the admin changes the school record; everyone else reads it. Below it,
 * for the admin only, `SignInSettings`: how people sign in, another feature's (app/composed).
 */
export function SchoolInfoPage({ SignInSettings }: { SignInSettings?: ComponentType }) {
  const { t } = useTranslation();
  useDocumentTitle(t('pages.schoolInfoSetup.title'));
  const canChange = useCan('schoolInfo:change');
  const school = useSchool();

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>{t('pages.schoolInfoSetup.title')}</Title>
        <Text c="dimmed">{canChange ? t('schoolInfo.intro') : t('schoolInfo.readOnly')}</Text>
      </Stack>
      {school.isPending && <Loader aria-label={t('app.loading')} />}
      {school.isError && <LoadError error={school.error} onRetry={() => void school.refetch()} />}
      {school.data && (
        <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
          {canChange ? <SchoolInfoForm school={school.data} /> : <SchoolInfoView school={school.data} />}
        </Paper>
      )}
      {canChange && SignInSettings && <SignInSettings />}
    </Stack>
  );
}
