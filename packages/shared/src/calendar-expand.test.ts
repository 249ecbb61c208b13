import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  EVENT_TYPES,
  NORMAL_WEEK_ID,
  RANGE_ERROR,
  WEEK_DAYS,
  formatOccurrenceId,
  isEventFor,
  parseOccurrenceId,
  type ScheduleEntry,
  type WeekDay,
} from './calendar';
import { CALENDAR_RANGE_MAX_MS } from './limits';
import {
  expandCalendar,
  scheduleForDate,
  type ExpandableSchedule,
  type StoredEvent,
} from './calendar-expand';
import { eventTimeHint, schoolTimeToInstant } from './time';

const DAY = 24 * 60 * 60 * 1000;

function week(days: Partial<Record<WeekDay, ScheduleEntry[]>>, id = NORMAL_WEEK_ID): ExpandableSchedule {
  return {
    id,
    validFrom: null,
    validTo: null,
    days: { Mo: [], Tu: [], We: [], Th: [], Fr: [], Sa: [], Su: [], ...days },
  };
}

function entry(fields: Partial<ScheduleEntry> & Pick<ScheduleEntry, 'id' | 'from' | 'to'>): ScheduleEntry {
  return {
    name: fields.id,
    type: 'none',
    mandatory: true,
    groupsAttending: [],
    roomUsed: null,
    forClasses: [],
    forElectives: [],
    ...fields,
  };
}

const at = (iso: string) => Date.parse(iso);

describe('wall-clock times at the school', () => {
  it('keeps an 08:00 entry at 08:00 in Oslo across the last Sundays of March and October', () => {
    const schedules = [week({ Su: [entry({ id: 'brunsj', from: '08:00', to: '09:00' })] })];
    const starts = (from: string, to: string) =>
      expandCalendar({ schedules, events: [], from: at(from), to: at(to) }).map((event) => event.start);
    expect(starts('2026-03-21T00:00:00Z', '2026-04-06T00:00:00Z')).toEqual([
      '2026-03-22T07:00:00.000Z',
      '2026-03-29T06:00:00.000Z',
      '2026-04-05T06:00:00.000Z',
    ]);
    expect(starts('2026-10-17T00:00:00Z', '2026-11-02T00:00:00Z')).toEqual([
      '2026-10-18T06:00:00.000Z',
      '2026-10-25T07:00:00.000Z',
      '2026-11-01T07:00:00.000Z',
    ]);
  });

  it('moves a time that does not exist an hour on, and takes the later of a time that happens twice', () => {
    // 02:30 on 29 March 2026 is skipped (02:00 → 03:00); on 25 October it happens twice.
    expect(new Date(schoolTimeToInstant('2026-03-29', '02:30')).toISOString()).toBe(
      '2026-03-29T01:30:00.000Z',
    );
    expect(new Date(schoolTimeToInstant('2026-10-25', '02:30')).toISOString()).toBe(
      '2026-10-25T01:30:00.000Z',
    );
    expect(new Date(schoolTimeToInstant('2026-10-25', '23:59')).toISOString()).toBe(
      '2026-10-25T22:59:00.000Z',
    );
    expect(new Date(schoolTimeToInstant('2026-03-29', '00:00')).toISOString()).toBe(
      '2026-03-28T23:00:00.000Z',
    );
  });

  it('gives the day of an evening entry in Oslo, not in UTC', () => {
    const schedules = [week({ Mo: [entry({ id: 'kveld', from: '23:30', to: '23:59' })] })];
    const events = expandCalendar({
      schedules,
      events: [],
      from: at('2026-11-23T00:00:00+01:00'),
      to: at('2026-11-24T00:00:00+01:00'),
    });
    expect(events.map((event) => event.start)).toEqual(['2026-11-23T22:30:00.000Z']);
  });
});

describe('expansion', () => {
  const schedules = [
    week({
      Mo: [
        entry({ id: 'frokost', from: '08:00', to: '08:30', type: 'dining' }),
        entry({ id: 'linjefag', from: '09:00', to: '11:30', type: 'class', forClasses: ['a', 'b'] }),
        entry({ id: 'valgfag', from: '12:00', to: '13:00', forElectives: ['e'] }),
      ],
    }),
  ];
  const monday = { from: at('2026-11-23T00:00:00+01:00'), to: at('2026-11-24T00:00:00+01:00') };
  const start = at('2026-11-23T08:00:00Z');

  it('makes one occurrence per line and per elective, with ids entry@start#target, in their main rooms', () => {
    const events = expandCalendar({ schedules, events: [], ...monday, mainRooms: new Map([['a', 'rom-a']]) });
    expect(events.map((event) => [event.id, event.roomUsed, event.groupsAttending])).toEqual([
      [`frokost@${at('2026-11-23T07:00:00Z')}`, null, []],
      [`linjefag@${start}#a`, 'rom-a', ['a']],
      [`linjefag@${start}#b`, null, ['b']],
      [`valgfag@${at('2026-11-23T11:00:00Z')}#e`, null, ['e']],
    ]);
  });

  it('rejects a range that ends before it starts, and gives nothing for an empty one', () => {
    expect(() => expandCalendar({ schedules, events: [], from: monday.to, to: monday.from })).toThrow(
      RANGE_ERROR,
    );
    expect(expandCalendar({ schedules, events: [], from: monday.from, to: monday.from })).toEqual([]);
  });

  it('counts the days it expands, none outside the years 2000 to 2100, and refuses more than one request may span', () => {
    // Past year 9999 a date no longer sorts as text, so the day loop is counted, not compared.
    const farOff = { from: at('9999-12-30T00:00:00Z'), to: at('9999-12-31T23:00:00Z') };
    expect(expandCalendar({ schedules, events: [], ...farOff })).toEqual([]);
    const year = { from: at('2026-01-01T00:00:00Z'), to: at('2027-01-01T00:00:00Z') };
    expect(() => expandCalendar({ schedules, events: [], ...year })).toThrow(RangeError);
    const hundredDays = { from: monday.from, to: monday.from + CALENDAR_RANGE_MAX_MS };
    expect(expandCalendar({ schedules, events: [], ...hundredDays }).length).toBeGreaterThan(50);
  });

  it('hides deleted and overridden occurrences and shows the override in their place', () => {
    const deleted: StoredEvent = stored({ id: `linjefag@${start}#b`, repDeleted: true });
    const override = stored({
      id: 'flyttet',
      overrides: `linjefag@${start}#a`,
      start: '2026-11-23T13:00:00.000Z',
      end: '2026-11-23T14:00:00.000Z',
    });
    const ids = expandCalendar({ schedules, events: [deleted, override], ...monday }).map(
      (event) => event.id,
    );
    expect(ids).toEqual([
      `frokost@${at('2026-11-23T07:00:00Z')}`,
      `valgfag@${at('2026-11-23T11:00:00Z')}#e`,
      'flyttet',
    ]);
  });

  it('uses the named schedule whose range holds the date, the one starting latest when ranges overlap', () => {
    const normal = week({}, NORMAL_WEEK_ID);
    const term = { ...week({}, 'term'), validFrom: '2026-11-01', validTo: '2026-12-31' };
    const exams = { ...week({}, 'exams'), validFrom: '2026-12-07', validTo: '2026-12-11' };
    const all = [exams, normal, term];
    expect(scheduleForDate(all, '2026-10-31')?.id).toBe(NORMAL_WEEK_ID);
    expect(scheduleForDate(all, '2026-11-01')?.id).toBe('term');
    expect(scheduleForDate(all, '2026-12-07')?.id).toBe('exams');
    expect(scheduleForDate(all, '2026-12-11')?.id).toBe('exams');
    expect(scheduleForDate(all, '2026-12-12')?.id).toBe('term');
    expect(scheduleForDate(all, '2027-01-01')?.id).toBe(NORMAL_WEEK_ID);
  });
});

function stored(fields: Partial<StoredEvent> & Pick<StoredEvent, 'id'>): StoredEvent {
  return {
    name: fields.id,
    start: '2026-11-23T12:00:00.000Z',
    end: '2026-11-23T13:00:00.000Z',
    type: 'none',
    mandatory: false,
    roomUsed: null,
    groupsAttending: [],
    overrides: null,
    repDeleted: false,
    createdBy: null,
    ...fields,
  };
}

// ---------------------------------------------------------------------------------------------
// Properties

const time = fc
  .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
  .map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`);

const entryArb = fc
  .record({
    id: fc.stringMatching(/^[a-z0-9]{1,8}$/),
    times: fc.tuple(time, time).filter(([a, b]) => a !== b),
    type: fc.constantFrom(...EVENT_TYPES),
    forClasses: fc.uniqueArray(fc.constantFrom('a', 'b', 'c'), { maxLength: 3 }),
    forElectives: fc.uniqueArray(fc.constantFrom('x', 'y'), { maxLength: 2 }),
  })
  .map(({ id, times, type, forClasses, forElectives }) =>
    entry({
      id,
      from: times[0] < times[1] ? times[0] : times[1],
      to: times[0] < times[1] ? times[1] : times[0],
      type,
      forClasses,
      forElectives,
    }),
  );

const scheduleArb = fc
  .array(fc.tuple(fc.constantFrom(...WEEK_DAYS), entryArb), { maxLength: 20 })
  .map((pairs) => {
    const seen = new Set<string>();
    const days: Partial<Record<WeekDay, ScheduleEntry[]>> = {};
    for (const [day, e] of pairs) {
      if (seen.has(e.id)) continue;
      seen.add(e.id);
      (days[day] ??= []).push(e);
    }
    return [week(days)];
  });

// 2026–2028, so that ranges cross several daylight-saving changes.
const rangeArb = fc
  .tuple(
    fc.integer({ min: at('2026-01-01T00:00:00Z'), max: at('2028-12-01T00:00:00Z') }),
    fc.integer({ min: 0, max: 45 * DAY }),
  )
  .map(([from, length]) => ({ from, to: from + length }));

describe('expansion properties', () => {
  it('returns nothing outside the range', () => {
    fc.assert(
      fc.property(scheduleArb, rangeArb, (schedules, range) => {
        for (const event of expandCalendar({ schedules, events: [], ...range })) {
          expect(Date.parse(event.start)).toBeLessThan(range.to);
          expect(Date.parse(event.end)).toBeGreaterThan(range.from);
        }
      }),
    );
  });

  it('makes ids that parse and format back unchanged, with the start they name', () => {
    fc.assert(
      fc.property(scheduleArb, rangeArb, (schedules, range) => {
        for (const event of expandCalendar({ schedules, events: [], ...range })) {
          const parsed = parseOccurrenceId(event.id);
          expect(parsed).toBeDefined();
          expect(formatOccurrenceId(parsed!)).toBe(event.id);
          expect(parsed!.start).toBe(Date.parse(event.start));
        }
      }),
    );
  });

  it('lets an override or a deletion always win over the occurrence', () => {
    fc.assert(
      fc.property(
        scheduleArb,
        rangeArb,
        fc.nat(),
        fc.boolean(),
        fc.integer({ min: -3 * DAY, max: 3 * DAY }),
        (schedules, range, pick, remove, shift) => {
          const plain = expandCalendar({ schedules, events: [], ...range });
          fc.pre(plain.length > 0);
          const target = plain[pick % plain.length]!;
          const start = Date.parse(target.start) + shift;
          const replacement = remove
            ? stored({ id: target.id, repDeleted: true })
            : stored({
                id: 'override',
                overrides: target.id,
                start: new Date(start).toISOString(),
                end: new Date(start + 60 * 60 * 1000).toISOString(),
              });
          const ids = expandCalendar({ schedules, events: [replacement], ...range }).map((event) => event.id);
          expect(ids).not.toContain(target.id);
          const overlaps = start < range.to && start + 60 * 60 * 1000 > range.from;
          expect(ids.includes('override')).toBe(!remove && overlaps);
          expect(ids.length).toBe(plain.length - 1 + (ids.includes('override') ? 1 : 0));
        },
      ),
    );
  });

  it('is deterministic, whatever the order of its input', () => {
    fc.assert(
      fc.property(
        scheduleArb,
        rangeArb,
        fc.array(fc.nat({ max: 1000 }), { maxLength: 5 }),
        (schedules, range, offsets) => {
          const events = offsets.map((offset, index) =>
            stored({
              id: `e${index}`,
              start: new Date(range.from + offset * 60_000).toISOString(),
              end: new Date(range.from + offset * 60_000 + 30 * 60_000).toISOString(),
            }),
          );
          const first = expandCalendar({ schedules, events, ...range });
          const second = expandCalendar({
            schedules: [...schedules].reverse(),
            events: [...events].reverse(),
            ...range,
          });
          expect(second).toEqual(first);
        },
      ),
    );
  });
});

describe('who an event is for', () => {
  it('is everyone when no group attends, otherwise the members of the groups', () => {
    expect(isEventFor({ groupsAttending: [] }, new Set())).toBe(true);
    expect(isEventFor({ groupsAttending: ['a'] }, new Set(['b']))).toBe(false);
    expect(isEventFor({ groupsAttending: ['a', 'b'] }, new Set(['b']))).toBe(true);
  });
});

describe('the time hint (SPEC §4)', () => {
  const start = at('2026-11-23T08:00:00Z');
  const end = start + 60 * 60 * 1000;
  it('is empty after the end and "now" while the event goes on', () => {
    expect(eventTimeHint(start, end, end)).toBeUndefined();
    expect(eventTimeHint(start, end, end + 1)).toBeUndefined();
    expect(eventTimeHint(start, end, start)).toEqual({ kind: 'now' });
    expect(eventTimeHint(start, end, end - 1)).toEqual({ kind: 'now' });
  });

  it('is about N seconds, minutes, hours or days before', () => {
    const before = (ms: number) => eventTimeHint(start, end, start - ms);
    expect(before(1)).toEqual({ kind: 'until', unit: 'seconds', value: 1 });
    expect(before(45_000)).toEqual({ kind: 'until', unit: 'seconds', value: 45 });
    expect(before(90_000)).toEqual({ kind: 'until', unit: 'minutes', value: 2 });
    expect(before(59 * 60_000)).toEqual({ kind: 'until', unit: 'minutes', value: 59 });
    expect(before(3 * 60 * 60_000)).toEqual({ kind: 'until', unit: 'hours', value: 3 });
    expect(before(3 * DAY)).toEqual({ kind: 'until', unit: 'days', value: 3 });
  });
});
