/** The router: generated file routes, lazy route components, a delayed dots spinner, unknown paths → /404. */
import { QueryClient } from '@tanstack/react-query';
import { Navigate, createRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { Suspense, lazy } from 'react';
import { PageSpinner } from './app/PageSpinner';
import { SPINNER_DELAY_MS, SPINNER_MIN_VISIBLE_MS } from './app/spinner-timing';
import { routeTree } from './routeTree.gen';

// Loaded only when something breaks, so it is not part of the first bundle.
const ErrorPanel = lazy(() => import('./app/ErrorPanel').then((m) => ({ default: m.ErrorPanel })));

export const queryClient = new QueryClient({
  defaultOptions: { queries: { staleTime: 30_000, retry: 1, networkMode: 'always' } },
});

export const router = createRouter({
  routeTree,
  context: { queryClient },
  defaultPreload: 'intent',
  defaultPreloadStaleTime: 0,
  defaultPendingMs: SPINNER_DELAY_MS,
  defaultPendingMinMs: SPINNER_MIN_VISIBLE_MS,
  // The router waits 100 ms before showing this, and keeps it at least 100 ms once shown.
  defaultPendingComponent: () => <PageSpinner immediate />,
  defaultErrorComponent: (props: ErrorComponentProps) => (
    <Suspense fallback={null}>
      <ErrorPanel {...props} />
    </Suspense>
  ),
  defaultNotFoundComponent: () => <Navigate to="/404" replace />,
  scrollRestoration: true,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
