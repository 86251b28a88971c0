import { describe, expect, it, vi } from 'vitest';
import { createEarlyFetch, EARLY_MAX_AGE_MS, type EarlyRequest, offerEarlyAnswer } from './early-requests';

const answer = (body: string) => new Response(body, { status: 200 });

function setUp(entries: Record<string, EarlyRequest>, now = 1_000) {
  const target: { __danceEarly?: Map<string, EarlyRequest> | 'started' } = {
    __danceEarly: new Map(Object.entries(entries)),
  };
  const network = vi.fn(async () => answer('network'));
  return { target, network, fetch: createEarlyFetch(target, network, () => now) };
}

describe('createEarlyFetch', () => {
  it('hands an early answer to the first GET of its URL, once; the next one goes to the network', async () => {
    const { fetch, network } = setUp({
      '/api/v1/home': { at: 900, response: Promise.resolve(answer('early')) },
    });
    expect(await (await fetch('/api/v1/home', { method: 'GET' })).text()).toBe('early');
    expect(network).not.toHaveBeenCalled();
    expect(await (await fetch('/api/v1/home', { method: 'GET' })).text()).toBe('network');
  });

  it('never answers another method, another URL or a stale answer from the early requests', async () => {
    const early = { at: 0, response: Promise.resolve(answer('early')) };
    const { fetch, network } = setUp({ '/api/v1/home': early }, EARLY_MAX_AGE_MS + 1);
    expect(await (await fetch('/api/v1/home', { method: 'POST' })).text()).toBe('network');
    expect(await (await fetch('/api/v1/categories')).text()).toBe('network');
    expect(await (await fetch('/api/v1/home')).text()).toBe('network');
    expect(network).toHaveBeenCalledTimes(3);
  });

  it('asks the network again when the early request failed', async () => {
    const { fetch } = setUp({
      '/api/v1/auth/session': { at: 900, response: Promise.reject(new TypeError('offline')) },
    });
    expect(await (await fetch('/api/v1/auth/session')).text()).toBe('network');
  });

  it('marks the app as started when early.js has not run, so that it starts nothing later', async () => {
    const target: { __danceEarly?: Map<string, EarlyRequest> | 'started' } = {};
    const network = vi.fn(async () => answer('network'));
    const fetch = createEarlyFetch(target, network);
    expect(target.__danceEarly).toBe('started');
    expect(await (await fetch('/api/v1/home')).text()).toBe('network');
  });
});

describe('offerEarlyAnswer', () => {
  it("hands an offered answer to the next GET of its URL, once (the start chain's playback answer)", async () => {
    const { fetch, network } = setUp({}, Date.now());
    expect(
      offerEarlyAnswer('/api/v1/videos/v1/playback?type=lesson', Promise.resolve(answer('worker'))),
    ).toBe(true);
    expect(await (await fetch('/api/v1/videos/v1/playback?type=lesson')).text()).toBe('worker');
    expect(await (await fetch('/api/v1/videos/v1/playback?type=lesson')).text()).toBe('network');
    expect(network).toHaveBeenCalledTimes(1);
  });
});
