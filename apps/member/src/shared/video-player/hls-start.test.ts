import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** A stand-in for hls.js that records what the start-up asks of it. */
class FakeHls {
  static instances: FakeHls[] = [];
  static isSupported = () => true;
  static Events = { ERROR: 'hlsError', FRAG_BUFFERED: 'hlsFragBuffered' };
  bandwidthEstimate = 0;
  // biome-ignore lint/suspicious/noExplicitAny: each event has its own data
  handlers = new Map<string, (event: string, data: any) => void>();
  source: string | null = null;
  media: HTMLVideoElement | null = null;
  isDestroyed = false;
  levels: unknown[] = [];
  constructor(readonly config: Record<string, unknown>) {
    FakeHls.instances.push(this);
  }
  // biome-ignore lint/suspicious/noExplicitAny: each event has its own data
  on(event: string, handler: (event: string, data: any) => void) {
    this.handlers.set(event, handler);
  }
  loadSource(url: string) {
    this.source = url;
  }
  attachMedia(media: HTMLVideoElement) {
    this.media = media;
  }
  destroy() {
    this.isDestroyed = true;
  }
}

vi.mock('hls.js', () => ({ default: FakeHls }));

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

    // The player takes it over once, already attached to its element.
    expect(start.takePreloaded(URL_A, video)).toEqual({ hls, isAttached: true });
    expect(start.takePreloaded(URL_A, video)).toBeNull();
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

describe('the hls.js defaults switch (for the bench)', () => {
  it('preloads nothing and configures hls.js with its defaults, the resume point aside', async () => {
    localStorage.setItem('player.hlsDefaults', '1');
    sessionStorage.setItem('player.bandwidthEstimate', '12000000');
    const start = await freshModule();
    await start.preloadStream('video-1', URL_A, null);
    expect(FakeHls.instances).toHaveLength(0);
    const cap = { maxBufferLength: 30, maxMaxBufferLength: 30 };
    expect(start.streamConfig(30)).toEqual({ startPosition: 30, ...cap });
    expect(start.streamConfig(null)).toEqual({ startPosition: -1, ...cap });
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
