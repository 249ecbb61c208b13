import {
  Badge,
  Button,
  Card,
  Group,
  Loader,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconPencil, IconPlus, IconSearch, IconTrash } from '@tabler/icons-react';
import type { Dish } from '@tun/shared/food';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/load-error';
import { AllergenList } from '../../../entities/food/allergens';
import { localeTag } from '../../../lib/dates';
import { useDishes } from '../api/get-dishes';
import { filterDishes } from '../model/dish-form-values';
import { DishDialog } from './dish-dialog';
import { useDishDeletion } from './use-dish-deletion';

/**
 * The dish library (decision 025), for those who change menus: find a dish, add one, edit or
 * delete it. A dish a menu still names is archived by the server instead of deleted; «Vis
 * arkiverte» shows those too.
 */
export function DishesTab() {
  const { t, i18n } = useTranslation();
  const isPhone = useMediaQuery('(max-width: 47.99em)', false);
  const [showArchived, setShowArchived] = useState(false);
  const [search, setSearch] = useState('');
  const dishes = useDishes(showArchived);
  // The dish stays while the dialog fades out, so its title does not flip to «Ny rett» on the way.
  const [dialog, setDialog] = useState<{ opened: boolean; dish?: Dish }>({ opened: false });
  const searchRef = useRef<HTMLInputElement>(null);
  // The row that held the focus is gone: give it to the search, where the next task starts.
  const deletion = useDishDeletion({ onDeleted: () => searchRef.current?.focus() });

  const collator = new Intl.Collator(localeTag(i18n.language));
  const all = [...(dishes.data ?? [])].sort((a, b) => collator.compare(a.name, b.name));
  const shown = filterDishes(all, search);
  const searching = search.trim() !== '';

  const actions: DishActions = {
    onEdit: (dish) => setDialog({ opened: true, dish }),
    onDelete: deletion.start,
    deleting: deletion.deleting,
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Group align="flex-end" gap="md">
          <TextInput
            ref={searchRef}
            type="search"
            label={t('foodDishes.search')}
            placeholder={t('foodDishes.searchPlaceholder')}
            leftSection={<IconSearch size={16} aria-hidden="true" />}
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            w={{ base: '100%', xs: 280 }}
          />
          <Switch
            label={t('foodDishes.showArchived')}
            checked={showArchived}
            onChange={(event) => setShowArchived(event.currentTarget.checked)}
            mb={8}
          />
        </Group>
        <Button
          leftSection={<IconPlus size={18} aria-hidden="true" />}
          onClick={() => setDialog({ opened: true })}
        >
          {t('foodDishes.new')}
        </Button>
      </Group>

      {dishes.isPending && <Loader aria-label={t('app.loading')} />}
      {dishes.isError && (
        <LoadError
          title={t('foodDishes.loadFailed')}
          error={dishes.error}
          onRetry={() => void dishes.refetch()}
        />
      )}

      {dishes.isSuccess && (
        <Text size="sm" c="dimmed" role="status">
          {all.length === 0
            ? t('foodDishes.empty')
            : shown.length === 0
              ? t('foodDishes.noMatch', { search: search.trim() })
              : searching
                ? t('foodDishes.countFiltered', { shown: shown.length, count: all.length })
                : t('foodDishes.count', { count: all.length })}
        </Text>
      )}

      {shown.length > 0 &&
        (isPhone ? (
          <DishCards dishes={shown} actions={actions} />
        ) : (
          <DishTable dishes={shown} actions={actions} />
        ))}

      <DishDialog
        opened={dialog.opened}
        dish={dialog.dish}
        onClose={() => setDialog((current) => ({ ...current, opened: false }))}
      />
    </Stack>
  );
}

interface DishActions {
  onEdit: (dish: Dish) => void;
  onDelete: (dish: Dish) => void;
  /** The id of the dish being deleted, if any. */
  deleting: string | undefined;
}

function DishTable({ dishes, actions }: { dishes: Dish[]; actions: DishActions }) {
  const { t } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table verticalSpacing="sm" striped aria-label={t('foodDishes.listLabel')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('foodDishes.columns.dish')}</Table.Th>
            <Table.Th scope="col">{t('foodDishes.columns.allergens')}</Table.Th>
            <Table.Th scope="col">{t('foodDishes.columns.diets')}</Table.Th>
            <Table.Th scope="col" ta="end">
              {t('foodDishes.columns.actions')}
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {dishes.map((dish) => (
            <Table.Tr key={dish.id} style={{ verticalAlign: 'top' }}>
              <Table.Td maw={320}>
                <DishSummary dish={dish} />
              </Table.Td>
              <Table.Td>
                <AllergenList facts={dish} mayContain={dish.mayContain} showNone />
              </Table.Td>
              <Table.Td>
                <DietTags dish={dish} />
              </Table.Td>
              <Table.Td>
                <DishButtons dish={dish} actions={actions} justify="flex-end" />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** On a phone each dish is a card: four columns would need sideways scrolling. */
function DishCards({ dishes, actions }: { dishes: Dish[]; actions: DishActions }) {
  const { t } = useTranslation();
  return (
    <Stack
      gap="sm"
      component="ul"
      p={0}
      m={0}
      style={{ listStyle: 'none' }}
      aria-label={t('foodDishes.listLabel')}
    >
      {dishes.map((dish) => (
        <Card key={dish.id} withBorder radius="md" padding="md" component="li">
          <Stack gap="xs">
            <DishSummary dish={dish} heading />
            <AllergenList facts={dish} mayContain={dish.mayContain} showNone />
            <Group gap="xs" align="center">
              <Text size="sm" fw={600}>
                {t('foodDishes.columns.diets')}:
              </Text>
              <DietTags dish={dish} />
            </Group>
            <DishButtons dish={dish} actions={actions} justify="flex-start" />
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}

/** The name (a heading on a card), whether it is archived, and the start of its description. */
function DishSummary({ dish, heading = false }: { dish: Dish; heading?: boolean }) {
  const { t } = useTranslation();
  return (
    <Stack gap={2}>
      <Group gap="xs" wrap="wrap">
        {heading ? (
          <Title order={2} size="h4" style={{ overflowWrap: 'anywhere' }}>
            {dish.name}
          </Title>
        ) : (
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {dish.name}
          </Text>
        )}
        {dish.archived && (
          <Badge variant="outline" color="gray" tt="none">
            {t('foodDishes.archived')}
          </Badge>
        )}
      </Group>
      {dish.description && (
        <Text size="sm" c="dimmed" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
          {dish.description}
        </Text>
      )}
    </Stack>
  );
}

function DietTags({ dish }: { dish: Dish }) {
  const { t } = useTranslation();
  if (dish.diets.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('foodDishes.noDiets')}
      </Text>
    );
  }
  return (
    <Group component="ul" gap={4} p={0} m={0} style={{ listStyle: 'none' }}>
      {dish.diets.map((diet) => (
        <li key={diet}>
          <Badge variant="light" color="green" tt="none">
            {t(`food.diet.${diet}`)}
          </Badge>
        </li>
      ))}
    </Group>
  );
}

function DishButtons({
  dish,
  actions,
  justify,
}: {
  dish: Dish;
  actions: DishActions;
  justify: 'flex-start' | 'flex-end';
}) {
  const { t } = useTranslation();
  return (
    <Group gap="xs" justify={justify} wrap="nowrap">
      <Button
        size="compact-sm"
        variant="subtle"
        leftSection={<IconPencil size={16} aria-hidden="true" />}
        aria-label={t('foodDishes.editLabel', { name: dish.name })}
        onClick={() => actions.onEdit(dish)}
      >
        {t('foodDishes.edit')}
      </Button>
      <Button
        size="compact-sm"
        variant="subtle"
        color="red"
        leftSection={<IconTrash size={16} aria-hidden="true" />}
        aria-label={t('foodDishes.deleteLabel', { name: dish.name })}
        loading={actions.deleting === dish.id}
        onClick={() => actions.onDelete(dish)}
      >
        {t('foodDishes.delete')}
      </Button>
    </Group>
  );
}
