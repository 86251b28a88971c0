import { act, renderHook, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useHlsSource } from './use-hls-source';

type Handler = (event: string, data: Record<string, unknown>) => void;

/** A stand-in for hls.js: records the source, the element and the handlers; no network. */
class FakeHls {
  static instances: FakeHls[] = [];
  static supported = true;
  static isSupported = () => FakeHls.supported;
  static Events = { MANIFEST_PARSED: 'manifest', LEVEL_SWITCHED: 'switched', ERROR: 'error' };
  static ErrorTypes = { NETWORK_ERROR: 'network', MEDIA_ERROR: 'media' };
  handlers = new Map<string, Handler>();
  levels: { height: number }[] = [];
  currentLevel = -1;
  source: string | null = null;
  media: HTMLVideoElement | null = null;
  isDestroyed = false;
  recoverMediaError = vi.fn();
  constructor() {
    FakeHls.instances.push(this);
  }
  on(event: string, handler: Handler) {
    this.handlers.set(event, handler);
  }
  emit(event: string, data: Record<string, unknown>) {
    act(() => this.handlers.get(event)?.(event, data));
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

const retireStream = vi.fn();
const holdBufferUntilPlay = vi.fn();
vi.mock('./hls-start', () => ({
  loadHls: () => Promise.resolve(FakeHls),
  takePreloaded: () => undefined,
  createStream: (HlsClass: typeof FakeHls) => new HlsClass(),
  retireStream: (hls: unknown) => retireStream(hls),
  holdBufferUntilPlay: (hls: unknown, video: unknown) => holdBufferUntilPlay(hls, video),
}));

const HLS_URL = '/api/v1/media/a/1/sig/master.m3u8';

function setUp(options: { autoPlay?: boolean; onExpired?: () => void } = {}) {
  const video = document.createElement('video');
  video.play = vi.fn(() => Promise.resolve());
  // Made once, as the player's refs are: new objects on every render would restart the source.
  const videoRef = { current: video };
  const source = {
    hlsUrl: HLS_URL,
    startAt: null,
    onExpired: options.onExpired,
    autoPlayRef: { current: options.autoPlay },
  };
  const rendered = renderHook(() => useHlsSource(videoRef, source));
  return { video, ...rendered };
}

async function attachedHls() {
  await waitFor(() => expect(FakeHls.instances).toHaveLength(1));
  return FakeHls.instances[0]!;
}

beforeEach(() => {
  FakeHls.instances = [];
  FakeHls.supported = true;
  retireStream.mockClear();
  holdBufferUntilPlay.mockClear();
});

describe('useHlsSource', () => {
  it('attaches the stream and plays it when asked to', async () => {
    const { video } = setUp({ autoPlay: true });
    const hls = await attachedHls();
    expect(hls.source).toBe(HLS_URL);
    expect(hls.media).toBe(video);
    expect(video.play).toHaveBeenCalled();
    // Played at once: its forward buffer is not held back.
    expect(holdBufferUntilPlay).not.toHaveBeenCalled();
  });

  it('holds the buffer to the start of a player opened without playing (decision 0036)', async () => {
    const { video } = setUp({ autoPlay: false });
    const hls = await attachedHls();
    expect(video.play).not.toHaveBeenCalled();
    expect(holdBufferUntilPlay).toHaveBeenCalledWith(hls, video);
  });

  it('offers the renditions up to the maximum, highest first, and switches between them', async () => {
    const { result } = setUp();
    const hls = await attachedHls();
    hls.levels = [{ height: 720 }, { height: 4320 }, { height: 1080 }];
    hls.emit(FakeHls.Events.MANIFEST_PARSED, { levels: hls.levels });
    expect(result.current.levels).toEqual([
      { index: 2, height: 1080 },
      { index: 0, height: 720 },
    ]);

    hls.emit(FakeHls.Events.LEVEL_SWITCHED, { level: 0 });
    expect(result.current.playingHeight).toBe(720);

    act(() => result.current.chooseLevel(2));
    expect(hls.currentLevel).toBe(2);
    expect(result.current.level).toBe(2);
  });

  it('asks for fresh URLs on a 403, recovers media errors and shows other fatal errors', async () => {
    const onExpired = vi.fn();
    const { result } = setUp({ onExpired });
    const hls = await attachedHls();

    hls.emit(FakeHls.Events.ERROR, { fatal: false, type: 'network' });
    hls.emit(FakeHls.Events.ERROR, { fatal: true, type: 'network', response: { code: 403 } });
    expect(onExpired).toHaveBeenCalledTimes(1);
    hls.emit(FakeHls.Events.ERROR, { fatal: true, type: 'media' });
    expect(hls.recoverMediaError).toHaveBeenCalled();
    expect(result.current.error).toBeNull();

    hls.emit(FakeHls.Events.ERROR, { fatal: true, type: 'network', response: { code: 500 } });
    expect(result.current.error).toBe('An error occurred while fetching the video.');
  });

  it('retires the stream when the player goes away (its estimate kept, its worker held for the next)', async () => {
    const { unmount } = setUp();
    const hls = await attachedHls();
    expect(retireStream).not.toHaveBeenCalled();
    unmount();
    expect(retireStream).toHaveBeenCalledWith(hls);
  });

  it('falls back to native HLS, or says the browser cannot play it', async () => {
    FakeHls.supported = false;
    const canPlay = vi.spyOn(HTMLMediaElement.prototype, 'canPlayType').mockReturnValue('maybe');
    const { video } = setUp();
    await waitFor(() => expect(video.getAttribute('src')).toBe(HLS_URL));

    canPlay.mockReturnValue('');
    const { result } = setUp();
    await waitFor(() => expect(result.current.error).toBe('This browser cannot play this video.'));
    canPlay.mockRestore();
  });
});
