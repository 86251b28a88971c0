import '@dance/ui/styles.css';
import './styles.css';

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { createAppApiClient, createAppQueryClient } from './app/api';
import { AppProviders } from './app/app-providers';
import { createAppRouter } from './app/router';
import { registerSessionExpiredHandler } from './app/session-expired';

const client = createAppApiClient();
const queryClient = createAppQueryClient();
const router = createAppRouter();
registerSessionExpiredHandler(client, queryClient, (to) => router.navigate(to));

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('Missing #root element');

createRoot(rootElement).render(
  <StrictMode>
    <AppProviders client={client} queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
