import { ApiClientProvider } from '@dance/api-client';
import { UiProvider } from '@dance/ui';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router/dom';
import type { AdminApp as AdminAppParts } from './create-admin-app';

/**
 * The providers every admin screen relies on, around the router. `env="test"` is Mantine's for component tests
 * (no transitions, no portals): in jsdom a popover's anchor has no size, and Mantine hides such a dropdown.
 */
export function AdminApp({
  apiClient,
  queryClient,
  router,
  env,
}: AdminAppParts & { env?: 'default' | 'test' }) {
  return (
    <UiProvider env={env}>
      <QueryClientProvider client={queryClient}>
        <ApiClientProvider client={apiClient}>
          <RouterProvider router={router} />
        </ApiClientProvider>
      </QueryClientProvider>
    </UiProvider>
  );
}
