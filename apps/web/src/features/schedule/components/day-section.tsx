import { ActionIcon, Badge, Button, Group, Paper, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconCopy, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import type { WeekDay } from '@tun/shared/calendar';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EVENT_TYPE_COLORS, EventTypeBadge } from './event-type-badge';
import { ENTRY_FIELDS, type DraftEntry, type DraftErrors, type EntryField } from '../model/schedule-draft';
import type { ScheduleReferences } from './use-schedule-references';

export interface DayActions {
  add: (day: WeekDay) => void;
  edit: (day: WeekDay, entry: DraftEntry) => void;
  copy: (day: WeekDay, entry: DraftEntry) => void;
  remove: (day: WeekDay, entry: DraftEntry) => void;
  copyDay: (day: WeekDay) => void;
}

interface DaySectionProps {
  day: WeekDay;
  entries: readonly DraftEntry[];
  references: ScheduleReferences;
  errors: DraftErrors['entries'];
  /** Absent for those who may only look. */
  actions?: DayActions;
}

export const dayHeadingId = (day: WeekDay) => `schedule-day-${day}`;

/** One day of the week: its entries in time order, and (for an admin) what can be done to them. */
export function DaySection({ day, entries, references, errors, actions }: DaySectionProps) {
  const { t } = useTranslation();
  const dayName = t(`weekDays.${day}`);
  return (
    <Paper component="section" withBorder radius="md" p="md" aria-labelledby={dayHeadingId(day)}>
      <Stack gap="sm">
        <Group justify="space-between" align="center" gap="xs">
          <Group gap="xs" align="baseline">
            <Title order={2} size="h3" id={dayHeadingId(day)} tabIndex={-1}>
              {dayName}
            </Title>
            <Text size="sm" c="dimmed">
              {t('schedule.entryCount', { count: entries.length })}
            </Text>
          </Group>
          {actions && (
            <Group gap="xs">
              <Button
                size="compact-sm"
                variant="light"
                leftSection={<IconPlus size={16} aria-hidden="true" />}
                aria-label={t('schedule.addLabel', { day: dayName })}
                onClick={() => actions.add(day)}
              >
                {t('schedule.add')}
              </Button>
              <Button
                size="compact-sm"
                variant="subtle"
                leftSection={<IconCopy size={16} aria-hidden="true" />}
                aria-label={t('schedule.copyDayLabel', { day: dayName })}
                disabled={entries.length === 0}
                onClick={() => actions.copyDay(day)}
              >
                {t('schedule.copyDay')}
              </Button>
            </Group>
          )}
        </Group>
        {entries.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('schedule.emptyDay')}
          </Text>
        ) : (
          <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
            {entries.map((entry) => (
              <EntryItem
                key={entry.key}
                day={day}
                entry={entry}
                references={references}
                errors={errors[entry.key]}
                actions={actions}
              />
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}

function EntryItem({
  day,
  entry,
  references,
  errors,
  actions,
}: {
  day: WeekDay;
  entry: DraftEntry;
  references: ScheduleReferences;
  errors: Partial<Record<EntryField, string>> | undefined;
  actions?: DayActions;
}) {
  const { t } = useTranslation();
  const time = t('schedule.timeRange', { from: entry.from, to: entry.to });
  const perTarget = entry.forClasses.length > 0 || entry.forElectives.length > 0;
  const names = (ids: readonly string[]) => ids.map(references.targetName).join(', ');
  const room = entry.roomUsed
    ? references.roomName(entry.roomUsed)
    : entry.forClasses.length > 0 && entry.forElectives.length > 0
      ? t('schedule.ownRoom')
      : entry.forClasses.length > 0
        ? t('schedule.ownLineRoom')
        : entry.forElectives.length > 0
          ? t('schedule.ownElectiveRoom')
          : t('schedule.noRoom');
  const details = [
    `${t('schedule.roomLabel')}: ${room}`,
    entry.forClasses.length > 0 && `${t('schedule.forClassesLabel')}: ${names(entry.forClasses)}`,
    entry.forElectives.length > 0 && `${t('schedule.forElectivesLabel')}: ${names(entry.forElectives)}`,
    !perTarget &&
      `${t('schedule.attendingLabel')}: ${
        entry.groupsAttending.length > 0 ? names(entry.groupsAttending) : t('schedule.wholeSchool')
      }`,
  ].filter((detail): detail is string => typeof detail === 'string');
  const errorList = errors ? ENTRY_FIELDS.filter((field) => errors[field]) : [];

  return (
    <Paper
      component="li"
      withBorder
      radius="sm"
      py={6}
      px="xs"
      pl="sm"
      style={{
        borderInlineStartWidth: 4,
        borderInlineStartColor: errorList.length
          ? 'var(--mantine-color-red-8)'
          : `var(--mantine-color-${EVENT_TYPE_COLORS[entry.type]}-6)`,
      }}
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Text style={{ overflowWrap: 'anywhere' }}>
            <Text span fw={700} style={{ fontVariantNumeric: 'tabular-nums' }}>
              {time}
            </Text>{' '}
            <Text span fw={600}>
              {entry.name}
            </Text>
          </Text>
          <Group gap={6}>
            <EventTypeBadge type={entry.type} />
            {entry.mandatory && (
              <Badge variant="outline" color="dark" radius="sm" tt="none">
                {t('schedule.mandatory')}
              </Badge>
            )}
          </Group>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {details.join(' · ')}
          </Text>
          {errorList.length > 0 && (
            <Stack component="ul" gap={0} p={0} m={0} style={{ listStyle: 'none' }}>
              {errorList.map((field) => (
                <Text component="li" key={field} size="sm" c="red.8">
                  {t(`schedule.fields.${field}`)}: {errors?.[field]}
                </Text>
              ))}
            </Stack>
          )}
        </Stack>
        {actions && (
          // Buttons rather than a menu: each opens its dialog from a button that stays, so
          // focus goes back to it when the dialog closes.
          <Group gap={2} wrap="nowrap">
            <EntryAction
              label={t('schedule.editLabel', { name: entry.name, time })}
              tooltip={t('schedule.edit')}
              onClick={() => actions.edit(day, entry)}
            >
              <IconPencil size={18} aria-hidden="true" />
            </EntryAction>
            <EntryAction
              label={t('schedule.copyToLabel', { name: entry.name, time })}
              tooltip={t('schedule.copyTo')}
              onClick={() => actions.copy(day, entry)}
            >
              <IconCopy size={18} aria-hidden="true" />
            </EntryAction>
            <EntryAction
              label={t('schedule.removeLabel', { name: entry.name, time })}
              tooltip={t('schedule.remove')}
              color="red.8"
              onClick={() => actions.remove(day, entry)}
            >
              <IconTrash size={18} aria-hidden="true" />
            </EntryAction>
          </Group>
        )}
      </Group>
    </Paper>
  );
}

function EntryAction({
  label,
  tooltip,
  color = 'gray.8',
  onClick,
  children,
}: {
  label: string;
  tooltip: string;
  color?: string;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Tooltip label={tooltip} openDelay={300} withinPortal>
      <ActionIcon variant="subtle" color={color} size="lg" aria-label={label} onClick={onClick}>
        {children}
      </ActionIcon>
    </Tooltip>
  );
}
