import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';

/**
 * Issue 13, finding 11: a burst that queues in front of the database (not the event loop) is shed with 503
 * OVERLOADED and Retry-After, fast, before the request touches the database; and the API recovers by itself.
 */

const LIMIT_MS = 100;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ maxDbQueueMs: LIMIT_MS });
});
afterAll(() => t.close());

async function timed(url: string) {
  const started = performance.now();
  const res = await t.app.inject(url);
  return { res, ms: performance.now() - started };
}

describe('overload in front of the database', () => {
  it('answers 503 with Retry-After in under 100 ms while queries wait, then 200 again by itself', async () => {
    // A database that answers nothing for a while, as a saturated pool does: the probe waits behind it.
    const ping = t.database.ping;
    let release = () => {};
    const stuck = new Promise<void>((resolve) => {
      release = resolve;
    });
    t.database.ping = async () => {
      await stuck;
      await ping();
    };
    try {
      expect((await t.app.inject('/api/v1/categories')).statusCode).toBe(200); // starts the probe
      await sleep(LIMIT_MS + 30);
      const { res, ms } = await timed('/api/v1/categories');
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ status: 503, code: 'OVERLOADED' });
      expect(res.headers['retry-after']).toBe('2');
      expect(ms).toBeLessThan(100);
      // Readiness leaves the rotation; liveness stays up (decision 0011).
      expect((await t.app.inject('/ready')).statusCode).toBe(503);
      expect((await t.app.inject('/health')).statusCode).toBe(200);
    } finally {
      t.database.ping = ping;
      release();
    }
    // The queue drained: the next probe comes back fast, and requests pass with no restart.
    await sleep(20);
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      statuses.push((await t.app.inject('/api/v1/categories')).statusCode);
      await sleep(20);
    }
    expect(statuses).toEqual([200, 200, 200]);
    expect(t.app.loadShedder?.admitted).toBe(0); // every answered request gave its slot back
  });

  it('frees the slot of a client that hangs up after sending its body', async () => {
    // Node marks such a request complete, so onRequestAbort never fires for it: a leaked slot stayed until restart.
    const served = await createTestApp({ maxDbQueueMs: 5_000 });
    try {
      await served.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = served.app.server.address() as AddressInfo;
      const body = JSON.stringify({ email: 'nobody@example.com' });
      await new Promise<void>((resolve, reject) => {
        const socket = connect(port, '127.0.0.1', () => {
          socket.write(
            `POST /api/v1/auth/password/forgot HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
          );
          // The forgot-password answer takes at least 350 ms: hang up while it is still in flight.
          setTimeout(() => {
            socket.destroy();
            resolve();
          }, 150);
        });
        socket.on('error', reject);
      });
      expect(served.app.loadShedder?.admitted).toBe(1);
      await sleep(600);
      expect(served.app.loadShedder?.admitted).toBe(0);
    } finally {
      await served.close();
    }
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    'sheds a real burst of slow queries on PostgreSQL (pool of 10), then recovers',
    async () => {
      // Probes start at most every 100 ms: let the last test's probe interval pass, so the request below starts one.
      await sleep(LIMIT_MS + 20);
      // 30 queries of 400 ms on a pool of 10: about 1.2 s of queue.
      const burst = Array.from({ length: 30 }, () => t.database.query('select pg_sleep(0.4)'));
      await sleep(10);
      const first = t.app.inject('/api/v1/categories'); // starts a probe, which queues behind the burst
      await sleep(LIMIT_MS + 50);
      const { res, ms } = await timed('/api/v1/categories');
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('2');
      expect(ms).toBeLessThan(100);
      await Promise.all([...burst, first]);
      await sleep(50);
      let status = 0;
      for (let i = 0; i < 5 && status !== 200; i++) {
        status = (await t.app.inject('/api/v1/categories')).statusCode;
        await sleep(20);
      }
      expect(status).toBe(200);
    },
  );

  it('is off when MAX_DB_QUEUE_MS is 0 (the test default)', async () => {
    const off = await createTestApp();
    const ping = off.database.ping;
    off.database.ping = () => new Promise(() => {});
    await off.app.inject('/api/v1/categories');
    await sleep(LIMIT_MS + 30);
    expect((await off.app.inject('/api/v1/categories')).statusCode).toBe(200);
    off.database.ping = ping;
    await off.close();
  });
});
