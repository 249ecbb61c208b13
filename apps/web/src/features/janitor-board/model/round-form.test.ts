import type { Round } from '@tun/shared/maintenance';
import { describe, expect, it } from 'vitest';
import { roundFieldOf, roundFormProblems, roundInputOf, roundValuesOf } from './round-form';

const round: Round = {
  id: 'r1',
  title: 'Brannslukkere',
  description: 'Sjekk trykket',
  category: 'other',
  frequency: 'monthly',
  roomIds: ['a', 'b'],
  nextDue: '2026-12-01',
  active: true,
  lastRunAt: null,
  updatedAt: '2026-11-01T10:00:00Z',
};

describe('the round form', () => {
  it('starts a new round monthly from today', () => {
    const values = roundValuesOf(undefined, '2026-11-24');
    expect(values).toMatchObject({ frequency: 'monthly', nextDue: '2026-11-24', active: true, roomIds: [] });
  });

  it('round-trips a stored round, trimming and without duplicate rooms', () => {
    const values = { ...roundValuesOf(round), title: '  Brannslukkere ', roomIds: ['a', 'b', 'a'] };
    expect(roundInputOf(values)).toEqual({
      title: 'Brannslukkere',
      description: 'Sjekk trykket',
      category: 'other',
      frequency: 'monthly',
      roomIds: ['a', 'b'],
      nextDue: '2026-12-01',
      active: true,
    });
  });

  it('asks for a title and a real date', () => {
    expect(roundFormProblems({ ...roundValuesOf(round), title: ' ', nextDue: '2026-02-30' })).toEqual({
      title: 'titleRequired',
      nextDue: 'dateInvalid',
    });
    expect(roundFormProblems(roundValuesOf(round))).toEqual({});
  });

  it('finds the field of a server error', () => {
    expect(roundFieldOf(['roomIds', '3'])).toBe('roomIds');
    expect(roundFieldOf(['unknown'])).toBeUndefined();
  });
});
