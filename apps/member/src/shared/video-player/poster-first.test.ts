import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isOnFirstScreen, POSTER_FIRST_MAX_WAIT_MS, whenPosterShown } from './poster-first';

/** The browser's Event Timing: whether it knows first inputs, and the page's first input if there was one. */
function eventTiming({ isSupported, hasInput }: { isSupported: boolean; hasInput: boolean }) {
  vi.stubGlobal('PerformanceObserver', { supportedEntryTypes: isSupported ? ['first-input', 'event'] : [] });
  vi.spyOn(performance, 'getEntriesByType').mockImplementation((type) =>
    type === 'first-input' && hasInput ? [{ name: 'pointerdown' } as PerformanceEntry] : [],
  );
}

/** Image decoding that resolves or fails when the test says. */
let decoding: { resolve: () => void; reject: () => void } | null = null;

class FakeImage {
  src = '';
  decode() {
    return new Promise<void>((resolve, reject) => {
      decoding = { resolve, reject };
    });
  }
}

function videoWithPoster(poster: string | null) {
  const video = document.createElement('video');
  if (poster) video.setAttribute('poster', poster);
  return video;
}

/** Whether the promise has settled after the pending microtasks and frames ran. */
async function isSettled(promise: Promise<void>) {
  let settled = false;
  void promise.then(() => (settled = true));
  await vi.advanceTimersByTimeAsync(50);
  return settled;
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame'] });
  vi.stubGlobal('Image', FakeImage);
  decoding = null;
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('isOnFirstScreen', () => {
  it('is true only where the browser tells first inputs and the page has had none', () => {
    eventTiming({ isSupported: true, hasInput: false });
    expect(isOnFirstScreen()).toBe(true);
    eventTiming({ isSupported: true, hasInput: true });
    expect(isOnFirstScreen()).toBe(false);
    eventTiming({ isSupported: false, hasInput: false });
    expect(isOnFirstScreen()).toBe(false);
  });
});

describe('whenPosterShown', () => {
  it('resolves at once after an input (a card was clicked), without a poster, or where first inputs are unknown', async () => {
    eventTiming({ isSupported: true, hasInput: true });
    expect(await isSettled(whenPosterShown(videoWithPoster('/p.webp')))).toBe(true);
    eventTiming({ isSupported: true, hasInput: false });
    expect(await isSettled(whenPosterShown(videoWithPoster(null)))).toBe(true);
    eventTiming({ isSupported: false, hasInput: false });
    expect(await isSettled(whenPosterShown(videoWithPoster('/p.webp')))).toBe(true);
    expect(decoding).toBeNull();
  });

  it('on a first screen, waits for the poster to decode and two frames to pass', async () => {
    eventTiming({ isSupported: true, hasInput: false });
    const shown = whenPosterShown(videoWithPoster('/p.webp'));
    expect(await isSettled(shown)).toBe(false);
    decoding?.resolve();
    expect(await isSettled(shown)).toBe(true);
  });

  it("starts at once at the member's first press (Play before the poster)", async () => {
    eventTiming({ isSupported: true, hasInput: false });
    const shown = whenPosterShown(videoWithPoster('/p.webp'));
    expect(await isSettled(shown)).toBe(false);
    window.dispatchEvent(new Event('pointerdown'));
    expect(await isSettled(shown)).toBe(true);
  });

  it('does not wait for a poster that fails or never comes', async () => {
    eventTiming({ isSupported: true, hasInput: false });
    const failed = whenPosterShown(videoWithPoster('/missing.webp'));
    decoding?.reject();
    expect(await isSettled(failed)).toBe(true);

    const stalled = whenPosterShown(videoWithPoster('/stalled.webp'));
    await vi.advanceTimersByTimeAsync(POSTER_FIRST_MAX_WAIT_MS - 100);
    expect(await isSettled(stalled)).toBe(false);
    await vi.advanceTimersByTimeAsync(100);
    expect(await isSettled(stalled)).toBe(true);
  });
});

describe('whenStreamMayStart', () => {
  /** A fresh copy of the module: whether the stream may start is page-wide state, set once. */
  async function freshModule() {
    vi.resetModules();
    return import('./poster-first');
  }

  it('resolves at once past the first screen', async () => {
    eventTiming({ isSupported: true, hasInput: true });
    const { whenStreamMayStart } = await freshModule();
    expect(await isSettled(whenStreamMayStart())).toBe(true);
  });

  it('on a first screen, waits until a player has shown its poster, and stays open afterwards', async () => {
    eventTiming({ isSupported: true, hasInput: false });
    const poster = await freshModule();
    const mayStart = poster.whenStreamMayStart();
    expect(await isSettled(mayStart)).toBe(false);
    const shown = poster.whenPosterShown(videoWithPoster('/p.webp'));
    expect(await isSettled(mayStart)).toBe(false);
    decoding?.resolve();
    expect(await isSettled(shown)).toBe(true);
    expect(await isSettled(mayStart)).toBe(true);
    expect(await isSettled(poster.whenStreamMayStart())).toBe(true);
  });

  it('on a first screen, a player without a poster lets it start at once', async () => {
    eventTiming({ isSupported: true, hasInput: false });
    const poster = await freshModule();
    const mayStart = poster.whenStreamMayStart();
    await poster.whenPosterShown(videoWithPoster(null));
    expect(await isSettled(mayStart)).toBe(true);
  });
});
