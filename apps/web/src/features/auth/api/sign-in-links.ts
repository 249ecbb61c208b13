import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Session } from '@tun/shared/auth';
import type { SignInLinkRequest, SignInLinkRequested, SignInLinkUse } from '@tun/shared/sign-in-links';
import { apiRequest } from '../../../lib/api-client';
import { sessionQueryKey } from '../../../entities/session/get-session';

export function requestSignInLink(input: SignInLinkRequest): Promise<SignInLinkRequested> {
  return apiRequest<SignInLinkRequested>('/login/email-link', { method: 'POST', body: input });
}

export function useRequestSignInLink() {
  return useMutation({ mutationFn: requestSignInLink });
}

export function signInWithLink(input: SignInLinkUse): Promise<Session> {
  return apiRequest<Session>('/login/email-link/use', { method: 'POST', body: input });
}

export function useSignInWithLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signInWithLink,
    // The answer is the session, so /app can open without asking for it again.
    onSuccess: (session) => queryClient.setQueryData(sessionQueryKey, session),
  });
}
