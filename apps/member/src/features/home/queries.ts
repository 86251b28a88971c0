import { pathKey, useApiClient } from '@dance/api-client';
import { useQuery } from '@tanstack/react-query';

/**
 * Under the history endpoint's path: the player invalidates it once a position is saved, and removing a
 * video from /History refreshes it too. A path, not queryKeyOf: the player contracts load in their own chunk.
 */
const continueProgressKey = [...pathKey('/me/history'), 'in-progress'];

/** The progress bars of the home page's "Continue Watching" row (video id to 0..1). */
export function useContinueProgress(isEnabled: boolean) {
  const client = useApiClient();
  return useQuery({
    queryKey: continueProgressKey,
    queryFn: ({ signal }) =>
      import('./continue-progress').then((m) => m.fetchContinueProgress(client, signal)),
    enabled: isEnabled,
  });
}
