import { type ApiClient, sessionQueryOptions } from '@dance/api-client';
import { normalizeContentType } from '@dance/domain';
import type { QueryClient } from '@tanstack/react-query';
import { playerPreferencesQueryOptions } from '../../shared/video-player/player-preferences';
import { fetchPlaybackAnswer, playbackQueryKey, videoDetailQueryOptions } from './queries';

/**
 * What a player page's first screen is rendered from on the server (decision 0072), under the keys the page
 * reads: the session, then for a member the playback answer (poster and signed stream), the video's details
 * (its title) and the player's preferences (mirror and speed). A guest's page needs the session alone. The
 * playback answer is the API's plain answer: the browser's start chain (worker, early answers) has no place here.
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
  await Promise.all([
    queryClient.prefetchQuery({
      queryKey: playbackQueryKey(videoId, type),
      queryFn: ({ signal }) => fetchPlaybackAnswer(client, videoId, type, signal, false),
    }),
    queryClient.prefetchQuery(videoDetailQueryOptions(client, videoId)),
    queryClient.prefetchQuery(playerPreferencesQueryOptions(client)),
  ]);
}
