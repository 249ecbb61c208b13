import type { ComboboxItem, ComboboxItemGroup } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { localeTag } from '../../../lib/dates';
import { useElectives } from '../../../entities/electives/get-electives';
import { useGroups } from '../../../entities/groups/get-groups';
import { useLines } from '../../../entities/lines/get-lines';
import { useRooms } from '../../../entities/rooms/get-rooms';

/** What an entry refers to by id, with names to show and options to pick from. */
export interface ScheduleReferences {
  roomName: (id: string) => string;
  /** Lines, electives and temporary groups share one lookup: groupsAttending mixes them. */
  targetName: (id: string) => string;
  roomOptions: (chosen: string | null) => ComboboxItem[];
  lineOptions: (chosen: readonly string[]) => ComboboxItem[];
  electiveOptions: (chosen: readonly string[]) => ComboboxItem[];
  /** Lines and temporary groups, in two groups. */
  attendingOptions: (chosen: readonly string[]) => ComboboxItemGroup<ComboboxItem>[];
  pending: boolean;
  failed: boolean;
}

/**
 * Options keep whatever is already chosen, even when it no longer exists (a deleted room) or is
 * no longer offered (an archived group), so an entry's saved choice is never silently dropped.
 */
function withChosen(
  options: ComboboxItem[],
  chosen: readonly string[],
  name: (id: string) => string,
  locale: string,
): ComboboxItem[] {
  const offered = new Set(options.map((option) => option.value));
  const extra = chosen.filter((id) => !offered.has(id)).map((id) => ({ value: id, label: name(id) }));
  return [...options, ...extra].sort((a, b) => a.label.localeCompare(b.label, locale));
}

export function useScheduleReferences(): ScheduleReferences {
  const { t, i18n } = useTranslation();
  const rooms = useRooms();
  const lines = useLines();
  const electives = useElectives();
  const groups = useGroups();
  const locale = localeTag(i18n.language);

  return useMemo(() => {
    const roomNames = new Map((rooms.data ?? []).map((room) => [room.id, room.name]));
    const targetNames = new Map<string, string>([
      ...(lines.data ?? []).map((line) => [line.id, line.name] as const),
      ...(electives.data ?? []).map((elective) => [elective.id, elective.name] as const),
      ...(groups.data ?? []).map((group) => [group.id, group.name] as const),
    ]);
    const roomName = (id: string) => roomNames.get(id) ?? t('schedule.unknown');
    const targetName = (id: string) => targetNames.get(id) ?? t('schedule.unknown');
    const lineItems = (lines.data ?? []).map((line) => ({ value: line.id, label: line.name }));
    const groupItems = (groups.data ?? [])
      .filter((group) => !group.archived)
      .map((group) => ({ value: group.id, label: group.name }));

    return {
      roomName,
      targetName,
      roomOptions: (chosen) =>
        withChosen(
          (rooms.data ?? []).map((room) => ({ value: room.id, label: room.name })),
          chosen === null ? [] : [chosen],
          roomName,
          locale,
        ),
      lineOptions: (chosen) => withChosen(lineItems, chosen, targetName, locale),
      electiveOptions: (chosen) =>
        withChosen(
          (electives.data ?? []).map((elective) => ({ value: elective.id, label: elective.name })),
          chosen,
          targetName,
          locale,
        ),
      attendingOptions: (chosen) => {
        const lineIds = new Set(lineItems.map((item) => item.value));
        const others = chosen.filter((id) => !lineIds.has(id));
        return [
          { group: t('schedule.form.linesGroup'), items: withChosen(lineItems, [], targetName, locale) },
          {
            group: t('schedule.form.groupsGroup'),
            items: withChosen(groupItems, others, targetName, locale),
          },
        ];
      },
      pending: rooms.isPending || lines.isPending || electives.isPending || groups.isPending,
      failed: rooms.isError || lines.isError || electives.isError || groups.isError,
    };
  }, [
    rooms.data,
    lines.data,
    electives.data,
    groups.data,
    rooms.isPending,
    lines.isPending,
    electives.isPending,
    groups.isPending,
    rooms.isError,
    lines.isError,
    electives.isError,
    groups.isError,
    t,
    locale,
  ]);
}
