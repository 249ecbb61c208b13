import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { MenuWeek } from '@tun/shared/food';
import { addDays } from '@tun/shared/time';
import { useTranslation } from 'react-i18next';
import { mealOn, phoneDayOrder, type MealRow } from '../model/menu-week';
import { MenuMeal, type MealActions } from './menu-meal';
import { useMenuFormat } from './use-menu-format';

/**
 * The week on a phone: a day at a time, today and tomorrow first (what a student looks for on
 * the way to the dining hall), then the rest of the week.
 */
export function MenuDayList({
  week,
  rows,
  actions,
}: {
  week: MenuWeek;
  rows: readonly MealRow[];
  actions: MealActions;
}) {
  const { t } = useTranslation();
  const menuFormat = useMenuFormat();
  const tomorrow = addDays(actions.today, 1);
  return (
    <Stack gap="lg">
      {phoneDayOrder(week.days, actions.today).map((day) => {
        const isToday = day.date === actions.today;
        const relative = isToday
          ? t('foodPlanner.menu.today')
          : day.date === tomorrow
            ? t('foodPlanner.menu.tomorrow')
            : null;
        const date = menuFormat.day(day.date);
        const meals = rows.flatMap((row) => {
          const meal = mealOn(day, row);
          return meal ? [meal] : [];
        });
        return (
          <Stack
            key={day.date}
            component="section"
            gap="xs"
            aria-labelledby={`menu-day-${day.date}`}
            aria-current={isToday ? 'date' : undefined}
          >
            <Title order={3} size="h4" id={`menu-day-${day.date}`}>
              <span style={{ textTransform: relative ? undefined : 'capitalize' }}>
                {relative ? t('foodPlanner.menu.dayTitle', { label: relative, date }) : date}
              </span>
            </Title>
            {meals.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t('foodPlanner.menu.noMealsDay')}
              </Text>
            ) : (
              meals.map((meal) => (
                <Card
                  key={meal.name}
                  withBorder
                  radius="md"
                  padding="sm"
                  bg={isToday ? 'fjord.0' : undefined}
                >
                  <Stack gap="xs">
                    <Group gap="xs" justify="space-between" wrap="nowrap">
                      <Title order={4} size="h5">
                        {meal.name}
                      </Title>
                      <Badge size="sm" variant="light" tt="none">
                        {t('foodPlanner.menu.mealTime', { time: menuFormat.time(meal.start) })}
                      </Badge>
                    </Group>
                    <MenuMeal meal={meal} actions={actions} />
                  </Stack>
                </Card>
              ))
            )}
          </Stack>
        );
      })}
    </Stack>
  );
}
