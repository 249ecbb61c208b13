import { Button, Group, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconSchool, IconUser } from '@tabler/icons-react';
import { shortFullName } from '@tun/shared/names';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useElectives } from '../../../entities/electives/get-electives';
import { useGroups } from '../../../entities/groups/get-groups';
import { useLines } from '../../../entities/lines/get-lines';
import { usePeople } from '../../../entities/people/get-people';
import { useRooms } from '../../../entities/rooms/get-rooms';
import { TARGET_FILTERS, type TargetFilterKind } from '../../../entities/calendar/get-calendar-events';
import type { CalendarFilter } from '../model/calendar-model';

interface Option {
  value: string;
  label: string;
}

function sorted(options: Option[], locale: string): Option[] {
  return options.sort((a, b) => a.label.localeCompare(b.label, locale));
}

/** Options for each filter select, sorted by name in the active language. */
function useFilterOptions(): Record<TargetFilterKind, Option[] | undefined> {
  const { i18n } = useTranslation();
  const lines = useLines();
  const electives = useElectives();
  const groups = useGroups();
  const rooms = useRooms();
  const people = usePeople();
  const locale = i18n.language;
  return useMemo(
    () => ({
      line:
        lines.data &&
        sorted(
          lines.data.map((line) => ({ value: line.id, label: line.name })),
          locale,
        ),
      elective:
        electives.data &&
        sorted(
          electives.data.map((elective) => ({ value: elective.id, label: elective.name })),
          locale,
        ),
      // Archived groups have no events ahead of them; they would only lengthen the list.
      group:
        groups.data &&
        sorted(
          groups.data
            .filter((group) => !group.archived)
            .map((group) => ({ value: group.id, label: group.name })),
          locale,
        ),
      room:
        rooms.data &&
        sorted(
          rooms.data.map((room) => ({ value: room.id, label: room.name })),
          locale,
        ),
      person:
        people.data &&
        sorted(
          people.data
            // TV accounts have no calendar of their own.
            .filter((person) => !person.roles.includes('tv'))
            .map((person) => ({ value: person.id, label: shortFullName(person.name) })),
          locale,
        ),
    }),
    [lines.data, electives.data, groups.data, rooms.data, people.data, locale],
  );
}

interface CalendarFiltersProps {
  value: CalendarFilter;
  onChange: (filter: CalendarFilter) => void;
}

/** Whose calendar to show: one's own (the default), the whole school, or one line, elective, group, room or person. */
export function CalendarFilters({ value, onChange }: CalendarFiltersProps) {
  const { t } = useTranslation();
  const options = useFilterOptions();

  const targetName =
    value.kind !== 'mine' && value.kind !== 'school'
      ? (options[value.kind]?.find((option) => option.value === value.id)?.label ??
        t('calendar.filters.unknown'))
      : undefined;

  let summary: string;
  if (value.kind === 'mine') summary = t('calendar.filters.showingMine');
  else if (value.kind === 'school') summary = t('calendar.filters.showingSchool');
  else
    summary = t('calendar.filters.showingTarget', {
      kind: t(`calendar.filters.${value.kind}`).toLocaleLowerCase(),
      name: targetName,
    });

  return (
    <Stack gap="xs" component="section" aria-labelledby="calendar-filters-label">
      <Text id="calendar-filters-label" fw={600} size="sm">
        {t('calendar.filters.label')}
      </Text>
      <Group gap="sm" wrap="wrap">
        <Button
          variant={value.kind === 'mine' ? 'filled' : 'default'}
          aria-pressed={value.kind === 'mine'}
          leftSection={<IconUser size={16} aria-hidden="true" />}
          onClick={() => onChange({ kind: 'mine' })}
        >
          {t('calendar.filters.mine')}
        </Button>
        <Button
          variant={value.kind === 'school' ? 'filled' : 'default'}
          aria-pressed={value.kind === 'school'}
          leftSection={<IconSchool size={16} aria-hidden="true" />}
          onClick={() => onChange({ kind: 'school' })}
        >
          {t('calendar.filters.school')}
        </Button>
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="sm" verticalSpacing="xs">
        {TARGET_FILTERS.map((kind) => {
          const label = t(`calendar.filters.${kind}`);
          return (
            <Select
              key={kind}
              label={label}
              placeholder={t('calendar.filters.placeholder')}
              data={options[kind] ?? []}
              value={value.kind === kind ? value.id : null}
              onChange={(id) => onChange(id ? { kind, id } : { kind: 'mine' })}
              searchable
              clearable
              clearButtonProps={{ 'aria-label': t('calendar.filters.clear', { label }) }}
              nothingFoundMessage={t('calendar.filters.nothingFound')}
              comboboxProps={{ withinPortal: true }}
            />
          );
        })}
      </SimpleGrid>
      <Text size="sm" c="dimmed" aria-live="polite">
        {summary}
      </Text>
    </Stack>
  );
}
