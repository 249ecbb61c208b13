import { describe, expect, it } from 'vitest';
import { EVENT_TYPES, type EventType } from '../calendar';
import { AUDIENCES, rolesOfAudience, type Audience } from '../roles';
import {
  creatableEventTypes,
  eventPoliciesOf,
  eventPolicyKey,
  mayChangeEvent,
  mayCreateEvent,
} from './calendar-event';

const ME = 'me';
const principalOf = (audience: Audience, personId = ME) => ({ personId, roles: rolesOfAudience(audience) });

/**
 * May each audience change an event, by type and by whose it is: 'own' is an event the person
 * created, 'other' one somebody else created, 'none' a schedule occurrence (nobody's).
 * Written out by hand from SPEC §6, so that a slip in the predicate shows up here.
 * Columns: developer, admin, janitor, teacher, kitchen, stipp, tv, student.
 */
const EXPECTED: Record<EventType, Record<'own' | 'other' | 'none', string>> = {
  //                  dev adm jan tea kit sti tv  stu
  class: {
    own: '            Y   Y   Y   Y   Y   -   -   -',
    other: '          Y   Y   Y   Y   Y   -   -   -',
    none: '           Y   Y   Y   Y   Y   -   -   -',
  },
  elective: {
    own: '            Y   Y   Y   Y   Y   -   -   -',
    other: '          Y   Y   Y   Y   Y   -   -   -',
    none: '           Y   Y   Y   Y   Y   -   -   -',
  },
  dining: {
    own: '            Y   Y   Y   Y   Y   -   -   -',
    other: '          Y   Y   Y   Y   Y   -   -   -',
    none: '           Y   Y   Y   Y   Y   -   -   -',
  },
  none: {
    own: '            Y   Y   Y   Y   Y   -   -   -',
    other: '          Y   Y   Y   Y   Y   -   -   -',
    none: '           Y   Y   Y   Y   Y   -   -   -',
  },
  physact: {
    own: '            Y   Y   Y   Y   Y   Y   -   Y',
    other: '          Y   Y   -   Y   -   -   -   -',
    none: '           Y   Y   -   Y   -   -   -   -',
  },
};

const CREATORS = { own: ME, other: 'someone-else', none: null } as const;

describe('may this person change this event (roles × type × whose)', () => {
  for (const type of EVENT_TYPES) {
    for (const whose of ['own', 'other', 'none'] as const) {
      const cells = EXPECTED[type][whose].trim().split(/\s+/);
      it(`${type}, ${whose}: ${cells.join(' ')}`, () => {
        expect(cells).toHaveLength(AUDIENCES.length);
        AUDIENCES.forEach((audience, index) => {
          const event = { type, createdBy: CREATORS[whose], overrides: null };
          const got = mayChangeEvent(principalOf(audience), event) ? 'Y' : '-';
          expect({ audience, cell: got }).toEqual({ audience, cell: cells[index] });
          // Deleting follows changing: the server refuses both alike.
          expect(eventPoliciesOf(principalOf(audience), event)).toMatchObject({
            change: got === 'Y',
            delete: got === 'Y',
          });
        });
      });
    }
  }
});

describe('creating and reverting', () => {
  it('offers the types whose own events the person may change', () => {
    for (const audience of AUDIENCES) {
      const principal = principalOf(audience);
      const expected = EVENT_TYPES.filter(
        (type) => EXPECTED[type].own.trim().split(/\s+/)[AUDIENCES.indexOf(audience)] === 'Y',
      );
      expect({ audience, types: creatableEventTypes(principal) }).toEqual({ audience, types: expected });
      for (const type of EVENT_TYPES) expect(mayCreateEvent(principal, type)).toBe(expected.includes(type));
    }
    expect(creatableEventTypes(principalOf('janitor'))).toEqual([...EVENT_TYPES]);
    expect(creatableEventTypes(principalOf('student'))).toEqual(['physact']);
    expect(creatableEventTypes(principalOf('tv'))).toEqual([]);
  });

  it('reverts only an event that overrides an occurrence, for those who may change it', () => {
    const teacher = principalOf('teacher');
    const override = { type: 'class' as const, createdBy: 'someone-else', overrides: 'entry@1' };
    expect(eventPoliciesOf(teacher, override).revert).toBe(true);
    expect(eventPoliciesOf(teacher, { ...override, overrides: null }).revert).toBe(false);
    expect(eventPoliciesOf(principalOf('student'), override).revert).toBe(false);
  });
});

describe('eventPolicyKey()', () => {
  const events = EVENT_TYPES.flatMap((type) =>
    (['own', 'other', 'none'] as const).map((whose) => ({
      type,
      createdBy: CREATORS[whose],
      overrides: 'x',
    })),
  );
  const people = AUDIENCES.flatMap((audience) => [
    principalOf(audience),
    principalOf(audience, 'someone-else'),
    { personId: ME, roles: [...rolesOfAudience(audience), 'stipp' as const] },
  ]);

  it('is the same for two people only when their policies are the same for every event', () => {
    for (const a of people) {
      for (const b of people) {
        if (eventPolicyKey(a) !== eventPolicyKey(b)) continue;
        expect(events.map((event) => eventPoliciesOf(a, event))).toEqual(
          events.map((event) => eventPoliciesOf(b, event)),
        );
      }
    }
  });

  it('keeps people apart only where their own activities matter', () => {
    expect(eventPolicyKey(principalOf('admin'))).toBe(eventPolicyKey(principalOf('teacher', 'someone-else')));
    expect(eventPolicyKey(principalOf('tv'))).toBe(eventPolicyKey(principalOf('tv', 'someone-else')));
    expect(eventPolicyKey(principalOf('student'))).not.toBe(
      eventPolicyKey(principalOf('student', 'someone-else')),
    );
  });
});
