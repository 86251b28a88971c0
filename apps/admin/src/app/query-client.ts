import { ApiError } from '@dance/api-client';
import { QueryClient } from '@tanstack/react-query';

/** Server data lives in TanStack Query; a 4xx is an answer, not a hiccup, so only other failures retry. */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (failureCount, error) =>
          !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failureCount < 2,
      },
      mutations: { retry: false },
    },
  });
}
