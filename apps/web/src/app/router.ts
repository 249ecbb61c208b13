import type { QueryClient } from '@tanstack/react-query';
import { createRouter } from '@tanstack/react-router';
import { ErrorContent } from '../components/status-pages';
import { PageLoader } from '../components/page-loader';
import { routeTree } from './routes';
import { parseSearch, stringifySearch } from './search-params';

export function createAppRouter(queryClient: QueryClient) {
  return createRouter({
    routeTree,
    context: { queryClient },
    defaultPreload: 'intent',
    // TanStack Query owns caching; the router should always ask it.
    defaultPreloadStaleTime: 0,
    defaultPendingComponent: PageLoader,
    defaultErrorComponent: ErrorContent,
    // The router's default scroll handling is what SPEC §2 asks: top of the page on every
    // navigation, or the element named by the URL's hash.
    scrollRestoration: false,
    // Plain query strings: the default JSON-in-URL encoding turns id=42 into a number.
    parseSearch,
    stringifySearch,
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
