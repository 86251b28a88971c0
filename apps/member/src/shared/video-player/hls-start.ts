import type Hls from 'hls.js';
import type { HlsConfig } from 'hls.js';
// hls.js's ES module build has no worker of its own: without its worker file it transmuxes every segment on
// the main thread (100+ ms for a 1080p segment on a slow machine, holding up frames and input).
import hlsWorkerUrl from 'hls.js/dist/hls.worker.js?url';
import { currentConnection, isSavingData, type NetworkInformationLike } from './connection';
import { screenPoster } from './poster';
import { startFragmentLoaderOf } from './start-fragment-loader';

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
/** hls.js's fragment loader with the first segment streamed (start-fragment-loader.ts), once hls.js is loaded. */
let startFragmentLoader: HlsConfig['fLoader'] | undefined;

/** hls.js is loaded only when a player opens (its own chunk), never with the home page. */
export const loadHls = (): Promise<typeof Hls> =>
  loadedHls
    ? Promise.resolve(loadedHls)
    : import('hls.js').then((m) => {
        startFragmentLoader = startFragmentLoaderOf(m.FetchLoader);
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
 * The buffer of an element nobody plays yet: its first segment and no more. A card warmed on intent, and a
 * player opened without playing (an address, a shared link), wait like this: most such pages are read, not
 * played, and a phone's data and a slow link's first paint are not spent on 30 s of video nobody asked for.
 */
const START_BUFFER_SECONDS = 0.5;

/** A paused element's stream buffers its start only, and opens to the forward cap when the element plays. */
export function holdBufferUntilPlay(hls: Hls, video: HTMLVideoElement): void {
  if (!video.paused) return;
  hls.config.maxBufferLength = START_BUFFER_SECONDS;
  hls.config.maxMaxBufferLength = START_BUFFER_SECONDS;
  video.addEventListener('play', () => Object.assign(hls.config, bufferConfig(connection())), { once: true });
}

/**
 * The configuration of a new stream. Tuned: no probe download (hls.js by default fetches a segment of the
 * lowest rendition only to measure the bandwidth); the first segment is the lowest rendition's, the smallest
 * to fetch and decode (fetched once the video element is attached: hls.js's startFragPrefetch fetched it
 * before that and then again, a segment fetched twice); from the second segment on,
 * the tab's last bandwidth estimate (instead of hls.js's 500 kbps guess) picks the rendition at once.
 */
export function streamConfig(startAt: number | null): Partial<HlsConfig> {
  const startPosition = startAt !== null && startAt > 0 ? startAt : -1;
  if (!isTuned()) return { startPosition, workerPath: hlsWorkerUrl, ...bufferConfig(connection()) };
  const estimate = Number(sessionStorage.getItem(BANDWIDTH_KEY)) || 0;
  return {
    startPosition,
    workerPath: hlsWorkerUrl,
    startLevel: 0,
    testBandwidth: false,
    capLevelToPlayerSize: false,
    // The first segment reaches the transmuxer as it arrives (decision 0078).
    ...(startFragmentLoader ? { progressive: true, fLoader: startFragmentLoader } : {}),
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

/**
 * hls.js (1.7) asks for the next segment on its stream controller's tick: when loading starts, when a rendition's
 * playlist arrives, and otherwise every 100 ms. Attaching an element ticks nothing, so a stream started before
 * its element's MediaSource opened (a click's or the warm-up's stream, started at the playback answer) found no
 * element when its start rendition's playlist arrived, and its first segment waited for the next 100 ms tick
 * (85-100 ms of the keyboard path in `pnpm bench player` traces). The tick is hls.js's own public task-loop
 * method, on a member that TypeScript calls protected; the unit test fails if a new hls.js drops it.
 */
function loadOnAttach(hls: Hls, HlsClass: typeof Hls) {
  hls.on(HlsClass.Events.MEDIA_ATTACHED, () => {
    (hls as unknown as { streamController?: { tick?: () => void } }).streamController?.tick?.();
  });
}

/**
 * A new stream: the configuration above, the warm-up's cache hits not taken for bandwidth and, tuned, its first
 * segment asked for as soon as its element is attached. Once its first segment is parsed (its transmuxer holds
 * hls.js's worker), the stream kept for the worker goes (endStream).
 */
export function createStream(HlsClass: typeof Hls, startAt: number | null): Hls {
  const hls = new HlsClass(streamConfig(startAt));
  ignoreWarmedSamples(hls, HlsClass);
  if (isTuned()) {
    loadOnAttach(hls, HlsClass);
    hls.once(HlsClass.Events.FRAG_PARSED, () => {
      holdsWorker.add(hls);
      dropRetired();
    });
  }
  return hls;
}

/**
 * How long the last ended stream is kept for its worker (see endStream): a visit's browsing between two videos
 * (a minute was too short: the bench's keyboard runs, a minute apart, restarted the worker in 3 of 7).
 */
export const RETIRED_HOLD_MS = 10 * 60_000;
let retired: { hls: Hls; timer: number } | null = null;
/** Streams that parsed a segment: their transmuxer holds hls.js's worker. */
const holdsWorker = new WeakSet<Hls>();

function dropRetired() {
  if (!retired) return;
  window.clearTimeout(retired.timer);
  retired.hls.destroy();
  retired = null;
}

/**
 * A stream is no longer needed (its player went, or its warm-up was dropped). hls.js transmuxes in one worker
 * that its streams share, and ends it with the last stream: the next video's first segment then waits 20-40 ms
 * for a new worker to start and load its script (`pnpm bench player`, keyboard path). Tuned, a stream that
 * holds the worker is stopped and detached from its element, so it fetches and buffers nothing, and kept
 * until the next stream has parsed its first segment, or for RETIRED_HOLD_MS (ten minutes). Every ended stream comes here,
 * warm-ups included: a warm-up dropped after it had taken the worker over from the kept stream ended the
 * worker (decision 0068's addendum). Other streams, and all with hls.js's defaults, are destroyed at once.
 */
function endStream(hls: Hls) {
  if (!isTuned() || !holdsWorker.has(hls)) {
    hls.destroy();
    return;
  }
  dropRetired();
  hls.stopLoad();
  hls.detachMedia();
  retired = { hls, timer: window.setTimeout(dropRetired, RETIRED_HOLD_MS) };
}

/** A player let go of its stream: its estimate is kept for the next video, the stream ends (endStream). */
export function retireStream(hls: Hls) {
  rememberEstimate(hls);
  endStream(hls);
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
  endStream(preloaded.hls);
  preloaded = null;
}

function attachOffered() {
  if (!preloaded || preloaded.media || preloaded.hasFailed || offered?.videoId !== preloaded.videoId) return;
  preloaded.media = offered.video;
  preloaded.hls.attachMedia(offered.video);
  // A card click asked to watch: frames play as they arrive, while React still renders the page.
  if (offered.autoPlay) void offered.video.play().catch(() => {});
  else holdBufferUntilPlay(preloaded.hls, offered.video);
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
  // The warm-up's element already carries this stream: the player adopts it (see prepareVideo).
  if (!HlsClass.isSupported() || preloaded?.url === url || isWarmedStream(videoId, url)) return;
  dropPreloaded();
  const hls = createStream(HlsClass, startAt);
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

/**
 * The player went away: a preloaded or adopted stream still on its element (never taken over) stops, and its
 * video may be warmed again.
 */
export function releaseVideoElement(video: HTMLVideoElement) {
  if (preloaded?.media === video) dropPreloaded();
  openPlayers.delete(video);
  if (openAdopted?.video === video) openAdopted = null;
  // An adopted element whose stream the player never took over (it left first).
  const adopted = adoptedStreams.get(video);
  if (adopted) endStream(adopted.hls);
  adoptedStreams.delete(video);
}

/**
 * The preloaded stream of url, handed over once (null when there is none or it failed), and whether it is
 * already attached to the given video element.
 */
export function takePreloaded(
  url: string,
  video: HTMLVideoElement,
): { hls: Hls; isAttached: boolean } | null {
  const adopted = adoptedStreams.get(video);
  if (adopted) {
    adoptedStreams.delete(video);
    if (adopted.url === url) return { hls: adopted.hls, isAttached: true };
    // A refreshed URL (the signed links expired meanwhile): the player starts its own stream on this element.
    endStream(adopted.hls);
  }
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

/** An element warmed on intent and never adopted is dropped after this (the HTTP cache keeps its segments). */
export const WARM_VIDEO_HOLD_MS = 60_000;

interface WarmVideo {
  videoId: string;
  url: string;
  hls: Hls;
  video: HTMLVideoElement;
  hasFailed: boolean;
  timer: number;
  /** Resolves when the element was adopted by the player or dropped (the warm-up's work ends there). */
  settle: () => void;
}

/**
 * Elements warmed on intent (decision 0061), by video: a detached <video> with hls.js attached, its first
 * segment buffered and decoded, which the player adopts on click instead of starting again. At most the warm-up
 * scheduler's budget of them (two), each ended by its intent's signal.
 */
const warmVideos = new Map<string, WarmVideo>();
/** The elements of the players on the page, with their video. */
const openPlayers = new Map<HTMLVideoElement, string>();

/** Streams of adopted elements, for useHlsSource to take over (takePreloaded). */
const adoptedStreams = new WeakMap<HTMLVideoElement, { url: string; hls: Hls }>();
/** The element adopted last and its stream, while its player is open. */
let openAdopted: { video: HTMLVideoElement; url: string } | null = null;

/** A warmed or adopted element carries this stream: nothing else needs to start it. */
const isWarmedStream = (videoId: string, url: string) =>
  warmVideos.get(videoId)?.url === url || openAdopted?.url === url;

function dropWarmVideo(entry: WarmVideo) {
  if (warmVideos.get(entry.videoId) !== entry) return;
  warmVideos.delete(entry.videoId);
  window.clearTimeout(entry.timer);
  endStream(entry.hls);
  // Releases the decoder and the MediaSource at once rather than at garbage collection.
  entry.video.removeAttribute('src');
  entry.video.load();
  entry.settle();
}

/**
 * The warm-up of a card (decision 0061): starts the stream into a detached <video> showing the poster, buffers
 * its first segment and decodes it (`loadeddata`), and holds it for the player until the signal aborts (the
 * intent went), the player adopts it (adoptWarmVideo) or WARM_VIDEO_HOLD_MS pass. When the player is already
 * on the page waiting for its stream (a click before the answer), the stream goes into its element instead.
 * Resolves when the element's fate is settled.
 */
export async function prepareVideo(
  videoId: string,
  url: string,
  startAt: number | null,
  posterUrl: string | null,
  signal: AbortSignal,
): Promise<void> {
  if (!isTuned()) return;
  const HlsClass = loadedHls ?? (await loadHls());
  if (signal.aborted || !HlsClass.isSupported() || warmVideos.get(videoId)?.url === url) return;
  if (offered?.videoId === videoId) {
    if (posterUrl && !offered.video.getAttribute('poster')) offered.video.poster = screenPoster(posterUrl);
    return preloadStream(videoId, url, startAt);
  }
  // Its player is already open with its own stream (the click came before the answer): a second one would
  // only compete with it for the network.
  if ([...openPlayers.values()].includes(videoId)) return;
  // The click's own start of this stream, not yet in any element, is taken over (one stream, not two).
  let hls: Hls;
  if (preloaded?.url === url && !preloaded.media && !preloaded.hasFailed) {
    hls = preloaded.hls;
    window.clearTimeout(preloaded.timer);
    preloaded = null;
  } else {
    hls = createStream(HlsClass, startAt);
    hls.loadSource(url);
  }
  hls.config.maxBufferLength = START_BUFFER_SECONDS;
  hls.config.maxMaxBufferLength = START_BUFFER_SECONDS;
  const video = document.createElement('video');
  video.playsInline = true;
  video.preload = 'auto';
  if (posterUrl) video.poster = screenPoster(posterUrl);
  await new Promise<void>((resolve) => {
    const entry: WarmVideo = {
      videoId,
      url,
      hls,
      video,
      hasFailed: false,
      timer: window.setTimeout(() => dropWarmVideo(entry), WARM_VIDEO_HOLD_MS),
      settle: () => {
        signal.removeEventListener('abort', onAbort);
        resolve();
      },
    };
    const onAbort = () => dropWarmVideo(entry);
    signal.addEventListener('abort', onAbort, { once: true });
    hls.on(HlsClass.Events.ERROR, (_event, data) => {
      if (data.fatal) entry.hasFailed = true;
    });
    // Dropped unadopted, its segments stay in the HTTP cache: the next player's hls.js must not take their
    // cache hits for bandwidth (noteWarmedSegment).
    hls.on(HlsClass.Events.FRAG_LOADED, (_event, data) => {
      const { loaded, loading } = data.frag.stats;
      const seconds = (loading.end - loading.start) / 1000;
      if (seconds > 0 && loaded > 0) noteWarmedSegment(data.frag.url, (loaded * 8) / seconds);
    });
    warmVideos.set(videoId, entry);
    hls.attachMedia(video);
  });
}

/**
 * The player of videoId mounts: its element. The one warmed for it, if any (not failed), handed over once with
 * its stream, its buffer opened to the player's forward cap, and played at once when the member clicked to
 * watch (its first frame is already decoded); else a new one. Every other warmed element goes: a player is
 * open. The player releases its element when it goes (releaseVideoElement).
 */
export function adoptWarmVideo(videoId: string, autoPlay: boolean): HTMLVideoElement {
  const video = takeWarmVideo(videoId, autoPlay) ?? document.createElement('video');
  openPlayers.set(video, videoId);
  return video;
}

function takeWarmVideo(videoId: string, autoPlay: boolean): HTMLVideoElement | null {
  const entry = warmVideos.get(videoId);
  for (const other of [...warmVideos.values()]) if (other !== entry) dropWarmVideo(other);
  if (!entry) return null;
  if (entry.hasFailed) {
    dropWarmVideo(entry);
    return null;
  }
  warmVideos.delete(videoId);
  window.clearTimeout(entry.timer);
  adoptedStreams.set(entry.video, { url: entry.url, hls: entry.hls });
  openAdopted = { video: entry.video, url: entry.url };
  entry.settle();
  // Opened without playing: it keeps only its start until Play (holdBufferUntilPlay).
  if (!autoPlay) {
    holdBufferUntilPlay(entry.hls, entry.video);
    return entry.video;
  }
  // The player's forward buffer once its first frame is on screen: the next segment (a higher rendition, its
  // transmuxing on the main thread) would otherwise hold that frame up.
  let isOpened = false;
  const openBuffer = () => {
    if (isOpened) return;
    isOpened = true;
    Object.assign(entry.hls.config, bufferConfig(connection()));
  };
  if ('requestVideoFrameCallback' in entry.video) entry.video.requestVideoFrameCallback(openBuffer);
  window.setTimeout(openBuffer, OPEN_BUFFER_WAIT_MS);
  startAtFirstPicture(entry.video);
  void entry.video.play().catch(() => {});
  return entry.video;
}

/**
 * Moves the position to the stream's first picture when it is a moment after the position (at most half a
 * second). The encoder's B-frames start a segment's video a few frames after its audio, and the element plays
 * from the audio's start: the first frame would stand still until the clock reached the second one.
 */
export function startAtFirstPicture(video: HTMLVideoElement): void {
  const { buffered, currentTime } = video;
  if (buffered.length === 0) return;
  const start = buffered.start(0);
  if (start > currentTime && start - currentTime <= 0.5) video.currentTime = start;
}

/** The longest an adopted element's buffer stays at the warm cap, waiting for its first frame on screen. */
const OPEN_BUFFER_WAIT_MS = 1000;

/** Videos with a warmed element waiting (for tests). */
export const warmVideoIds = () => [...warmVideos.keys()];
