import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Person } from '@tun/shared/people';
import { isCurrentPerson } from '@tun/shared/current-person';
import { apiRequest } from '../../lib/api-client';

// The live topic 'people' (and 'lines', for memberships) invalidates this key.
export const peopleQueryKey = ['people'] as const;

/** Everyone, those who have left included: their history still names them. */
export function getPeople(signal?: AbortSignal): Promise<Person[]> {
  return apiRequest<Person[]>('/people?former=true', { signal });
}

export const peopleQueryOptions = queryOptions({
  queryKey: peopleQueryKey,
  queryFn: ({ signal }) => getPeople(signal),
});

/** Those at the school today: what lists and pickers offer. */
export function currentPeople(people: readonly Person[]): Person[] {
  return people.filter((person) => !person.erased && isCurrentPerson(person));
}

/**
 * People of the school, one query for every page: those at the school (tables and pickers), or
 * with `former` also those who have left and what remains of erased people (names in history).
 */
export function usePeople(options: { enabled?: boolean; former?: boolean } = {}) {
  return useQuery({
    ...peopleQueryOptions,
    enabled: options.enabled ?? true,
    select: options.former ? undefined : currentPeople,
  });
}
