import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Person } from '@tun/shared/people';
import type { Role } from '@tun/shared/roles';
import { apiRequest } from '../../../lib/api-client';
import { sessionQueryKey } from '../../../entities/session/get-session';
import { peopleQueryKey } from '../../../entities/people/get-people';

export function setRoles({ id, roles }: { id: string; roles: Role[] }): Promise<Person> {
  return apiRequest<Person>(`/people/${encodeURIComponent(id)}/roles`, { method: 'PUT', body: { roles } });
}

/**
 * Shows new roles before the server has answered, so a table of checkboxes follows the clicks
 * even while earlier changes are still queued.
 */
export function showRolesAtOnce(queryClient: QueryClient, id: string, roles: Role[]): void {
  void queryClient.cancelQueries({ queryKey: peopleQueryKey });
  queryClient.setQueryData<Person[]>(peopleQueryKey, (people) =>
    people?.map((person) => (person.id === id ? { ...person, roles } : person)),
  );
}

export function useSetRoles() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setRoles,
    // One after the other, in the order clicked: each call replaces all of a person's roles.
    scope: { id: 'people-roles' },
    onSettled: () => {
      // Not awaited: the next queued change need not wait for the refetch.
      void queryClient.invalidateQueries({ queryKey: peopleQueryKey });
      // The admin may have changed their own roles, and with them what the app shows.
      void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    },
  });
}
