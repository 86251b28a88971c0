import { describe, expect, it } from 'vitest';
import { DatabaseLoadShedder } from './pressure';

/** A shedder on a fake clock whose probes the test answers by hand. */
function setup(options: { initialConcurrency?: number; driverQueueDelayMs?: () => number } = {}) {
  let now = 0;
  const probes: (() => void)[] = [];
  const shedder = new DatabaseLoadShedder(() => new Promise<void>((resolve) => probes.push(resolve)), {
    limitMs: 100,
    probeIntervalMs: 50,
    minConcurrency: 2,
    ...options,
    now: () => now,
  });
  const answerProbe = async () => {
    probes.shift()?.();
    await Promise.resolve();
    await Promise.resolve();
  };
  const advance = (ms: number) => {
    now += ms;
  };
  return { shedder, probes, answerProbe, advance };
}

describe('shedding load in front of the database', () => {
  it('refuses new requests while a probe waits longer than the limit, and admits again once it is back', async () => {
    const { shedder, probes, answerProbe, advance } = setup();
    expect(shedder.admit()).toBe(true);
    expect(probes).toHaveLength(1);
    advance(101);
    expect(shedder.admit()).toBe(false);
    expect(probes).toHaveLength(1); // one probe at a time
    await answerProbe();
    expect(shedder.admit()).toBe(true);
  });

  it('caps the requests in flight, so a crowd cannot all get in at once, and frees a slot on release', () => {
    const { shedder } = setup({ initialConcurrency: 3 });
    expect([shedder.admit(), shedder.admit(), shedder.admit(), shedder.admit()]).toEqual([
      true,
      true,
      true,
      false,
    ]);
    shedder.release();
    expect(shedder.admit()).toBe(true);
    expect(shedder.admitted).toBe(3);
  });

  it('cuts the cap when a probe waited too long and raises it again when probes are fast and it turned requests away', async () => {
    const { shedder, answerProbe, advance } = setup({ initialConcurrency: 20 });
    shedder.admit();
    advance(150);
    await answerProbe();
    expect(shedder.concurrency).toBe(14);
    // Fast probes while nobody was turned away: the cap stays.
    advance(60);
    shedder.admit();
    advance(5);
    await answerProbe();
    expect(shedder.concurrency).toBe(14);
    // The cap turns requests away, probes are fast: it grows.
    while (shedder.admit()) {}
    advance(60);
    shedder.release();
    shedder.admit(); // starts a probe
    advance(5);
    await answerProbe();
    expect(shedder.concurrency).toBe(15);
  });

  it("takes the driver's own queue into account", () => {
    let driver = 0;
    const { shedder } = setup({ driverQueueDelayMs: () => driver });
    expect(shedder.admit()).toBe(true);
    driver = 150;
    expect(shedder.admit()).toBe(false);
    driver = 0;
    expect(shedder.admit()).toBe(true);
  });
});
