import type { ApiClient } from '@dance/api-client';
import { normalizeContentType } from '@dance/domain';
import type { QueryClient } from '@tanstack/react-query';
import { loadHls, prepareVideo } from '../../shared/video-player/hls-start';
import { fetchStartFiles } from '../../shared/video-player/start-files';
import { fetchPlaybackAnswer, playbackQueryKey } from './queries';

/** Origins already given a preconnect hint. */
const preconnected = new Set<string>();

/** A preconnect hint for an origin other than the page's (Mux's stream and image hosts). */
function preconnect(url: string) {
  const { origin } = new URL(url, window.location.href);
  if (origin === window.location.origin || preconnected.has(origin)) return;
  preconnected.add(origin);
  const link = document.createElement('link');
  link.rel = 'preconnect';
  link.href = origin;
  // Media requests are uncredentialed cross-origin (hls.js's default), so is the preconnected socket.
  link.crossOrigin = 'anonymous';
  document.head.append(link);
}

/**
 * Everything a click on a card would wait for, started on the member's intent (decision 0056): the player
 * page's chunk and hls.js, the playback answer into the same TanStack Query entry the player page reads
 * (so the page never asks for it again), the poster into the image cache, and the start of the stream in a
 * <video> element the player adopts. The signal aborts what is still in flight (the pointer left the card) and
 * drops the element; what already arrived in the caches is kept. Resolves once the element is adopted or gone.
 */
export async function warmPlayer(
  queryClient: QueryClient,
  client: ApiClient,
  videoId: string,
  /** The address's `type`, as written (normalised here, in the player's chunk, not on the first page). */
  rawType: string | null,
  signal: AbortSignal,
): Promise<void> {
  const type = normalizeContentType(rawType);
  const chunks = Promise.all([
    import('./player-page'),
    // The practice tools show with the first frame (their own chunk, decision 0066).
    import('../../shared/video-player/practice-tools'),
    loadHls(),
  ]).catch(() => {});
  const queryKey = playbackQueryKey(videoId, type);
  const cancel = () => void queryClient.cancelQueries({ queryKey, exact: true });
  signal.addEventListener('abort', cancel, { once: true });
  try {
    const data = await queryClient.fetchQuery({
      queryKey,
      queryFn: ({ signal: querySignal }) => fetchPlaybackAnswer(client, videoId, type, querySignal),
      staleTime: Number.POSITIVE_INFINITY,
    });
    if (signal.aborted || !data.source) return;
    preconnect(data.source.hlsUrl);
    if (data.resumeAtSeconds === null && data.source.start) fetchStartFiles(data.source.start, signal);
    if (data.source.posterUrl) {
      preconnect(data.source.posterUrl);
      new Image().src = data.source.posterUrl;
    }
    // The stream's start, buffered and decoded in an element the player adopts at the click (decision 0061).
    await prepareVideo(videoId, data.source.hlsUrl, data.resumeAtSeconds, data.source.posterUrl, signal);
    await chunks;
  } finally {
    signal.removeEventListener('abort', cancel);
  }
}
