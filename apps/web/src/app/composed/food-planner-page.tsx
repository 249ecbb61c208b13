import { Stack, Tabs, Title } from '@mantine/core';
import { getRouteApi } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../entities/session/access';
import { useDocumentTitle } from '../../lib/use-document-title';
import { DishesTab } from '../../features/food-dishes/components/dishes-tab';
import { CountsTab } from '../../features/food-kitchen/components/counts-tab';
import { DietsTab } from '../../features/food-kitchen/components/diets-tab';
import { MenuTab } from '../../features/food-planner/components/menu-tab';
import type { FoodPlannerTab } from '../search-params';

const route = getRouteApi('/app/food-planner');

/**
 * The food planner (SPEC §2 /app/food-planner, decision 025): the week's menu for everyone; the
 * dish library for the kitchen; how many will eat for the kitchen; special diets for everyone
 * (one's own) and the kitchen (everyone's). Each tab is its feature's; this page puts them together.
 */
export function FoodPlannerRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t('pages.foodPlanner.title'));
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const canChange = useCan('foodPlan:change');
  const canCount = useCan('foodCounts:view');
  const tabs: FoodPlannerTab[] = [
    'menu',
    ...(canChange ? (['dishes'] as const) : []),
    ...(canCount ? (['counts'] as const) : []),
    'diets',
  ];
  const tab = search.tab && tabs.includes(search.tab) ? search.tab : 'menu';
  const select = (value: string | null) =>
    void navigate({
      search: (previous) => ({ ...previous, tab: (value ?? 'menu') as FoodPlannerTab }),
      replace: true,
    });

  return (
    <Stack gap="lg">
      <Title order={1}>{t('pages.foodPlanner.title')}</Title>
      <Tabs value={tab} onChange={select} keepMounted={false}>
        <Tabs.List>
          {tabs.map((value) => (
            <Tabs.Tab key={value} value={value}>
              {t(`foodPlanner.tabs.${value}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="menu" pt="md">
          <MenuTab
            week={search.week}
            onWeekChange={(week) =>
              void navigate({ search: (previous) => ({ ...previous, week }), replace: true })
            }
          />
        </Tabs.Panel>
        {canChange && (
          <Tabs.Panel value="dishes" pt="md">
            <DishesTab />
          </Tabs.Panel>
        )}
        {canCount && (
          <Tabs.Panel value="counts" pt="md">
            <CountsTab />
          </Tabs.Panel>
        )}
        <Tabs.Panel value="diets" pt="md">
          <DietsTab />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
