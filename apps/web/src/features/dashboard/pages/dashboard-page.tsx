import { Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useCan } from '../../auth/access';
import { useSession } from '../../auth/api/get-session';
import { useSchool } from '../../school/api/get-school';

export function DashboardPage() {
  const { t } = useTranslation();
  const session = useSession();
  const school = useSchool({ enabled: useCan('schoolInfo:view') });
  useDocumentTitle(t('pages.dashboard.title'));
  // The session already carries the name, so there is something to show before /school answers.
  const longName = school.data?.longName ?? session.school.longName;

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>{t('dashboard.greeting', { name: session.user.name.first })}</Title>
        <Text size="lg">{t('dashboard.school', { school: longName })}</Text>
      </Stack>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        {/* The current-supervision card of SPEC §2 takes this place in a later issue. */}
        <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="dashboard-supervision">
          <Title order={2} size="h4" id="dashboard-supervision">
            {t('dashboard.supervision.title')}
          </Title>
          <Text c="dimmed" mt="xs">
            {t('dashboard.supervision.notInUse')}
          </Text>
        </Card>
      </SimpleGrid>
    </Stack>
  );
}
