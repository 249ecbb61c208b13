import { Alert, Badge, Button, Group, Loader, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconArrowLeft, IconInfoCircle, IconPrinter } from '@tabler/icons-react';
import { getRouteApi } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/load-error';
import { ButtonLink } from '../../../components/router-links';
import { useSession } from '../../../entities/session/get-session';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useMenuWeek } from '../api/get-menu-week';
import { MenuDishList } from '../components/menu-dish';
import { useMenuFormat } from '../components/use-menu-format';
import { mealClock, mealOn, mealRows, weekOf } from '../model/menu-week';
import './menu-print.css';

const route = getRouteApi('/app/food-planner/print');

/** Print hides the app shell only while this page is open (see menu-print.css). */
function usePrintingClass() {
  useEffect(() => {
    document.body.classList.add('tun-printing-menu');
    return () => document.body.classList.remove('tun-printing-menu');
  }, []);
}

/**
 * The week's menu on an A4 landscape sheet for the dining hall's wall: every dish with its
 * allergens in words and «kan inneholde spor av», which the food information regulation accepts
 * as the written allergen information (decision 025).
 */
export function MenuPrintPage() {
  const { t } = useTranslation();
  const menuFormat = useMenuFormat();
  const session = useSession();
  const search = route.useSearch();
  const week = weekOf(search.week);
  const menu = useMenuWeek(week);
  const weekNumber = menuFormat.weekNumber(week);
  const title = t('foodPlanner.print.title', { week: weekNumber });
  useDocumentTitle(title);
  usePrintingClass();

  const data = menu.data;
  const showDishes = data !== undefined && (data.published || data.policies.change);
  // A meal with no dishes all week (coffee, a late snack) is left off the sheet.
  const rows = data
    ? mealRows(data.days).filter((row) => data.days.some((day) => (mealOn(day, row)?.dishes.length ?? 0) > 0))
    : [];

  return (
    <Stack gap="md" className="tun-menu-print">
      <Group className="tun-no-print" justify="space-between">
        <ButtonLink
          to="/app/food-planner"
          search={{ week }}
          variant="default"
          leftSection={<IconArrowLeft size={16} aria-hidden="true" />}
        >
          {t('foodPlanner.print.back')}
        </ButtonLink>
        <Button leftSection={<IconPrinter size={16} aria-hidden="true" />} onClick={() => window.print()}>
          {t('foodPlanner.print.print')}
        </Button>
      </Group>

      <Stack gap={0}>
        <Title order={1}>{title}</Title>
        <Text>
          {session.school.longName} · {menuFormat.weekRange(week)}
        </Text>
      </Stack>

      {menu.isPending && <Loader size="sm" aria-label={t('app.loading')} />}
      {menu.isError && !data && (
        <LoadError
          title={t('foodPlanner.menu.loadFailed')}
          error={menu.error}
          onRetry={() => void menu.refetch()}
        />
      )}
      {data && !showDishes && (
        <Alert color="fjord" variant="light" icon={<IconInfoCircle aria-hidden="true" />}>
          {t('foodPlanner.menu.notPublishedYet')}
        </Alert>
      )}
      {data && showDishes && !data.published && (
        <div>
          <Badge size="lg" variant="light" color="orange" tt="none">
            {t('foodPlanner.print.draft')}
          </Badge>
        </div>
      )}
      {data && showDishes && rows.length === 0 && <Text>{t('foodPlanner.menu.noDishes')}</Text>}
      {data && showDishes && rows.length > 0 && (
        <table className="tun-menu-print-table">
          <thead>
            <tr>
              <th scope="col">{t('foodPlanner.menu.mealColumn')}</th>
              {data.days.map((day) => (
                <th key={day.date} scope="col">
                  <span style={{ textTransform: 'capitalize' }}>{menuFormat.weekday(day.date)}</span>{' '}
                  <Text span size="xs" fw={400}>
                    {menuFormat.shortDate(day.date)}
                  </Text>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.key}>
                <th scope="row">
                  <Text fw={700} size="sm">
                    {row.name}
                  </Text>
                  <Text size="xs" fw={400}>
                    {t('foodPlanner.menu.mealTime', { time: row.usualTime })}
                  </Text>
                </th>
                {data.days.map((day) => {
                  const meal = mealOn(day, row);
                  return (
                    <td key={day.date}>
                      {meal && mealClock(meal.start) !== row.usualTime && (
                        <Text size="xs" fw={600}>
                          {t('foodPlanner.menu.mealTime', { time: menuFormat.time(meal.start) })}
                        </Text>
                      )}
                      {meal && meal.dishes.length > 0 ? (
                        <MenuDishList dishes={meal.dishes} />
                      ) : (
                        <Text size="sm">
                          <span aria-hidden="true">{t('foodPlanner.print.noDishes')}</span>
                          <VisuallyHidden>{t('foodPlanner.menu.noDishes')}</VisuallyHidden>
                        </Text>
                      )}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {data && showDishes && <Text size="xs">{t('foodPlanner.print.allergenNote')}</Text>}
    </Stack>
  );
}
