import { type ApiClient, createApiClient } from '@dance/api-client';
import { QueryClient } from '@tanstack/react-query';

/** The app's one API client: same origin, the session rides on the httpOnly cookie. */
export function createAppApiClient(baseUrl?: string, fetchImpl?: typeof fetch): ApiClient {
  return createApiClient({ ...(baseUrl ? { baseUrl } : {}), ...(fetchImpl ? { fetch: fetchImpl } : {}) });
}

export function createAppQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, refetchOnWindowFocus: false, retry: 1 },
      mutations: { retry: false },
    },
  });
}
