import { queryOptions, useQuery, useSuspenseQuery } from '@tanstack/react-query';
import type { Session } from '@tun/shared/auth';
import { SESSION_PATH } from '@tun/shared/page-data';
import { apiRequest } from '../../lib/api-client';

export const sessionQueryKey = ['session'] as const;

export function getSession(signal?: AbortSignal): Promise<Session> {
  return apiRequest<Session>(SESSION_PATH, { signal });
}

export const sessionQueryOptions = queryOptions({
  queryKey: sessionQueryKey,
  queryFn: ({ signal }) => getSession(signal),
  // Role changes arrive through the live stream, so there is no need to poll.
  staleTime: 5 * 60_000,
});

/** For pages under /app, where the route guard has already loaded the session. */
export function useSession(): Session {
  return useSuspenseQuery(sessionQueryOptions).data;
}

/** Watches the session for expiry without suspending. */
export function useSessionQuery() {
  return useQuery(sessionQueryOptions);
}
