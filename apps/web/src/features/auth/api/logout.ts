import { useMutation } from '@tanstack/react-query';
import { apiRequest, isApiError } from '../../../lib/api-client';

export async function logout(): Promise<void> {
  try {
    await apiRequest<void>('/logout', { method: 'POST' });
  } catch (error) {
    // An expired session is as logged out as it gets.
    if (!isApiError(error, 'unauthenticated')) throw error;
  }
}

export function useLogout() {
  return useMutation({ mutationFn: logout });
}
