import type { CalendarEvent } from '@tun/shared/calendar';
import { describe, expect, it } from 'vitest';
import { eventOptionGroups } from './event-options';

function event(id: string, name: string, start: string): CalendarEvent {
  return {
    id,
    name,
    start,
    end: new Date(Date.parse(start) + 3_600_000).toISOString(),
    type: 'class',
    mandatory: true,
    roomUsed: null,
    groupsAttending: [],
    overrides: null,
    source: 'schedule',
    createdBy: null,
  };
}

describe('eventOptionGroups', () => {
  it('groups by school day (Oslo) in time order', () => {
    const groups = eventOptionGroups(
      [
        event('c', 'Middag', '2026-11-23T16:00:00.000Z'),
        event('a', 'Linjefag', '2026-11-23T07:45:00.000Z'),
        // 00:30 in Oslo on the 24th, though still the 23rd in UTC.
        event('d', 'Nattevandring', '2026-11-23T23:30:00.000Z'),
        event('b', 'Frokost', '2026-11-23T07:00:00.000Z'),
      ],
      (e) => e.name,
      (date) => date,
    );
    expect(groups).toEqual([
      {
        group: '2026-11-23',
        items: [
          { value: 'b', label: 'Frokost' },
          { value: 'a', label: 'Linjefag' },
          { value: 'c', label: 'Middag' },
        ],
      },
      { group: '2026-11-24', items: [{ value: 'd', label: 'Nattevandring' }] },
    ]);
  });

  it('is empty without events', () => {
    expect(
      eventOptionGroups(
        [],
        (e) => e.name,
        (d) => d,
      ),
    ).toEqual([]);
  });
});
