import {
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconAlertCircle, IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import type { FoodCounts } from '@tun/shared/food';
import { addDays, isIsoDate, todayInSchoolZone } from '@tun/shared/time';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNow } from '../../../components/use-now';
import { useErrorMessage } from '../../../lib/error-message';
import { useFormatters } from '../../../lib/dates';
import { usePeople } from '../../../entities/people/get-people';
import { useCan } from '../../../entities/session/access';
import { COUNT_DAYS, useFoodCounts } from '../api/get-food-counts';
import { nameMap } from '../model/person-names';
import { CutoffSettings } from './cutoff-settings';
import { MealCountCard } from './meal-count-card';

const MINUTE = 60_000;

/** «tirsdag 24. november» as a heading: the weekday capitalised, the month not. */
function upperFirst(text: string): string {
  return text.charAt(0).toLocaleUpperCase() + text.slice(1);
}

/**
 * How many will eat (decision 025): the coming days' meals, each with how many eat, who does not
 * and what diets are needed, and the names for the kitchen. The kitchen also sets here until when
 * students may opt out of a meal.
 */
export function CountsTab() {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const format = useFormatters();
  const mayChange = useCan('foodPlan:change');
  // «I dag» moves on at midnight without waiting for the next answer.
  const today = todayInSchoolZone(new Date(useNow(MINUTE)));
  const [typed, setTyped] = useState(today);
  const from = isIsoDate(typed) ? typed : null;
  const counts = useFoodCounts(from);
  const people = usePeople({ former: true });
  const names = useMemo(() => nameMap(people.data), [people.data]);
  const step = (days: number) => setTyped(addDays(from ?? today, days));

  return (
    <Stack gap="lg">
      <Text c="dimmed">{t('foodKitchen.counts.intro')}</Text>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <Button
          variant="default"
          leftSection={<IconChevronLeft size={18} aria-hidden="true" />}
          onClick={() => step(-COUNT_DAYS)}
        >
          {t('foodKitchen.counts.previous')}
        </Button>
        <TextInput
          type="date"
          label={t('foodKitchen.counts.from')}
          value={typed}
          onChange={(event) => setTyped(event.currentTarget.value)}
          error={from ? undefined : t('foodKitchen.counts.fromInvalid')}
          w={{ base: '100%', xs: 180 }}
        />
        <Button
          variant="default"
          rightSection={<IconChevronRight size={18} aria-hidden="true" />}
          onClick={() => step(COUNT_DAYS)}
        >
          {t('foodKitchen.counts.next')}
        </Button>
        <Button variant="subtle" onClick={() => setTyped(today)} disabled={from === today}>
          {t('foodKitchen.counts.today')}
        </Button>
      </Group>

      {counts.isPending && from && <Loader aria-label={t('app.loading')} />}
      {counts.isError && (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertCircle aria-hidden="true" />}
          title={t('foodKitchen.counts.loadFailed')}
        >
          {errorMessage(counts.error)}
        </Alert>
      )}
      {counts.data && (
        <CountDays
          counts={counts.data}
          today={today}
          busy={counts.isFetching}
          nameOf={(personId) => names.get(personId) ?? t('foodKitchen.counts.unknownPerson')}
          dayName={(date) =>
            upperFirst(format.date(`${date}T12:00:00Z`, { weekday: 'long', day: 'numeric', month: 'long' }))
          }
        />
      )}

      {mayChange && <CutoffSettings />}
    </Stack>
  );
}

function CountDays({
  counts,
  today,
  busy,
  nameOf,
  dayName,
}: {
  counts: FoodCounts;
  today: string;
  busy: boolean;
  nameOf: (personId: string) => string;
  dayName: (date: string) => string;
}) {
  const { t } = useTranslation();
  if (counts.days.every((day) => day.meals.length === 0)) {
    return <Text>{t('foodKitchen.counts.noMealsAtAll')}</Text>;
  }
  return (
    <Stack gap="xl" aria-busy={busy}>
      {counts.days.map((day) => {
        const isToday = day.date === today;
        const headingId = `food-count-day-${day.date}`;
        return (
          <Paper
            key={day.date}
            component="section"
            aria-labelledby={headingId}
            withBorder={isToday}
            p={isToday ? 'md' : 0}
            radius="md"
            style={isToday ? { borderColor: 'var(--mantine-color-fjord-6)', borderWidth: 2 } : undefined}
          >
            <Stack gap="sm">
              <Group gap="sm">
                <Title order={2} size="h3" id={headingId}>
                  <time dateTime={day.date} aria-current={isToday ? 'date' : undefined}>
                    {dayName(day.date)}
                  </time>
                </Title>
                {isToday && (
                  <Badge variant="filled" tt="none">
                    {t('foodKitchen.counts.todayBadge')}
                  </Badge>
                )}
              </Group>
              {day.meals.length === 0 ? (
                <Text c="dimmed">{t('foodKitchen.counts.noMeals')}</Text>
              ) : (
                <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
                  {day.meals.map((meal) => (
                    <MealCountCard
                      key={`${meal.date}|${meal.name}`}
                      meal={meal}
                      dayName={dayName(day.date)}
                      nameOf={nameOf}
                    />
                  ))}
                </SimpleGrid>
              )}
            </Stack>
          </Paper>
        );
      })}
    </Stack>
  );
}
