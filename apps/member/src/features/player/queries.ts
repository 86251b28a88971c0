import { type ApiClient, queryKeyOf, useApiClient } from '@dance/api-client';
import {
  type ContentType,
  normalizeContentType,
  PLAYER_LIMITS,
  playbackEndpoints,
  progressEndpoints,
  reactionEndpoints,
  recommendationEndpoints,
  type TReactionValue,
  type TRecommendations,
  type TVideoDetail,
} from '@dance/domain';
import {
  keepPreviousData,
  type QueryClient,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useRef } from 'react';
import { offerEarlyAnswer } from '../../app/early-requests';
import { loadHls, preloadStream } from '../../shared/video-player/hls-start';
import { isOnFirstScreen } from '../../shared/video-player/poster-first';
import { askPlaybackOffMainThread, fetchStartFiles } from '../../shared/video-player/start-files';

export const videoDetailKey = (videoId: string) =>
  queryKeyOf(playbackEndpoints.videoDetail, { params: { videoId } });
export const playbackQueryKey = (videoId: string, type: ContentType) =>
  queryKeyOf(playbackEndpoints.playback, { params: { videoId }, query: { type } });
/** Every history page and the home page's progress bars (home/queries.ts), which read the same endpoint. */
export const historyKey = queryKeyOf(progressEndpoints.history);

/** The video's details, as the page reads them and the server's render asks for them (preload-player.ts). */
export const videoDetailQueryOptions = (client: ApiClient, videoId: string) =>
  queryOptions({
    queryKey: videoDetailKey(videoId),
    queryFn: ({ signal }) => client.call(playbackEndpoints.videoDetail, { params: { videoId }, signal }),
    retry: false,
  });

export function useVideoDetail(videoId: string, isEnabled: boolean) {
  const client = useApiClient();
  return useQuery({ ...videoDetailQueryOptions(client, videoId), enabled: isEnabled && videoId !== '' });
}

/**
 * The playback answer as the API gives it (the warm-up stores it without starting a stream). With `withStart`
 * it is asked for in the start chain's worker, which also fetches the start files it names as soon as it
 * arrives, whatever the main thread is doing (decision 0070); the API client reads the worker's answer as an
 * early answer, so errors and the session are handled as for any call.
 */
export function fetchPlaybackAnswer(
  client: ApiClient,
  videoId: string,
  type: ContentType,
  signal?: AbortSignal,
  withStart = true,
) {
  const route = { params: { videoId }, query: { type } };
  const url = client.buildUrl(playbackEndpoints.playback, route.params, route.query);
  // Not on a page opened by its address: its poster comes first, and early.js may already be asking.
  const answer = withStart ? askPlaybackOffMainThread(url, signal) : null;
  if (answer) offerEarlyAnswer(url, answer);
  return client.call(playbackEndpoints.playback, { ...route, signal });
}

/**
 * The playback answer (signed stream URLs, resume point). hls.js's chunk loads meanwhile, and the stream
 * starts loading as soon as the answer is here, before the player renders (tuned start-up, hls-start.ts);
 * on a page opened by its address, the player starts both once its poster is on screen (decision 0066).
 */
export async function fetchPlayback(
  client: ApiClient,
  videoId: string,
  type: ContentType,
  signal?: AbortSignal,
) {
  const isPosterFirst = isOnFirstScreen();
  if (!isPosterFirst) void loadHls().catch(() => {});
  const data = await fetchPlaybackAnswer(client, videoId, type, signal, !isPosterFirst);
  if (data.source && !isOnFirstScreen()) {
    if (data.resumeAtSeconds === null && data.source.start) fetchStartFiles(data.source.start, signal);
    void preloadStream(videoId, data.source.hlsUrl, data.resumeAtSeconds).catch(() => {});
  }
  return data;
}

/**
 * The playback answer asked for at a card's click, while the player route renders (play-on-open.ts). When
 * the warm-up already has it (or is fetching it), that answer is used, never a second request, and the
 * stream starts from it at once (its start is in the HTTP cache by then, decision 0056).
 */
export function prefetchPlayback(
  queryClient: QueryClient,
  client: ApiClient,
  videoId: string,
  rawType: string | null,
) {
  const type = normalizeContentType(rawType);
  return queryClient
    .fetchQuery({
      queryKey: playbackQueryKey(videoId, type),
      queryFn: ({ signal }) => fetchPlayback(client, videoId, type, signal),
      staleTime: Number.POSITIVE_INFINITY,
    })
    .then((data) => {
      if (data.source) void preloadStream(videoId, data.source.hlsUrl, data.resumeAtSeconds).catch(() => {});
    })
    .catch(() => {});
}

/** Signed stream URLs; asked again before they expire (and on MEDIA_NOT_READY, until the media is ready). */
export function usePlayback(videoId: string, type: ContentType, isEnabled: boolean) {
  const client = useApiClient();
  return useQuery({
    queryKey: playbackQueryKey(videoId, type),
    queryFn: ({ signal }) => fetchPlayback(client, videoId, type, signal),
    enabled: isEnabled && videoId !== '',
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    refetchInterval: (query) =>
      (query.state.error as { code?: string } | null)?.code === 'MEDIA_NOT_READY' ? 4000 : false,
  });
}

/**
 * The recommendation slider (spec 2 §9): answers are cached 5 s, and a repeat request for the same video
 * within 9 s is skipped (the last answer is kept).
 */
export function useRecommendations(
  videoId: string,
  type: ContentType,
  playlistId: string | null,
  isEnabled: boolean,
) {
  const client = useApiClient();
  const lastFetch = useRef(new Map<string, { at: number; data: TRecommendations }>());
  const key = `${videoId}|${type}|${playlistId ?? ''}`;
  return useQuery({
    queryKey: queryKeyOf(recommendationEndpoints.recommendations, {
      params: { videoId },
      query: { type, playlistId },
    }),
    queryFn: async ({ signal }) => {
      const previous = lastFetch.current.get(key);
      if (previous && Date.now() - previous.at < PLAYER_LIMITS.recommendationRepeatSkipMs)
        return previous.data;
      const data = await client.call(recommendationEndpoints.recommendations, {
        params: { videoId },
        query: { type, playlistId: playlistId ?? undefined },
        signal,
      });
      lastFetch.current.set(key, { at: Date.now(), data });
      return data;
    },
    enabled: isEnabled,
    staleTime: PLAYER_LIMITS.recommendationCacheMs,
    gcTime: PLAYER_LIMITS.recommendationCacheMs,
    retry: false,
    placeholderData: keepPreviousData,
  });
}

export function useSetReaction(videoId: string) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reaction: TReactionValue | null) =>
      client.call(reactionEndpoints.setReaction, { params: { videoId }, body: { reaction } }),
    onSuccess: (state) =>
      queryClient.setQueryData<TVideoDetail>(videoDetailKey(videoId), (old) =>
        old ? { ...old, ...state } : old,
      ),
  });
}

export function useHistory(page: number) {
  const client = useApiClient();
  return useQuery({
    queryKey: queryKeyOf(progressEndpoints.history, { query: { page } }),
    queryFn: ({ signal }) =>
      client.call(progressEndpoints.history, { query: { page, pageSize: 24 }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useRemoveHistory() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (videoId: string) => client.call(progressEndpoints.removeHistory, { params: { videoId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: historyKey }),
  });
}
