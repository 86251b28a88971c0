import { type ApiClient, sessionQueryOptions } from '@dance/api-client';
import { normalizeContentType, playbackEndpoints, progressEndpoints } from '@dance/domain';
import type { QueryClient } from '@tanstack/react-query';
import { playbackQueryKey, preferencesKey, videoDetailKey } from './queries';

/**
 * What a player page's first screen is rendered from on the server (decision 0072), under the keys the page
 * reads: the session, then for a member the playback answer (poster and signed stream), the video's details
 * (its title) and the player's preferences (mirror and speed). A guest's page needs the session alone. Plain
 * calls: the browser's start chain (worker, early answers) has no place here.
 */
export async function preloadPlayerForServer(
  queryClient: QueryClient,
  client: ApiClient,
  search: string,
): Promise<void> {
  const params = new URLSearchParams(search);
  const videoId = params.get('v') ?? '';
  const type = normalizeContentType(params.get('type'));
  const session = await queryClient.fetchQuery(sessionQueryOptions(client)).catch(() => null);
  if (!session?.user || !videoId) return;
  const route = { params: { videoId }, query: { type } };
  await Promise.all([
    queryClient.prefetchQuery({
      queryKey: playbackQueryKey(videoId, type),
      queryFn: ({ signal }) => client.call(playbackEndpoints.playback, { ...route, signal }),
    }),
    queryClient.prefetchQuery({
      queryKey: videoDetailKey(videoId),
      queryFn: ({ signal }) => client.call(playbackEndpoints.videoDetail, { params: { videoId }, signal }),
    }),
    queryClient.prefetchQuery({
      queryKey: preferencesKey,
      queryFn: ({ signal }) => client.call(progressEndpoints.getPreferences, { signal }),
    }),
  ]);
}
