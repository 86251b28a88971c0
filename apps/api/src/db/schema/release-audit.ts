import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * One item handled by a background job (spec 3 §3 "Audit event"): a class video released at midnight, a
 * banner made visible, a notification sent. Written by `recordReleaseEvent` (modules/release-audit/record.ts),
 * which also keeps `release_audit_rollup` in step.
 */
export const releaseAuditEvents = pgTable(
  'release_audit_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** What happened, e.g. `release.class-video`, `notification.weekly`. */
    event: text('event').notNull(),
    status: text('status').$type<'ok' | 'error' | 'retry'>().notNull(),
    /** The kind of item: `class-video`, `banner`, `popup`, `trc-content`, `notification`… */
    fieldType: text('field_type').notNull(),
    /** The process that handled it (host:pid). */
    workerId: text('worker_id').notNull(),
    /** The pg-boss job id. */
    jobId: text('job_id'),
    itemId: text('item_id'),
    durationMs: integer('duration_ms').notNull(),
    attempts: integer('attempts').notNull().default(1),
    message: text('message'),
    error: text('error'),
    context: jsonb('context').$type<Record<string, unknown>>().notNull().default({}),
    /** The run this item belongs to: the instant the job was scheduled for (midnight New York, in UTC). */
    scheduleTimeUtc: timestamp('schedule_time_utc', { withTimezone: true }),
  },
  (t) => [
    check('release_audit_events_status_check', sql`${t.status} in ('ok', 'error', 'retry')`),
    // The grid and the CSV export walk the range newest first / oldest first by (created_at, id).
    index('release_audit_events_created_idx').on(t.createdAt, t.id),
    index('release_audit_events_field_type_created_idx').on(t.fieldType, t.createdAt),
  ],
);

/**
 * Per-minute and per-hour totals of `release_audit_events`, kept by `recordReleaseEvent` in the same
 * transaction: the dashboard's totals and time series read these instead of a million events (decision 0031).
 * `durationHist[i]` counts the events whose duration falls in bin i of `DURATION_BIN_EDGES_MS`.
 */
export const releaseAuditRollup = pgTable(
  'release_audit_rollup',
  {
    grain: text('grain').$type<'minute' | 'hour'>().notNull(),
    bucket: timestamp('bucket', { withTimezone: true }).notNull(),
    fieldType: text('field_type').notNull(),
    count: integer('count').notNull().default(0),
    ok: integer('ok').notNull().default(0),
    errors: integer('errors').notNull().default(0),
    retries: integer('retries').notNull().default(0),
    durationHist: integer('duration_hist').array().notNull(),
  },
  (t) => [primaryKey({ columns: [t.grain, t.bucket, t.fieldType] })],
);

export type ReleaseAuditEventRow = typeof releaseAuditEvents.$inferSelect;
