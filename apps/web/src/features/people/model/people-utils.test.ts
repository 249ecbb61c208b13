import type { Person } from '@tun/shared/people';
import { describe, expect, it } from 'vitest';
import { compareByName, matchesRole, matchesSearch, nameCollator } from './people-utils';

const person = (overrides: Partial<Person> = {}): Person => ({
  id: 'p1',
  name: { first: 'Kari', middle: 'Anne', last: 'Nordmann' },
  email: 'kari@skole.no',
  phone: '+47 912 34 567',
  room: 'A12',
  memberOf: [],
  roles: [],
  hasLogin: false,
  userMutableData: {},
  leftOn: null,
  erased: false,
  ...overrides,
});

describe('matchesSearch', () => {
  it('finds by every word of full or short name, e-mail, room and phone without spaces', () => {
    expect(matchesSearch(person(), 'kari nordmann')).toBe(true);
    expect(matchesSearch(person(), 'Kari A. Nordmann')).toBe(true);
    expect(matchesSearch(person(), 'anne')).toBe(true);
    expect(matchesSearch(person(), 'skole.no')).toBe(true);
    expect(matchesSearch(person(), 'a12')).toBe(true);
    expect(matchesSearch(person(), '91234')).toBe(true);
    expect(matchesSearch(person(), 'ola')).toBe(false);
    expect(matchesSearch(person(), '   ')).toBe(true);
  });

  it('ignores case and accents but keeps Norwegian letters apart', () => {
    expect(matchesSearch(person({ name: { first: 'Åse', last: 'Øvrebø' } }), 'åse øvrebø')).toBe(true);
    expect(matchesSearch(person({ name: { first: 'André', last: 'Berg' } }), 'andre')).toBe(true);
  });
});

describe('matchesRole', () => {
  it("treats 'student' as no roles", () => {
    expect(matchesRole(person(), 'student')).toBe(true);
    expect(matchesRole(person({ roles: ['stipp'] }), 'student')).toBe(false);
    expect(matchesRole(person({ roles: ['teacher', 'admin'] }), 'admin')).toBe(true);
    expect(matchesRole(person({ roles: ['teacher'] }), 'all')).toBe(true);
  });
});

describe('compareByName', () => {
  it('sorts by last name, then first name, in Norwegian order', () => {
    const people = [
      person({ id: 'a', name: { first: 'Ola', last: 'Øvrebø' } }),
      person({ id: 'b', name: { first: 'Kari', last: 'Berg' } }),
      person({ id: 'c', name: { first: 'Anne', last: 'Berg' } }),
      person({ id: 'd', name: { first: 'Per', last: 'Zahl' } }),
    ];
    expect(people.sort(compareByName(nameCollator('nb'))).map((p) => p.id)).toEqual(['c', 'b', 'd', 'a']);
  });
});
