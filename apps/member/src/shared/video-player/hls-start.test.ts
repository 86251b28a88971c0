import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** A stand-in for hls.js that records what the start-up asks of it. */
class FakeHls {
  static instances: FakeHls[] = [];
  static isSupported = () => true;
  static Events = {
    ERROR: 'hlsError',
    FRAG_BUFFERED: 'hlsFragBuffered',
    FRAG_LOADED: 'hlsFragLoaded',
    MEDIA_ATTACHED: 'hlsMediaAttached',
    FRAG_PARSED: 'hlsFragParsed',
  };
  bandwidthEstimate = 0;
  /** hls.js's stream controller, whose tick asks for the next segment. */
  streamController = { tick: vi.fn() };
  // biome-ignore lint/suspicious/noExplicitAny: each event has its own data
  handlers = new Map<string, (event: string, data: any) => void>();
  source: string | null = null;
  media: HTMLVideoElement | null = null;
  isDestroyed = false;
  levels: unknown[] = [];
  constructor(readonly config: Record<string, unknown> = {}) {
    FakeHls.instances.push(this);
  }
  // biome-ignore lint/suspicious/noExplicitAny: each event has its own data
  on(event: string, handler: (event: string, data: any) => void) {
    this.handlers.set(event, handler);
  }
  loadSource(url: string) {
    this.source = url;
  }
  once(event: string, handler: (event: string, data: unknown) => void) {
    this.on(event, handler);
  }
  attachMedia(media: HTMLVideoElement) {
    this.media = media;
  }
  isStopped = false;
  stopLoad() {
    this.isStopped = true;
  }
  detachMedia() {
    this.media = null;
  }
  destroy() {
    this.isDestroyed = true;
  }
}

/** hls.js's fetch loader, which the start's fragment loader extends (start-fragment-loader.ts). */
class FakeFetchLoader {}

vi.mock('hls.js', () => ({ default: FakeHls, FetchLoader: FakeFetchLoader }));

const URL_A = '/api/v1/media/a/1/sig/master.m3u8';

async function freshModule() {
  vi.resetModules();
  return import('./hls-start');
}

function videoElement() {
  const video = document.createElement('video');
  video.play = vi.fn(() => Promise.resolve());
  return video;
}

beforeEach(() => {
  FakeHls.instances = [];
  sessionStorage.clear();
});
afterEach(() => localStorage.clear());

describe('tuned start-up', () => {
  it('starts the stream at the playback answer into the waiting player, and plays it when asked', async () => {
    const start = await freshModule();
    const video = videoElement();
    start.offerVideoElement('video-1', video, true);
    await start.preloadStream('video-1', URL_A, null);

    const [hls] = FakeHls.instances;
    expect(hls?.source).toBe(URL_A);
    expect(hls?.media).toBe(video);
    expect(video.play).toHaveBeenCalledTimes(1);
    // Lowest rendition first, no probe download; no prefetch before attaching (it fetched the segment twice).
    expect(hls?.config).toMatchObject({ startLevel: 0, testBandwidth: false, maxMaxBufferLength: 30 });
    expect(hls?.config).not.toHaveProperty('startFragPrefetch');
    // The first segment reaches the transmuxer as it arrives (decision 0078).
    const { progressive, fLoader } = (hls?.config ?? {}) as {
      progressive?: boolean;
      fLoader?: { prototype: object };
    };
    expect(progressive).toBe(true);
    expect(fLoader && Object.getPrototypeOf(fLoader.prototype)).toBe(FakeFetchLoader.prototype);

    // The player takes it over once, already attached to its element.
    expect(start.takePreloaded(URL_A, video)).toEqual({ hls, isAttached: true });
    expect(start.takePreloaded(URL_A, video)).toBeNull();
  });

  it('a player opened without playing (an address) buffers only its start until Play', async () => {
    const start = await freshModule();
    const video = videoElement();
    start.offerVideoElement('video-1', video, false);
    await start.preloadStream('video-1', URL_A, null);

    const [hls] = FakeHls.instances;
    expect(hls?.media).toBe(video);
    expect(video.play).not.toHaveBeenCalled();
    expect(hls?.config).toMatchObject({ maxBufferLength: 0.5, maxMaxBufferLength: 0.5 });
    video.dispatchEvent(new Event('play'));
    expect(hls?.config).toMatchObject({ maxBufferLength: 30, maxMaxBufferLength: 30 });
  });

  it('carries the last estimate over, and attaches when the player shows up after the answer', async () => {
    sessionStorage.setItem('player.bandwidthEstimate', '12000000');
    const start = await freshModule();
    await start.preloadStream('video-1', URL_A, 42);
    const [hls] = FakeHls.instances;
    expect(hls?.config).toMatchObject({ abrEwmaDefaultEstimate: 12_000_000, startPosition: 42 });
    expect(hls?.media).toBeNull();

    const video = videoElement();
    start.offerVideoElement('video-1', video, false);
    expect(hls?.media).toBe(video);
    expect(video.play).not.toHaveBeenCalled();
  });

  it('never attaches a stream to the player of another video', async () => {
    const start = await freshModule();
    const video = videoElement();
    start.offerVideoElement('video-2', video, true);
    await start.preloadStream('video-1', URL_A, null);
    expect(FakeHls.instances[0]?.media).toBeNull();
    expect(start.takePreloaded(URL_A, video)).toMatchObject({ isAttached: false });
  });

  it('stops a stream its player left before taking it over', async () => {
    const start = await freshModule();
    const video = videoElement();
    start.offerVideoElement('video-1', video, true);
    await start.preloadStream('video-1', URL_A, null);
    start.releaseVideoElement(video);
    expect(FakeHls.instances[0]?.isDestroyed).toBe(true);
    expect(start.takePreloaded(URL_A, video)).toBeNull();
  });

  it('hands over no stream that failed before the player took it', async () => {
    const start = await freshModule();
    await start.preloadStream('video-1', URL_A, null);
    const [hls] = FakeHls.instances;
    hls?.handlers.get('hlsError')?.('hlsError', { fatal: true });
    expect(start.takePreloaded(URL_A, videoElement())).toBeNull();
    expect(hls?.isDestroyed).toBe(true);
  });
});

describe('the first segment once the element is attached', () => {
  it("ticks hls.js's stream controller when the element's MediaSource opens, on every stream it starts", async () => {
    const start = await freshModule();
    await start.preloadStream('video-1', URL_A, null);
    const [hls] = FakeHls.instances;
    expect(hls?.streamController.tick).not.toHaveBeenCalled();
    hls?.handlers.get('hlsMediaAttached')?.('hlsMediaAttached', {});
    expect(hls?.streamController.tick).toHaveBeenCalledTimes(1);
    const own = start.createStream(FakeHls as never, null) as unknown as FakeHls;
    own.handlers.get('hlsMediaAttached')?.('hlsMediaAttached', {});
    expect(own.streamController.tick).toHaveBeenCalledTimes(1);
  });

  it('leaves hls.js as it comes with the defaults switch', async () => {
    localStorage.setItem('player.hlsDefaults', '1');
    const start = await freshModule();
    const hls = start.createStream(FakeHls as never, null) as unknown as FakeHls;
    expect(hls.handlers.has('hlsMediaAttached')).toBe(false);
  });
});

describe("the last player's stream, kept for hls.js's worker", () => {
  /** A stream whose first segment was parsed: its transmuxer holds the worker. */
  const parsed = (hls: FakeHls) => {
    hls.handlers.get('hlsFragParsed')?.('hlsFragParsed', {});
    return hls;
  };

  it('is stopped and detached, and goes once the next stream has parsed its first segment', async () => {
    const start = await freshModule();
    const old = parsed(start.createStream(FakeHls as never, null) as unknown as FakeHls);
    old.attachMedia(videoElement());
    start.retireStream(old as never);
    expect(old).toMatchObject({ isStopped: true, media: null, isDestroyed: false });
    const next = start.createStream(FakeHls as never, null) as unknown as FakeHls;
    expect(old.isDestroyed).toBe(false);
    next.handlers.get('hlsFragParsed')?.('hlsFragParsed', {});
    expect(old.isDestroyed).toBe(true);
    expect(next.isDestroyed).toBe(false);
  });

  it('goes after the hold, or when another is retired; keeps the estimate for the next video', async () => {
    vi.useFakeTimers();
    try {
      const start = await freshModule();
      const first = parsed(start.createStream(FakeHls as never, null) as unknown as FakeHls);
      first.bandwidthEstimate = 5_000_000;
      start.retireStream(first as never);
      expect(sessionStorage.getItem('player.bandwidthEstimate')).toBe('5000000');
      const second = parsed(start.createStream(FakeHls as never, null) as unknown as FakeHls);
      expect(first.isDestroyed).toBe(true);
      start.retireStream(second as never);
      expect(second.isDestroyed).toBe(false);
      vi.advanceTimersByTime(start.RETIRED_HOLD_MS);
      expect(second.isDestroyed).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it('is not replaced by a stream that never held the worker (it is destroyed at once)', async () => {
    const start = await freshModule();
    const kept = parsed(start.createStream(FakeHls as never, null) as unknown as FakeHls);
    start.retireStream(kept as never);
    const failedEarly = start.createStream(FakeHls as never, null) as unknown as FakeHls;
    start.retireStream(failedEarly as never);
    expect(failedEarly.isDestroyed).toBe(true);
    expect(kept.isDestroyed).toBe(false);
  });

  it('is destroyed at once with the defaults switch', async () => {
    localStorage.setItem('player.hlsDefaults', '1');
    const start = await freshModule();
    const hls = start.createStream(FakeHls as never, null) as unknown as FakeHls;
    start.retireStream(hls as never);
    expect(hls.isDestroyed).toBe(true);
  });
});

describe('the hls.js defaults switch (for the bench)', () => {
  it('preloads nothing and configures hls.js with its defaults, the resume point aside', async () => {
    localStorage.setItem('player.hlsDefaults', '1');
    sessionStorage.setItem('player.bandwidthEstimate', '12000000');
    const start = await freshModule();
    await start.preloadStream('video-1', URL_A, null);
    expect(FakeHls.instances).toHaveLength(0);
    const cap = { maxBufferLength: 30, maxMaxBufferLength: 30 };
    // The worker file is no tuning: hls.js's ES module build needs it to transmux off the main thread.
    const workerPath = expect.stringContaining('hls.worker');
    expect(start.streamConfig(30)).toEqual({ startPosition: 30, workerPath, ...cap });
    expect(start.streamConfig(null)).toEqual({ startPosition: -1, workerPath, ...cap });
  });
});

describe('forward-buffer cap', () => {
  it('buffers 30 s ahead, 15 s when the connection saves data (Save-Data, cellular, 2G/3G)', async () => {
    const start = await freshModule();
    const cap = (seconds: number) => ({ maxBufferLength: seconds, maxMaxBufferLength: seconds });
    expect(start.bufferConfig(undefined)).toEqual(cap(30));
    expect(start.bufferConfig({ effectiveType: '4g', type: 'wifi' })).toEqual(cap(30));
    expect(start.bufferConfig({ saveData: true })).toEqual(cap(15));
    expect(start.bufferConfig({ type: 'cellular' })).toEqual(cap(15));
    expect(start.bufferConfig({ effectiveType: '3g' })).toEqual(cap(15));
  });
});

describe('segments warmed before the click (decision 0056)', () => {
  it('a warmed segment served from the cache is not a bandwidth sample: the estimate is reset once', async () => {
    const start = await freshModule();
    start.offerVideoElement('video-1', videoElement(), true);
    await start.preloadStream('video-1', URL_A, null);
    const [hls] = FakeHls.instances;
    const segment = 'http://localhost/api/v1/media/a/1/sig/360p/seg_000.ts';
    start.noteWarmedSegment(segment, 2_000_000);
    const buffered = hls?.handlers.get('hlsFragBuffered');
    // hls.js measured the cached segment at an absurd rate; the reset puts the warm-up's measurement back.
    if (hls) hls.bandwidthEstimate = 900_000_000;
    buffered?.('hlsFragBuffered', { frag: { url: segment } });
    expect(hls?.bandwidthEstimate).toBe(2_000_000);
    // The next segments came over the network: their samples count as usual.
    if (hls) hls.bandwidthEstimate = 3_000_000;
    buffered?.('hlsFragBuffered', { frag: { url: segment } });
    buffered?.('hlsFragBuffered', { frag: { url: segment.replace('000', '001') } });
    expect(hls?.bandwidthEstimate).toBe(3_000_000);
  });

  it("prefers the tab's carried estimate to the warm-up's single measurement", async () => {
    const start = await freshModule();
    sessionStorage.setItem('player.bandwidthEstimate', '5000000');
    start.offerVideoElement('video-1', videoElement(), true);
    await start.preloadStream('video-1', URL_A, null);
    const [hls] = FakeHls.instances;
    start.noteWarmedSegment('http://localhost/s.ts', 2_000_000);
    hls?.handlers.get('hlsFragBuffered')?.('hlsFragBuffered', { frag: { url: 'http://localhost/s.ts' } });
    expect(hls?.bandwidthEstimate).toBe(5_000_000);
  });
});

describe('the element warmed on intent, adopted at the click (decision 0061)', () => {
  const URL_B = '/api/v1/media/b/1/sig/master.m3u8';
  const POSTER = '/api/v1/media/a/1/sig/poster.jpg';

  it('starts the stream into a detached element showing the poster, buffering only the first segment', async () => {
    const start = await freshModule();
    const intent = new AbortController();
    void start.prepareVideo('video-1', URL_A, 12, POSTER, intent.signal);
    await vi.waitFor(() => expect(FakeHls.instances).toHaveLength(1));
    const [hls] = FakeHls.instances;
    expect(hls?.source).toBe(URL_A);
    expect(hls?.media).toBeInstanceOf(HTMLVideoElement);
    expect(hls?.media?.isConnected).toBe(false);
    expect(hls?.media?.getAttribute('poster')).toBe(POSTER);
    expect(hls?.config).toMatchObject({ startPosition: 12, maxBufferLength: 0.5, maxMaxBufferLength: 0.5 });
    expect(start.warmVideoIds()).toEqual(['video-1']);
  });

  it("hands the element over once to its video's player, which plays it and takes over its stream", async () => {
    const start = await freshModule();
    let isSettled = false;
    void start
      .prepareVideo('video-1', URL_A, null, POSTER, new AbortController().signal)
      .then(() => (isSettled = true));
    await vi.waitFor(() => expect(FakeHls.instances).toHaveLength(1));
    const [hls] = FakeHls.instances;
    const warmed = hls?.media as HTMLVideoElement;
    warmed.play = vi.fn(() => Promise.resolve());

    const video = start.adoptWarmVideo('video-1', true);
    expect(video).toBe(warmed);
    expect(warmed.play).toHaveBeenCalledTimes(1);
    // The player's forward buffer once the first frame is on screen (jsdom has no frame callback: the timeout).
    expect(hls?.config).toMatchObject({ maxBufferLength: 0.5 });
    await vi.waitFor(
      () => expect(hls?.config).toMatchObject({ maxBufferLength: 30, maxMaxBufferLength: 30 }),
      { timeout: 3000 },
    );
    // Once only: a second player of the video gets an element of its own.
    expect(start.adoptWarmVideo('video-1', true)).not.toBe(warmed);
    await vi.waitFor(() => expect(isSettled).toBe(true));
    // useHlsSource takes the stream already attached, not a second one.
    expect(start.takePreloaded(URL_A, warmed)).toEqual({ hls, isAttached: true });
    expect(hls?.isDestroyed).toBe(false);
    // The click's own start of the same stream is not made: the element carries it.
    await start.preloadStream('video-1', URL_A, null);
    expect(FakeHls.instances).toHaveLength(1);
  });

  it('an element adopted by a player opened without playing keeps only its start until Play', async () => {
    const start = await freshModule();
    void start.prepareVideo('video-1', URL_A, null, POSTER, new AbortController().signal);
    await vi.waitFor(() => expect(FakeHls.instances).toHaveLength(1));
    const [hls] = FakeHls.instances;
    const warmed = hls?.media as HTMLVideoElement;
    warmed.play = vi.fn(() => Promise.resolve());

    expect(start.adoptWarmVideo('video-1', false)).toBe(warmed);
    expect(warmed.play).not.toHaveBeenCalled();
    // Not opened by the first-frame timer: nobody plays it yet.
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(hls?.config).toMatchObject({ maxBufferLength: 0.5, maxMaxBufferLength: 0.5 });
    warmed.dispatchEvent(new Event('play'));
    expect(hls?.config).toMatchObject({ maxBufferLength: 30, maxMaxBufferLength: 30 });
  });

  it('drops the element and its stream when the intent goes (the pointer left, an eviction)', async () => {
    const start = await freshModule();
    const intent = new AbortController();
    let isSettled = false;
    void start.prepareVideo('video-1', URL_A, null, POSTER, intent.signal).then(() => (isSettled = true));
    await vi.waitFor(() => expect(FakeHls.instances).toHaveLength(1));
    intent.abort();
    expect(FakeHls.instances[0]?.isDestroyed).toBe(true);
    expect(start.warmVideoIds()).toEqual([]);
    expect(start.adoptWarmVideo('video-1', true)).not.toBe(FakeHls.instances[0]?.media);
    await vi.waitFor(() => expect(isSettled).toBe(true));
  });

  it("a dropped warm-up that had taken hls.js's worker over keeps it for the next video (decision 0068)", async () => {
    const start = await freshModule();
    const kept = start.createStream(FakeHls as never, null) as unknown as FakeHls;
    kept.handlers.get('hlsFragParsed')?.('hlsFragParsed', {});
    start.retireStream(kept as never);
    const intent = new AbortController();
    void start.prepareVideo('video-1', URL_A, null, POSTER, intent.signal);
    await vi.waitFor(() => expect(FakeHls.instances).toHaveLength(2));
    const warm = FakeHls.instances[1]!;
    warm.handlers.get('hlsFragParsed')?.('hlsFragParsed', {});
    expect(kept.isDestroyed).toBe(true);
    intent.abort();
    expect(warm).toMatchObject({ isDestroyed: false, isStopped: true, media: null });
    expect(start.warmVideoIds()).toEqual([]);
  });

  it('drops an element nobody adopted after the hold', async () => {
    vi.useFakeTimers();
    try {
      const start = await freshModule();
      void start.prepareVideo('video-1', URL_A, null, POSTER, new AbortController().signal);
      await vi.waitFor(() => expect(FakeHls.instances).toHaveLength(1));
      vi.advanceTimersByTime(start.WARM_VIDEO_HOLD_MS);
      expect(FakeHls.instances[0]?.isDestroyed).toBe(true);
      expect(start.warmVideoIds()).toEqual([]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps no other card warm once a player adopts its own: two cards are never played at once', async () => {
    const start = await freshModule();
    void start.prepareVideo('video-1', URL_A, null, POSTER, new AbortController().signal);
    void start.prepareVideo('video-2', URL_B, null, POSTER, new AbortController().signal);
    await vi.waitFor(() => expect(FakeHls.instances).toHaveLength(2));
    expect(start.warmVideoIds()).toEqual(['video-1', 'video-2']);
    start.adoptWarmVideo('video-2', false);
    expect(FakeHls.instances[0]?.isDestroyed).toBe(true);
    expect(FakeHls.instances[1]?.isDestroyed).toBe(false);
    expect(start.warmVideoIds()).toEqual([]);
  });

  it('hands over no element whose stream failed', async () => {
    const start = await freshModule();
    void start.prepareVideo('video-1', URL_A, null, POSTER, new AbortController().signal);
    await vi.waitFor(() => expect(FakeHls.instances).toHaveLength(1));
    const [hls] = FakeHls.instances;
    hls?.handlers.get('hlsError')?.('hlsError', { fatal: true });
    expect(start.adoptWarmVideo('video-1', true)).not.toBe(hls?.media);
    expect(hls?.isDestroyed).toBe(true);
  });

  it('puts the stream into the waiting player when it is already on the page (a click before the answer)', async () => {
    const start = await freshModule();
    const video = videoElement();
    start.offerVideoElement('video-1', video, true);
    await start.prepareVideo('video-1', URL_A, null, POSTER, new AbortController().signal);
    const [hls] = FakeHls.instances;
    expect(hls?.media).toBe(video);
    expect(video.getAttribute('poster')).toBe(POSTER);
    expect(start.warmVideoIds()).toEqual([]);
  });

  it("takes over the click's start of the same stream instead of fetching it twice", async () => {
    const start = await freshModule();
    await start.preloadStream('video-1', URL_A, null);
    void start.prepareVideo('video-1', URL_A, null, POSTER, new AbortController().signal);
    await vi.waitFor(() => expect(start.warmVideoIds()).toEqual(['video-1']));
    expect(FakeHls.instances).toHaveLength(1);
    expect(FakeHls.instances[0]?.media).toBeInstanceOf(HTMLVideoElement);
  });

  it('a refreshed stream URL: the adopted stream goes, the player starts its own on the element', async () => {
    const start = await freshModule();
    void start.prepareVideo('video-1', URL_A, null, POSTER, new AbortController().signal);
    await vi.waitFor(() => expect(FakeHls.instances).toHaveLength(1));
    const video = start.adoptWarmVideo('video-1', false);
    expect(start.takePreloaded(URL_B, video)).toBeNull();
    expect(FakeHls.instances[0]?.isDestroyed).toBe(true);
  });

  it('starts no second stream for a player already open with its own (a click before the answer)', async () => {
    const start = await freshModule();
    const video = start.adoptWarmVideo('video-1', true);
    await start.prepareVideo('video-1', URL_A, null, POSTER, new AbortController().signal);
    expect(FakeHls.instances).toHaveLength(0);
    // Once that player is gone, the card can be warmed again.
    start.releaseVideoElement(video);
    void start.prepareVideo('video-1', URL_A, null, POSTER, new AbortController().signal);
    await vi.waitFor(() => expect(FakeHls.instances).toHaveLength(1));
  });

  it('a player that leaves before taking the adopted stream stops it', async () => {
    const start = await freshModule();
    void start.prepareVideo('video-1', URL_A, null, POSTER, new AbortController().signal);
    await vi.waitFor(() => expect(FakeHls.instances).toHaveLength(1));
    const video = start.adoptWarmVideo('video-1', false);
    start.releaseVideoElement(video);
    expect(FakeHls.instances[0]?.isDestroyed).toBe(true);
  });
});

describe('startAtFirstPicture', () => {
  const at = (currentTime: number, bufferedFrom: number | null) =>
    ({
      currentTime,
      buffered: { length: bufferedFrom === null ? 0 : 1, start: () => bufferedFrom },
    }) as unknown as HTMLVideoElement;

  it("moves to the buffered first picture a moment ahead (the encoder's B-frame delay), and nowhere else", async () => {
    const start = await freshModule();
    const head = at(0, 0.067);
    start.startAtFirstPicture(head);
    expect(head.currentTime).toBe(0.067);
    // Nothing buffered, already there, or a gap too large to be the head of a segment: left as it is.
    for (const [time, from] of [
      [0, null],
      [0.067, 0.067],
      [0, 2],
    ] as const) {
      const video = at(time, from);
      start.startAtFirstPicture(video);
      expect(video.currentTime).toBe(time);
    }
  });
});
