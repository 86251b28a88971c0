import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users';

const KINDS = ['release', 'reply', 'studio-playlist', 'practice', 'account'] as const;

/**
 * A notification as sent: what it says, whom it targets (`audience`, resolved by the fan-out job) and its
 * counters (recipients with an inbox row, push deliveries and failures, opens), kept by the jobs as they go.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: KINDS }).notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    imageUrl: text('image_url'),
    url: text('url'),
    /** {type:'all'} | {type:'status', status} | {type:'users'} (then `userIds`). */
    audience: jsonb('audience').$type<Record<string, unknown>>().notNull(),
    userIds: uuid('user_ids').array(),
    source: text('source', { enum: ['admin', 'schedule', 'system'] }).notNull(),
    scheduleId: uuid('schedule_id'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    state: text('state', { enum: ['queued', 'sending', 'done', 'failed'] })
      .notNull()
      .default('queued'),
    recipients: integer('recipients').notNull().default(0),
    pushBatches: integer('push_batches').notNull().default(0),
    pushBatchesDone: integer('push_batches_done').notNull().default(0),
    delivered: integer('delivered').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    opened: integer('opened').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('notifications_created_idx').on(t.createdAt)],
);

/** A member's copy of a notification: the in-app inbox. */
export const notificationInbox = pgTable(
  'notification_inbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    notificationId: uuid('notification_id')
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true }),
    openedAt: timestamp('opened_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('notification_inbox_user_notification_key').on(t.userId, t.notificationId),
    index('notification_inbox_user_created_idx').on(t.userId, t.createdAt),
    index('notification_inbox_unread_idx').on(t.userId).where(sql`${t.readAt} is null`),
    index('notification_inbox_notification_idx').on(t.notificationId),
  ],
);

/** One browser's Web Push subscription (a member has one per device); removed when the push service says 404/410. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_key').on(t.endpoint),
    index('push_subscriptions_user_idx').on(t.userId),
  ],
);

/**
 * Who has been sent a notification by mail or push: a delivery batch claims each member here before it sends
 * (decision 0067), so a batch run again (a retry after a failure, or pg-boss starting an expired job a second
 * time while the first still runs) sends nobody the same mail or push twice. Kept a day (pruned hourly).
 */
export const notificationDeliveries = pgTable(
  'notification_deliveries',
  {
    notificationId: uuid('notification_id')
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    channel: text('channel', { enum: ['push', 'mail'] }).notNull(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.notificationId, t.userId, t.channel] }),
    index('notification_deliveries_claimed_idx').on(t.claimedAt),
  ],
);

/**
 * A member's choice for one kind on one channel; no row means the default (decision 0038). The reply mail's
 * choice is kept in users.comment_notifications instead (spec 1 §7 POST /user/notifications).
 */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: KINDS }).notNull(),
    channel: text('channel', { enum: ['inbox', 'push', 'mail'] }).notNull(),
    enabled: boolean('enabled').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind, t.channel] })],
);

/**
 * A weekly notification: days 0-6 (Sunday 0) at HH:MM in America/New_York. `lastOccurrence` is the instant of
 * the occurrence last sent: the minute job claims an occurrence by moving it forward, so it is sent once
 * whatever the number of API processes.
 */
export const notificationSchedules = pgTable('notification_schedules', {
  id: uuid('id').primaryKey().defaultRandom(),
  days: integer('days').array().notNull(),
  time: text('time').notNull(),
  title: text('title').notNull(),
  body: text('body').notNull(),
  kind: text('kind', { enum: KINDS }).notNull().default('release'),
  isPaused: boolean('is_paused').notNull().default(false),
  lastOccurrence: timestamp('last_occurrence', { withTimezone: true }),
  lastRunAt: timestamp('last_run_at', { withTimezone: true }),
  createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
