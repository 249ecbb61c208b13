import { QueryCache, QueryClient } from '@tanstack/react-query';
import { sessionQueryKey } from '../entities/session/get-session';
import { ApiError, isApiError } from '../lib/api-client';

const MAX_RETRIES = 2;

export function createQueryClient(): QueryClient {
  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        // Any 401 means the session is gone; refetching it lets the app shell send the user to log in.
        if (isApiError(error, 'unauthenticated') && query.queryKey[0] !== sessionQueryKey[0]) {
          void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
        }
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // A 4xx will not change by asking again; network trouble and 5xx might.
        retry: (failureCount, error) =>
          failureCount < MAX_RETRIES &&
          !(error instanceof ApiError && error.status >= 400 && error.status < 500),
      },
    },
  });
  return queryClient;
}
