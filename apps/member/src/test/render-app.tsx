import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { createAppApiClient, createAppQueryClient } from '../app/api';
import { AppProviders } from '../app/app-providers';
import { appRoutes } from '../app/router';
import { registerSessionExpiredHandler } from '../app/session-expired';

/** Renders the whole member app at a path, against the msw API of the test. */
export function renderApp(path: string) {
  const client = createAppApiClient(`${window.location.origin}/api/v1`);
  const queryClient = createAppQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } });
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  registerSessionExpiredHandler(client, queryClient, (to) => router.navigate(to));
  const user = userEvent.setup();
  const view = render(
    <AppProviders client={client} queryClient={queryClient} env="test">
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, user, router, queryClient };
}
