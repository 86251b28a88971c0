import { type ApiClient, ApiClientProvider } from '@dance/api-client';
import { UiProvider } from '@dance/ui';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';

/** Everything a screen needs around it: the brand UI, the query cache and the API client. */
export function AppProviders({
  client,
  queryClient,
  children,
  env,
}: {
  client: ApiClient;
  queryClient: QueryClient;
  children: ReactNode;
  env?: 'default' | 'test';
}) {
  return (
    <UiProvider env={env}>
      <QueryClientProvider client={queryClient}>
        <ApiClientProvider client={client}>{children}</ApiClientProvider>
      </QueryClientProvider>
    </UiProvider>
  );
}
