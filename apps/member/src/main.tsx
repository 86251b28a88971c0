import '@dance/ui/styles.css';
import './styles.css';

import { queryKeys } from '@dance/api-client';
import type { TSessionResponse } from '@dance/domain';
import { type DehydratedState, hydrate } from '@tanstack/react-query';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { createAppApiClient, createAppQueryClient } from './app/api';
import { AppTree } from './app/app-tree';
import { createEarlyFetch } from './app/early-requests';
import { FIRST_SCREEN_STATE_ID, type FirstScreen } from './app/first-screen';
import { createAppNavigator } from './app/navigator';
import { prefetchFirstPage } from './app/prefetch';
import { preloadServerRenderedRoute } from './app/router';
import { registerSessionExpiredHandler } from './app/session-expired';

// The first page's answers that public/early.js already asked for are taken from it (decision 0058).
const client = createAppApiClient(undefined, createEarlyFetch());
const queryClient = createAppQueryClient();
const { navigate, NavigatorBridge } = createAppNavigator();
registerSessionExpiredHandler(client, queryClient, navigate);

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('Missing #root element');

// A guest's first screen may come rendered by the server, with the answers it was rendered from (decision 0071).
const serverState = readServerState();
if (serverState) {
  hydrate(queryClient, serverState.state);
  // The API client sends the session's CSRF token with every change: a member's page came with the session.
  client.setSession(queryClient.getQueryData<TSessionResponse | null>(queryKeys.session) ?? null);
} else void prefetchFirstPage(queryClient, client, window.location.pathname);

const app = (
  <AppTree
    client={client}
    queryClient={queryClient}
    firstScreen={serverState ? { isMobile: serverState.isMobile, location: serverState.location } : null}
    router={(children) => <BrowserRouter>{children}</BrowserRouter>}
    navigatorBridge={<NavigatorBridge />}
  />
);

// The first render (or hydration) as a transition, which React renders in slices of a few milliseconds,
// yielding to the browser in between: on a slow phone (CPU four times slower) the whole first page in one task
// blocked input for hundreds of milliseconds (Lighthouse's total blocking time, decision 0058).
if (serverState) {
  // The page's own chunk first (already on its way: early.js preloads it), so that the whole page hydrates.
  void preloadServerRenderedRoute(window.location.pathname)
    .catch(() => {})
    .then(() => {
      startTransition(() => {
        hydrateRoot(rootElement, app);
      });
    });
} else {
  startTransition(() => {
    createRoot(rootElement).render(app);
  });
}

function readServerState(): (FirstScreen & { state: DehydratedState }) | null {
  const block = document.getElementById(FIRST_SCREEN_STATE_ID);
  if (!block?.textContent) return null;
  try {
    return JSON.parse(block.textContent) as FirstScreen & { state: DehydratedState };
  } catch {
    return null;
  }
}
