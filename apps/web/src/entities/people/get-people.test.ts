import type { Person } from '@tun/shared/people';
import { todayInSchoolZone } from '@tun/shared/time';
import { describe, expect, it } from 'vitest';
import { currentPeople } from './get-people';

const person = (id: string, leftOn: string | null, erased = false): Person => ({
  id,
  name: { first: 'Kari', last: id },
  email: null,
  phone: null,
  room: null,
  memberOf: [],
  roles: [],
  hasLogin: false,
  userMutableData: {},
  leftOn,
  erased,
});

describe('currentPeople', () => {
  it('keeps those at the school, not those who left nor what remains of erased people', () => {
    const today = todayInSchoolZone();
    const people = [
      person('here', null),
      person('left-today', today),
      person('left-before', '2025-01-10'),
      person('erased', '2025-01-10', true),
    ];
    expect(currentPeople(people).map((p) => p.id)).toEqual(['here']);
  });
});
