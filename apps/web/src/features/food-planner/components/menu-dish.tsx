import { Badge, Group, Stack, Text } from '@mantine/core';
import type { MenuDish } from '@tun/shared/food';
import { useTranslation } from 'react-i18next';
import { AllergenList } from '../../../entities/food/allergens';

/**
 * One dish of a meal as every menu shows it: its course, its name, its allergens in words
 * (with «kan inneholde spor av») and its diet tags.
 */
export function MenuDishItem({ dish, showCourse = true }: { dish: MenuDish; showCourse?: boolean }) {
  const { t } = useTranslation();
  return (
    <Stack gap={2}>
      {showCourse && (
        <Text size="xs" c="dimmed" fw={600} lh={1.2} style={{ overflowWrap: 'anywhere' }}>
          {t(`food.course.${dish.course}`)}
        </Text>
      )}
      <Text size="sm" fw={600} lh={1.3} style={{ overflowWrap: 'anywhere' }}>
        {dish.name}
      </Text>
      <AllergenList facts={dish} mayContain={dish.mayContain} size="xs" layout="inline" />
      {dish.diets.length > 0 && (
        <Group
          component="ul"
          gap={4}
          m={0}
          p={0}
          style={{ listStyle: 'none' }}
          aria-label={t('foodPlanner.menu.diets')}
        >
          {dish.diets.map((diet) => (
            <Badge key={diet} component="li" size="xs" variant="light" color="green" tt="none">
              {t(`food.diet.${diet}`)}
            </Badge>
          ))}
        </Group>
      )}
    </Stack>
  );
}

/** A meal's dishes, in the kitchen's order. */
export function MenuDishList({
  dishes,
  showCourse = true,
}: {
  dishes: readonly MenuDish[];
  showCourse?: boolean;
}) {
  return (
    <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }}>
      {dishes.map((dish) => (
        <li key={dish.id}>
          <MenuDishItem dish={dish} showCourse={showCourse} />
        </li>
      ))}
    </Stack>
  );
}
