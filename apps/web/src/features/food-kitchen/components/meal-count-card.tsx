import { Box, Button, Collapse, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { IconChevronDown, IconChevronUp } from '@tabler/icons-react';
import type { MealCount } from '@tun/shared/food';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../../lib/dates';
import { ALLERGEN_ICONS } from '../../../entities/food/allergens';
import { countGroups, neededCounts, type CountGroups, type CountPerson } from '../model/count-people';
import { DietSummary } from './diet-summary';

const OTHER_STATS = ['notEating', 'packedLunch', 'absent', 'expected'] as const;

/** One meal: how many eat (large), who does not and why, what diets are needed, and the names. */
export function MealCountCard({
  meal,
  dayName,
  nameOf,
}: {
  meal: MealCount;
  dayName: string;
  nameOf: (personId: string) => string;
}) {
  const { t, i18n } = useTranslation();
  const format = useFormatters();
  const id = useId();
  const headingId = `${id}-heading`;
  const namesId = `${id}-names`;
  const [showNames, setShowNames] = useState(false);
  const needs = neededCounts(meal);
  const groups = useMemo(
    () => countGroups(meal, nameOf, i18n.resolvedLanguage ?? i18n.language),
    [meal, nameOf, i18n.resolvedLanguage, i18n.language],
  );
  const labelValues = { meal: meal.name, date: dayName };

  return (
    <Paper component="article" withBorder p="md" radius="md" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Group justify="space-between" align="baseline" gap="xs" wrap="nowrap">
          <Title order={3} size="h4" id={headingId} style={{ overflowWrap: 'anywhere' }}>
            {meal.name}
          </Title>
          <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            <time dateTime={meal.start}>
              {t('foodKitchen.counts.startsAt', { time: format.time(meal.start) })}
            </time>
          </Text>
        </Group>

        <Box
          component="dl"
          m={0}
          style={{
            display: 'grid',
            gridTemplateColumns: 'repeat(4, minmax(0, 1fr))',
            gap: 'var(--mantine-spacing-xs)',
          }}
        >
          <div style={{ gridColumn: '1 / -1' }}>
            <Text component="dt" fw={600}>
              {t('foodKitchen.counts.eating')}
            </Text>
            <Text component="dd" m={0} fz="2.5rem" fw={700} lh={1.1}>
              {format.number(meal.eating)}
            </Text>
          </div>
          {OTHER_STATS.map((stat) => (
            <div key={stat}>
              <Text component="dt" size="xs" c="dimmed">
                {t(`foodKitchen.counts.${stat}`)}
              </Text>
              <Text component="dd" m={0} fw={600}>
                {format.number(meal[stat])}
              </Text>
            </div>
          ))}
        </Box>

        <Stack gap={4}>
          <Text size="sm" fw={600}>
            {t('foodKitchen.counts.needsTitle')}
          </Text>
          {needs.allergens.length === 0 && needs.diets.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('foodKitchen.counts.noNeeds')}
            </Text>
          ) : (
            <List
              size="sm"
              listStyleType="none"
              spacing={2}
              aria-label={t('foodKitchen.counts.needsLabel', { meal: meal.name })}
            >
              {needs.allergens.map(({ allergen, count }) => {
                const AllergenIcon = ALLERGEN_ICONS[allergen];
                return (
                  <List.Item key={allergen}>
                    <Group gap={6} wrap="nowrap">
                      <AllergenIcon size={16} stroke={1.6} aria-hidden="true" />
                      <span>{t(`food.allergen.${allergen}`)}:</span>
                      <Text span fw={700} size="sm">
                        {format.number(count)}
                      </Text>
                    </Group>
                  </List.Item>
                );
              })}
              {needs.diets.map(({ diet, count }) => (
                <List.Item key={diet}>
                  <Group gap={6} wrap="nowrap">
                    <span>{t(`food.diet.${diet}`)}:</span>
                    <Text span fw={700} size="sm">
                      {format.number(count)}
                    </Text>
                  </Group>
                </List.Item>
              ))}
            </List>
          )}
        </Stack>

        <div>
          <Button
            variant="subtle"
            size="compact-sm"
            px={0}
            aria-expanded={showNames}
            aria-controls={namesId}
            aria-label={t(
              showNames ? 'foodKitchen.counts.hideNamesLabel' : 'foodKitchen.counts.showNamesLabel',
              labelValues,
            )}
            rightSection={
              showNames ? (
                <IconChevronUp size={16} aria-hidden="true" />
              ) : (
                <IconChevronDown size={16} aria-hidden="true" />
              )
            }
            onClick={() => setShowNames((shown) => !shown)}
          >
            {t(showNames ? 'foodKitchen.counts.hideNames' : 'foodKitchen.counts.showNames')}
          </Button>
          <Collapse in={showNames} id={namesId}>
            <CountNames groups={groups} />
          </Collapse>
        </div>
      </Stack>
    </Paper>
  );
}

const GROUP_ORDER = [
  'withDiet',
  'notEating',
  'packedLunch',
  'absent',
] as const satisfies readonly (keyof CountGroups)[];

function CountNames({ groups }: { groups: CountGroups }) {
  const { t } = useTranslation();
  const shown = GROUP_ORDER.filter((group) => groups[group].length > 0);
  if (shown.length === 0) {
    return (
      <Text size="sm" c="dimmed" mt="xs">
        {t('foodKitchen.counts.noNames')}
      </Text>
    );
  }
  return (
    <Stack gap="sm" mt="xs">
      {shown.map((group) => (
        <Stack key={group} gap={4}>
          <Title order={4} size="h6">
            {t(`foodKitchen.counts.groups.${group}`)} ({groups[group].length})
          </Title>
          <List size="sm" spacing={4} listStyleType="none">
            {groups[group].map((person) => (
              <List.Item key={person.personId}>
                <NamedPerson person={person} withDiet={group === 'withDiet'} />
              </List.Item>
            ))}
          </List>
        </Stack>
      ))}
    </Stack>
  );
}

function NamedPerson({ person, withDiet }: { person: CountPerson; withDiet: boolean }) {
  const { t } = useTranslation();
  if (!withDiet) return <Text size="sm">{person.name}</Text>;
  return (
    <Stack gap={0}>
      <Text size="sm" fw={600}>
        {person.name}
        {person.presence === 'packedLunch' && ` · ${t('foodKitchen.counts.packedLunch')}`}
      </Text>
      <Box pl="sm">
        <DietSummary diet={person} size="xs" />
      </Box>
    </Stack>
  );
}
