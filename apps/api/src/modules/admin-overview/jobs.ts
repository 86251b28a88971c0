import { defineJob } from '../../jobs';
import { rollLikesWindows, rollWatchWindows } from './queries';

/** The job's name predates the watch windows (decision 0059); it rolls both kinds, the likes' first. */
export const LIKES_WINDOWS_JOB = 'likes-windows-roll';

/**
 * Moves the overview's windows, likes (decision 0053) and watching (decision 0059), to the new UTC day just after
 * midnight, and once at start (a window never built, or left behind while the API was down, is built or caught up
 * then). The overview also rolls a window itself when it finds it behind, so a late or failed run costs time,
 * never a wrong figure.
 */
export const likesWindowsJob = defineJob({
  name: LIKES_WINDOWS_JOB,
  options: { retryLimit: 3, retryDelay: 60, retryBackoff: true },
  cron: '1 0 * * *',
  onStart: async (_app, boss) => {
    await boss.send(LIKES_WINDOWS_JOB, {}, { singletonKey: 'likes-windows:start', singletonSeconds: 300 });
  },
  handler: async (app) => {
    await rollLikesWindows(app.db);
    await rollWatchWindows(app.db);
  },
});
