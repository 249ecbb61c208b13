import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MeUpdate } from '@tun/shared/people';
import type { UserMutableData } from '@tun/shared/people';
import { apiRequest } from '../../../lib/api-client';
import { sessionQueryKey } from '../../../entities/session/get-session';

/** The signed-in person's own userMutableData; what is not sent stays as it was. */
export function updateMe(input: MeUpdate): Promise<{ userMutableData: UserMutableData }> {
  return apiRequest<{ userMutableData: UserMutableData }>('/me', { method: 'PATCH', body: input });
}

export function useUpdateMe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMe,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
  });
}
