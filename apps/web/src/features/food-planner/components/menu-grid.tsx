import { Badge, Stack, Table, Text } from '@mantine/core';
import type { MenuWeek } from '@tun/shared/food';
import { useTranslation } from 'react-i18next';
import { mealClock, mealOn, type MealRow } from '../model/menu-week';
import { MenuMeal, type MealActions } from './menu-meal';
import { useMenuFormat } from './use-menu-format';

const TODAY_BACKGROUND = 'var(--mantine-color-fjord-0)';

/**
 * The week on a wide screen: a row per meal, a column per day, Monday first; today's column
 * tinted and announced (aria-current="date"). The table scrolls sideways rather than squeezing
 * seven days of dishes below what can be read.
 */
export function MenuGrid({
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
  const label = t('foodPlanner.menu.gridLabel', { week: menuFormat.weekNumber(week.week) });
  return (
    // Focusable so the keyboard can scroll it when the week is wider than the window.
    <div role="region" aria-label={label} tabIndex={0} style={{ overflowX: 'auto' }}>
      <Table withTableBorder withColumnBorders layout="fixed" miw={1040} verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col" w={130}>
              {t('foodPlanner.menu.mealColumn')}
            </Table.Th>
            {week.days.map((day) => {
              const isToday = day.date === actions.today;
              return (
                <Table.Th
                  key={day.date}
                  scope="col"
                  aria-current={isToday ? 'date' : undefined}
                  style={isToday ? { background: TODAY_BACKGROUND } : undefined}
                >
                  <Stack gap={2} align="flex-start">
                    <span style={{ textTransform: 'capitalize' }}>{menuFormat.weekday(day.date)}</span>
                    <Text size="xs" fw={400}>
                      {menuFormat.shortDate(day.date)}
                    </Text>
                    {isToday && (
                      <Badge size="xs" variant="filled" tt="none">
                        {t('foodPlanner.menu.today')}
                      </Badge>
                    )}
                  </Stack>
                </Table.Th>
              );
            })}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.key}>
              <Table.Th scope="row" style={{ verticalAlign: 'top' }}>
                <Text fw={700} size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {row.name}
                </Text>
                {row.usualTime && (
                  <Text size="xs" c="dimmed" fw={400}>
                    {t('foodPlanner.menu.mealTime', { time: row.usualTime })}
                  </Text>
                )}
              </Table.Th>
              {week.days.map((day) => {
                const meal = mealOn(day, row);
                return (
                  <Table.Td
                    key={day.date}
                    style={{
                      verticalAlign: 'top',
                      ...(day.date === actions.today ? { background: TODAY_BACKGROUND } : {}),
                    }}
                  >
                    {meal ? (
                      <Stack gap={4}>
                        {/* A meal at another time than most days (brunch on Sunday) says when. */}
                        {mealClock(meal.start) !== row.usualTime && (
                          <Text size="xs" fw={600}>
                            {t('foodPlanner.menu.mealTime', { time: menuFormat.time(meal.start) })}
                          </Text>
                        )}
                        <MenuMeal meal={meal} actions={actions} />
                      </Stack>
                    ) : (
                      <Text size="xs" c="dimmed">
                        {t('foodPlanner.menu.notServed')}
                      </Text>
                    )}
                  </Table.Td>
                );
              })}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </div>
  );
}
