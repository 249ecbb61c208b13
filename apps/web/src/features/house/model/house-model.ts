import type { HouseCheckInput, HousePerson, HouseTonight } from '@tun/shared/leave';
import { addDays } from '@tun/shared/time';

/** The people of one room, in the server's order (by name); `room` null: those without a room. */
export interface RoomGroup {
  room: string | null;
  people: HousePerson[];
}

/**
 * People grouped by room in the order the server gives them (by room, then name), those
 * without a room last whatever the order they come in.
 */
export function groupByRoom(people: readonly HousePerson[]): RoomGroup[] {
  const groups = new Map<string | null, HousePerson[]>();
  for (const person of people) {
    const group = groups.get(person.room);
    if (group) group.push(person);
    else groups.set(person.room, [person]);
  }
  const rooms = [...groups].map(([room, members]) => ({ room, people: members }));
  return [...rooms.filter((group) => group.room !== null), ...rooms.filter((group) => group.room === null)];
}

export interface HouseCounts {
  /** Expected to sleep in the house tonight. */
  expected: number;
  /** Checked «Inne». */
  in: number;
  /** Checked «Ikke inne». */
  out: number;
  /** Not checked yet tonight. */
  unchecked: number;
  /** Away for the night on approved leave. */
  away: number;
  /** In the house right now: the fire list's count. */
  inHouseNow: number;
}

export function houseCounts(tonight: HouseTonight): HouseCounts {
  const count = (test: (person: HousePerson) => boolean) => tonight.people.filter(test).length;
  return {
    expected: tonight.people.length,
    in: count((person) => person.check?.status === 'in'),
    out: count((person) => person.check?.status === 'out'),
    unchecked: count((person) => person.check === null),
    away: tonight.away.length,
    inHouseNow: count((person) => person.inHouseNow),
  };
}

/** The fire list: those in the house right now, by room. */
export function fireListGroups(tonight: HouseTonight): RoomGroup[] {
  return groupByRoom(tonight.people.filter((person) => person.inHouseNow));
}

/**
 * The list as it will be once a check is saved (shown at once, before the server answers): the
 * check by `by` at `at`, or none, and whether the person counts as in the house now, by the
 * server's rule (not away now and not checked «Ikke inne»).
 */
export function withCheck(
  tonight: HouseTonight,
  input: HouseCheckInput,
  at: string,
  by: string | null = null,
): HouseTonight {
  return {
    ...tonight,
    people: tonight.people.map((person) => {
      if (person.personId !== input.personId) return person;
      const check = input.status === null ? null : { status: input.status, at, by };
      return { ...person, check, inHouseNow: !person.awayNow && check?.status !== 'out' };
    }),
  };
}

/** The school date the night ends on: «Natt til tirsdag» names the morning after. */
export function morningAfter(night: string): string {
  return addDays(night, 1);
}
