import { performance } from 'node:perf_hooks';

/**
 * Load shedding in front of the database (issue 13, finding 11). Under a burst, requests pile up in front of
 * the database (postgres.js's pool and pipelines, the PGlite thread's queue) while the event loop stays idle, so
 * the event-loop guard never sees it: latency climbed to seconds and nothing was shed.
 *
 * What it measures, the larger wins:
 * - a probe: while traffic comes in, a `select 1` at most every `probeIntervalMs`. It queues behind whatever is
 *   waiting, so its age while outstanding (or its latency once back) is the queue time, for either driver.
 * - the driver's own queue when it can tell (the PGlite thread: the age of its oldest unanswered call).
 *
 * What it does: the web API admits a request only while fewer than `concurrency` admitted requests are in
 * flight and no probe has been waiting longer than `limitMs`; otherwise 503 OVERLOADED with Retry-After, before
 * the request touches anything. The cap adapts (AIMD): a probe that waited longer than the limit cuts it by 30%,
 * a fast probe while the cap was turning requests away raises it by 10%. A cap (not only a yes/no) matters:
 * 200 eager clients would otherwise all get in the moment the queue looks short, and wait seconds again.
 * Recovery needs nothing: shedding drains the queue, probes come back fast, the cap grows again.
 */
export class DatabaseLoadShedder {
  private probeStartedAt: number | null = null;
  private lastProbeAt = Number.NEGATIVE_INFINITY;
  private lastLatencyMs = 0;
  private refusedByCap = 0;
  private inFlight = 0;
  private cap: number;

  constructor(
    private readonly probe: () => Promise<unknown>,
    private readonly options: {
      /** Above this wait a query is too late: shed. */
      limitMs: number;
      /** Probes are at most this often. */
      probeIntervalMs: number;
      /** The driver's own oldest waiting query, in ms (0 when nothing waits); optional. */
      driverQueueDelayMs?: () => number;
      initialConcurrency?: number;
      minConcurrency?: number;
      maxConcurrency?: number;
      now?: () => number;
    },
  ) {
    this.cap = options.initialConcurrency ?? 64;
  }

  private now() {
    return this.options.now ? this.options.now() : performance.now();
  }

  /** The admitted requests' cap as it stands (tests and logs). */
  get concurrency() {
    return this.cap;
  }

  get admitted() {
    return this.inFlight;
  }

  private sample(now: number) {
    if (this.probeStartedAt !== null || now - this.lastProbeAt < this.options.probeIntervalMs) return;
    this.probeStartedAt = now;
    this.lastProbeAt = now;
    const settle = () => {
      this.lastLatencyMs = this.now() - now;
      this.probeStartedAt = null;
      this.adapt(this.lastLatencyMs);
    };
    this.probe().then(settle, settle);
  }

  private adapt(latencyMs: number) {
    const { limitMs, minConcurrency = 2, maxConcurrency = 4096 } = this.options;
    if (latencyMs > limitMs) {
      this.cap = Math.max(minConcurrency, Math.floor(this.cap * 0.7));
    } else if (latencyMs < limitMs / 2 && this.refusedByCap > 0) {
      this.cap = Math.min(maxConcurrency, this.cap + Math.max(1, Math.floor(this.cap * 0.1)));
    }
    this.refusedByCap = 0;
  }

  /** How long a query waits now, as far as we can tell: the outstanding probe's age, or the driver's queue. */
  queueDelayMs(): number {
    const probe = this.probeStartedAt !== null ? this.now() - this.probeStartedAt : 0;
    return Math.max(probe, this.options.driverQueueDelayMs?.() ?? 0);
  }

  /** True when the request may go on (call `release` when it ends); false: answer 503. */
  admit(): boolean {
    const now = this.now();
    this.sample(now);
    if (this.queueDelayMs() > this.options.limitMs) return false;
    if (this.inFlight >= this.cap) {
      this.refusedByCap += 1;
      return false;
    }
    this.inFlight += 1;
    return true;
  }

  release(): void {
    if (this.inFlight > 0) this.inFlight -= 1;
  }
}
