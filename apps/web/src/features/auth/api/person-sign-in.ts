import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Passkey } from '@tun/shared/passkeys';
import type { PersonSsoIdentity } from '@tun/shared/sso';
import { apiRequest } from '../../../lib/api-client';
import { peopleQueryKey } from '../../../entities/people/get-people';

// Under the people key, so that the live 'people' topic asks again as well.
const personPasskeysQueryKey = (personId: string) => [...peopleQueryKey, personId, 'passkeys'] as const;
const personSsoIdentitiesQueryKey = (personId: string) =>
  [...peopleQueryKey, personId, 'sso-identities'] as const;

const personPath = (personId: string) => `/people/${encodeURIComponent(personId)}`;

/** The passkeys a person has registered, as an admin sees them. */
export function usePersonPasskeys(personId: string) {
  return useQuery({
    queryKey: personPasskeysQueryKey(personId),
    queryFn: ({ signal }) => apiRequest<Passkey[]>(`${personPath(personId)}/passkeys`, { signal }),
  });
}

/** The school accounts a person signs in with. */
export function usePersonSsoIdentities(personId: string) {
  return useQuery({
    queryKey: personSsoIdentitiesQueryKey(personId),
    queryFn: ({ signal }) =>
      apiRequest<PersonSsoIdentity[]>(`${personPath(personId)}/sso-identities`, { signal }),
  });
}

/** An admin removes one of a person's passkeys (a lost phone); takes the passkey's id. */
export function useRemovePersonPasskey(personId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (passkeyId: string) =>
      apiRequest<void>(`${personPath(personId)}/passkeys/${encodeURIComponent(passkeyId)}`, {
        method: 'DELETE',
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: personPasskeysQueryKey(personId) }),
  });
}

/** An admin unlinks a school account (the wrong one was matched); takes the identity's id. */
export function useRemovePersonSsoIdentity(personId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (identityId: string) =>
      apiRequest<void>(`${personPath(personId)}/sso-identities/${encodeURIComponent(identityId)}`, {
        method: 'DELETE',
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: personSsoIdentitiesQueryKey(personId) }),
  });
}
