import { defineJob } from '../../jobs';
import { deleteExpiredSessions } from './sessions';

/** Expired sessions are refused at lookup; this removes their rows so the table does not grow forever. */
export const deleteExpiredSessionsJob = defineJob({
  name: 'delete-expired-sessions',
  // The next hour's run retries anyway.
  options: { retryLimit: 0 },
  cron: '0 * * * *',
  handler: async (app) => deleteExpiredSessions(app.db),
});
