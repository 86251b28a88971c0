import { randomBytes } from 'node:crypto';
import { type AddressInfo, connect, createServer, type Socket } from 'node:net';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers';
import { ConfigError } from '../config/env';
import { connectRedis } from './redis';

const redisUrl = process.env.REDIS_URL_TEST ?? 'redis://127.0.0.1:6379';

/** Whether a Redis answers at the test address (else the shared-limit tests are skipped, saying why). */
async function redisAnswers(): Promise<boolean> {
  const probe = new Redis(redisUrl, { lazyConnect: true, connectTimeout: 500, maxRetriesPerRequest: 0 });
  probe.on('error', () => {});
  try {
    await probe.connect();
    await probe.ping();
    return true;
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}
const hasRedis = await redisAnswers();
if (!hasRedis) console.warn(`Skipping the shared rate-limit tests: no Redis answers at ${redisUrl}`);

describe.skipIf(!hasRedis)('rate limits shared through Redis (REDIS_URL)', () => {
  const keyPrefix = `h19a:test:${randomBytes(4).toString('hex')}:`;
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    const shared = { redis: { url: redisUrl, keyPrefix }, rateLimitMax: 5 };
    [a, b] = await Promise.all([createTestApp(shared), createTestApp(shared)]);
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
    const cleaner = new Redis(redisUrl);
    const keys = await cleaner.keys(`${keyPrefix}*`);
    if (keys.length > 0) await cleaner.del(...keys);
    cleaner.disconnect();
  });

  it('an address limited on one process is limited on the other', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const app = i % 2 === 0 ? a.app : b.app;
      statuses.push(
        (await app.inject({ url: '/api/v1/categories', remoteAddress: '203.0.113.7' })).statusCode,
      );
    }
    // Five in the minute across both processes, then 429 whichever answers.
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
    // Another address has its own count.
    expect((await b.app.inject({ url: '/api/v1/categories', remoteAddress: '203.0.113.8' })).statusCode).toBe(
      200,
    );
  });

  it('lets requests through and counts the error while Redis is unreachable (decision 0044)', async () => {
    a.app.redis!.disconnect();
    const res = await a.app.inject({ url: '/api/v1/categories', remoteAddress: '203.0.113.7' });
    expect(res.statusCode).toBe(200);
    const text = await a.app.metrics.registry.getSingleMetricAsString('dance_rate_limit_store_errors_total');
    expect(text).toMatch(/dance_rate_limit_store_errors_total [1-9]/);
  });
});

/** A TCP proxy to the test Redis that closes the first `drops` connections at once, as a starting Redis can. */
async function flakyProxy(drops: number) {
  const target = new URL(redisUrl);
  const sockets = new Set<Socket>();
  let seen = 0;
  const server = createServer((client) => {
    sockets.add(client);
    if (seen++ < drops) return client.destroy();
    const upstream = connect(Number(target.port || 6379), target.hostname);
    sockets.add(upstream);
    client.pipe(upstream).pipe(client);
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `redis://127.0.0.1:${port}`,
    connections: () => seen,
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe('Redis at start', () => {
  it.skipIf(!hasRedis)('tries again when Redis drops the first connections, and starts', async () => {
    const proxy = await flakyProxy(2);
    const silent = { error() {}, warn() {} } as unknown as Parameters<typeof connectRedis>[1];
    try {
      const redis = await connectRedis(proxy.url, silent);
      expect(await redis.ping()).toBe('PONG');
      expect(proxy.connections()).toBe(3);
      redis.disconnect();
    } finally {
      await proxy.close();
    }
  });

  it('stops the start with a clear error when Redis does not answer', async () => {
    const silent = { error() {}, warn() {} } as unknown as Parameters<typeof connectRedis>[1];
    const failure = await connectRedis('redis://:secret@127.0.0.1:1', silent, { startTimeoutMs: 700 }).catch(
      (e: unknown) => e,
    );
    expect(failure).toBeInstanceOf(ConfigError);
    // The last attempt's reason, after the retries within the start's deadline.
    expect((failure as Error).message).toMatch(
      /Redis did not answer at REDIS_URL \(redis:\/\/127\.0\.0\.1:1\/?\): connect ECONNREFUSED/,
    );
    expect((failure as Error).message).not.toContain('secret');
  });
});
