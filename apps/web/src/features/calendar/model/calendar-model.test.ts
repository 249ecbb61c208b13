import { DEFAULT_THEME } from '@mantine/core';
import { EVENT_TYPES, type EventWithPolicies } from '@tun/shared/calendar';
import { describe, expect, it } from 'vitest';
import { AA_TEXT, contrastRatio } from '../../../lib/contrast';
import {
  EVENT_SHADES,
  EVENT_TEXT_COLOR,
  EVENT_TYPE_COLORS,
  filterFromSearch,
  gridStartTime,
  isoWeek,
  isSameSchoolDay,
  queryFilterOf,
  searchFromFilter,
  toEventInput,
  viewOf,
} from './calendar-model';

const ME = 'person-me';

function event(overrides: Partial<EventWithPolicies> = {}): EventWithPolicies {
  return {
    id: 'entry1@1795000000000#line1',
    name: 'Linjefag',
    start: '2026-11-24T07:30:00.000Z',
    end: '2026-11-24T09:00:00.000Z',
    type: 'class',
    mandatory: true,
    roomUsed: 'room1',
    groupsAttending: ['line1'],
    overrides: null,
    source: 'schedule',
    createdBy: null,
    policies: { change: false, delete: false, revert: false },
    ...overrides,
  };
}

describe('filters', () => {
  it('opens on the own calendar, and treats one’s own person id as that', () => {
    expect(filterFromSearch({}, ME)).toEqual({ kind: 'mine' });
    expect(filterFromSearch({ person: ME }, ME)).toEqual({ kind: 'mine' });
    expect(filterFromSearch({ person: 'other' }, ME)).toEqual({ kind: 'person', id: 'other' });
    expect(filterFromSearch({ show: 'school' }, ME)).toEqual({ kind: 'school' });
    expect(filterFromSearch({ room: 'r1' }, ME)).toEqual({ kind: 'room', id: 'r1' });
  });

  it('round-trips through the URL', () => {
    for (const filter of [
      { kind: 'mine' },
      { kind: 'school' },
      { kind: 'line', id: 'l1' },
      { kind: 'elective', id: 'e1' },
      { kind: 'group', id: 'g1' },
      { kind: 'room', id: 'r1' },
      { kind: 'person', id: 'p1' },
    ] as const) {
      expect(filterFromSearch(searchFromFilter(filter), ME)).toEqual(filter);
    }
  });

  it('asks the API for the own person, nothing for the school, or the one target', () => {
    expect(queryFilterOf({ kind: 'mine' }, ME)).toEqual({ person: ME });
    expect(queryFilterOf({ kind: 'school' }, ME)).toEqual({});
    expect(queryFilterOf({ kind: 'elective', id: 'e1' }, ME)).toEqual({ elective: 'e1' });
  });
});

describe('look', () => {
  it('gives every type its own palette', () => {
    const palettes = EVENT_TYPES.map((type) => EVENT_TYPE_COLORS[type]);
    expect(new Set(palettes).size).toBe(EVENT_TYPES.length);
  });

  it('has AA contrast for event text on every type’s tint', () => {
    const text = DEFAULT_THEME.colors[EVENT_TEXT_COLOR.palette]![EVENT_TEXT_COLOR.shade]!;
    for (const type of EVENT_TYPES) {
      const tint = DEFAULT_THEME.colors[EVENT_TYPE_COLORS[type]]![EVENT_SHADES.background]!;
      expect(contrastRatio(text, tint), type).toBeGreaterThanOrEqual(AA_TEXT);
    }
  });

  it('maps an event to FullCalendar with its type class, room and editability', () => {
    const input = toEventInput(event({ type: 'dining' }), { roomName: 'Spisesalen' });
    expect(input).toMatchObject({
      id: 'entry1@1795000000000#line1',
      title: 'Linjefag',
      start: '2026-11-24T07:30:00.000Z',
      end: '2026-11-24T09:00:00.000Z',
      allDay: false,
      classNames: ['tun-event', 'tun-event-dining'],
      editable: false,
      startEditable: false,
      durationEditable: false,
    });
    expect(input.extendedProps).toMatchObject({ roomName: 'Spisesalen', event: { type: 'dining' } });
    const changeable = { change: true, delete: true, revert: false };
    expect(toEventInput(event({ policies: changeable }), { roomName: null })).toMatchObject({
      editable: true,
      startEditable: true,
      durationEditable: true,
    });
  });
});

describe('names and times', () => {
  it('tells whether an event stays within one school day', () => {
    expect(isSameSchoolDay('2026-11-24T07:30:00Z', '2026-11-24T09:00:00Z')).toBe(true);
    // 22:00–00:00 in Oslo ends at midnight: still that evening.
    expect(isSameSchoolDay('2026-11-24T21:00:00Z', '2026-11-24T23:00:00Z')).toBe(true);
    // 23:30 UTC is already the next day in Oslo.
    expect(isSameSchoolDay('2026-11-24T20:00:00Z', '2026-11-24T23:30:00Z')).toBe(false);
  });

  it('starts the time grid early enough for every part of the events on the days shown', () => {
    // Tuesday 24 November 2026 in Oslo, as a day, and its week from Monday.
    const tuesday = { from: '2026-11-23T23:00:00Z', to: '2026-11-24T23:00:00Z' };
    const week = { from: '2026-11-22T23:00:00Z', to: '2026-11-29T23:00:00Z' };
    const nextWeek = { from: '2026-11-29T23:00:00Z', to: '2026-12-06T23:00:00Z' };
    // 08:30–10:00: the school day's 06:00.
    expect(gridStartTime([event()], week)).toBe('06:00:00');
    // 05:15–06:00: its hour.
    const early = event({ start: '2026-11-24T04:15:00Z', end: '2026-11-24T05:00:00Z' });
    expect(gridStartTime([early], tuesday)).toBe('05:00:00');
    // 22:00–00:00 ends at midnight: nothing of it on the next day.
    const evening = event({ start: '2026-11-24T21:00:00Z', end: '2026-11-24T23:00:00Z' });
    expect(gridStartTime([evening], week)).toBe('06:00:00');
    // 22:00–01:00: Wednesday's hour after midnight is in the week, not in Tuesday's day view.
    const night = event({ start: '2026-11-24T21:00:00Z', end: '2026-11-25T00:00:00Z' });
    expect(gridStartTime([night], week)).toBe('00:00:00');
    expect(gridStartTime([night], tuesday)).toBe('06:00:00');
    // Sunday 23:55 to Monday 00:55: Monday's week shows 00:00–00:55; Sunday's week, 23:55–24:00.
    const sundayNight = event({ start: '2026-11-29T22:55:00Z', end: '2026-11-29T23:55:00Z' });
    expect(gridStartTime([sundayNight], nextWeek)).toBe('00:00:00');
    expect(gridStartTime([sundayNight], week)).toBe('06:00:00');
    expect(gridStartTime([], week)).toBe('06:00:00');
    expect(gridStartTime([], null)).toBe('06:00:00');
  });

  it('numbers weeks as ISO 8601 does', () => {
    expect(isoWeek('2026-11-16')).toBe(47);
    expect(isoWeek('2026-01-01')).toBe(1);
    expect(isoWeek('2027-01-01')).toBe(53);
    expect(isoWeek('2024-12-30')).toBe(1);
  });

  it('maps FullCalendar views back to the page’s', () => {
    expect(viewOf('timeGridWeek')).toBe('week');
    expect(viewOf('dayGridMonth')).toBe('month');
    expect(viewOf('listWeek')).toBe('list');
    expect(viewOf('unknown')).toBe('week');
  });
});
