import type {
  DatesSetArg,
  DateSelectArg,
  EventClickArg,
  EventContentArg,
  EventDropArg,
  EventMountArg,
  LocaleInput,
} from '@fullcalendar/core';
import enGbLocale from '@fullcalendar/core/locales/en-gb';
import nbLocale from '@fullcalendar/core/locales/nb';
import nnLocale from '@fullcalendar/core/locales/nn';
import dayGridPlugin from '@fullcalendar/daygrid';
import interactionPlugin, { type EventResizeDoneArg } from '@fullcalendar/interaction';
import listPlugin from '@fullcalendar/list';
import FullCalendar from '@fullcalendar/react';
import timeGridPlugin from '@fullcalendar/timegrid';
import type { EventWithPolicies } from '@tun/shared/calendar';
import { SCHOOL_TIME_ZONE } from '@tun/shared/time';
import { useMediaQuery } from '@mantine/hooks';
import { useMemo, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import {
  FULLCALENDAR_VIEWS,
  gridStartTime,
  toEventInput,
  type EventExtendedProps,
} from '../model/calendar-model';
import { schoolTimeZonePlugin } from './school-time-zone-plugin';

const PLUGINS = [dayGridPlugin, timeGridPlugin, listPlugin, interactionPlugin, schoolTimeZonePlugin];
const LOCALES: LocaleInput[] = [nbLocale, nnLocale, enGbLocale];
const FULLCALENDAR_LOCALE: Record<string, string> = { nb: 'nb', nn: 'nn', en: 'en-gb' };

const TIME_FORMAT = { hour: '2-digit', minute: '2-digit', hour12: false } as const;

export interface EventMove {
  event: EventWithPolicies;
  start: Date;
  end: Date;
  revert: () => void;
}

interface EventCalendarProps {
  calendarRef: RefObject<FullCalendar | null>;
  /** Each with what the user may do with it: only those they may change can be dragged. */
  events: readonly EventWithPolicies[];
  /** The range the events were fetched for (the days shown), once FullCalendar has said it. */
  shown: { from: string; to: string } | null;
  roomName: (id: string | null) => string | null | undefined;
  /** Selecting empty time creates an event; absent when the user may not create any. */
  onSelect?: (start: Date, end: Date, allDay: boolean) => void;
  onOpen: (event: EventWithPolicies) => void;
  onMove: (move: EventMove) => void;
  onDatesSet: (arg: DatesSetArg) => void;
}

function extendedPropsOf(arg: { event: { extendedProps: Record<string, unknown> } }): EventExtendedProps {
  return arg.event.extendedProps as unknown as EventExtendedProps;
}

/**
 * FullCalendar with the app's rules: school time zone, Monday first, week view by default,
 * colours per type, events reachable by Tab and opened with Enter.
 */
export function EventCalendar({
  calendarRef,
  events,
  shown,
  roomName,
  onSelect,
  onOpen,
  onMove,
  onDatesSet,
}: EventCalendarProps) {
  const { t, i18n } = useTranslation();
  // Seven columns do not fit a phone; there the calendar opens on the day (read once, on mount).
  const isPhone = useMediaQuery('(max-width: 47.99em)', false, { getInitialValueInEffect: false });

  const inputs = useMemo(
    () => events.map((event) => toEventInput(event, { roomName: roomName(event.roomUsed) ?? null })),
    [events, roomName],
  );
  const minTime = useMemo(() => gridStartTime(events, shown), [events, shown]);

  const renderContent = (arg: EventContentArg) => {
    const { roomName: room } = extendedPropsOf(arg);
    if (arg.view.type.startsWith('list')) {
      // The list view's default content is the focusable element; a button keeps it reachable.
      // Its click bubbles to the row, where FullCalendar calls eventClick.
      return (
        <>
          <button type="button" className="tun-event-list-button" aria-haspopup="dialog">
            {arg.event.title}
          </button>
          {room && <span className="tun-event-list-room"> · {room}</span>}
        </>
      );
    }
    return (
      <div className="tun-event-content">
        <div className="tun-event-time">{arg.timeText}</div>
        <div className="tun-event-title">{arg.event.title}</div>
        {room && <div className="tun-event-room">{room}</div>}
      </div>
    );
  };

  const handleMount = (arg: EventMountArg) => {
    // The grid views' event is an <a> without href that FullCalendar opens on Enter and
    // Space; saying it is a button that opens a dialog tells screen-reader users what it does.
    if (!arg.view.type.startsWith('list') && arg.el.tabIndex === 0) {
      arg.el.setAttribute('role', 'button');
      arg.el.setAttribute('aria-haspopup', 'dialog');
    }
  };

  // Day headers and day numbers go to the day, but FullCalendar renders them as <a> without
  // href, which screen readers do not announce as links.
  const markNavLinks = ({ el }: { el: HTMLElement }) => {
    for (const link of el.querySelectorAll('a[data-navlink]')) link.setAttribute('role', 'link');
  };

  const handleMove = (info: EventDropArg | EventResizeDoneArg) => {
    const { start, end } = info.event;
    if (!start || !end) {
      info.revert();
      return;
    }
    onMove({ event: extendedPropsOf(info).event, start, end, revert: info.revert });
  };

  return (
    <FullCalendar
      ref={calendarRef}
      plugins={PLUGINS}
      initialView={isPhone ? FULLCALENDAR_VIEWS.day : FULLCALENDAR_VIEWS.week}
      headerToolbar={false}
      locales={LOCALES}
      locale={FULLCALENDAR_LOCALE[i18n.resolvedLanguage ?? i18n.language] ?? 'nb'}
      timeZone={SCHOOL_TIME_ZONE}
      firstDay={1}
      height="auto"
      slotMinTime={minTime}
      snapDuration="00:15:00"
      nowIndicator
      allDaySlot={false}
      slotEventOverlap={false}
      weekNumbers={false}
      navLinks
      navLinkHint={(dateText: string) => t('calendar.goToDate', { date: dateText })}
      dayMaxEvents={4}
      moreLinkClick="timeGridDay"
      moreLinkContent={(arg) => t('calendar.moreLink', { count: arg.num })}
      moreLinkHint={(count: number) => t('calendar.moreLinkHint', { count })}
      moreLinkDidMount={({ el }) => {
        // FullCalendar marks the link as a popover toggle (aria-expanded), which an <a> may not
        // carry; here it opens the day instead, so it is a link.
        el.removeAttribute('aria-expanded');
        el.removeAttribute('aria-controls');
        el.setAttribute('role', 'link');
      }}
      noEventsText={t('calendar.noEvents')}
      allDayText={t('calendar.allDay')}
      timeHint={t('calendar.list.time')}
      eventHint={t('calendar.list.event')}
      closeHint={t('app.close')}
      defaultRangeSeparator="–"
      titleRangeSeparator="–"
      slotLabelFormat={TIME_FORMAT}
      eventTimeFormat={TIME_FORMAT}
      views={{
        timeGridWeek: {
          dayHeaderFormat: { weekday: 'short', day: 'numeric', month: 'numeric', omitCommas: true },
        },
        timeGridDay: { titleFormat: { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' } },
        // Block events show the type's colour in the month too, not only a dot.
        dayGridMonth: { eventDisplay: 'block' },
      }}
      events={inputs}
      eventInteractive
      eventClick={(arg: EventClickArg) => {
        arg.jsEvent.preventDefault();
        onOpen(extendedPropsOf(arg).event);
      }}
      eventContent={renderContent}
      eventDidMount={handleMount}
      dayHeaderDidMount={markNavLinks}
      dayCellDidMount={markNavLinks}
      eventDrop={handleMove}
      eventResize={handleMove}
      selectable={onSelect !== undefined}
      selectMirror
      select={(arg: DateSelectArg) => onSelect?.(arg.start, arg.end, arg.allDay)}
      datesSet={onDatesSet}
    />
  );
}
