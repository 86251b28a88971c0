import type { FastifyInstance } from 'fastify';
import type { PgBoss } from 'pg-boss';
import { defineJob } from '../../jobs';
import { findRun } from './queries';
import { RELEASE_CRON, RELEASE_CRON_TZ, releaseRunAt } from './schedule';
import { ReleaseRunFailedError, runScheduledRelease } from './service';

export const RELEASE_JOB = 'release-midnight';

/**
 * The midnight release: pg-boss sends it at 12:00 AM New York (its cron follows daylight saving), once across
 * every API process (the cron's per-minute singleton), and one worker takes it. A failed run is retried with
 * backoff: 1, 2, 4 minutes.
 */
export const releaseJob = defineJob<{ scheduleTimeUtc?: string }>({
  name: RELEASE_JOB,
  options: { retryLimit: 3, retryDelay: 60, retryBackoff: true },
  cron: RELEASE_CRON,
  cronTz: RELEASE_CRON_TZ,
  onStart: async (app, boss) => {
    await catchUpMissedRelease(app, boss);
  },
  handler: async (app, job) => {
    try {
      await runScheduledRelease(app, job.data, job.id);
    } catch (error) {
      if (error instanceof ReleaseRunFailedError) app.metrics.releaseFailures.inc(error.failed);
      throw error;
    }
  },
});

/**
 * At start: when the last midnight has no finished run (the API was down, or the run failed for good), sends
 * it now. The singleton key makes the processes starting together send it once.
 */
export async function catchUpMissedRelease(app: FastifyInstance, boss: Pick<PgBoss, 'send'>) {
  const scheduleTimeUtc = releaseRunAt(app.releaseClock.now());
  const run = await findRun(app.db, scheduleTimeUtc);
  if (run?.status === 'done') return null;
  app.log.info({ scheduleTimeUtc }, 'catching up the last midnight release');
  return boss.send(
    RELEASE_JOB,
    { scheduleTimeUtc: scheduleTimeUtc.toISOString() },
    { singletonKey: `release:${scheduleTimeUtc.toISOString()}`, singletonSeconds: 3600 },
  );
}
