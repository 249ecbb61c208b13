import { Alert, Anchor, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { todayInSchoolZone } from '@tun/shared/time';
import { useTranslation } from 'react-i18next';
import { useNow } from '../../../components/use-now';
import { useErrorMessage } from '../../../lib/error-message';
import { useMenuWeek } from '../api/get-menu-week';
import { todaysMenu, weekOf } from '../model/menu-week';
import { MenuDishList } from './menu-dish';
import { useMenuFormat } from './use-menu-format';

/** Today moves on at midnight while the dashboard stays open. */
const TODAY_REFRESH_MS = 60_000;

/**
 * The dashboard's «Dagens meny»: today's meals of a published week, each dish with its
 * allergens in words (decision 025). It reads the same week as the planner, so it is there
 * offline too and follows the kitchen's changes live.
 */
export function TodaysMenuCard() {
  const { t } = useTranslation();
  const menuFormat = useMenuFormat();
  const errorMessage = useErrorMessage();
  const today = todayInSchoolZone(new Date(useNow(TODAY_REFRESH_MS)));
  const week = useMenuWeek(weekOf(today));
  const meals = todaysMenu(week.data, today);

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="dashboard-todays-menu">
      <Stack gap="sm">
        <Group justify="space-between" align="baseline">
          <Title order={2} size="h4" id="dashboard-todays-menu">
            {t('dashboard.todaysMenu.title')}
          </Title>
          <Anchor component={Link} to="/app/food-planner" size="sm">
            {t('dashboard.todaysMenu.open')}
          </Anchor>
        </Group>
        {week.isPending && <Loader size="sm" aria-label={t('app.loading')} />}
        {week.isError && !week.data && (
          <Alert color="red" variant="light">
            {errorMessage(week.error)}
          </Alert>
        )}
        {week.data && meals.length === 0 && <Text>{t('dashboard.todaysMenu.none')}</Text>}
        {meals.map((meal, index) => (
          <Stack key={meal.name} gap={6} component="section" aria-labelledby={`todays-menu-${index}`}>
            <Title order={3} size="h5" id={`todays-menu-${index}`}>
              {t('dashboard.todaysMenu.meal', { name: meal.name, time: menuFormat.time(meal.start) })}
            </Title>
            <MenuDishList dishes={meal.dishes} />
          </Stack>
        ))}
      </Stack>
    </Card>
  );
}
