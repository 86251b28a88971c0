import { defineJob } from '../../jobs';
import { DELIVER_QUEUE, deliverBatch, FAN_OUT_QUEUE, fanOut, runWeeklySchedules } from './service';

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
  handler: async (app, job) =>
    deliverBatch({ db: app.db, jobs: app.jobs, push: app.push }, job.data.notificationId, job.data.userIds),
});

/**
 * Weekly scheduled notifications: pg-boss sends this once a minute across every API process (its cron runs
 * once per minute, whatever the number of processes), and each occurrence is claimed in the database.
 */
export const weeklySchedulesJob = defineJob({
  name: 'notifications-weekly',
  options: { retryLimit: 0 },
  cron: '* * * * *',
  handler: async (app) => {
    const runs = await runWeeklySchedules(app);
    for (const run of runs)
      if (run.error)
        app.log.error({ scheduleId: run.scheduleId, err: run.error }, 'weekly notification failed');
      else
        app.log.info(
          { scheduleId: run.scheduleId, notificationId: run.notificationId },
          'weekly notification sent',
        );
  },
});
