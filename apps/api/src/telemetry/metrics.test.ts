import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers';
import type { PushSender } from '../adapters/push';
import { defineJob } from '../jobs';
import { listenMetrics } from './metrics';

/** Issue 19: the Prometheus metrics, read as a scrape reads them. */
describe('metrics', () => {
  let t: TestApp;
  let release = () => {};
  const blocked = new Promise<void>((resolve) => {
    release = resolve;
  });
  beforeAll(async () => {
    t = await createTestApp();
    // A queue whose first job holds its worker: the ones sent after it wait in the queue.
    t.app.jobs.add(
      defineJob({
        name: 'metrics-test',
        options: { retryLimit: 0 },
        pollingIntervalSeconds: 0.5,
        handler: async () => blocked,
      }),
    );
  });
  afterAll(async () => {
    release();
    await t.close();
  });
  const scrape = () => t.app.metrics.registry.metrics();

  it('counts and times requests by route pattern and status class, never by URL', async () => {
    await t.app.inject('/api/v1/categories');
    await t.app.inject('/api/v1/categories');
    await t.app.inject({
      method: 'PUT',
      url: '/api/v1/me/saved-videos/00000000-0000-0000-0000-000000000001',
    });
    await t.app.inject('/no/such/page');
    const text = await scrape();
    expect(text).toContain(
      'dance_http_requests_total{method="GET",route="/api/v1/categories",status_class="2xx"} 2',
    );
    expect(text).toContain(
      'dance_http_requests_total{method="PUT",route="/api/v1/me/saved-videos/:videoId",status_class="4xx"} 1',
    );
    expect(text).toContain('dance_http_requests_total{method="GET",route="unmatched",status_class="4xx"} 1');
    expect(text).not.toContain('00000000-0000-0000-0000-000000000001');
    expect(text).toMatch(
      /dance_http_request_duration_seconds_count\{method="GET",route="\/api\/v1\/categories"\} 2/,
    );
  });

  it('counts mails and pushes by outcome', async () => {
    await t.app.mail.send({ to: 'someone@example.com', subject: 'Hello', text: 'Hi', html: '<p>Hi</p>' });
    const outcomes: Array<Awaited<ReturnType<PushSender['send']>>> = [
      { status: 'delivered' } as never,
      { status: 'gone' } as never,
      { status: 'failed' } as never,
    ];
    const counted = t.app.metrics.countPush({ publicKey: 'k', send: async () => outcomes.shift()! });
    const target = { endpoint: 'https://push.example/x', keys: { p256dh: 'p', auth: 'a' } };
    const message = { title: 't', body: 'b', url: '/', notificationId: 'n' } as never;
    for (let i = 0; i < 3; i++) await counted.send(target, message);
    expect(counted.publicKey).toBe('k');
    const text = await scrape();
    expect(text).toContain('dance_deliveries_total{channel="mail",outcome="delivered"} 1');
    expect(text).toContain('dance_deliveries_total{channel="push",outcome="delivered"} 1');
    expect(text).toContain('dance_deliveries_total{channel="push",outcome="gone"} 1');
    expect(text).toContain('dance_deliveries_total{channel="push",outcome="failed"} 1');
  });

  it('reports each queue’s depth and its oldest waiting job’s age', async () => {
    for (let n = 0; n < 4; n++) await t.app.jobs.send('metrics-test', { n });
    // The worker takes one; three wait behind it.
    await expect
      .poll(async () => (await scrape()).match(/dance_jobs_queue_depth\{queue="metrics-test"\} (\d+)/)?.[1], {
        timeout: 10_000,
      })
      .toBe('3');
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const age = Number(
      (await scrape()).match(/dance_jobs_oldest_age_seconds\{queue="metrics-test"\} ([\d.]+)/)?.[1],
    );
    expect(age).toBeGreaterThanOrEqual(1);
    expect(await scrape()).toMatch(/dance_jobs_queue_depth\{queue="release-midnight"\} 0/);
  });

  it('serves /metrics on its own listener and nothing else there', async () => {
    const server = await listenMetrics(t.app.metrics, '127.0.0.1', 0);
    try {
      const { port } = server.address() as import('node:net').AddressInfo;
      const res = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
      expect(await res.text()).toContain('dance_http_requests_total');
      expect((await fetch(`http://127.0.0.1:${port}/api/v1/categories`)).status).toBe(404);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'shows the PostgreSQL pool in use and the queries waiting for a connection',
    async () => {
      const gauge = (text: string, name: string) =>
        Number(text.match(new RegExp(`^${name} (\\d+)`, 'm'))?.[1]);
      expect(gauge(await scrape(), 'dance_db_pool_max')).toBe(10);
      // Fifteen slow queries on a pool of ten: ten run, five wait. drizzle queries are lazy: Promise.all starts them.
      const slow = Promise.all(Array.from({ length: 15 }, () => t.app.db.execute(sql`select pg_sleep(1)`)));
      await new Promise((resolve) => setTimeout(resolve, 150));
      // One scrape reads both (its own queue-depth query waits behind the slow ones).
      const during = await scrape();
      expect(gauge(during, 'dance_db_pool_in_use')).toBe(10);
      expect(gauge(during, 'dance_db_pool_waiting')).toBeGreaterThanOrEqual(5);
      await slow;
      const after = await scrape();
      expect(gauge(after, 'dance_db_pool_in_use')).toBeLessThanOrEqual(1);
      expect(gauge(after, 'dance_db_pool_waiting')).toBe(0);
    },
  );
});
