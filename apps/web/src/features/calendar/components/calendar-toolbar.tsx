import { ActionIcon, Button, Group, Loader, SegmentedControl, Title } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CALENDAR_VIEWS, type CalendarView } from '../model/calendar-model';

interface CalendarToolbarProps {
  title: string;
  view: CalendarView;
  fetching: boolean;
  onPrev: () => void;
  onNext: () => void;
  onToday: () => void;
  onView: (view: CalendarView) => void;
}

/** The step the arrows take in each view, for their names ("Neste uke"). */
const STEP: Record<CalendarView, 'day' | 'week' | 'month'> = {
  week: 'week',
  day: 'day',
  month: 'month',
  list: 'week',
};

/**
 * FullCalendar's own toolbar has no heading level of our choosing and icon-only buttons named
 * in English for nynorsk; this one uses the app's buttons and names every control.
 */
export function CalendarToolbar({
  title,
  view,
  fetching,
  onPrev,
  onNext,
  onToday,
  onView,
}: CalendarToolbarProps) {
  const { t } = useTranslation();
  const step = STEP[view];
  return (
    <Group justify="space-between" align="center" gap="sm" wrap="wrap">
      <Group gap="xs" wrap="nowrap" role="group" aria-label={t('calendar.toolbar.label')}>
        <ActionIcon
          variant="default"
          size="lg"
          aria-label={t(`calendar.toolbar.prev.${step}`)}
          onClick={onPrev}
        >
          <IconChevronLeft size={18} aria-hidden="true" />
        </ActionIcon>
        <ActionIcon
          variant="default"
          size="lg"
          aria-label={t(`calendar.toolbar.next.${step}`)}
          onClick={onNext}
        >
          <IconChevronRight size={18} aria-hidden="true" />
        </ActionIcon>
        <Button variant="default" onClick={onToday} title={t('calendar.toolbar.todayHint')}>
          {t('calendar.toolbar.today')}
        </Button>
      </Group>
      <Group gap="xs" wrap="nowrap" style={{ flex: '1 1 auto', justifyContent: 'center' }}>
        {/* Announced when it changes, so arrow presses say where the user has got to. */}
        <Title order={2} size="h3" aria-live="polite" ta="center">
          {title}
        </Title>
        {fetching && <Loader size="xs" aria-label={t('calendar.updating')} />}
      </Group>
      <SegmentedControl
        aria-label={t('calendar.toolbar.views')}
        value={view}
        onChange={(value) => onView(value as CalendarView)}
        data={CALENDAR_VIEWS.map((value) => ({ value, label: t(`calendar.toolbar.view.${value}`) }))}
      />
    </Group>
  );
}
