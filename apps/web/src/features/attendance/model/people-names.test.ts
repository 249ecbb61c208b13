import type { Person } from '@tun/shared/people';
import { describe, expect, it } from 'vitest';
import { isStudent, nameMap, sheetNameMap, studentOptions } from './people-names';

function person(id: string, first: string, last: string, roles: Person['roles'] = []): Person {
  return {
    id,
    name: { first, last },
    email: null,
    phone: null,
    room: null,
    memberOf: [],
    roles,
    hasLogin: false,
    userMutableData: {},
    leftOn: null,
    erased: false,
  };
}

const people = [
  person('1', 'Åse', 'Li'),
  person('2', 'Ola', 'Berg', ['teacher']),
  person('3', 'Anne', 'Øye'),
  person('4', 'Kari', 'Zahl', ['stipp']),
  person('5', 'Bjørn', 'Dahl'),
];

describe('studentOptions', () => {
  it('lists people without roles, sorted as Norwegian sorts', () => {
    expect(studentOptions(people, 'nb-NO')).toEqual([
      { value: '3', label: 'Anne Øye' },
      { value: '5', label: 'Bjørn Dahl' },
      { value: '1', label: 'Åse Li' },
    ]);
  });

  it('tells two students of the same name apart', () => {
    const twins = [
      { ...person('6', 'Jakob', 'Amundsen'), email: 'jakob.a@example.no' },
      { ...person('7', 'Jakob', 'Amundsen'), room: '12' },
    ];
    expect(studentOptions([...twins, person('8', 'Åse', 'Li')], 'nb-NO').map((o) => o.label)).toEqual([
      'Jakob Amundsen (12)',
      'Jakob Amundsen (jakob.a@example.no)',
      'Åse Li',
    ]);
  });

  it('leaves out staff and scholars', () => {
    expect(isStudent(people[1]!)).toBe(false);
    expect(isStudent(people[3]!)).toBe(false);
  });
});

describe('nameMap', () => {
  it('maps ids to short full names, and is empty while people load', () => {
    expect(nameMap(people).get('2')).toBe('Ola Berg');
    expect(nameMap(undefined).size).toBe(0);
  });

  it('marks those who have left, as former students or staff', () => {
    const former = { student: 'tidligere elev', staff: 'tidligere ansatt' };
    const left = [
      { ...person('5', 'Kari', 'Dal'), leftOn: '2025-01-10' },
      { ...person('6', 'Per', 'Ås', ['teacher']), leftOn: '2025-01-10' },
      person('7', 'Liv', 'Ek'),
    ];
    const names = nameMap(left, former);
    expect(names.get('5')).toBe('Kari Dal (tidligere elev)');
    expect(names.get('6')).toBe('Per Ås (tidligere ansatt)');
    expect(names.get('7')).toBe('Liv Ek');
    expect(nameMap(left).get('5')).toBe('Kari Dal');
  });
});

describe('sheetNameMap', () => {
  const former = { student: 'tidligere elev', staff: 'tidligere ansatt' };

  it("marks those who have left as the sheet's answer says, as nameMap marks them", () => {
    const names = sheetNameMap(
      {
        s1: { name: 'Kari Dal', former: 'student' },
        t1: { name: 'Per Ås', former: 'staff' },
        s2: { name: 'Liv Ek', former: null },
      },
      former,
    );
    expect(names.get('s1')).toBe('Kari Dal (tidligere elev)');
    expect(names.get('t1')).toBe('Per Ås (tidligere ansatt)');
    expect(names.get('s2')).toBe('Liv Ek');
    expect(names.has('s3')).toBe(false);
  });

  it('is empty before the sheet has come', () => {
    expect(sheetNameMap(undefined, former).size).toBe(0);
  });
});
