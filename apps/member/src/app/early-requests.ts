/**
 * The answers that `public/early.js` asked for before the app's script ran (decision 0058). Each is handed
 * out once, to the first GET of the same URL, while it is fresh; anything else goes to the network.
 */
export interface EarlyRequest {
  at: number;
  response: Promise<Response>;
}

declare global {
  interface Window {
    __danceEarly?: Map<string, EarlyRequest> | 'started';
  }
}

/** An early answer older than this is not used (the app asks again). */
export const EARLY_MAX_AGE_MS = 10_000;

/** The waiting answers of the app's early fetch, once it is created. */
let waitingAnswers: Map<string, EarlyRequest> | null = null;

/**
 * Offers an answer already on its way for the next GET of `url` (the player's start chain asks for the
 * playback answer off the main thread, decision 0070). Returns false when no early fetch is in use (tests, or
 * before the app started), and the caller asks as usual.
 */
export function offerEarlyAnswer(url: string, response: Promise<Response>, now: () => number = Date.now) {
  if (!waitingAnswers) return false;
  waitingAnswers.set(url, { at: now(), response });
  return true;
}

/**
 * A `fetch` for the API client that answers a GET from the early requests when one for that URL is waiting,
 * and marks the app as started so that a late `early.js` starts nothing.
 */
export function createEarlyFetch(
  target: { __danceEarly?: Window['__danceEarly'] } = window,
  network: typeof fetch = (input, init) => globalThis.fetch(input, init),
  now: () => number = Date.now,
): typeof fetch {
  const early = target.__danceEarly instanceof Map ? target.__danceEarly : new Map<string, EarlyRequest>();
  if (!(target.__danceEarly instanceof Map)) target.__danceEarly = 'started';
  waitingAnswers = early;
  return (input, init) => {
    const method = (init?.method ?? 'GET').toUpperCase();
    const url = typeof input === 'string' ? input : null;
    const waiting = url !== null && method === 'GET' ? early.get(url) : undefined;
    if (!waiting) return network(input, init);
    early.delete(url!);
    if (now() - waiting.at > EARLY_MAX_AGE_MS || init?.signal?.aborted) return network(input, init);
    // A failed early request is asked again, as the app would have.
    return waiting.response.catch(() => network(input, init));
  };
}
