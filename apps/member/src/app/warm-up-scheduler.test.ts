import { describe, expect, it, vi } from 'vitest';
import { createWarmUpScheduler } from './warm-up-scheduler';

/** A warm-up whose work waits until the test resolves it, and records its signal. */
function setUp(options: { isAllowed?: () => boolean; maxActive?: number } = {}) {
  let clock = 0;
  const calls: { key: string; signal: AbortSignal; done: () => void; fail: () => void }[] = [];
  const warm = vi.fn(
    (key: string, signal: AbortSignal) =>
      new Promise<void>((resolve, reject) => {
        calls.push({ key, signal, done: resolve, fail: () => reject(new Error('failed')) });
      }),
  );
  const scheduler = createWarmUpScheduler({
    maxActive: options.maxActive ?? 2,
    reuseMs: 1000,
    isAllowed: options.isAllowed ?? (() => true),
    warm,
    now: () => clock,
  });
  return { scheduler, calls, warm, tick: (ms: number) => (clock += ms) };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('warm-up scheduler', () => {
  it('warms a card once while it runs, and not again soon after it finished', async () => {
    const { scheduler, calls, warm, tick } = setUp();
    scheduler.intent('a');
    scheduler.intent('a');
    expect(warm).toHaveBeenCalledTimes(1);
    calls[0]?.done();
    await settle();
    expect(scheduler.active()).toEqual([]);
    scheduler.intent('a');
    expect(warm).toHaveBeenCalledTimes(1);
    tick(1001);
    scheduler.intent('a');
    expect(warm).toHaveBeenCalledTimes(2);
  });

  it('runs at most two at a time: a third intent aborts the oldest', () => {
    const { scheduler, calls } = setUp();
    scheduler.intent('a');
    scheduler.intent('b');
    scheduler.intent('c');
    expect(scheduler.active()).toEqual(['b', 'c']);
    expect(calls.map((c) => [c.key, c.signal.aborted])).toEqual([
      ['a', true],
      ['b', false],
      ['c', false],
    ]);
  });

  it('never aborts a claimed warm-up to make room, and starts nothing when all are claimed', () => {
    const { scheduler, calls } = setUp();
    scheduler.intent('a');
    scheduler.claim('a');
    scheduler.intent('b');
    scheduler.claim('b');
    scheduler.intent('c');
    expect(scheduler.active()).toEqual(['a', 'b']);
    expect(calls.some((c) => c.signal.aborted)).toBe(false);
  });

  it('aborts when the pointer leaves, unless the card was clicked first', () => {
    const { scheduler, calls } = setUp();
    scheduler.intent('a');
    scheduler.leave('a');
    expect(calls[0]?.signal.aborted).toBe(true);
    expect(scheduler.active()).toEqual([]);
    scheduler.intent('b');
    scheduler.claim('b');
    scheduler.leave('b');
    expect(calls[1]?.signal.aborted).toBe(false);
    expect(scheduler.active()).toEqual(['b']);
  });

  it('keeps the idle warm-up of the first card when a pointer passes over it', () => {
    const { scheduler, calls } = setUp();
    scheduler.intent('a', { isSticky: true });
    scheduler.intent('a');
    scheduler.leave('a');
    expect(calls[0]?.signal.aborted).toBe(false);
  });

  it('warms an aborted or failed card again at the next intent', async () => {
    const { scheduler, calls, warm } = setUp();
    scheduler.intent('a');
    scheduler.leave('a');
    calls[0]?.done();
    await settle();
    scheduler.intent('a');
    expect(warm).toHaveBeenCalledTimes(2);
    calls[1]?.fail();
    await settle();
    scheduler.intent('a');
    expect(warm).toHaveBeenCalledTimes(3);
  });

  it('warms nothing while the connection saves data (Save-Data, metered, 2G)', () => {
    let isSaving = true;
    const { scheduler, warm } = setUp({ isAllowed: () => !isSaving });
    scheduler.intent('a');
    expect(warm).not.toHaveBeenCalled();
    isSaving = false;
    scheduler.intent('a');
    expect(warm).toHaveBeenCalledTimes(1);
  });
});
