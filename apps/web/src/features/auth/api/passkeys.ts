import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Session } from '@tun/shared/auth';
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import type { Passkey } from '@tun/shared/passkeys';
import { apiRequest } from '../../../lib/api-client';
import { sessionQueryKey } from '../../../entities/session/get-session';

/** The browser's side of WebAuthn, loaded when a passkey is used: most visits never do. */
const webauthn = () => import('@simplewebauthn/browser');

/** The server's options for the browser, and the challenge's id to send back. */
interface Ceremony<Options> {
  challengeId: string;
  options: Options;
}

/** Whether this browser can make and use passkeys at all. */
export function browserHasPasskeys(): boolean {
  return typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';
}

const passkeysQueryKey = ['passkeys'] as const;

export function usePasskeys() {
  return useQuery({
    queryKey: passkeysQueryKey,
    queryFn: ({ signal }) => apiRequest<Passkey[]>('/passkeys', { signal }),
  });
}

/** Asks the server for a challenge, lets the browser make a passkey, and registers it. */
async function addPasskey(name: string): Promise<Passkey> {
  const { startRegistration } = await webauthn();
  const { challengeId, options } = await apiRequest<Ceremony<PublicKeyCredentialCreationOptionsJSON>>(
    '/passkeys/options',
    { method: 'POST' },
  );
  const response = await startRegistration({ optionsJSON: options });
  return apiRequest<Passkey>('/passkeys', { method: 'POST', body: { challengeId, name, response } });
}

export function useAddPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addPasskey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: passkeysQueryKey }),
  });
}

export function useRemovePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<void>(`/passkeys/${id}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: passkeysQueryKey }),
  });
}

async function signInWithPasskey(): Promise<Session> {
  const { startAuthentication } = await webauthn();
  const { challengeId, options } = await apiRequest<Ceremony<PublicKeyCredentialRequestOptionsJSON>>(
    '/login/passkey/options',
    { method: 'POST' },
  );
  const response = await startAuthentication({ optionsJSON: options });
  return apiRequest<Session>('/login/passkey', { method: 'POST', body: { challengeId, response } });
}

export function useSignInWithPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signInWithPasskey,
    // The answer is the session, so /app can open without asking for it again.
    onSuccess: (session) => queryClient.setQueryData(sessionQueryKey, session),
  });
}
