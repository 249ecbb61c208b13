import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  Modal,
  Select,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconArrowDown, IconArrowUp, IconTrash } from '@tabler/icons-react';
import { COURSES, MEAL_DISHES_MAX, type Course, type Meal } from '@tun/shared/food';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/load-error';
import { useErrorMessage } from '../../../lib/error-message';
import { notify } from '../../../lib/notify';
import { useDishes } from '../api/get-dishes';
import { useSaveMealMenu } from '../api/save-meal-menu';
import {
  addDish,
  mealMenuInput,
  moveDish,
  removeDish,
  setCourse,
  type EditedDish,
} from '../model/meal-dishes';
import { useMenuFormat } from './use-menu-format';

/** The dishes of one meal: picked from the library, each with its course, in the menu's order. */
export function MealEditorDialog({ meal, onClose }: { meal: Meal | null; onClose: () => void }) {
  const { t } = useTranslation();
  const menuFormat = useMenuFormat();
  const small = useMediaQuery('(max-width: 48em)');
  return (
    <Modal
      opened={meal !== null}
      onClose={onClose}
      title={meal ? t('foodPlanner.editor.title', { meal: meal.name, date: menuFormat.day(meal.date) }) : ''}
      size="lg"
      fullScreen={small}
      closeOnClickOutside={false}
      closeButtonProps={{ 'aria-label': t('app.close') }}
    >
      {/* Keyed by the meal, so each opening starts from the menu as it is now. */}
      {meal && <MealEditorForm key={`${meal.date}|${meal.name}`} meal={meal} onDone={onClose} />}
    </Modal>
  );
}

function MealEditorForm({ meal, onDone }: { meal: Meal; onDone: () => void }) {
  const { t } = useTranslation();
  const menuFormat = useMenuFormat();
  const errorMessage = useErrorMessage();
  const dishes = useDishes({ enabled: true });
  const save = useSaveMealMenu();
  const [chosen, setChosen] = useState<EditedDish[]>(() =>
    meal.dishes.map((dish) => ({ dishId: dish.id, name: dish.name, course: dish.course })),
  );
  // The picker adds and empties itself: its search is ours to clear after each pick.
  const [search, setSearch] = useState('');
  const archivedIds = new Set(meal.dishes.filter((dish) => dish.archived).map((dish) => dish.id));
  const library = (dishes.data ?? []).filter((dish) => !dish.archived);
  const choosable = library
    .filter((dish) => !chosen.some((entry) => entry.dishId === dish.id))
    .map((dish) => ({ value: dish.id, label: dish.name }));
  const full = chosen.length >= MEAL_DISHES_MAX;
  const courses = COURSES.map((course) => ({ value: course, label: t(`food.course.${course}`) }));

  const submit = () =>
    save.mutate(mealMenuInput(meal.date, meal.name, chosen), {
      onSuccess: () => {
        notify({
          color: 'fjord',
          message: t('foodPlanner.editor.saved', { meal: meal.name, date: menuFormat.day(meal.date) }),
        });
        onDone();
      },
    });

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack gap="md">
        <Stack gap="xs">
          <Title order={3} size="h5" id="meal-editor-dishes">
            {t('foodPlanner.editor.dishes')}
          </Title>
          {chosen.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('foodPlanner.editor.none')}
            </Text>
          ) : (
            <Stack
              component="ol"
              gap="xs"
              m={0}
              p={0}
              style={{ listStyle: 'none' }}
              aria-labelledby="meal-editor-dishes"
            >
              {chosen.map((entry, index) => (
                <Group
                  component="li"
                  key={entry.dishId}
                  gap="xs"
                  wrap="wrap"
                  justify="space-between"
                  p="xs"
                  style={{
                    border: '1px solid var(--mantine-color-gray-3)',
                    borderRadius: 'var(--mantine-radius-md)',
                  }}
                >
                  <Group gap="xs" style={{ flex: '1 1 12rem', minWidth: 0 }}>
                    <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
                      {entry.name}
                    </Text>
                    {archivedIds.has(entry.dishId) && (
                      <Badge size="xs" variant="light" color="gray" tt="none">
                        {t('foodPlanner.editor.archived')}
                      </Badge>
                    )}
                  </Group>
                  <Group gap={4} wrap="nowrap">
                    <Select
                      aria-label={t('foodPlanner.editor.course', { name: entry.name })}
                      data={courses}
                      value={entry.course}
                      onChange={(value) => {
                        if (value) setChosen((list) => setCourse(list, index, value as Course));
                      }}
                      allowDeselect={false}
                      w={180}
                      size="xs"
                    />
                    <ActionIcon
                      variant="subtle"
                      aria-label={t('foodPlanner.editor.moveUp', { name: entry.name })}
                      disabled={index === 0}
                      onClick={() => setChosen((list) => moveDish(list, index, -1))}
                    >
                      <IconArrowUp size={16} aria-hidden="true" />
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      aria-label={t('foodPlanner.editor.moveDown', { name: entry.name })}
                      disabled={index === chosen.length - 1}
                      onClick={() => setChosen((list) => moveDish(list, index, 1))}
                    >
                      <IconArrowDown size={16} aria-hidden="true" />
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={t('foodPlanner.editor.remove', { name: entry.name })}
                      onClick={() => setChosen((list) => removeDish(list, index))}
                    >
                      <IconTrash size={16} aria-hidden="true" />
                    </ActionIcon>
                  </Group>
                </Group>
              ))}
            </Stack>
          )}
        </Stack>

        {dishes.isPending && <Loader size="sm" aria-label={t('app.loading')} />}
        {dishes.isError && (
          <LoadError
            title={t('foodPlanner.editor.loadFailed')}
            error={dishes.error}
            onRetry={() => void dishes.refetch()}
          />
        )}
        {dishes.data &&
          (library.length === 0 ? (
            <Text size="sm">{t('foodPlanner.editor.emptyLibrary')}</Text>
          ) : (
            <Select
              label={t('foodPlanner.editor.add')}
              placeholder={t('foodPlanner.editor.addPlaceholder')}
              description={full ? t('foodPlanner.editor.max', { count: MEAL_DISHES_MAX }) : undefined}
              data={choosable}
              value={null}
              searchValue={search}
              onSearchChange={setSearch}
              onChange={(id) => {
                const dish = library.find((candidate) => candidate.id === id);
                if (dish) setChosen((list) => addDish(list, dish));
                setSearch('');
              }}
              searchable
              clearable={false}
              nothingFoundMessage={t('foodPlanner.editor.nothingFound')}
              disabled={full}
              limit={50}
            />
          ))}

        {save.isError && (
          <Alert color="red" variant="light" title={t('foodPlanner.editor.failed')}>
            {errorMessage(save.error)}
          </Alert>
        )}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onDone}>
            {t('foodPlanner.editor.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t('foodPlanner.editor.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
