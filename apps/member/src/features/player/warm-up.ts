import type { ApiClient } from '@dance/api-client';
import type { ContentType } from '@dance/domain';
import type { QueryClient } from '@tanstack/react-query';
import { loadHls, noteWarmedSegment, streamConfig } from '../../shared/video-player/hls-start';
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
 * Warms the start of a stream into the browser's HTTP cache, where the player's hls.js finds it (the media
 * answers are cacheable: `private, max-age` up to the signed URL's expiry): a detached hls.js, configured as
 * the player's start-up, loads the master playlist and the start rendition's playlist (its own parser picks
 * the rendition and the segment at the resume point); then the segment (and an fMP4 init segment) is read
 * with fetch. Aborted with the signal; hls.js is destroyed either way.
 */
export async function warmStream(url: string, startAt: number | null, signal: AbortSignal): Promise<void> {
  const HlsClass = await loadHls();
  if (signal.aborted || !HlsClass.isSupported()) return;
  const hls = new HlsClass({ ...streamConfig(startAt), startLevel: 0 });
  await new Promise<void>((resolve) => {
    const finish = () => {
      signal.removeEventListener('abort', finish);
      hls.destroy();
      resolve();
    };
    signal.addEventListener('abort', finish, { once: true });
    hls.on(HlsClass.Events.LEVEL_LOADED, (_event, data) => {
      if (data.level !== 0) return;
      hls.stopLoad();
      const start = startAt !== null && startAt > 0 ? startAt : 0;
      const fragments = data.details.fragments;
      const first = fragments.find((f) => f.start + f.duration > start) ?? fragments[0];
      const urls = first ? [first.initSegment?.url, first.url].filter((u): u is string => Boolean(u)) : [];
      void Promise.all(
        urls.map(async (u) => {
          const startedAt = performance.now();
          const response = await fetch(u, { signal, credentials: 'same-origin' });
          const bytes = (await response.arrayBuffer()).byteLength;
          const seconds = (performance.now() - startedAt) / 1000;
          if (response.ok && u === first?.url && seconds > 0) noteWarmedSegment(u, (bytes * 8) / seconds);
        }),
      )
        .catch(() => {})
        .finally(finish);
    });
    hls.on(HlsClass.Events.ERROR, (_event, data) => {
      if (data.fatal) finish();
    });
    hls.loadSource(url);
  });
}

/**
 * Everything a click on a card would wait for, started on the member's intent (decision 0056): the player
 * page's chunk and hls.js, the playback answer into the same TanStack Query entry the player page reads
 * (so the page never asks for it again), the poster into the image cache, and the start of the stream.
 * The signal aborts what is still in flight (the pointer left the card); what already arrived is kept.
 */
export async function warmPlayer(
  queryClient: QueryClient,
  client: ApiClient,
  videoId: string,
  type: ContentType,
  signal: AbortSignal,
): Promise<void> {
  const chunks = Promise.all([import('./player-page'), loadHls()]).catch(() => {});
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
    if (data.source.posterUrl) {
      preconnect(data.source.posterUrl);
      new Image().src = data.source.posterUrl;
    }
    await warmStream(data.source.hlsUrl, data.resumeAtSeconds, signal);
    await chunks;
  } finally {
    signal.removeEventListener('abort', cancel);
  }
}
