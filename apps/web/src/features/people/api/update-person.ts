import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Person, PersonUpdate } from '@tun/shared/people';
import { apiRequest } from '../../../lib/api-client';
import { peopleQueryKey } from '../../../entities/people/get-people';

export function updatePerson({ id, update }: { id: string; update: PersonUpdate }): Promise<Person> {
  return apiRequest<Person>(`/people/${encodeURIComponent(id)}`, { method: 'PATCH', body: update });
}

export function useUpdatePerson() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePerson,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: peopleQueryKey }),
  });
}
