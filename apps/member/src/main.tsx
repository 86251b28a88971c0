import '@dance/ui/styles.css';
import './styles.css';

import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { createAppApiClient, createAppQueryClient } from './app/api';
import { AppProviders } from './app/app-providers';
import { createEarlyFetch } from './app/early-requests';
import { createAppNavigator } from './app/navigator';
import { prefetchFirstPage } from './app/prefetch';
import { AppRoutes } from './app/router';
import { registerSessionExpiredHandler } from './app/session-expired';

// The first page's answers that public/early.js already asked for are taken from it (decision 0058).
const client = createAppApiClient(undefined, createEarlyFetch());
const queryClient = createAppQueryClient();
const { navigate, NavigatorBridge } = createAppNavigator();
registerSessionExpiredHandler(client, queryClient, navigate);
prefetchFirstPage(queryClient, client, window.location.pathname);

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('Missing #root element');

const root = createRoot(rootElement);
// The first render as a transition, which React renders in slices of a few milliseconds, yielding to the
// browser in between: on a slow phone (CPU four times slower) the whole first page in one task blocked input for
// hundreds of milliseconds (Lighthouse's total blocking time, decision 0058).
startTransition(() => {
  root.render(
    <StrictMode>
      <AppProviders client={client} queryClient={queryClient}>
        <BrowserRouter>
          <NavigatorBridge />
          <AppRoutes />
        </BrowserRouter>
      </AppProviders>
    </StrictMode>,
  );
});
