import { Button, Group, Stack, Text } from '@mantine/core';
import { MEAL_CHOICES, type Meal, type MealChoice } from '@tun/shared/food';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '../../../lib/error-message';
import { notify } from '../../../lib/notify';
import { useSetMealChoice } from '../api/set-meal-choice';
import { choiceState, deadlineDay } from '../model/menu-week';
import { useMenuFormat } from './use-menu-format';

/**
 * «Jeg spiser ikke» / «Matpakke» for one meal: toggles until the kitchen's cut-off, with the
 * deadline beside them; after it, what the student chose, read-only. Nothing for someone who is
 * not expected at the meal.
 */
export function MealChoiceControl({ meal, today }: { meal: Meal; today: string }) {
  const { t } = useTranslation();
  const menuFormat = useMenuFormat();
  const errorMessage = useErrorMessage();
  const save = useSetMealChoice();
  const state = choiceState(meal);
  const date = menuFormat.day(meal.date);

  if (state.kind === 'none') return null;
  if (state.kind === 'closed') {
    return (
      <Text size="xs" fw={600}>
        {t('foodPlanner.menu.choiceClosed', { choice: t(`food.choice.${state.choice}`) })}
      </Text>
    );
  }

  const choose = (pressed: MealChoice) => {
    const choice = state.choice === pressed ? null : pressed;
    save.mutate(
      { date: meal.date, meal: meal.name, choice },
      {
        onSuccess: () =>
          notify({
            color: 'fjord',
            message:
              choice === null
                ? t('foodPlanner.menu.choiceCleared', { meal: meal.name, date })
                : t('foodPlanner.menu.choiceSaved', {
                    choice: t(`food.choice.${choice}`),
                    meal: meal.name,
                    date,
                  }),
          }),
        onError: (error) =>
          notify({ color: 'red', title: t('foodPlanner.menu.choiceFailed'), message: errorMessage(error) }),
      },
    );
  };

  const when = deadlineDay(state.openUntil, today);
  const time = menuFormat.time(state.openUntil);
  const deadline =
    when === 'later'
      ? t('foodPlanner.menu.deadline.later', { date: menuFormat.dayOfInstant(state.openUntil), time })
      : t(`foodPlanner.menu.deadline.${when}`, { time });

  return (
    <Stack gap={4} role="group" aria-label={t('foodPlanner.menu.choiceGroup', { meal: meal.name, date })}>
      <Group gap={4}>
        {MEAL_CHOICES.map((choice) => {
          const pressed = state.choice === choice;
          return (
            <Button
              key={choice}
              size="xs"
              variant={pressed ? 'filled' : 'default'}
              aria-pressed={pressed}
              loading={save.isPending && save.variables.choice === (pressed ? null : choice)}
              disabled={save.isPending}
              onClick={() => choose(choice)}
            >
              {t(`food.choice.${choice}`)}
            </Button>
          );
        })}
      </Group>
      <Text size="xs" c="dimmed">
        {deadline}
      </Text>
    </Stack>
  );
}
