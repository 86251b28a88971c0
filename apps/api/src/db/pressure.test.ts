import { describe, expect, it } from 'vitest';
import { QueueDelayMonitor } from './pressure';

/** A monitor on a fake clock whose probe the test answers by hand. */
function setup(driverQueueDelayMs?: () => number) {
  let now = 0;
  const probes: (() => void)[] = [];
  const monitor = new QueueDelayMonitor(() => new Promise<void>((resolve) => probes.push(resolve)), {
    limitMs: 100,
    probeIntervalMs: 50,
    driverQueueDelayMs,
    now: () => now,
  });
  const answer = async () => {
    probes.shift()?.();
    await Promise.resolve();
    await Promise.resolve();
  };
  return {
    monitor,
    probes,
    answer,
    advance: (ms: number) => {
      now += ms;
    },
  };
}

describe('the database queue monitor', () => {
  it('sees a probe stuck in the queue as overload, and recovers once the queue drains', async () => {
    const { monitor, probes, answer, advance } = setup();
    monitor.sample();
    expect(probes).toHaveLength(1);
    expect(monitor.isOverloaded()).toBe(false);
    advance(101);
    monitor.sample(); // one probe at a time
    expect(probes).toHaveLength(1);
    expect(monitor.isOverloaded()).toBe(true);
    advance(400);
    await answer(); // came back after 501 ms
    expect(monitor.queueDelayMs()).toBe(501);
    // The next request probes again at once, and passes while that probe is young.
    monitor.sample();
    expect(probes).toHaveLength(1);
    expect(monitor.isOverloaded()).toBe(false);
    advance(3);
    await answer();
    expect(monitor.queueDelayMs()).toBe(3);
    expect(monitor.isOverloaded()).toBe(false);
  });

  it('probes at most once per interval while the database keeps up', async () => {
    const { monitor, probes, answer, advance } = setup();
    monitor.sample();
    await answer();
    for (let i = 0; i < 10; i++) {
      advance(4);
      monitor.sample();
    }
    expect(probes).toHaveLength(0);
    advance(20);
    monitor.sample();
    expect(probes).toHaveLength(1);
  });

  it("takes the driver's own queue when it is the larger", async () => {
    let driver = 0;
    const { monitor, answer, advance } = setup(() => driver);
    monitor.sample();
    advance(10);
    await answer();
    expect(monitor.isOverloaded()).toBe(false);
    driver = 150;
    expect(monitor.isOverloaded()).toBe(true);
    driver = 0;
    expect(monitor.isOverloaded()).toBe(false);
  });
});
