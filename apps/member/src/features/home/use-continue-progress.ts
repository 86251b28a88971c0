import { useApiClient } from '@dance/api-client';
import { useQuery } from '@tanstack/react-query';

/**
 * Under the player's history keys: the player invalidates them once a position is saved, and removing a
 * video from /History refreshes them too.
 */
export const continueProgressKey = ['player', 'history', 'in-progress'] as const;

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
