/**
 * The warm-up scheduler (decision 0056): a card the member points at, focuses or touches starts the work of
 * its player before the click (the playback answer, the start of the stream, the player's chunk). The
 * budget is small and cancellable:
 * - at most `maxActive` warm-ups at a time (a pointer sweeping over a grid keeps only the latest ones: the
 *   oldest unclaimed one is aborted to make room);
 * - a warm-up is aborted (its AbortSignal) when the intent ends (the pointer leaves, the focus moves on),
 *   unless the card was clicked meanwhile (claimed: the player uses what it fetched);
 * - nothing at all when the connection asks to save data (`isAllowed`);
 * - a key warmed recently is not warmed again (`reuseMs`).
 * Pure logic: the work itself and the clock are injected, so it is unit-tested without a browser.
 */
export interface WarmUpSchedulerOptions {
  /** Warm-ups running at the same time. */
  maxActive: number;
  /** A finished warm-up is not repeated for this long (its results are cached meanwhile). */
  reuseMs: number;
  /** False when the connection asks to save data (then nothing is warmed). */
  isAllowed: () => boolean;
  /** The work; it must stop when the signal aborts. */
  warm: (key: string, signal: AbortSignal) => Promise<void>;
  now?: () => number;
}

interface Active {
  controller: AbortController;
  isClaimed: boolean;
  /** Started by the idle warm-up of the page's first card: the pointer leaving it does not stop it. */
  isSticky: boolean;
}

export interface WarmUpScheduler {
  /** Hover, focus or touch on a card: start warming it (if allowed, not running and not warmed lately). */
  intent(key: string, options?: { isSticky?: boolean }): void;
  /** The pointer left or the focus moved on: abort its warm-up unless it was claimed or sticky. */
  leave(key: string): void;
  /** The card was clicked: its warm-up runs to the end whatever happens to the card. */
  claim(key: string): void;
  /** Keys warming now (for tests and the bench). */
  active(): string[];
}

export function createWarmUpScheduler(options: WarmUpSchedulerOptions): WarmUpScheduler {
  const now = options.now ?? (() => Date.now());
  const running = new Map<string, Active>();
  const finishedAt = new Map<string, number>();

  function abort(key: string) {
    const entry = running.get(key);
    if (!entry) return;
    running.delete(key);
    entry.controller.abort();
  }

  return {
    intent(key, { isSticky = false } = {}) {
      if (running.has(key)) {
        if (isSticky) (running.get(key) as Active).isSticky = true;
        return;
      }
      const done = finishedAt.get(key);
      if (done !== undefined && now() - done < options.reuseMs) return;
      if (!options.isAllowed()) return;
      if (running.size >= options.maxActive) {
        // Room for the newest intent: the oldest one nobody clicked goes (Map keeps insertion order).
        const oldest = [...running].find(([, entry]) => !entry.isClaimed)?.[0];
        if (oldest === undefined) return;
        abort(oldest);
      }
      const entry: Active = { controller: new AbortController(), isClaimed: false, isSticky };
      running.set(key, entry);
      void options
        .warm(key, entry.controller.signal)
        .then(
          () => {
            if (!entry.controller.signal.aborted) finishedAt.set(key, now());
          },
          () => {},
        )
        .finally(() => {
          if (running.get(key) === entry) running.delete(key);
        });
    },
    leave(key) {
      const entry = running.get(key);
      if (entry && !entry.isClaimed && !entry.isSticky) abort(key);
    },
    claim(key) {
      const entry = running.get(key);
      if (entry) entry.isClaimed = true;
    },
    active: () => [...running.keys()],
  };
}
