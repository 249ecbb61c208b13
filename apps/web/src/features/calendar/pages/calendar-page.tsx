import type { DatesSetArg } from '@fullcalendar/core';
import type FullCalendar from '@fullcalendar/react';
import { Badge, Button, ColorSwatch, Group, Stack, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { EVENT_TYPES, type EventWithPolicies } from '@tun/shared/calendar';
import { creatableEventTypes } from '@tun/shared/policies/calendar-event';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '../../../lib/error-message';
import { notify } from '../../../lib/notify';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useSession } from '../../../entities/session/get-session';
import { useCalendarEvents, type CalendarEventsQuery } from '../../../entities/calendar/get-calendar-events';
import { useUpdateEvent } from '../api/update-event';
import { CalendarFilters } from '../components/calendar-filters';
import {
  EVENT_SHADES,
  EVENT_TYPE_COLORS,
  filterFromSearch,
  FULLCALENDAR_VIEWS,
  isoWeek,
  queryFilterOf,
  searchFromFilter,
  viewOf,
  type CalendarFilter,
  type CalendarView,
} from '../model/calendar-model';
import { CalendarToolbar } from '../components/calendar-toolbar';
import { EventCalendar, type EventMove } from '../components/event-calendar';
import { EventDetailsModal } from '../components/event-details-modal';
import { EventFormModal, type EventFormTarget } from '../components/event-form-modal';
import { schoolDate, schoolWallClockToInstant } from '../model/school-time';
import { useCalendarNames } from '../../../entities/calendar/use-calendar-names';
import { useEventActions } from '../components/use-event-actions';
import { useEventTime } from '../components/use-event-time';
import '../components/calendar.css';
import { LoadError } from '../../../components/load-error';

const HOUR_MS = 60 * 60 * 1000;

interface VisibleRange {
  from: string;
  to: string;
  view: CalendarView;
  /** FullCalendar's title of the range, in the active language. */
  viewTitle: string;
  /** First and last day shown (YYYY-MM-DD, school time). */
  firstDay: string;
  lastDay: string;
}

/** An instant at a wall-clock hour of a school date. */
function atSchoolHour(date: string, hour: number): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(schoolWallClockToInstant([year, month - 1, day, hour, 0]));
}

/** Where "Ny hendelse" starts: the next whole hour today when today is shown, else 08:00 on the first day. */
function defaultNewSpan(range: VisibleRange | null): { start: string; end: string } {
  const now = Date.now();
  const today = schoolDate(now);
  let start: number;
  if (!range || (today >= range.firstDay && today <= range.lastDay)) {
    start = Math.ceil(now / HOUR_MS) * HOUR_MS;
  } else {
    start = atSchoolHour(range.firstDay, 8).getTime();
  }
  return { start: new Date(start).toISOString(), end: new Date(start + HOUR_MS).toISOString() };
}

function LegendBadges() {
  const { t } = useTranslation();
  return (
    <Group gap="xs" wrap="wrap" aria-label={t('calendar.legend')} role="list">
      {EVENT_TYPES.map((type) => (
        <Badge
          key={type}
          role="listitem"
          variant="default"
          radius="sm"
          tt="none"
          leftSection={
            <ColorSwatch
              color={`var(--mantine-color-${EVENT_TYPE_COLORS[type]}-${EVENT_SHADES.border})`}
              size={12}
              aria-hidden="true"
            />
          }
        >
          {t(`eventTypes.${type}`)}
        </Badge>
      ))}
    </Group>
  );
}

/** SPEC §2 /app/calendar: the school's calendar, one's own by default. */
/** `feeds` is the subscription button, which the calendar-feeds feature owns (composed in app/). */
export function CalendarPage({ feeds }: { feeds: ReactNode }) {
  const { t, i18n } = useTranslation();
  const errorMessage = useErrorMessage();
  useDocumentTitle(t('pages.calendar.title'));
  const session = useSession();
  const personId = session.user.id;
  const search = useSearch({ from: '/app/calendar' });
  const navigate = useNavigate({ from: '/app/calendar' });
  const filter = filterFromSearch(search, personId);

  // Existing events carry what the user may do with them; what they may create is the same
  // shared rule, asked of their roles (docs/decisions/017-record-policies.md).
  const roles = session.user.roles;
  const types = useMemo(() => creatableEventTypes({ personId, roles }), [personId, roles]);
  const canCreate = types.length > 0;

  const calendarRef = useRef<FullCalendar | null>(null);
  const [range, setRange] = useState<VisibleRange | null>(null);
  const query: CalendarEventsQuery | null = range
    ? { from: range.from, to: range.to, filter: queryFilterOf(filter, personId) }
    : null;
  const events = useCalendarEvents(query);
  const names = useCalendarNames();
  const eventTime = useEventTime();
  const updateEvent = useUpdateEvent();
  const actions = useEventActions();

  // Each dialog keeps its content while it fades out.
  const [details, setDetails] = useState<{ opened: boolean; event: EventWithPolicies | null }>({
    opened: false,
    event: null,
  });
  const [form, setForm] = useState<{ opened: boolean; target: EventFormTarget | null }>({
    opened: false,
    target: null,
  });

  const setFilter = (next: CalendarFilter) => {
    void navigate({ search: searchFromFilter(next), replace: true });
  };

  const handleDatesSet = (arg: DatesSetArg) => {
    setRange({
      from: arg.start.toISOString(),
      to: arg.end.toISOString(),
      view: viewOf(arg.view.type),
      viewTitle: arg.view.title,
      firstDay: schoolDate(arg.view.currentStart),
      lastDay: schoolDate(arg.view.currentEnd.getTime() - 1),
    });
  };

  // Norwegians plan by week number, so week views name it ("Uke 48 · 23.–29. nov. 2026").
  let title = range?.viewTitle ?? '';
  if (range && (range.view === 'week' || range.view === 'list')) {
    title = t('calendar.weekTitle', { week: isoWeek(range.firstDay), range: range.viewTitle });
  }

  const api = () => calendarRef.current?.getApi();

  // FullCalendar writes its title in the new language only when it next moves; take it now.
  const language = i18n.resolvedLanguage ?? i18n.language;
  useEffect(() => {
    const frame = requestAnimationFrame(() => {
      const viewTitle = calendarRef.current?.getApi().view.title;
      if (viewTitle) setRange((current) => (current ? { ...current, viewTitle } : current));
    });
    return () => cancelAnimationFrame(frame);
  }, [language]);

  // A new event seen through a line, elective, group or room filter is most likely for it.
  const openNew = (span: { start: string; end: string }) => {
    const preset =
      filter.kind === 'line' || filter.kind === 'elective' || filter.kind === 'group'
        ? { groupsAttending: [filter.id] }
        : filter.kind === 'room'
          ? { roomUsed: filter.id }
          : {};
    setForm({ opened: true, target: { mode: 'new', ...span, ...preset } });
  };

  const handleSelect = (start: Date, end: Date, allDay: boolean) => {
    api()?.unselect();
    if (allDay) {
      // A day picked in the month: a first guess at the time, changed in the form.
      const date = schoolDate(start);
      openNew({ start: atSchoolHour(date, 8).toISOString(), end: atSchoolHour(date, 9).toISOString() });
      return;
    }
    openNew({ start: start.toISOString(), end: end.toISOString() });
  };

  const handleMove = ({ event, start, end, revert }: EventMove) => {
    const input = {
      name: event.name,
      type: event.type,
      mandatory: event.mandatory,
      roomUsed: event.roomUsed,
      groupsAttending: event.groupsAttending,
      start: start.toISOString(),
      end: end.toISOString(),
    };
    updateEvent.mutate(
      { id: event.id, input },
      {
        onSuccess: (saved) =>
          notify({
            color: 'fjord',
            message: t('calendar.move.done', { name: saved.name, time: eventTime(saved.start, saved.end) }),
          }),
        onError: (error) => {
          revert();
          notify({
            color: 'red',
            title: t('calendar.move.failed', { name: event.name }),
            message: errorMessage(error),
          });
        },
      },
    );
  };

  const closeDetails = () => setDetails((current) => ({ ...current, opened: false }));

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center" gap="sm">
        <Title order={1}>{t('pages.calendar.title')}</Title>
        <Group gap="sm">
          {feeds}
          {canCreate && (
            <Button
              leftSection={<IconPlus size={18} aria-hidden="true" />}
              aria-haspopup="dialog"
              onClick={() => openNew(defaultNewSpan(range))}
            >
              {t('calendar.new')}
            </Button>
          )}
        </Group>
      </Group>

      <CalendarFilters value={filter} onChange={setFilter} />

      <CalendarToolbar
        title={title}
        view={range?.view ?? 'week'}
        fetching={events.isFetching}
        onPrev={() => api()?.prev()}
        onNext={() => api()?.next()}
        onToday={() => api()?.today()}
        onView={(view) => api()?.changeView(FULLCALENDAR_VIEWS[view])}
      />

      {events.isError && (
        <LoadError
          title={t('calendar.loadFailed')}
          error={events.error}
          onRetry={() => void events.refetch()}
        />
      )}

      <LegendBadges />

      <div className="tun-calendar">
        <EventCalendar
          calendarRef={calendarRef}
          events={events.data ?? []}
          shown={range}
          roomName={names.roomName}
          onSelect={canCreate ? handleSelect : undefined}
          onOpen={(event) => setDetails({ opened: true, event })}
          onMove={handleMove}
          onDatesSet={handleDatesSet}
        />
      </div>

      <EventDetailsModal
        opened={details.opened}
        event={details.event}
        onClose={closeDetails}
        onEdit={(event) => {
          closeDetails();
          setForm({ opened: true, target: { mode: 'edit', event } });
        }}
        onDelete={(event) => {
          closeDetails();
          actions.confirmDelete(event);
        }}
        onRevert={(event) => {
          closeDetails();
          actions.confirmRevert(event);
        }}
      />

      {canCreate && (
        <EventFormModal
          opened={form.opened}
          target={form.target}
          types={types}
          onClose={() => setForm((current) => ({ ...current, opened: false }))}
        />
      )}
    </Stack>
  );
}
