import { useMutation } from '@tanstack/react-query';
import type { PasswordLink } from '@tun/shared/password-links';
import { apiRequest } from '../../../lib/api-client';

/** A new one-time link for the person; their older links stop working. */
export function createPasswordLink(personId: string): Promise<PasswordLink> {
  return apiRequest<PasswordLink>(`/people/${encodeURIComponent(personId)}/password-link`, {
    method: 'POST',
  });
}

export function useCreatePasswordLink() {
  return useMutation({ mutationFn: createPasswordLink });
}
