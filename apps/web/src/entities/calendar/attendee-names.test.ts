import { describe, expect, it } from 'vitest';
import { attendeeNames } from './attendee-names';

describe('attendeeNames', () => {
  it('names attendees from lines, electives and groups, in order, unknown ids as such', () => {
    const lines = [{ id: 'l1', name: 'Friluftsliv' }];
    const electives = [{ id: 'e1', name: 'Klatring' }];
    expect(attendeeNames(['e1', 'x', 'l1'], [lines, electives, undefined], '?')).toEqual([
      'Klatring',
      '?',
      'Friluftsliv',
    ]);
  });
});
