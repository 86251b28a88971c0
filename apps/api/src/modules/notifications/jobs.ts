import { INBOX_EVENT, inboxChannel } from '@dance/domain';
import { defineJob } from '../../jobs';
import { recordReleaseEvent } from '../release-audit/record';
import { pruneDeliveries } from './queries';
import { DELIVER_QUEUE, deliverBatch, FAN_OUT_QUEUE, fanOut, runWeeklySchedules } from './service';

/** Live inbox events sent at once (each is a NOTIFY on PostgreSQL). */
const LIVE_CHUNK = 100;

/** Resolves a notification's audience and enqueues its delivery batches. */
export const fanOutJob = defineJob<{ notificationId: string }>({
  name: FAN_OUT_QUEUE,
  options: { retryLimit: 3, retryDelay: 5, retryBackoff: true },
  handler: async (app, job) => fanOut(app, job.data.notificationId),
});

/** Inbox rows and pushes for up to 500 members. */
export const deliverJob = defineJob<{ notificationId: string; userIds: string[] }>({
  name: DELIVER_QUEUE,
  options: { retryLimit: 3, retryDelay: 10, retryBackoff: true, expireInSeconds: 15 * 60 },
  // 200 batches for 100,000 members: fetch the next one soon (pg-boss waits the interval between single jobs).
  pollingIntervalSeconds: 0.5,
  handler: async (app, job) =>
    deliverBatch(
      {
        db: app.db,
        jobs: app.jobs,
        push: app.push,
        mail: app.mail,
        config: app.config,
        // Each member's open apps refetch their inbox (the live channel, across API processes).
        onInbox: async (userIds, notification) => {
          const event = { type: INBOX_EVENT, data: { notificationId: notification.id } };
          for (let i = 0; i < userIds.length; i += LIVE_CHUNK)
            await Promise.all(
              userIds.slice(i, i + LIVE_CHUNK).map((userId) => app.live.publish(inboxChannel(userId), event)),
            );
        },
      },
      job.data.notificationId,
      job.data.userIds,
    ),
});

/**
 * Weekly scheduled notifications: pg-boss sends this once a minute across every API process (its cron runs
 * once per minute, whatever the number of processes), and each occurrence is claimed in the database.
 */
export const weeklySchedulesJob = defineJob({
  name: 'notifications-weekly',
  options: { retryLimit: 0 },
  cron: '* * * * *',
  handler: async (app, job) => {
    const runs = await runWeeklySchedules(app);
    // One release-audit event per schedule run (spec 3 §3 "Audit event").
    for (const run of runs) {
      await recordReleaseEvent(app.db, {
        event: 'notification.weekly',
        status: run.error ? 'error' : 'ok',
        fieldType: 'notification',
        jobId: job.id,
        itemId: run.scheduleId,
        durationMs: run.durationMs,
        attempts: 1,
        message: run.error ? null : 'Weekly notification sent',
        error: run.error,
        context: { notificationId: run.notificationId },
        scheduleTimeUtc: run.occurrence,
      });
      if (run.error)
        app.log.error({ scheduleId: run.scheduleId, err: run.error }, 'weekly notification failed');
    }
  },
});

/** The delivery claims of past batches (decision 0067) go after a day, so the table holds the last day's only. */
export const pruneDeliveriesJob = defineJob({
  name: 'notifications-prune-deliveries',
  // The next hour's run retries anyway.
  options: { retryLimit: 0 },
  cron: '7 * * * *',
  handler: async (app) => pruneDeliveries(app.db),
});
