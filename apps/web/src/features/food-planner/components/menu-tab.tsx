import { ActionIcon, Alert, Badge, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  IconChevronLeft,
  IconChevronRight,
  IconCopy,
  IconInfoCircle,
  IconPrinter,
  IconRepeat,
} from '@tabler/icons-react';
import type { Meal, MenuWeek } from '@tun/shared/food';
import { todayInSchoolZone } from '@tun/shared/time';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/load-error';
import { ButtonLink } from '../../../components/router-links';
import { useNow } from '../../../components/use-now';
import { useErrorMessage } from '../../../lib/error-message';
import { notify } from '../../../lib/notify';
import { useMenuWeek } from '../api/get-menu-week';
import { usePublishWeek } from '../api/publish-week';
import type { CopyMode } from '../model/copy-plan';
import { mealRows, weekOf, weeksAfter } from '../model/menu-week';
import { CopyMenusDialog } from './copy-menus-dialog';
import { MealEditorDialog } from './meal-editor-dialog';
import { MenuDayList } from './menu-day-list';
import { MenuGrid } from './menu-grid';
import { useMenuFormat } from './use-menu-format';

/** Today moves on at midnight while the planner stays open on a wall or a phone. */
const TODAY_REFRESH_MS = 60_000;

/**
 * The week's menu (decision 025): everyone sees a published week; who may change menus sees
 * every week and builds it here, meal by meal, publishes it, and copies it on. Students tick
 * «Jeg spiser ikke» or «Matpakke» beside each meal until the kitchen's cut-off.
 */
export function MenuTab({
  week: requested,
  onWeekChange,
}: {
  week: string | undefined;
  onWeekChange: (week: string) => void;
}) {
  const { t } = useTranslation();
  const menuFormat = useMenuFormat();
  const now = useNow(TODAY_REFRESH_MS);
  const today = todayInSchoolZone(new Date(now));
  const thisWeek = weekOf(today);
  const week = weekOf(requested ?? today);
  const menu = useMenuWeek(week);
  const isPhone = useMediaQuery('(max-width: 47.99em)', false);
  const [editing, setEditing] = useState<Meal | null>(null);
  const [copying, setCopying] = useState<CopyMode | null>(null);
  const weekNumber = menuFormat.weekNumber(week);

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Stack gap={0}>
          <Title order={2}>{t('foodPlanner.menu.weekTitle', { week: weekNumber })}</Title>
          <Text>{menuFormat.weekRange(week)}</Text>
        </Stack>
        <WeekNav week={week} thisWeek={thisWeek} compact={isPhone} onWeekChange={onWeekChange} />
      </Group>

      {menu.isPending && <Loader size="sm" aria-label={t('app.loading')} />}
      {menu.isError && !menu.data && (
        <LoadError
          title={t('foodPlanner.menu.loadFailed')}
          error={menu.error}
          onRetry={() => void menu.refetch()}
        />
      )}
      {menu.data && (
        <WeekMenu week={menu.data} today={today} isPhone={isPhone} onEdit={setEditing} onCopy={setCopying} />
      )}

      <MealEditorDialog meal={editing} onClose={() => setEditing(null)} />
      <CopyMenusDialog mode={copying} week={week} onClose={() => setCopying(null)} />
    </Stack>
  );
}

/** Previous, this and next week; on a phone the arrows alone, named for screen readers. */
function WeekNav({
  week,
  thisWeek,
  compact,
  onWeekChange,
}: {
  week: string;
  thisWeek: string;
  compact: boolean;
  onWeekChange: (week: string) => void;
}) {
  const { t } = useTranslation();
  const previous = t('foodPlanner.menu.previousWeek');
  const next = t('foodPlanner.menu.nextWeek');
  return (
    <Group gap="xs" wrap="nowrap" role="group" aria-label={t('foodPlanner.menu.weekNav')}>
      {compact ? (
        <ActionIcon
          variant="default"
          size="lg"
          aria-label={previous}
          onClick={() => onWeekChange(weeksAfter(week, -1))}
        >
          <IconChevronLeft size={18} aria-hidden="true" />
        </ActionIcon>
      ) : (
        <Button
          variant="default"
          leftSection={<IconChevronLeft size={16} aria-hidden="true" />}
          onClick={() => onWeekChange(weeksAfter(week, -1))}
        >
          {previous}
        </Button>
      )}
      <Button
        variant="default"
        aria-current={week === thisWeek ? 'date' : undefined}
        onClick={() => onWeekChange(thisWeek)}
      >
        {t('foodPlanner.menu.thisWeek')}
      </Button>
      {compact ? (
        <ActionIcon
          variant="default"
          size="lg"
          aria-label={next}
          onClick={() => onWeekChange(weeksAfter(week, 1))}
        >
          <IconChevronRight size={18} aria-hidden="true" />
        </ActionIcon>
      ) : (
        <Button
          variant="default"
          rightSection={<IconChevronRight size={16} aria-hidden="true" />}
          onClick={() => onWeekChange(weeksAfter(week, 1))}
        >
          {next}
        </Button>
      )}
    </Group>
  );
}

function WeekMenu({
  week,
  today,
  isPhone,
  onEdit,
  onCopy,
}: {
  week: MenuWeek;
  today: string;
  isPhone: boolean;
  onEdit: (meal: Meal) => void;
  onCopy: (mode: CopyMode) => void;
}) {
  const { t } = useTranslation();
  const canChange = week.policies.change;
  const rows = mealRows(week.days);
  const actions = { canChange, showDishes: canChange || week.published, today, onEdit };
  const printLink = (
    <ButtonLink
      to="/app/food-planner/print"
      search={{ week: week.week }}
      variant="default"
      leftSection={<IconPrinter size={16} aria-hidden="true" />}
    >
      {t('foodPlanner.menu.print')}
    </ButtonLink>
  );

  return (
    <Stack gap="md">
      {canChange ? (
        <Stack gap="xs">
          <Group gap="xs" role="group" aria-label={t('foodPlanner.menu.actions')}>
            <Badge size="lg" variant="light" color={week.published ? 'teal' : 'gray'} tt="none">
              {week.published ? t('foodPlanner.menu.published') : t('foodPlanner.menu.notPublished')}
            </Badge>
            <PublishButton week={week.week} published={week.published} />
            <Button
              variant="default"
              leftSection={<IconCopy size={16} aria-hidden="true" />}
              onClick={() => onCopy('copy')}
            >
              {t('foodPlanner.menu.copyWeek')}
            </Button>
            <Button
              variant="default"
              leftSection={<IconRepeat size={16} aria-hidden="true" />}
              onClick={() => onCopy('rotation')}
            >
              {t('foodPlanner.menu.repeatRotation')}
            </Button>
            {printLink}
          </Group>
          {!week.published && (
            <Text size="sm" c="dimmed">
              {t('foodPlanner.menu.draftNote')}
            </Text>
          )}
        </Stack>
      ) : week.published ? (
        <Group>{printLink}</Group>
      ) : (
        <Alert color="fjord" variant="light" icon={<IconInfoCircle aria-hidden="true" />}>
          {t('foodPlanner.menu.notPublishedYet')}
        </Alert>
      )}

      {rows.length === 0 ? (
        <Stack gap={4}>
          <Text>{t('foodPlanner.menu.noMeals')}</Text>
          {canChange && (
            <Text size="sm" c="dimmed">
              {t('foodPlanner.menu.noMealsHint')}
            </Text>
          )}
        </Stack>
      ) : isPhone ? (
        <MenuDayList week={week} rows={rows} actions={actions} />
      ) : (
        <MenuGrid week={week} rows={rows} actions={actions} />
      )}
    </Stack>
  );
}

function PublishButton({ week, published }: { week: string; published: boolean }) {
  const { t } = useTranslation();
  const menuFormat = useMenuFormat();
  const errorMessage = useErrorMessage();
  const publish = usePublishWeek();
  const weekNumber = menuFormat.weekNumber(week);
  return (
    <Button
      variant={published ? 'default' : 'filled'}
      loading={publish.isPending}
      onClick={() =>
        publish.mutate(
          { week, published: !published },
          {
            onSuccess: () =>
              notify({
                color: 'fjord',
                message: published
                  ? t('foodPlanner.menu.unpublishedDone', { week: weekNumber })
                  : t('foodPlanner.menu.publishedDone', { week: weekNumber }),
              }),
            onError: (error) =>
              notify({
                color: 'red',
                title: t('foodPlanner.menu.publishFailed'),
                message: errorMessage(error),
              }),
          },
        )
      }
    >
      {published ? t('foodPlanner.menu.unpublish') : t('foodPlanner.menu.publish')}
    </Button>
  );
}
