/**
 * The calendar page's rules, free of React and FullCalendar so they can be tested on their own:
 * which filter is shown, who may change an event, how an event looks and what it is called.
 */
import type { EventInput } from '@fullcalendar/core';
import { EVENT_TYPES, type CalendarEvent, type EventType } from '@tun/shared/calendar';
import { schoolDate } from './school-time';

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

/** ISO 8601 week number of a date (YYYY-MM-DD): the week with the year's first Thursday is week 1. */
export function isoWeek(date: string): number {
  const day = new Date(`${date}T00:00:00Z`);
  // Move to the Thursday of the same week; its year is the week's year.
  day.setUTCDate(day.getUTCDate() + 3 - ((day.getUTCDay() + 6) % 7));
  const firstThursday = new Date(Date.UTC(day.getUTCFullYear(), 0, 4));
  firstThursday.setUTCDate(firstThursday.getUTCDate() + 3 - ((firstThursday.getUTCDay() + 6) % 7));
  return 1 + Math.round((day.getTime() - firstThursday.getTime()) / (7 * 24 * 60 * 60 * 1000));
}

// ---------------------------------------------------------------------------------------------
// Filters

/** Filters that pick one line, elective, group, room or person (at most one at a time). */
export const TARGET_FILTERS = ['line', 'elective', 'group', 'room', 'person'] as const;
export type TargetFilterKind = (typeof TARGET_FILTERS)[number];

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

/** The API's filter parameter (GET /calendar): the own calendar is the own person; none is the school. */
export type CalendarQueryFilter = Partial<Record<TargetFilterKind, string>>;

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
// Permissions (the server decides; this only hides what it would refuse)

export interface EventGrants {
  personId: string;
  /** events:change: staff change every event that is not an activity. */
  changeEvents: boolean;
  /** activities:change on every record (admin, teacher). */
  changeAllActivities: boolean;
  /** activities:change on one's own records (everyone but TV accounts). */
  changeOwnActivities: boolean;
}

/** Activities follow activities:change (own: createdBy); every other type needs events:change. */
export function canChangeEvent(
  event: Pick<CalendarEvent, 'type' | 'createdBy'>,
  grants: EventGrants,
): boolean {
  if (event.type === 'physact') {
    return (
      grants.changeAllActivities ||
      (grants.changeOwnActivities && event.createdBy !== null && event.createdBy === grants.personId)
    );
  }
  return grants.changeEvents;
}

/** The types a user may create; without events:change only activities ('Aktivitet'). */
export function creatableTypes(grants: EventGrants): EventType[] {
  if (grants.changeEvents) return [...EVENT_TYPES];
  if (grants.changeAllActivities || grants.changeOwnActivities) return ['physact'];
  return [];
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
  event: CalendarEvent;
  roomName: string | null;
}

export function toEventInput(
  event: CalendarEvent,
  options: { roomName: string | null; editable: boolean },
): EventInput {
  const extendedProps: EventExtendedProps = { event, roomName: options.roomName };
  return {
    id: event.id,
    title: event.name,
    start: event.start,
    end: event.end,
    // Every event has times; none is an all-day event, even a trip over several days.
    allDay: false,
    classNames: eventClassNames(event.type),
    editable: options.editable,
    startEditable: options.editable,
    durationEditable: options.editable,
    extendedProps,
  };
}

// ---------------------------------------------------------------------------------------------
// Names

export interface NamedThing {
  id: string;
  name: string;
}

/** Names of lines, electives and groups attending, in the order given; unknown ids get `unknown`. */
export function attendeeNames(
  ids: readonly string[],
  sources: readonly (readonly NamedThing[] | undefined)[],
  unknown: string,
): string[] {
  const byId = new Map<string, string>();
  for (const list of sources) for (const item of list ?? []) byId.set(item.id, item.name);
  return ids.map((id) => byId.get(id) ?? unknown);
}

/** Does the event start and end on the same day at the school (an end at midnight counts as that day)? */
export function isSameSchoolDay(start: string, end: string): boolean {
  const lastMoment = Math.max(Date.parse(start), Date.parse(end) - 1);
  return schoolDate(start) === schoolDate(lastMoment);
}

/** The occurrence a schedule-derived event is, or the one a concrete event overrides. */
export function isFromSchedule(event: Pick<CalendarEvent, 'source'>): boolean {
  return event.source === 'schedule';
}
