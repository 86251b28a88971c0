import { ApiClientProvider } from '@dance/api-client';
import { UiProvider } from '@dance/ui';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router/dom';
import type { AdminApp as AdminAppParts } from './create-admin-app';

/** The providers every admin screen relies on, around the router. */
export function AdminApp({ apiClient, queryClient, router }: AdminAppParts) {
  return (
    <UiProvider>
      <QueryClientProvider client={queryClient}>
        <ApiClientProvider client={apiClient}>
          <RouterProvider router={router} />
        </ApiClientProvider>
      </QueryClientProvider>
    </UiProvider>
  );
}
