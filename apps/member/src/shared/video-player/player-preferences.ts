import { type ApiClient, queryKeyOf, useApiClient } from '@dance/api-client';
import { progressEndpoints, type TPlayerPreferences } from '@dance/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

const preferencesKey = queryKeyOf(progressEndpoints.getPreferences);

/**
 * Mirror and speed, one answer for every player (the library's and the Teacher Resource Center's), as the page
 * reads them and the server's render asks for them (preload-player.ts). Asked for once per load: the member
 * changes them in a player (useSavePreferences writes the cache), and asking again on every later video sent a
 * request beside its first segment (issue 21); a change made on another device shows at the next load.
 */
export const playerPreferencesQueryOptions = (client: ApiClient) =>
  queryOptions({
    queryKey: preferencesKey,
    queryFn: ({ signal }) => client.call(progressEndpoints.getPreferences, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });

export function usePlayerPreferences(isEnabled = true) {
  const client = useApiClient();
  return useQuery({ ...playerPreferencesQueryOptions(client), enabled: isEnabled });
}

export function useSavePreferences() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (prefs: TPlayerPreferences) => client.call(progressEndpoints.setPreferences, { body: prefs }),
    onMutate: (prefs) => queryClient.setQueryData(preferencesKey, prefs),
  });
}
