import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginInput, Session } from '@tun/shared/auth';
import { apiRequest } from '../../lib/api-client';
import { sessionQueryKey } from './get-session';

export function login(input: LoginInput): Promise<Session> {
  return apiRequest<Session>('/login', { method: 'POST', body: input });
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    // The answer is the session, so /app can open without asking for it again.
    onSuccess: (session) => queryClient.setQueryData(sessionQueryKey, session),
  });
}
