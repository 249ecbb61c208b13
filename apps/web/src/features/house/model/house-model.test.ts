import type { HousePerson, HouseTonight } from '@tun/shared/leave';
import { describe, expect, it } from 'vitest';
import { fireListGroups, groupByRoom, houseCounts, morningAfter, withCheck } from './house-model';

const person = (
  personId: string,
  room: string | null,
  options: { check?: 'in' | 'out'; awayNow?: boolean } = {},
): HousePerson => {
  const awayNow = options.awayNow ?? false;
  return {
    personId,
    name: { first: personId, last: 'Berg' },
    room,
    phone: null,
    lineIds: [],
    check: options.check ? { status: options.check, at: '2026-11-24T20:30:00.000Z', by: 'staff' } : null,
    awayNow,
    inHouseNow: !awayNow && options.check !== 'out',
  };
};

const tonight = (people: HousePerson[]): HouseTonight => ({
  night: '2026-11-24',
  at: '2026-11-24T21:00:00.000Z',
  people,
  away: [
    {
      personId: 'z',
      name: { first: 'Zara', last: 'Lie' },
      room: 'Rom 2',
      leaveId: 'leave',
      category: 'home',
      start: '2026-11-24T14:00:00.000Z',
      end: '2026-11-26T17:00:00.000Z',
      phone: null,
    },
  ],
});

describe('groupByRoom', () => {
  it('keeps the server’s order of rooms and names, and those without a room last', () => {
    const groups = groupByRoom([
      person('a', 'Rom 1'),
      person('b', null),
      person('c', 'Rom 1'),
      person('d', 'Rom 10'),
      person('e', null),
    ]);
    expect(groups.map((group) => [group.room, group.people.map((p) => p.personId)])).toEqual([
      ['Rom 1', ['a', 'c']],
      ['Rom 10', ['d']],
      [null, ['b', 'e']],
    ]);
  });

  it('gives no groups for nobody', () => {
    expect(groupByRoom([])).toEqual([]);
  });
});

describe('houseCounts', () => {
  it('counts the checks, the unchecked, the away and those in the house now', () => {
    const counts = houseCounts(
      tonight([
        person('a', 'Rom 1', { check: 'in' }),
        person('b', 'Rom 1', { check: 'out' }),
        person('c', 'Rom 2'),
        person('d', 'Rom 2', { awayNow: true }),
      ]),
    );
    expect(counts).toEqual({ expected: 4, in: 1, out: 1, unchecked: 2, away: 1, inHouseNow: 2 });
  });
});

describe('fireListGroups', () => {
  it('leaves out those checked «Ikke inne» and those away now', () => {
    const groups = fireListGroups(
      tonight([
        person('a', 'Rom 1', { check: 'in' }),
        person('b', 'Rom 1', { check: 'out' }),
        person('c', null),
        person('d', 'Rom 2', { awayNow: true }),
      ]),
    );
    expect(groups.map((group) => [group.room, group.people.map((p) => p.personId)])).toEqual([
      ['Rom 1', ['a']],
      [null, ['c']],
    ]);
  });
});

describe('withCheck', () => {
  const before = tonight([person('a', 'Rom 1'), person('b', 'Rom 1', { check: 'in' })]);

  it('sets a check and takes someone checked «Ikke inne» off the fire list', () => {
    const after = withCheck(before, { personId: 'a', status: 'out' }, '2026-11-24T21:05:00.000Z', 'me');
    expect(after.people[0]).toMatchObject({
      check: { status: 'out', at: '2026-11-24T21:05:00.000Z', by: 'me' },
      inHouseNow: false,
    });
    expect(after.people[1]).toBe(before.people[1]);
  });

  it('clears a check', () => {
    const after = withCheck(before, { personId: 'b', status: null }, '2026-11-24T21:05:00.000Z');
    expect(after.people[1]).toMatchObject({ check: null, inHouseNow: true });
  });

  it('keeps someone away now off the fire list whatever the check', () => {
    const away = tonight([person('a', 'Rom 1', { awayNow: true })]);
    expect(withCheck(away, { personId: 'a', status: 'in' }, 'now').people[0]?.inHouseNow).toBe(false);
  });
});

describe('morningAfter', () => {
  it('names the night by the morning it ends on, across a month', () => {
    expect(morningAfter('2026-11-30')).toBe('2026-12-01');
  });
});
