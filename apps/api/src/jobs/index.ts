import type { PGlite } from '@electric-sql/pglite';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { fromPglite, type JobWithMetadata, PgBoss, type Queue } from 'pg-boss';

declare module 'fastify' {
  interface FastifyInstance {
    jobs: JobRunner;
  }
}

/** A background job a module owns: its queue, how it retries, optionally when it runs by itself. */
export interface JobDefinition<T extends object = object> {
  name: string;
  options: Omit<Queue, 'name'>;
  /** A cron (UTC) on which pg-boss sends the job itself; it needs a started runner. */
  cron?: string;
  /** The time zone of `cron` (IANA), when it is not UTC: pg-boss follows its daylight-saving changes. */
  cronTz?: string;
  /** Runs once pg-boss has started, workers and schedules in place (a missed run's catch-up sends it here). */
  onStart?: (app: FastifyInstance, boss: PgBoss) => Promise<void>;
  /** Seconds between fetches when the queue was empty or a job ended (pg-boss's minimum is 0.5); default the app's. */
  pollingIntervalSeconds?: number;
  handler: (app: FastifyInstance, job: JobWithMetadata<T>) => Promise<void>;
}

/** Types a module's job in its folder; the module adds it with `app.jobs.add` when it registers. */
export function defineJob<T extends object>(definition: JobDefinition<T>): JobDefinition<T> {
  return definition;
}

/**
 * Creates the queue, or brings an existing one to the definition's policy. pg-boss keeps a queue's policy
 * from its creation (`updateQueue` cannot change it), so a queue made under another policy is made again,
 * but only while it holds no waiting or running job; otherwise it keeps working as it is until a later start.
 */
export async function ensureQueue(
  boss: PgBoss,
  job: Pick<JobDefinition, 'name' | 'options'>,
  log: FastifyBaseLogger,
) {
  const existing = await boss.getQueue(job.name);
  const wanted = job.options.policy ?? 'standard';
  if (existing && existing.policy !== wanted) {
    const { rows } = await boss
      .getDb()
      .executeSql(`select count(*)::int as n from pgboss.job where name = $1 and state < 'completed'`, [
        job.name,
      ]);
    const pending = Number((rows[0] as { n: number } | undefined)?.n ?? 0);
    if (pending > 0) {
      log.warn(
        { queue: job.name, from: existing.policy, to: wanted, pending },
        'queue policy not changed: jobs are still waiting or running',
      );
      return;
    }
    await boss.deleteQueue(job.name);
    log.info({ queue: job.name, from: existing.policy, to: wanted }, 'queue policy changed');
  }
  await boss.createQueue(job.name, job.options);
}

/**
 * Durable jobs with pg-boss: on the embedded PGlite (one connection, so one job at a time), on
 * PostgreSQL through its own pool. The modules add their jobs before the runner starts; a job whose process
 * died (a restart mid-transcode) is retried at the next start.
 */
export class JobRunner {
  private boss: PgBoss | null = null;
  private starting: Promise<PgBoss> | null = null;
  private readonly definitions: JobDefinition[] = [];
  private isStopped = false;

  constructor(
    private readonly app: FastifyInstance,
    private readonly pollingIntervalSeconds: number,
    /** False on a `web` process: it sends jobs, and neither runs handlers nor keeps schedules. */
    readonly runsJobs = true,
  ) {}

  /** The queues this process knows (metrics read their depth). */
  get queueNames(): string[] {
    return this.definitions.map((d) => d.name);
  }

  add<T extends object>(definition: JobDefinition<T>) {
    this.definitions.push(definition as unknown as JobDefinition);
  }

  /** Starts pg-boss once: queues, orphan recovery, workers, schedules. */
  start(): Promise<PgBoss> {
    this.starting ??= this.doStart();
    return this.starting;
  }

  private async doStart(): Promise<PgBoss> {
    const { app } = this;
    const boss =
      app.database.driver === 'pglite'
        ? new PgBoss({
            backend: 'pglite',
            db: fromPglite((app.db as unknown as { $client: PGlite }).$client),
            // Maintenance on the shared single connection stays rare.
            superviseIntervalSeconds: 60,
          })
        : new PgBoss({
            connectionString: app.config.databaseUrl ?? undefined,
            max: this.runsJobs ? 3 : 1,
            // A web process only sends: maintenance and the cron clock run on the workers.
            ...(this.runsJobs ? {} : { supervise: false, schedule: false }),
          });
    boss.on('error', (error) => app.log.error({ err: error }, 'job queue error'));
    await boss.start();
    if (!this.runsJobs) {
      for (const job of this.definitions) await ensureQueue(boss, job, app.log);
      this.boss = boss;
      return boss;
    }
    for (const job of this.definitions) {
      await ensureQueue(boss, job, app.log);
      if (app.database.driver === 'pglite') await this.recoverOrphans(boss, job.name);
      await boss.work<object>(
        job.name,
        {
          localConcurrency: 1,
          batchSize: 1,
          includeMetadata: true,
          pollingIntervalSeconds: job.pollingIntervalSeconds ?? this.pollingIntervalSeconds,
        } as const,
        async ([item]) => {
          if (!item) return;
          const run = () => job.handler(app, item as JobWithMetadata<object>);
          await (app.tracing ? app.tracing.job(job.name, item.id, run) : run());
        },
      );
      if (job.cron) await boss.schedule(job.name, job.cron, null, job.cronTz ? { tz: job.cronTz } : {});
    }
    this.boss = boss;
    for (const job of this.definitions) {
      if (job.onStart)
        await job
          .onStart(app, boss)
          .catch((error) => app.log.error({ err: error, queue: job.name }, 'job start hook failed'));
    }
    return boss;
  }

  /**
   * PGlite has one process: a job still "active" at start belonged to a process that died. Failing it now
   * lets its retry run at once instead of after the heartbeat timeout.
   */
  private async recoverOrphans(boss: PgBoss, name: string) {
    const client = (this.app.db as unknown as { $client: PGlite }).$client;
    const { rows } = await client.query<{ id: string }>(
      `select id from pgboss.job where name = $1 and state = 'active'`,
      [name],
    );
    if (rows.length > 0) {
      await boss.fail(
        name,
        rows.map((r) => r.id),
        { message: 'The process stopped while the job ran' },
      );
      this.app.log.info({ queue: name, jobs: rows.length }, 'resuming jobs interrupted by a restart');
    }
  }

  async send(name: string, data: object, options: { singletonKey?: string } = {}) {
    const boss = await this.start();
    return boss.send(name, data, options);
  }

  /** Enqueues many jobs of one queue in one statement (a fan-out's batches). */
  async sendMany(name: string, data: object[]) {
    if (data.length === 0) return;
    const boss = await this.start();
    await boss.insert(
      name,
      data.map((d) => ({ data: d })),
    );
  }

  async stop() {
    if (this.isStopped) return;
    this.isStopped = true;
    const boss = this.boss ?? (this.starting ? await this.starting.catch(() => null) : null);
    await boss?.stop({ graceful: true, timeout: 5000, close: this.app.database.driver !== 'pglite' });
  }
}

export interface JobsOptions {
  /** Start at boot (a server); tests start it on the first job sent. */
  startEagerly: boolean;
  pollingIntervalSeconds?: number;
}

/** Decorates app.jobs; stops pg-boss before the database closes. */
export const jobsPlugin = fp(
  async (app: FastifyInstance, options: JobsOptions) => {
    const runner = new JobRunner(app, options.pollingIntervalSeconds ?? 2, app.config.role !== 'web');
    app.decorate('jobs', runner);
    if (options.startEagerly) {
      app.addHook('onReady', async () => {
        // Not awaited: the API answers while pg-boss creates its schema and picks up pending work.
        runner.start().catch((error) => app.log.error({ err: error }, 'job queue failed to start'));
      });
    }
    app.addHook('onClose', async () => runner.stop());
  },
  { name: 'jobs' },
);
