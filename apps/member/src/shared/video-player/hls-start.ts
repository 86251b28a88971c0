import type Hls from 'hls.js';
import type { HlsConfig } from 'hls.js';
import { currentConnection, isSavingData, type NetworkInformationLike } from './connection';

export { isSavingData } from './connection';

/** The last bandwidth estimate of this tab, carried over to the next video (no probe download). */
const BANDWIDTH_KEY = 'player.bandwidthEstimate';
/**
 * localStorage switch for measuring: `localStorage.setItem('player.hlsDefaults', '1')` plays with hls.js
 * as it comes (default configuration, created when the player mounts) instead of the tuned start-up, so
 * `pnpm bench player` compares both in the same run. Not a URL parameter: members never stumble on it.
 */
export const HLS_DEFAULTS_KEY = 'player.hlsDefaults';
/** A preloaded stream nobody picked up (the member went elsewhere) is dropped after this. */
const UNCLAIMED_MS = 15_000;

/** hls.js once loaded: later streams start without waiting for a turn of the event loop. */
let loadedHls: typeof Hls | null = null;

/** hls.js is loaded only when a player opens (its own chunk), never with the home page. */
export const loadHls = (): Promise<typeof Hls> =>
  loadedHls
    ? Promise.resolve(loadedHls)
    : import('hls.js').then((m) => {
        loadedHls = m.default;
        return m.default;
      });

const isTuned = () => localStorage.getItem(HLS_DEFAULTS_KEY) !== '1';

/** Seconds of video fetched ahead of the playhead, on an ordinary connection and on a saving one. */
export const FORWARD_BUFFER_SECONDS = { normal: 30, saving: 15 } as const;

/**
 * The forward-buffer cap, in both modes. hls.js on its own buffers up to maxBufferSize (60 MB) whatever
 * maxBufferLength says, bounded only by maxMaxBufferLength (600 s): at 360p that is ten minutes fetched
 * ahead, also while paused. Capping both lengths keeps the buffer at the cap; once full, nothing more is
 * fetched until playback eats into it (paused, that is never). The back buffer is kept (hls.js's default),
 * so seeking back plays from memory instead of fetching a segment again.
 */
export function bufferConfig(connection: NetworkInformationLike | undefined): Partial<HlsConfig> {
  const seconds = isSavingData(connection) ? FORWARD_BUFFER_SECONDS.saving : FORWARD_BUFFER_SECONDS.normal;
  return { maxBufferLength: seconds, maxMaxBufferLength: seconds };
}

const connection = currentConnection;

/**
 * The configuration of a new stream. Tuned: no probe download (hls.js by default fetches a segment of the
 * lowest rendition only to measure the bandwidth); the first segment is the lowest rendition's, the smallest
 * to fetch and decode (fetched once the video element is attached: hls.js's startFragPrefetch fetched it
 * before that and then again, a segment fetched twice); from the second segment on,
 * the tab's last bandwidth estimate (instead of hls.js's 500 kbps guess) picks the rendition at once.
 */
export function streamConfig(startAt: number | null): Partial<HlsConfig> {
  const startPosition = startAt !== null && startAt > 0 ? startAt : -1;
  if (!isTuned()) return { startPosition, ...bufferConfig(connection()) };
  const estimate = Number(sessionStorage.getItem(BANDWIDTH_KEY)) || 0;
  return {
    startPosition,
    startLevel: 0,
    testBandwidth: false,
    capLevelToPlayerSize: false,
    ...bufferConfig(connection()),
    ...(estimate > 0 ? { abrEwmaDefaultEstimate: estimate } : {}),
  };
}

/**
 * Segments the warm-up fetched into the HTTP cache (decision 0056), with the bandwidth (bit/s) measured as
 * they came over the network. The player's hls.js then loads such a segment from the cache in a few ms, a
 * sample that would make its estimate absurdly high (and the next segment a rendition the network cannot
 * carry): once it is buffered, the estimate is reset to the tab's carried estimate or that measurement.
 */
const warmedSegments = new Map<string, number>();
const WARMED_SEGMENTS_KEPT = 8;

export function noteWarmedSegment(url: string, bitsPerSecond: number) {
  warmedSegments.set(url, bitsPerSecond);
  if (warmedSegments.size > WARMED_SEGMENTS_KEPT) {
    const oldest = warmedSegments.keys().next().value;
    if (oldest !== undefined) warmedSegments.delete(oldest);
  }
}

/** See noteWarmedSegment: a segment served from the warm-up's cache does not count as a bandwidth sample. */
export function ignoreWarmedSamples(hls: Hls, HlsClass: typeof Hls) {
  hls.on(HlsClass.Events.FRAG_BUFFERED, (_event, data) => {
    const measured = warmedSegments.get(data.frag.url);
    if (measured === undefined) return;
    warmedSegments.delete(data.frag.url);
    const carried = Number(sessionStorage.getItem(BANDWIDTH_KEY)) || 0;
    const estimate = carried > 0 ? carried : measured;
    if (estimate > 0) hls.bandwidthEstimate = estimate;
  });
}

/** Keeps the tab's estimate for the next video. */
export function rememberEstimate(hls: Hls) {
  if (hls.bandwidthEstimate > 0)
    sessionStorage.setItem(BANDWIDTH_KEY, String(Math.round(hls.bandwidthEstimate)));
}

interface Preloaded {
  videoId: string;
  url: string;
  hls: Hls;
  hasFailed: boolean;
  timer: number;
  /** The video element it is attached to, once one was offered. */
  media: HTMLVideoElement | null;
}

let preloaded: Preloaded | null = null;
/** The empty video element of a player waiting for its playback answer (see offerVideoElement). */
let offered: { videoId: string; video: HTMLVideoElement; autoPlay: boolean } | null = null;

function dropPreloaded() {
  if (!preloaded) return;
  window.clearTimeout(preloaded.timer);
  preloaded.hls.destroy();
  preloaded = null;
}

function attachOffered() {
  if (!preloaded || preloaded.media || preloaded.hasFailed || offered?.videoId !== preloaded.videoId) return;
  preloaded.media = offered.video;
  preloaded.hls.attachMedia(offered.video);
  // A card click asked to watch: frames play as they arrive, while React still renders the page.
  if (offered.autoPlay) void offered.video.play().catch(() => {});
}

/**
 * Tuned start-up: as soon as the signed stream URL is known (the playback answer, before React renders the
 * player with it), hls.js loads the master playlist, the start rendition's playlist and its first segment,
 * into the player's video element when the page already shows it empty (offerVideoElement); the player
 * takes the stream over when it renders (takePreloaded).
 */
export async function preloadStream(videoId: string, url: string, startAt: number | null): Promise<void> {
  if (!isTuned()) return;
  const HlsClass = loadedHls ?? (await loadHls());
  if (!HlsClass.isSupported() || preloaded?.url === url) return;
  dropPreloaded();
  const hls = new HlsClass(streamConfig(startAt));
  ignoreWarmedSamples(hls, HlsClass);
  const entry: Preloaded = {
    videoId,
    url,
    hls,
    hasFailed: false,
    media: null,
    timer: window.setTimeout(dropPreloaded, UNCLAIMED_MS),
  };
  hls.on(HlsClass.Events.ERROR, (_event, data) => {
    if (data.fatal) entry.hasFailed = true;
  });
  preloaded = entry;
  hls.loadSource(url);
  attachOffered();
}

/**
 * A player waiting for its playback answer shows its (empty) video element: a stream preloaded for that
 * video is attached to it at once. Returns the withdrawal, for when the player goes away or gets its stream.
 */
export function offerVideoElement(videoId: string, video: HTMLVideoElement, autoPlay: boolean): () => void {
  offered = { videoId, video, autoPlay };
  attachOffered();
  return () => {
    if (offered?.video === video) offered = null;
  };
}

/** The player went away: a preloaded stream still attached to its element (never taken over) stops. */
export function releaseVideoElement(video: HTMLVideoElement) {
  if (preloaded?.media === video) dropPreloaded();
}

/**
 * The preloaded stream of url, handed over once (null when there is none or it failed), and whether it is
 * already attached to the given video element.
 */
export function takePreloaded(
  url: string,
  video: HTMLVideoElement,
): { hls: Hls; isAttached: boolean } | null {
  if (!preloaded || preloaded.url !== url) return null;
  const { hls, hasFailed, timer, media } = preloaded;
  window.clearTimeout(timer);
  preloaded = null;
  if (hasFailed) {
    hls.destroy();
    return null;
  }
  return { hls, isAttached: media === video };
}
