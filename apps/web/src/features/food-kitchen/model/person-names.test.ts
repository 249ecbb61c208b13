import type { Person } from '@tun/shared/people';
import { describe, expect, it } from 'vitest';
import { personOptions } from './person-names';

const person = (id: string, first: string, last: string, extra: Partial<Person> = {}): Person => ({
  id,
  name: { first, last },
  email: `${id}@skole.no`,
  phone: null,
  room: null,
  memberOf: [],
  roles: [],
  hasLogin: true,
  userMutableData: {},
  leftOn: null,
  erased: false,
  ...extra,
});

describe('personOptions', () => {
  it('offers everyone at the school but TV accounts, by name, telling namesakes apart', () => {
    const options = personOptions(
      [
        person('a', 'Åse', 'Berg'),
        person('b', 'Kari', 'Lie'),
        person('c', 'Kari', 'Lie', { roles: ['kitchen'] }),
        person('d', 'Spisesalen', 'TV', { roles: ['tv'] }),
        person('e', 'Ola', 'Dahl', { leftOn: '2000-01-01' }),
      ],
      'nb-NO',
    );
    expect(options.map((option) => option.label)).toEqual([
      'Kari Lie (b@skole.no)',
      'Kari Lie (c@skole.no)',
      'Åse Berg',
    ]);
  });
});
