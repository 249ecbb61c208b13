import type { Meal, MenuWeek } from '@tun/shared/food';
import { describe, expect, it } from 'vitest';
import {
  choiceState,
  deadlineDay,
  mealRows,
  phoneDayOrder,
  todaysMenu,
  weekOf,
  weeksAfter,
} from './menu-week';

function meal(date: string, name: string, time: string, extra: Partial<Meal> = {}): Meal {
  // November: Oslo is UTC+1.
  const hour = Number(time.slice(0, 2)) - 1;
  const start = `${date}T${String(hour).padStart(2, '0')}:${time.slice(3)}:00.000Z`;
  return {
    date,
    name,
    eventId: `${name}@${start}`,
    start,
    end: start,
    roomName: null,
    dishes: [],
    choice: null,
    choiceOpenUntil: null,
    ...extra,
  };
}

const dish = {
  id: 'd1',
  name: 'Fiskesuppe',
  description: '',
  allergens: ['fish' as const, 'milk' as const],
  glutenCereals: [],
  nuts: [],
  mayContain: [],
  diets: [],
  archived: false,
  course: 'main' as const,
};

describe('meal rows', () => {
  it('orders the meals by the start time most days have, so a later Sunday breakfast stays first', () => {
    const days: MenuWeek['days'] = [
      {
        date: '2026-11-23',
        meals: [meal('2026-11-23', 'Middag', '17:00'), meal('2026-11-23', 'Frokost', '08:00')],
      },
      {
        date: '2026-11-24',
        meals: [meal('2026-11-24', 'Frokost', '08:00'), meal('2026-11-24', 'Lunsj', '12:00')],
      },
      {
        date: '2026-11-29',
        meals: [meal('2026-11-29', 'frokost ', '11:00'), meal('2026-11-29', 'Middag', '17:00')],
      },
    ];
    expect(mealRows(days)).toEqual([
      { key: 'frokost', name: 'Frokost', usualTime: '08:00' },
      { key: 'lunsj', name: 'Lunsj', usualTime: '12:00' },
      { key: 'middag', name: 'Middag', usualTime: '17:00' },
    ]);
  });

  it('takes the earliest time when two are as common, and keeps the first seen on a tie', () => {
    const days: MenuWeek['days'] = [
      {
        date: '2026-11-23',
        meals: [meal('2026-11-23', 'Kveldsmat', '21:00'), meal('2026-11-23', 'Kaffe', '21:00')],
      },
      { date: '2026-11-24', meals: [meal('2026-11-24', 'Kveldsmat', '20:30')] },
    ];
    expect(mealRows(days).map((row) => [row.name, row.usualTime])).toEqual([
      ['Kveldsmat', '20:30'],
      ['Kaffe', '21:00'],
    ]);
  });

  it('is empty for a week without meals', () => {
    expect(mealRows([{ date: '2026-11-23', meals: [] }])).toEqual([]);
  });
});

describe('phone order of days', () => {
  const days = [
    '2026-11-23',
    '2026-11-24',
    '2026-11-25',
    '2026-11-26',
    '2026-11-27',
    '2026-11-28',
    '2026-11-29',
  ].map((date) => ({ date }));

  it('puts today and tomorrow first, then the rest of the week in order', () => {
    expect(phoneDayOrder(days, '2026-11-25').map((day) => day.date)).toEqual([
      '2026-11-25',
      '2026-11-26',
      '2026-11-23',
      '2026-11-24',
      '2026-11-27',
      '2026-11-28',
      '2026-11-29',
    ]);
  });

  it('on Sunday has only today first (tomorrow is next week)', () => {
    expect(phoneDayOrder(days, '2026-11-29').map((day) => day.date)[0]).toBe('2026-11-29');
    expect(phoneDayOrder(days, '2026-11-29')).toHaveLength(7);
  });

  it('keeps another week in its order', () => {
    expect(phoneDayOrder(days, '2026-12-02')).toEqual(days);
  });
});

describe('weeks', () => {
  it('names a week by its Monday, this week when none is asked for', () => {
    expect(weekOf('2026-11-26')).toBe('2026-11-23');
    expect(weekOf(undefined, new Date('2026-11-29T23:30:00Z'))).toBe('2026-11-30');
    expect(weeksAfter('2026-12-28', 1)).toBe('2027-01-04');
    expect(weeksAfter('2026-11-23', -1)).toBe('2026-11-16');
  });
});

describe('choices', () => {
  it('says when the deadline is, at the school', () => {
    expect(deadlineDay('2026-11-25T08:00:00.000Z', '2026-11-25')).toBe('today');
    expect(deadlineDay('2026-11-25T23:30:00.000Z', '2026-11-25')).toBe('tomorrow');
    expect(deadlineDay('2026-11-27T08:00:00.000Z', '2026-11-25')).toBe('later');
  });

  it('is open until the cut-off, read-only after it, and nothing for one not expected', () => {
    const open = '2026-11-25T08:00:00.000Z';
    expect(choiceState({ choice: null, choiceOpenUntil: open })).toEqual({
      kind: 'open',
      choice: null,
      openUntil: open,
    });
    expect(choiceState({ choice: 'packedLunch', choiceOpenUntil: null })).toEqual({
      kind: 'closed',
      choice: 'packedLunch',
    });
    expect(choiceState({ choice: null, choiceOpenUntil: null })).toEqual({ kind: 'none' });
  });
});

describe("today's menu", () => {
  const week: MenuWeek = {
    week: '2026-11-23',
    published: true,
    publishedAt: '2026-11-20T10:00:00.000Z',
    days: [
      {
        date: '2026-11-25',
        meals: [
          meal('2026-11-25', 'Frokost', '08:00'),
          meal('2026-11-25', 'Middag', '17:00', { dishes: [dish] }),
        ],
      },
    ],
    policies: { change: false },
  };

  it('shows the meals of today that have dishes', () => {
    expect(todaysMenu(week, '2026-11-25').map((m) => m.name)).toEqual(['Middag']);
    expect(todaysMenu(week, '2026-11-26')).toEqual([]);
  });

  it('shows nothing of a week not yet published, even to the kitchen', () => {
    expect(todaysMenu({ ...week, published: false, policies: { change: true } }, '2026-11-25')).toEqual([]);
    expect(todaysMenu(undefined, '2026-11-25')).toEqual([]);
  });
});
