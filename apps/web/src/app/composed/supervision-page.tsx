import { Stack, Tabs, Text, Title } from '@mantine/core';
import { getRouteApi } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../entities/session/access';
import { useDocumentTitle } from '../../lib/use-document-title';
import { HouseTab } from '../../features/house/components/house-tab';
import { SupervisionDuty } from '../../features/supervision/components/supervision-duty';
import type { SupervisionTab } from '../search-params';

const route = getRouteApi('/app/tilsyn');

/**
 * /app/tilsyn: the duty (who has it, the phone, one tap to take over) for everyone; «På huset i
 * natt» beside it for staff and a scholar, who sees it while on duty (decision 027).
 */
export function SupervisionRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t('pages.supervision.title'));
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const canSeeHouse = useCan('house:view', { own: true });
  const tab: SupervisionTab = canSeeHouse && search.tab === 'house' ? 'house' : 'duty';
  const select = (value: string | null) =>
    void navigate({ search: { tab: (value ?? tab) as SupervisionTab }, replace: true });

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>{t('pages.supervision.title')}</Title>
        <Text c="dimmed">{t('supervision.intro')}</Text>
      </Stack>
      {canSeeHouse ? (
        <Tabs value={tab} onChange={select} keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="duty">{t('supervision.tabs.duty')}</Tabs.Tab>
            <Tabs.Tab value="house">{t('supervision.tabs.house')}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="duty" pt="md">
            <SupervisionDuty />
          </Tabs.Panel>
          <Tabs.Panel value="house" pt="md">
            <HouseTab />
          </Tabs.Panel>
        </Tabs>
      ) : (
        <SupervisionDuty />
      )}
    </Stack>
  );
}
