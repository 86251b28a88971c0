import {
  defaultPreference,
  type GroupNotificationStatus,
  isLockedPreference,
  type NotificationChannel,
  type NotificationKind,
} from '@dance/domain';
import { and, count, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  notificationDeliveries,
  notificationInbox,
  notificationPreferences,
  notificationSchedules,
  notifications,
  pushSubscriptions,
  subscriptions,
  users,
} from '../../db/schema';
import { notFound } from '../../lib/errors';

export type NotificationRow = typeof notifications.$inferSelect;
export type NewNotificationRow = typeof notifications.$inferInsert;
export type ScheduleRow = typeof notificationSchedules.$inferSelect;
export type ScheduleValues = Pick<ScheduleRow, 'days' | 'time' | 'title' | 'body' | 'kind'>;

/** The billing records spell the spec's "transfered" as "transferred". */
const DB_STATUS = (status: GroupNotificationStatus) => (status === 'transfered' ? 'transferred' : status);

/**
 * A member's subscription status: that of their latest subscription, or for a studio's sub-user the studio
 * owner's (sub-users ride on the owner's plan); null without any.
 */
const currentStatus = sql<string | null>`(
  select s.status from ${subscriptions} s
  where s.user_id = coalesce(${users.studioOwnerId}, ${users.id})
  order by s.updated_at desc, s.created_at desc
  limit 1
)`;

/**
 * The member wants this kind on this channel: the locked account mail always; the reply mail by the
 * users.comment_notifications flag (spec 1 §7); otherwise their saved choice, else the default (decision 0038).
 */
export function wants(kind: NotificationKind, channel: NotificationChannel): SQL {
  if (isLockedPreference(kind, channel)) return sql`true`;
  if (kind === 'reply' && channel === 'mail') return sql`${users.commentNotifications}`;
  const choice = (enabled: boolean) => sql`exists (
    select 1 from ${notificationPreferences} p
    where p.user_id = ${users.id} and p.kind = ${kind} and p.channel = ${channel} and p.enabled = ${enabled}
  )`;
  return defaultPreference(kind, channel) ? sql`not ${choice(false)}` : choice(true);
}

/** Wants the kind on at least one channel: a recipient. */
const wantsAny = (kind: NotificationKind) =>
  sql`(${wants(kind, 'inbox')} or ${wants(kind, 'push')} or ${wants(kind, 'mail')})`;

export type AudienceFilter = { type: 'all' } | { type: 'status'; status: GroupNotificationStatus };

function audienceWhere(audience: AudienceFilter): SQL {
  const members = eq(users.role, 'user');
  return audience.type === 'all'
    ? members
    : and(members, sql`${currentStatus} = ${DB_STATUS(audience.status)}`)!;
}

/** The ids of an audience's members who want the kind on some channel, in id order (the fan-out pages them). */
export async function selectAudienceIds(db: DbOrTx, audience: AudienceFilter, kind: NotificationKind) {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(audienceWhere(audience), wantsAny(kind)))
    .orderBy(users.id);
  return rows.map((r) => r.id);
}

/** Recipients per subscription status and in all, for a kind (the admin sees them before sending). */
export async function countRecipients(db: DbOrTx, kind: NotificationKind) {
  const members = db
    .select({ status: sql<string | null>`${currentStatus}`.as('status') })
    .from(users)
    .where(and(eq(users.role, 'user'), wantsAny(kind)))
    .as('members');
  return db.select({ status: members.status, n: count() }).from(members).groupBy(members.status);
}

/** Of some users, those who want the kind on a channel. */
export async function filterWanting(
  db: DbOrTx,
  userIds: string[],
  kind: NotificationKind,
  channel: NotificationChannel,
) {
  if (userIds.length === 0) return [];
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, userIds), wants(kind, channel)));
  return rows.map((r) => r.id);
}

export async function insertNotification(db: DbOrTx, values: NewNotificationRow) {
  const [row] = await db.insert(notifications).values(values).returning();
  return row!;
}

export async function findNotification(db: DbOrTx, id: string) {
  const [row] = await db.select().from(notifications).where(eq(notifications.id, id));
  return row ?? null;
}

export function selectNotificationsPage(db: DbOrTx, page: number, pageSize: number) {
  return db
    .select()
    .from(notifications)
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
}

export async function countNotifications(db: DbOrTx) {
  return (await db.select({ n: count() }).from(notifications))[0]!.n;
}

export async function updateNotification(db: DbOrTx, id: string, changes: Partial<NewNotificationRow>) {
  await db.update(notifications).set(changes).where(eq(notifications.id, id));
}

/** Adds to the counters of a notification in one statement (jobs run in parallel across processes). */
export async function addToCounters(
  db: DbOrTx,
  id: string,
  add: { recipients?: number; delivered?: number; failed?: number; opened?: number; batchesDone?: number },
) {
  const [row] = await db
    .update(notifications)
    .set({
      recipients: sql`${notifications.recipients} + ${add.recipients ?? 0}`,
      delivered: sql`${notifications.delivered} + ${add.delivered ?? 0}`,
      failed: sql`${notifications.failed} + ${add.failed ?? 0}`,
      opened: sql`${notifications.opened} + ${add.opened ?? 0}`,
      pushBatchesDone: sql`${notifications.pushBatchesDone} + ${add.batchesDone ?? 0}`,
    })
    .where(eq(notifications.id, id))
    .returning({ batches: notifications.pushBatches, done: notifications.pushBatchesDone });
  return row ?? null;
}

/** Writes inbox rows (once per member and notification); answers the user ids that got a new row. */
export async function insertInboxRows(db: DbOrTx, notificationId: string, userIds: string[]) {
  if (userIds.length === 0) return [];
  const rows = await db
    .insert(notificationInbox)
    .values(userIds.map((userId) => ({ userId, notificationId })))
    .onConflictDoNothing()
    .returning({ userId: notificationInbox.userId });
  return rows.map((r) => r.userId);
}

/**
 * Claims the members not yet sent this notification on the channel, and answers them: a batch run again
 * finds its members claimed and sends them nothing (at most once: a crash between the claim and the send
 * loses those members' copy rather than sending it twice).
 */
export async function claimDeliveries(
  db: DbOrTx,
  notificationId: string,
  channel: 'push' | 'mail',
  userIds: string[],
) {
  if (userIds.length === 0) return [];
  const rows = await db
    .insert(notificationDeliveries)
    .values(userIds.map((userId) => ({ notificationId, userId, channel })))
    .onConflictDoNothing()
    .returning({ userId: notificationDeliveries.userId });
  return rows.map((r) => r.userId);
}

/**
 * Claims older than a day: every run of their batches is long over (a batch job lives at most 15 minutes,
 * retried three times within the hour), so nothing can claim those members again.
 */
export async function pruneDeliveries(db: DbOrTx) {
  await db
    .delete(notificationDeliveries)
    .where(sql`${notificationDeliveries.claimedAt} < now() - interval '1 day'`);
}

export function selectPushTargets(db: DbOrTx, userIds: string[]) {
  if (userIds.length === 0) return Promise.resolve([]);
  return db.select().from(pushSubscriptions).where(inArray(pushSubscriptions.userId, userIds));
}

export async function deletePushSubscriptions(db: DbOrTx, ids: string[]) {
  if (ids.length === 0) return;
  await db.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, ids));
}

export async function markPushSuccess(db: DbOrTx, ids: string[]) {
  if (ids.length === 0) return;
  await db
    .update(pushSubscriptions)
    .set({ lastSuccessAt: new Date() })
    .where(inArray(pushSubscriptions.id, ids));
}

/** Stores a device's subscription; the same endpoint moves to the member now signed in on it. */
export async function upsertPushSubscription(
  db: DbOrTx,
  values: { userId: string; endpoint: string; p256dh: string; auth: string; userAgent: string | null },
) {
  await db
    .insert(pushSubscriptions)
    .values(values)
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { userId: values.userId, p256dh: values.p256dh, auth: values.auth, userAgent: values.userAgent },
    });
}

export async function deletePushSubscription(db: DbOrTx, userId: string, endpoint: string) {
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
}

// The inbox.

const inboxColumns = {
  id: notificationInbox.id,
  notificationId: notificationInbox.notificationId,
  kind: notifications.kind,
  title: notifications.title,
  body: notifications.body,
  imageUrl: notifications.imageUrl,
  url: notifications.url,
  readAt: notificationInbox.readAt,
  createdAt: notificationInbox.createdAt,
};
export type InboxRow = Awaited<ReturnType<typeof selectInbox>>[number];

export function selectInbox(db: DbOrTx, userId: string, limit: number) {
  return db
    .select(inboxColumns)
    .from(notificationInbox)
    .innerJoin(notifications, eq(notifications.id, notificationInbox.notificationId))
    .where(eq(notificationInbox.userId, userId))
    .orderBy(desc(notificationInbox.createdAt), desc(notificationInbox.id))
    .limit(limit);
}

export async function countUnread(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ n: count() })
    .from(notificationInbox)
    .where(and(eq(notificationInbox.userId, userId), isNull(notificationInbox.readAt)));
  return row!.n;
}

export async function findInboxItem(db: DbOrTx, userId: string, id: string) {
  const [row] = await db
    .select({
      ...inboxColumns,
      openedAt: notificationInbox.openedAt,
    })
    .from(notificationInbox)
    .innerJoin(notifications, eq(notifications.id, notificationInbox.notificationId))
    .where(and(eq(notificationInbox.userId, userId), eq(notificationInbox.id, id)));
  if (!row) throw notFound('Notification not found');
  return row;
}

export async function setInboxRead(db: DbOrTx, id: string, readAt: Date | null, openedAt?: Date) {
  await db
    .update(notificationInbox)
    .set({ readAt, ...(openedAt ? { openedAt } : {}) })
    .where(eq(notificationInbox.id, id));
}

export async function markAllRead(db: DbOrTx, userId: string) {
  const rows = await db
    .update(notificationInbox)
    .set({ readAt: new Date() })
    .where(and(eq(notificationInbox.userId, userId), isNull(notificationInbox.readAt)))
    .returning({ id: notificationInbox.id });
  return rows.length;
}

// Preferences.

export function selectPreferences(db: DbOrTx, userId: string) {
  return db
    .select({
      kind: notificationPreferences.kind,
      channel: notificationPreferences.channel,
      enabled: notificationPreferences.enabled,
    })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));
}

export async function upsertPreferences(
  db: DbOrTx,
  userId: string,
  preferences: { kind: NotificationKind; channel: NotificationChannel; enabled: boolean }[],
) {
  if (preferences.length === 0) return;
  await db
    .insert(notificationPreferences)
    .values(preferences.map((p) => ({ ...p, userId })))
    .onConflictDoUpdate({
      target: [notificationPreferences.userId, notificationPreferences.kind, notificationPreferences.channel],
      set: { enabled: sql`excluded.enabled`, updatedAt: new Date() },
    });
}

// Weekly schedules.

export function selectSchedules(db: DbOrTx) {
  return db.select().from(notificationSchedules).orderBy(desc(notificationSchedules.createdAt));
}

export function selectActiveSchedules(db: DbOrTx) {
  return db.select().from(notificationSchedules).where(eq(notificationSchedules.isPaused, false));
}

export async function findSchedule(db: DbOrTx, id: string) {
  const [row] = await db.select().from(notificationSchedules).where(eq(notificationSchedules.id, id));
  if (!row) throw notFound('Schedule not found');
  return row;
}

export async function insertSchedule(db: DbOrTx, values: ScheduleValues & { createdBy: string }) {
  const [row] = await db.insert(notificationSchedules).values(values).returning();
  return row!;
}

export async function updateSchedule(
  db: DbOrTx,
  id: string,
  changes: Partial<ScheduleValues & { isPaused: boolean }>,
) {
  const [row] = await db
    .update(notificationSchedules)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(notificationSchedules.id, id))
    .returning();
  return row!;
}

export async function deleteSchedule(db: DbOrTx, id: string) {
  await db.delete(notificationSchedules).where(eq(notificationSchedules.id, id));
}

/**
 * Claims one occurrence of a schedule: moves `lastOccurrence` forward only if no process did. Answers the row
 * when this caller won the claim, null otherwise (the occurrence was sent already).
 */
export async function claimOccurrence(db: DbOrTx, id: string, occurrence: Date) {
  const [row] = await db
    .update(notificationSchedules)
    .set({ lastOccurrence: occurrence, lastRunAt: new Date() })
    .where(
      and(
        eq(notificationSchedules.id, id),
        eq(notificationSchedules.isPaused, false),
        sql`(${notificationSchedules.lastOccurrence} is null or ${notificationSchedules.lastOccurrence} < ${occurrence.toISOString()}::timestamptz)`,
      ),
    )
    .returning();
  return row ?? null;
}

// Mail.

/** Name and address of members, for the mail channel. */
export function selectMailTargets(db: DbOrTx, userIds: string[]) {
  if (userIds.length === 0) return Promise.resolve([]);
  return db
    .select({ id: users.id, email: users.email, firstName: users.firstName })
    .from(users)
    .where(inArray(users.id, userIds));
}

/** The reply mail's preference (users.comment_notifications, spec 1 §7). */
export async function selectCommentNotifications(db: DbOrTx, userId: string) {
  const [row] = await db.select({ on: users.commentNotifications }).from(users).where(eq(users.id, userId));
  return row?.on ?? null;
}

export async function updateCommentNotifications(db: DbOrTx, userId: string, on: boolean) {
  await db.update(users).set({ commentNotifications: on }).where(eq(users.id, userId));
}
