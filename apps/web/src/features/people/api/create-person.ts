import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Person, PersonInput } from '@tun/shared/people';
import { apiRequest } from '../../../lib/api-client';
import { peopleQueryKey } from '../../../entities/people/get-people';

export function createPerson(input: PersonInput): Promise<Person> {
  return apiRequest<Person>('/people', { method: 'POST', body: input });
}

export function useCreatePerson() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPerson,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: peopleQueryKey }),
  });
}
