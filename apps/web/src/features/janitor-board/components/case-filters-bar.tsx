import { Group, NumberInput, Select, Switch } from '@mantine/core';
import { CASE_CATEGORIES, type CaseCategory } from '@tun/shared/maintenance';
import type { Room } from '@tun/shared/rooms';
import { useTranslation } from 'react-i18next';
import { STATUS_FILTERS, type CaseFilters, type StatusFilter } from '../model/case-filters';

interface CaseFiltersBarProps {
  filters: CaseFilters;
  rooms: readonly Room[];
  onChange: (filters: CaseFilters) => void;
}

/** Status (or open/closed), room, category, age and «Mine»: each narrows the list and the board alike. */
export function CaseFiltersBar({ filters, rooms, onChange }: CaseFiltersBarProps) {
  const { t } = useTranslation();
  const statusLabel = (value: StatusFilter) =>
    value === 'all' || value === 'open' || value === 'closed'
      ? t(`janitorBoard.filters.state.${value}`)
      : t(`cases.status.${value}`);
  return (
    <Group gap="sm" align="flex-end" role="group" aria-label={t('janitorBoard.filters.label')} wrap="wrap">
      <Select
        label={t('janitorBoard.filters.status')}
        data={STATUS_FILTERS.map((value) => ({ value, label: statusLabel(value) }))}
        value={filters.status}
        onChange={(value) => onChange({ ...filters, status: (value ?? 'all') as StatusFilter })}
        allowDeselect={false}
        w={{ base: '100%', xs: 180 }}
      />
      <Select
        label={t('janitorBoard.filters.room')}
        placeholder={t('janitorBoard.filters.anyRoom')}
        data={rooms.map((room) => ({ value: room.id, label: room.name }))}
        value={filters.roomId}
        onChange={(roomId) => onChange({ ...filters, roomId })}
        searchable
        clearable
        clearButtonProps={{ 'aria-label': t('janitorBoard.filters.clearRoom') }}
        nothingFoundMessage={t('janitorBoard.filters.nothingFound')}
        w={{ base: '100%', xs: 200 }}
      />
      <Select
        label={t('janitorBoard.filters.category')}
        placeholder={t('janitorBoard.filters.anyCategory')}
        data={CASE_CATEGORIES.map((value) => ({ value, label: t(`cases.category.${value}`) }))}
        value={filters.category}
        onChange={(value) => onChange({ ...filters, category: value as CaseCategory | null })}
        clearable
        clearButtonProps={{ 'aria-label': t('janitorBoard.filters.clearCategory') }}
        w={{ base: '100%', xs: 180 }}
      />
      <NumberInput
        label={t('janitorBoard.filters.olderThan')}
        min={0}
        max={3650}
        allowDecimal={false}
        allowNegative={false}
        clampBehavior="strict"
        value={filters.olderThanDays ?? ''}
        onChange={(value) =>
          onChange({ ...filters, olderThanDays: typeof value === 'number' ? value : null })
        }
        w={{ base: '100%', xs: 160 }}
      />
      <Switch
        label={t('janitorBoard.filters.mine')}
        checked={filters.mine}
        onChange={(event) => onChange({ ...filters, mine: event.currentTarget.checked })}
        mb={8}
      />
    </Group>
  );
}
