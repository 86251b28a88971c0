import { createServer, type Server } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { MailSender } from '../adapters/mail';
import type { PushSender } from '../adapters/push';
import type { Database } from '../db/client';

/**
 * Prometheus metrics (issue 19). Each app has its own registry (tests build several apps in one process); a
 * server serves it on METRICS_PORT, apart from the public API. What the names measure is written in
 * docs/architecture.md (Operating several processes).
 */
export class AppMetrics {
  readonly registry = new Registry();
  readonly httpRequests = new Counter({
    name: 'dance_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status class (2xx, 3xx, 4xx, 5xx).',
    labelNames: ['method', 'route', 'status_class'] as const,
    registers: [this.registry],
  });
  readonly httpDuration = new Histogram({
    name: 'dance_http_request_duration_seconds',
    help: 'Time from the request arriving to the answer sent, by method and route pattern.',
    labelNames: ['method', 'route'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });
  readonly deliveries = new Counter({
    name: 'dance_deliveries_total',
    help: 'Push messages and mails handed to their service, by channel (push, mail) and outcome (delivered, gone, failed).',
    labelNames: ['channel', 'outcome'] as const,
    registers: [this.registry],
  });
  readonly releaseFailures = new Counter({
    name: 'dance_release_failures_total',
    help: 'Items of a midnight release run that failed every attempt.',
    registers: [this.registry],
  });
  readonly rateLimitStoreErrors = new Counter({
    name: 'dance_rate_limit_store_errors_total',
    help: 'Rate-limit checks answered without the shared store (Redis unreachable): the request was let through.',
    registers: [this.registry],
  });
  /** Queries started on the pool and not yet answered, and transactions holding a connection. */
  private queriesInFlight = 0;
  private transactionsOpen = 0;

  constructor(
    private readonly app: FastifyInstance,
    database: Database,
  ) {
    collectDefaultMetrics({ register: this.registry, prefix: 'dance_process_' });
    if (database.observe && database.poolMax) this.watchPool(database, database.poolMax);
    this.watchQueues();
  }

  /**
   * postgres.js exposes no pool counts: the wrapper in db/client.ts counts queries from their start to their
   * answer and open transactions (each holds a connection). Queries beyond the free connections wait.
   */
  private watchPool(database: Database, poolMax: number) {
    database.observe!({
      query: () => {
        this.queriesInFlight += 1;
        return () => {
          this.queriesInFlight -= 1;
        };
      },
      transaction: () => {
        this.transactionsOpen += 1;
        return () => {
          this.transactionsOpen -= 1;
        };
      },
    });
    const metrics = this;
    new Gauge({
      name: 'dance_db_pool_max',
      help: 'Connections the process may open to PostgreSQL.',
      registers: [this.registry],
      collect() {
        this.set(poolMax);
      },
    });
    new Gauge({
      name: 'dance_db_pool_in_use',
      help: 'Connections busy: open transactions plus queries running, at most the pool size.',
      registers: [this.registry],
      collect() {
        this.set(Math.min(poolMax, metrics.transactionsOpen + metrics.queriesInFlight));
      },
    });
    new Gauge({
      name: 'dance_db_pool_waiting',
      help: 'Queries waiting for a connection: those started beyond the pool size.',
      registers: [this.registry],
      collect() {
        this.set(Math.max(0, metrics.transactionsOpen + metrics.queriesInFlight - poolMax));
      },
    });
  }

  /** Depth and oldest waiting job of each queue, read from pg-boss's table when scraped. */
  private watchQueues() {
    const { app } = this;
    let last: Promise<Array<{ name: string; depth: number; age: number | null }>> | null = null;
    // One query per scrape feeds both gauges.
    const read = () => {
      last ??= app.database
        .query<{ name: string; depth: number; age: number | null }>(
          `select name, count(*)::int as depth,
                  extract(epoch from now() - min(start_after))::float8 as age
             from pgboss.job
            where state in ('created', 'retry') and start_after <= now()
            group by name`,
        )
        .catch(() => [])
        .finally(() => {
          setImmediate(() => {
            last = null;
          });
        });
      return last;
    };
    new Gauge({
      name: 'dance_jobs_queue_depth',
      help: 'Jobs ready to run and not yet taken, per queue.',
      labelNames: ['queue'] as const,
      registers: [this.registry],
      async collect() {
        const rows = await read();
        for (const queue of app.jobs.queueNames)
          this.set({ queue }, rows.find((r) => r.name === queue)?.depth ?? 0);
      },
    });
    new Gauge({
      name: 'dance_jobs_oldest_age_seconds',
      help: 'How long the oldest job ready to run has waited, per queue (0 when none waits).',
      labelNames: ['queue'] as const,
      registers: [this.registry],
      async collect() {
        const rows = await read();
        for (const queue of app.jobs.queueNames)
          this.set({ queue }, Math.max(0, rows.find((r) => r.name === queue)?.age ?? 0));
      },
    });
  }

  /** Counts each push by its outcome. */
  countPush(sender: PushSender): PushSender {
    const deliveries = this.deliveries;
    return Object.assign(Object.create(sender) as PushSender, {
      async send(...args: Parameters<PushSender['send']>) {
        try {
          const outcome = await sender.send(...args);
          deliveries.inc({
            channel: 'push',
            outcome:
              outcome.status === 'delivered' ? 'delivered' : outcome.status === 'gone' ? 'gone' : 'failed',
          });
          return outcome;
        } catch (error) {
          deliveries.inc({ channel: 'push', outcome: 'failed' });
          throw error;
        }
      },
    });
  }

  /** Counts each mail as delivered (accepted by the mail service) or failed. */
  countMail(sender: MailSender): MailSender {
    const deliveries = this.deliveries;
    return Object.assign(Object.create(sender) as MailSender, {
      async send(...args: Parameters<MailSender['send']>) {
        try {
          const result = await sender.send(...args);
          deliveries.inc({ channel: 'mail', outcome: 'delivered' });
          return result;
        } catch (error) {
          deliveries.inc({ channel: 'mail', outcome: 'failed' });
          throw error;
        }
      },
    });
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: AppMetrics;
  }
}

const statusClass = (status: number) => `${Math.floor(status / 100)}xx`;

/** Counts and times every answer by its route pattern (never the URL: ids would explode the series). */
export function countRequests(app: FastifyInstance) {
  const { httpRequests, httpDuration } = app.metrics;
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    const method = request.method;
    httpRequests.inc({ method, route, status_class: statusClass(reply.statusCode) });
    httpDuration.observe({ method, route }, reply.elapsedTime / 1000);
    done();
  });
}

/** Serves GET /metrics on its own listener (METRICS_HOST:METRICS_PORT), away from the public API. */
export async function listenMetrics(metrics: AppMetrics, host: string, port: number): Promise<Server> {
  const server = createServer((req, res) => {
    if (req.method !== 'GET' || req.url?.split('?')[0] !== '/metrics') {
      res.writeHead(404).end();
      return;
    }
    metrics.registry.metrics().then(
      (text) => res.writeHead(200, { 'content-type': metrics.registry.contentType }).end(text),
      () => res.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return server;
}
