import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Person } from '@tun/shared/people';
import { apiRequest } from '../../../lib/api-client';
import { peopleQueryKey } from '../../../entities/people/get-people';

/** «Avslutt»: the person left the school on `leftOn` (YYYY-MM-DD, today at the latest). */
export function endPerson({ id, leftOn }: { id: string; leftOn: string }): Promise<Person> {
  return apiRequest<Person>(`/people/${encodeURIComponent(id)}/left`, { method: 'PUT', body: { leftOn } });
}

/** «Angre avslutning»: the person is at the school again. */
export function undoEndPerson(id: string): Promise<Person> {
  return apiRequest<Person>(`/people/${encodeURIComponent(id)}/left`, { method: 'DELETE' });
}

export function useEndPerson() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endPerson,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: peopleQueryKey }),
  });
}

export function useUndoEndPerson() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: undoEndPerson,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: peopleQueryKey }),
  });
}

// Under the people key, so that every change to people (live or local) asks again.
export const deletableQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...peopleQueryKey, id, 'deletable'] as const,
    queryFn: ({ signal }) =>
      apiRequest<{ deletable: boolean }>(`/people/${encodeURIComponent(id)}/deletable`, { signal }),
  });

/** Whether the person has no history, so a plain delete is offered (the server decides). */
export function usePersonDeletable(id: string, enabled: boolean) {
  return useQuery({ ...deletableQueryOptions(id), enabled });
}
