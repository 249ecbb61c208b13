/**
 * The calendar page's rules, free of React and FullCalendar so they can be tested on their own:
 * which filter is shown, how an event looks and what it is called. Who may change an event is
 * the server's answer, sent with each event (docs/decisions/017-record-policies.md).
 */
import type { EventInput } from '@fullcalendar/core';
import type { EventType, EventWithPolicies } from '@tun/shared/calendar';
import { isoWeekOf } from '@tun/shared/time';
import {
  TARGET_FILTERS,
  type CalendarQueryFilter,
  type TargetFilterKind,
} from '../../../entities/calendar/get-calendar-events';
import { schoolDate, toDateTimeLocal } from './school-time';

// ---------------------------------------------------------------------------------------------
// Views

/** Week first: a school day is planned by the week (timetable), Monday first (SPEC §9). */
export const CALENDAR_VIEWS = ['week', 'day', 'month', 'list'] as const;
export type CalendarView = (typeof CALENDAR_VIEWS)[number];

export const FULLCALENDAR_VIEWS: Record<CalendarView, string> = {
  week: 'timeGridWeek',
  day: 'timeGridDay',
  month: 'dayGridMonth',
  list: 'listWeek',
};

export function viewOf(fullCalendarView: string): CalendarView {
  return CALENDAR_VIEWS.find((view) => FULLCALENDAR_VIEWS[view] === fullCalendarView) ?? 'week';
}

/** ISO 8601 week number of a date (YYYY-MM-DD), for the week view's title. */
export function isoWeek(date: string): number {
  return isoWeekOf(date).week;
}

// ---------------------------------------------------------------------------------------------
// Filters

export type CalendarFilter = { kind: 'mine' } | { kind: 'school' } | { kind: TargetFilterKind; id: string };

/** The page's search params: none is the user's own calendar. */
export interface CalendarSearch {
  show?: 'school';
  line?: string;
  elective?: string;
  group?: string;
  room?: string;
  person?: string;
}

/** The filter a URL asks for; one's own person id is the same as "Min kalender". */
export function filterFromSearch(search: CalendarSearch, ownPersonId: string): CalendarFilter {
  for (const kind of TARGET_FILTERS) {
    const id = search[kind];
    if (id) return kind === 'person' && id === ownPersonId ? { kind: 'mine' } : { kind, id };
  }
  return search.show === 'school' ? { kind: 'school' } : { kind: 'mine' };
}

export function searchFromFilter(filter: CalendarFilter): CalendarSearch {
  switch (filter.kind) {
    case 'mine':
      return {};
    case 'school':
      return { show: 'school' };
    default:
      return { [filter.kind]: filter.id };
  }
}

export function queryFilterOf(filter: CalendarFilter, ownPersonId: string): CalendarQueryFilter {
  switch (filter.kind) {
    case 'mine':
      return { person: ownPersonId };
    case 'school':
      return {};
    default:
      return { [filter.kind]: filter.id };
  }
}

// ---------------------------------------------------------------------------------------------
// Look

/**
 * A theme palette per type. Events are drawn as a light tint (shade 1) with an accent border in
 * shade 7 and near-black text (gray 9); calendar.css holds the rules, calendar-model.test.ts
 * checks the contrast.
 */
export const EVENT_TYPE_COLORS: Record<EventType, string> = {
  class: 'blue',
  elective: 'grape',
  dining: 'orange',
  physact: 'green',
  none: 'gray',
};

export const EVENT_SHADES = { background: 1, border: 7 } as const;
/** The text on every event tint. */
export const EVENT_TEXT_COLOR = { palette: 'gray', shade: 9 } as const;

export function eventClassNames(type: EventType): string[] {
  return ['tun-event', `tun-event-${type}`];
}

/** What FullCalendar needs of an event; the event itself rides along for the dialogs. */
export interface EventExtendedProps {
  event: EventWithPolicies;
  roomName: string | null;
}

/** Dragging and resizing are offered where the server would accept the change. */
export function toEventInput(event: EventWithPolicies, options: { roomName: string | null }): EventInput {
  const extendedProps: EventExtendedProps = { event, roomName: options.roomName };
  const editable = event.policies.change;
  return {
    id: event.id,
    title: event.name,
    start: event.start,
    end: event.end,
    // Every event has times; none is an all-day event, even a trip over several days.
    allDay: false,
    classNames: eventClassNames(event.type),
    editable,
    startEditable: editable,
    durationEditable: editable,
    extendedProps,
  };
}

// ---------------------------------------------------------------------------------------------
// Times

/** Does the event start and end on the same day at the school (an end at midnight counts as that day)? */
export function isSameSchoolDay(start: string, end: string): boolean {
  const lastMoment = Math.max(Date.parse(start), Date.parse(end) - 1);
  return schoolDate(start) === schoolDate(lastMoment);
}

/** The time grid starts at 06:00 (SPEC: a school day), earlier only when an event needs it. */
const DAY_START = '06:00:00';

/**
 * Where the time grid must start (FullCalendar's slotMinTime) to show every part of these events
 * that falls on a day shown: the hour of the earliest start, and midnight for an event begun
 * before the days shown (a lesson begun late on Sunday, in Monday's week) or running past
 * midnight into a day shown (an evening that ends at 01:00, in its week). A day view of that
 * evening shows only its part before midnight, so it keeps the school day's start.
 */
export function gridStartTime(
  events: readonly { start: string; end: string }[],
  shown: { from: string; to: string } | null,
): string {
  // Before FullCalendar has said what it shows, there are no events either.
  if (!shown) return DAY_START;
  const lastShownDay = schoolDate(Date.parse(shown.to) - 1);
  let earliest = DAY_START;
  for (const event of events) {
    const begunBefore = Date.parse(event.start) < Date.parse(shown.from);
    const goesOnIntoShownDay =
      !isSameSchoolDay(event.start, event.end) && schoolDate(event.start) < lastShownDay;
    const time =
      begunBefore || goesOnIntoShownDay ? '00:00:00' : `${toDateTimeLocal(event.start).slice(11, 13)}:00:00`;
    if (time < earliest) earliest = time;
  }
  return earliest;
}
