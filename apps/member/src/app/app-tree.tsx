import type { ApiClient } from '@dance/api-client';
import type { QueryClient } from '@tanstack/react-query';
import { type ReactNode, StrictMode, useEffect } from 'react';
import { AppProviders } from './app-providers';
import { type FirstScreen, FirstScreenProvider } from './first-screen';
import { HydratesApart } from './hydrates-apart';
import { AppRoutes } from './router';

/**
 * The whole app, as the browser (main.tsx) and the server's first screen (entry-server.tsx) render it: hydration
 * needs the same components in the same places, so both render this, each with its own router.
 *
 * The routes hydrate apart from the shell: React takes them at a low, interruptible priority, in slices of a few
 * milliseconds, instead of in one task with the shell (574 ms of blocking on Lighthouse's slow phone without it,
 * decision 0071).
 */
export function AppTree({
  client,
  queryClient,
  firstScreen,
  router,
  navigatorBridge,
}: {
  client: ApiClient;
  queryClient: QueryClient;
  firstScreen: FirstScreen | null;
  /** Wraps the routes in the router: the browser's, or the server's for one address. */
  router: (children: ReactNode) => ReactNode;
  navigatorBridge: ReactNode;
}) {
  return (
    <StrictMode>
      <AppProviders client={client} queryClient={queryClient}>
        <FirstScreenProvider value={firstScreen}>
          {router(
            <>
              {navigatorBridge}
              <HydratesApart>
                <AppRoutes />
                <ReplayHeldActions />
              </HydratesApart>
            </>,
          )}
        </FirstScreenProvider>
      </AppProviders>
    </StrictMode>
  );
}

/**
 * Once the routes have hydrated, the taps and submissions public/early.js held while the server's markup waited
 * for the app (decision 0071) are done again. In a later task: React first hands the pages what was typed before
 * hydration (their onChange), so a held search submits the words typed. Nothing to do on a page the client
 * rendered.
 */
function ReplayHeldActions() {
  useEffect(() => {
    const timer = setTimeout(() => window.__danceReplay?.(), 0);
    return () => clearTimeout(timer);
  }, []);
  return null;
}
