import { Button, Stack, Text } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import type { Meal } from '@tun/shared/food';
import { useTranslation } from 'react-i18next';
import { MealChoiceControl } from './meal-choice';
import { MenuDishList } from './menu-dish';
import { useMenuFormat } from './use-menu-format';

export interface MealActions {
  /** The reader may change menus (the answer's policies.change). */
  canChange: boolean;
  /** The week's dishes are there to show: published, or the reader may change menus. */
  showDishes: boolean;
  today: string;
  onEdit: (meal: Meal) => void;
}

/** What a meal shows in the week's grid and in the phone's list. */
export function MenuMeal({ meal, actions }: { meal: Meal; actions: MealActions }) {
  const { t } = useTranslation();
  const menuFormat = useMenuFormat();
  return (
    <Stack gap="xs" align="stretch">
      {actions.showDishes &&
        (meal.dishes.length > 0 ? (
          <MenuDishList dishes={meal.dishes} />
        ) : (
          <Text size="xs" c="dimmed">
            {t('foodPlanner.menu.noDishes')}
          </Text>
        ))}
      <MealChoiceControl meal={meal} today={actions.today} />
      {actions.canChange && (
        <div>
          <Button
            size="compact-xs"
            variant="light"
            leftSection={<IconPencil size={14} aria-hidden="true" />}
            aria-label={t('foodPlanner.menu.editMeal', { meal: meal.name, date: menuFormat.day(meal.date) })}
            onClick={() => actions.onEdit(meal)}
          >
            {t('foodPlanner.menu.edit')}
          </Button>
        </div>
      )}
    </Stack>
  );
}
