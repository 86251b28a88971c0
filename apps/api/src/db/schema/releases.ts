import { date, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * One midnight release run (12:00 AM New York): claimed by the process that runs it, `done` once every item of
 * its window was released. A missed midnight has no `done` row, which is how the next start catches it up.
 */
export const releaseRuns = pgTable('release_runs', {
  /** The midnight the run is for, in UTC (04:00 or 05:00 depending on daylight saving). */
  scheduleTimeUtc: timestamp('schedule_time_utc', { withTimezone: true }).primaryKey(),
  /** Its New York date: the release date it makes live. */
  releaseDate: date('release_date', { mode: 'string' }).notNull(),
  /** The first release date of its window (later than the last done run's, at most a week back). */
  fromDate: date('from_date', { mode: 'string' }).notNull(),
  status: text('status').$type<'running' | 'done' | 'failed'>().notNull(),
  workerId: text('worker_id').notNull(),
  jobId: text('job_id'),
  attempts: integer('attempts').notNull().default(1),
  released: integer('released').notNull().default(0),
  failed: integer('failed').notNull().default(0),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
});

/**
 * Each item a run made live, once: the releaser's change and this row commit together, so a second run (or a
 * second process) finds the item released and leaves it alone.
 */
export const releaseLedger = pgTable(
  'release_ledger',
  {
    fieldType: text('field_type').notNull(),
    itemId: text('item_id').notNull(),
    releaseDate: date('release_date', { mode: 'string' }).notNull(),
    scheduleTimeUtc: timestamp('schedule_time_utc', { withTimezone: true }).notNull(),
    releasedAt: timestamp('released_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.fieldType, t.itemId, t.releaseDate] })],
);
