import { describe, expect, it } from 'vitest';
import { ACTIONS, can, canAll, canOwn, grantsOf, POLICY, type Action } from './policy';
import { AUDIENCES as AUDIENCE_LIST, rolesOfAudience, type Role } from './roles';

/**
 * SPEC §6, written out again by hand per audience, so that a slip in policy.ts shows up here.
 * Columns: developer, admin, janitor, teacher, kitchen, stipp, tv, student.
 * 'A' = may on every record, 'O' = only on own records, '-' = may not.
 * A TV account (tv) shows its screen and nothing else: SPEC §6's «everyone» is every person.
 */
const AUDIENCES = AUDIENCE_LIST.map((name) => ({ name, roles: rolesOfAudience(name) }));

const EXPECTED: Record<Action, string> = {
  //                           dev adm jan tea kit sti tv  stu
  'schoolInfo:view': '        A   A   A   A   A   A   -   A',
  'schoolInfo:change': '      A   A   -   -   -   -   -   -',
  'staff:view': '             A   A   A   A   A   A   -   A',
  'staff:change': '           A   A   -   -   -   -   -   -',
  'roles:change': '           A   A   -   -   -   -   -   -',
  'supervision:take': '       A   A   A   A   A   A   -   -',
  'privacy:manage': '         A   A   -   -   -   -   -   -',
  'students:view': '          A   A   A   A   A   A   -   A',
  'students:change': '        A   A   -   -   -   -   -   -',
  'lines:view': '             A   A   A   A   A   A   -   A',
  'lines:change': '           A   A   -   -   -   -   -   -',
  'electives:view': '         A   A   A   A   A   A   -   A',
  'electives:change': '       A   A   -   -   -   -   -   -',
  'rooms:view': '             A   A   A   A   A   A   -   A',
  'rooms:change': '           A   A   -   -   -   -   -   -',
  'files:view': '             A   A   A   A   A   A   -   A',
  'files:change': '           A   A   -   A   -   -   -   -',
  'posts:view': '             A   A   A   A   A   A   -   A',
  'posts:change': '           A   A   A   A   A   -   -   -',
  'calendar:view': '          A   A   A   A   A   A   -   A',
  'timetable:change': '       A   A   -   -   -   -   -   -',
  'events:change': '          A   A   A   A   A   -   -   -',
  'calendarFeeds:lineAndRoom': 'A   A   A   A   A   -   -   -',
  'absence:view': '           A   A   -   A   -   O   -   O',
  'absence:change': '         A   A   -   A   -   -   -   -',
  'preliminaryAbsence:view': 'A   A   -   A   -   A   -   -',
  'preliminaryAbsence:change': 'A A   -   A   -   -   -   -',
  'proposals:view': '         A   A   -   A   -   O   -   -',
  'proposals:approve': '      A   A   -   A   -   -   -   -',
  'proposals:submit': '       -   -   -   -   -   A   -   -',
  'maintenance:handle': '     A   A   A   -   -   -   -   -',
  'maintenance:view': '       A   A   A   O   O   O   -   O',
  'maintenance:submit': '     A   A   -   A   A   A   -   A',
  'foodPlan:view': '          A   A   A   A   A   A   -   A',
  'foodPlan:change': '        A   A   -   -   A   -   -   -',
  'foodCounts:view': '        A   A   -   -   A   -   -   -',
  'diets:view': '             A   A   O   O   A   O   -   O',
  'diets:change': '           A   A   O   O   A   O   -   O',
  'meals:choose': '           A   A   -   -   A   -   -   O',
  'leave:view': '             A   A   -   A   -   O   -   O',
  'leave:apply': '            -   -   -   -   -   O   -   O',
  'leave:approve': '          A   A   -   A   -   -   -   -',
  'leave:withdraw': '         A   A   -   A   -   O   -   O',
  'leave:settings': '         A   A   -   -   -   -   -   -',
  'house:view': '             A   A   A   A   A   O   -   -',
  'house:check': '            A   A   A   A   A   O   -   -',
  'groups:view': '            A   A   A   A   A   A   -   A',
  'groups:change': '          A   A   A   A   A   A   -   -',
  'activities:view': '        A   A   A   A   A   A   -   A',
  'activities:change': '      A   A   O   A   O   O   -   O',
  'screens:manage': '         A   A   -   -   -   -   -   -',
  'screen:show': '            -   -   -   -   -   -   A   -',
};

describe('the permission table (SPEC §6)', () => {
  it('has a row for every action and no other', () => {
    expect(Object.keys(EXPECTED).sort()).toEqual([...ACTIONS].sort());
    expect(ACTIONS.length).toBe(Object.keys(POLICY).length);
  });

  for (const action of ACTIONS) {
    const cells = EXPECTED[action].trim().split(/\s+/);
    it(`${action}: ${cells.join(' ')}`, () => {
      expect(cells).toHaveLength(AUDIENCES.length);
      AUDIENCES.forEach(({ name, roles }, index) => {
        const cell = cells[index];
        const got = canAll(roles, action) ? 'A' : canOwn(roles, action) ? 'O' : '-';
        expect({ audience: name, cell: got }).toEqual({ audience: name, cell });
      });
    });
  }
});

describe('TV accounts', () => {
  // A wall screen only shows its screen: no other action, not even on its own records.
  for (const action of ACTIONS.filter((action) => action !== 'screen:show')) {
    it(`may not ${action}, not even on its own records`, () => {
      expect(canOwn(['tv'], action)).toBe(false);
    });
  }
  it('keeps what another role of the same person gives', () => {
    expect(canAll(['tv', 'teacher'], 'calendar:view')).toBe(true);
  });
});

describe('can()', () => {
  it('lets an own-only grant act on the own record and not on another', () => {
    const student = { personId: 'p1', roles: [] as Role[] };
    expect(can(student, 'absence:view', 'p1')).toBe(true);
    expect(can(student, 'absence:view', 'p2')).toBe(false);
    expect(can(student, 'absence:change', 'p1')).toBe(false);
  });

  it('lets a full grant act on any record', () => {
    expect(can({ personId: 'p1', roles: ['teacher'] }, 'absence:view', 'p2')).toBe(true);
  });

  it('combines roles: any role that allows is enough', () => {
    expect(canAll(['stipp', 'teacher'], 'absence:view')).toBe(true);
    expect(canAll(['tv', 'kitchen'], 'foodPlan:change')).toBe(true);
  });
});

describe('grantsOf()', () => {
  it('splits full and own-only grants', () => {
    const { actions, ownActions } = grantsOf([]);
    expect(actions).toContain('maintenance:submit');
    expect(actions).not.toContain('absence:view');
    expect(ownActions).toEqual([
      'absence:view',
      'maintenance:view',
      'diets:view',
      'diets:change',
      'meals:choose',
      'leave:view',
      'leave:apply',
      'leave:withdraw',
      'activities:change',
    ]);
  });
});
