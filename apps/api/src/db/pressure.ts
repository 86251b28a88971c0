import { performance } from 'node:perf_hooks';

/**
 * How long a query waits before the database runs it (issue 13, finding 11). Under a burst, requests pile up in
 * front of the database (postgres.js's pool and pipelines, the PGlite thread's queue) while the event loop stays
 * idle, so the event-loop guard never sees it: latency climbed to seconds and nothing was shed.
 *
 * Two signals, the larger wins:
 * - a probe: while traffic comes in, a `select 1` at most every `probeIntervalMs`. It queues behind whatever is
 *   waiting, so its age while outstanding (or its latency once back) is the queue time, for either driver.
 * - the driver's own queue when it can tell (the PGlite thread: the age of its oldest unanswered call).
 *
 * The web API reads `queueDelayMs()` in a callback hook before anything touches the database and answers 503
 * OVERLOADED with Retry-After above the limit. Shedding lets the queue drain; the next probe comes back fast
 * and requests pass again: it recovers by itself, no restart, no timer while idle.
 */
export class QueueDelayMonitor {
  private probeStartedAt: number | null = null;
  private lastLatencyMs = 0;
  private lastProbeAt = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly probe: () => Promise<unknown>,
    private readonly options: {
      /** Above this wait, `isOverloaded()` is true. */
      limitMs: number;
      /** Probes are at most this often while the database keeps up. */
      probeIntervalMs: number;
      /** The driver's own oldest waiting query, in ms (0 when nothing waits); optional. */
      driverQueueDelayMs?: () => number;
      now?: () => number;
    },
  ) {}

  private now() {
    return this.options.now ? this.options.now() : performance.now();
  }

  /**
   * Starts a probe when none is out and the last is older than the interval; at once when the last came back
   * slow (shedding is on, and the next probe is what sees the queue drained).
   */
  sample(): void {
    if (this.probeStartedAt !== null) return;
    const now = this.now();
    const slow = this.lastLatencyMs > this.options.limitMs;
    if (!slow && now - this.lastProbeAt < this.options.probeIntervalMs) return;
    this.probeStartedAt = now;
    this.lastProbeAt = now;
    const settle = () => {
      this.lastLatencyMs = this.now() - now;
      this.probeStartedAt = null;
    };
    this.probe().then(settle, settle);
  }

  /** The current estimate of a query's wait: the outstanding probe's age, else the last probe's latency. */
  queueDelayMs(): number {
    const probe = this.probeStartedAt !== null ? this.now() - this.probeStartedAt : this.lastLatencyMs;
    return Math.max(probe, this.options.driverQueueDelayMs?.() ?? 0);
  }

  isOverloaded(): boolean {
    return this.queueDelayMs() > this.options.limitMs;
  }
}
