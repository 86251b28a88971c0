import {
  defaultPreference,
  GROUP_NOTIFICATION_STATUSES,
  type GroupNotificationStatus,
  isLockedPreference,
  latestWeeklyOccurrence,
  NOTIFICATION_CHANNELS,
  NOTIFICATION_KIND_LABELS,
  NOTIFICATION_KINDS,
  NOTIFICATION_MESSAGES,
  type NotificationKind,
  nextWeeklyOccurrence,
  type TInboxItem,
  type TPreference,
  type TPushSubscriptionInput,
  type TSchedule,
  type TSentNotification,
  UNSUBSCRIBE_MESSAGES,
  type ZGroupNotificationInput,
  type ZScheduleInput,
  type ZSendNotificationInput,
} from '@dance/domain';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { type MailSender, renderActionMail } from '../../adapters/mail';
import type { PushSender } from '../../adapters/push';
import type { AppConfig } from '../../config/env';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import { unsubscribeParts, verifyUnsubscribeToken } from '../../lib/unsubscribe';
import { type AdminChange, recordAudit } from '../audit/record';
import {
  type AudienceFilter,
  addToCounters,
  claimDeliveries,
  claimOccurrence,
  countRecipients,
  countUnread,
  deletePushSubscription,
  deletePushSubscriptions,
  deleteSchedule,
  filterWanting,
  findInboxItem,
  findNotification,
  findSchedule,
  type InboxRow,
  insertInboxRows,
  insertNotification,
  insertSchedule,
  markAllRead,
  markPushSuccess,
  type NotificationRow,
  type ScheduleRow,
  selectActiveSchedules,
  selectAudienceIds,
  selectCommentNotifications,
  selectMailTargets,
  selectPreferences,
  selectPushTargets,
  setInboxRead,
  updateCommentNotifications,
  updateNotification,
  updateSchedule,
  upsertPreferences,
  upsertPushSubscription,
} from './queries';

/** Queue names of the fan-out (one job per notification) and of its delivery batches. */
export const FAN_OUT_QUEUE = 'notifications-fan-out';
export const DELIVER_QUEUE = 'notifications-deliver';
/** Members per delivery job: small enough to retry cheaply, large enough that 100,000 members are 200 jobs. */
export const DELIVERY_BATCH_SIZE = 500;
/** Pushes in flight at once within a batch. */
const PUSH_CONCURRENCY = 25;
/** A weekly occurrence missed by more than this (the API was down) is skipped rather than sent late. */
const SCHEDULE_GRACE_MS = 60 * 60 * 1000;

/** What notify() needs: the database and the job queue (the app, in routes and jobs). */
export type NotifyDeps = Pick<FastifyInstance, 'db' | 'jobs'>;

export type NotifyAudience = 'all' | { status: GroupNotificationStatus } | { userIds: string[] };

export interface NotifyInput {
  audience: NotifyAudience;
  kind: NotificationKind;
  title: string;
  body: string;
  /** The page it opens, a path of the member app (/classes) or an absolute link. */
  url?: string | null;
  image?: string | null;
  source?: NotificationRow['source'];
  createdBy?: string | null;
  scheduleId?: string | null;
}

/**
 * The one way to notify members, for every module: records the notification and enqueues its fan-out, which
 * writes an inbox row for each member who wants the kind in the app and pushes to the devices of those who
 * want it by push, in batches of 500 (jobs, never the caller's request). Answers the recorded notification.
 */
export async function notify(deps: NotifyDeps, input: NotifyInput): Promise<NotificationRow> {
  const row = await insertNotification(deps.db, notificationValues(input));
  await enqueueFanOut(deps, row.id);
  return row;
}

function notificationValues(input: NotifyInput) {
  const { audience } = input;
  return {
    kind: input.kind,
    title: input.title,
    body: input.body,
    url: input.url ?? null,
    imageUrl: input.image ?? null,
    audience:
      audience === 'all'
        ? { type: 'all' }
        : 'status' in audience
          ? { type: 'status', status: audience.status }
          : { type: 'users' },
    userIds: typeof audience === 'object' && 'userIds' in audience ? [...new Set(audience.userIds)] : null,
    source: input.source ?? 'system',
    createdBy: input.createdBy ?? null,
    scheduleId: input.scheduleId ?? null,
  } satisfies Parameters<typeof insertNotification>[1];
}

const enqueueFanOut = (deps: NotifyDeps, notificationId: string) =>
  deps.jobs.send(FAN_OUT_QUEUE, { notificationId });

/**
 * The fan-out job: resolves the audience to member ids (those wanting the kind on some channel) and enqueues
 * one delivery job per 500 of them. Running it twice enqueues twice, but delivery is idempotent per member.
 */
export async function fanOut(deps: NotifyDeps, notificationId: string) {
  const notification = await findNotification(deps.db, notificationId);
  if (!notification) return;
  if (notification.state !== 'queued') return;
  const audience = notification.audience as {
    type: 'all' | 'status' | 'users';
    status?: GroupNotificationStatus;
  };
  const ids =
    audience.type === 'users'
      ? await filterWantingAny(deps.db, notification.userIds ?? [], notification.kind)
      : await selectAudienceIds(deps.db, audience as AudienceFilter, notification.kind);
  const batches: { notificationId: string; userIds: string[] }[] = [];
  for (let i = 0; i < ids.length; i += DELIVERY_BATCH_SIZE)
    batches.push({ notificationId, userIds: ids.slice(i, i + DELIVERY_BATCH_SIZE) });
  await updateNotification(deps.db, notificationId, {
    pushBatches: batches.length,
    state: batches.length === 0 ? 'done' : 'sending',
  });
  await deps.jobs.sendMany(DELIVER_QUEUE, batches);
}

async function filterWantingAny(db: Db, userIds: string[], kind: NotificationKind) {
  const [inbox, push, mail] = await Promise.all([
    filterWanting(db, userIds, kind, 'inbox'),
    filterWanting(db, userIds, kind, 'push'),
    filterWanting(db, userIds, kind, 'mail'),
  ]);
  return [...new Set([...inbox, ...push, ...mail])].sort();
}

export interface DeliveryDeps extends NotifyDeps {
  push: PushSender;
  mail: MailSender;
  config: AppConfig;
  /** Told which members got a new inbox row (the live channel tells their open apps). */
  onInbox?: (userIds: string[], notification: NotificationRow) => Promise<void>;
}

/**
 * One delivery batch: inbox rows for those who want the kind in the app (once per member, so a retry adds
 * none), a mail to those who want it by mail, then a push to every device of those who want it by push; a
 * 404/410 removes the subscription. A retry of the batch mails and pushes only members not yet claimed.
 */
export async function deliverBatch(deps: DeliveryDeps, notificationId: string, userIds: string[]) {
  const notification = await findNotification(deps.db, notificationId);
  if (!notification) return;
  const [inboxUsers, pushUsers, mailUsers] = await Promise.all([
    filterWanting(deps.db, userIds, notification.kind, 'inbox'),
    filterWanting(deps.db, userIds, notification.kind, 'push'),
    // The reply mail is the comments module's own (with the reply's excerpt), the practice reminder's the
    // practice module's (sent at once, with the assignment); both ask the same preference.
    notification.kind === 'reply' || notification.kind === 'practice'
      ? []
      : filterWanting(deps.db, userIds, notification.kind, 'mail'),
  ]);
  const added = await insertInboxRows(deps.db, notificationId, inboxUsers);
  if (added.length > 0) await deps.onInbox?.(added, notification);
  // Mail and push go once per member, whichever run of this batch claims them first (decision 0067).
  const mailed = await mailBatch(
    deps,
    notification,
    await claimDeliveries(deps.db, notificationId, 'mail', mailUsers),
  );

  const targets = await selectPushTargets(
    deps.db,
    await claimDeliveries(deps.db, notificationId, 'push', pushUsers),
  );
  const delivered: string[] = [];
  const gone: string[] = [];
  let failed = 0;
  const message = {
    title: notification.title,
    body: notification.body,
    image: notification.imageUrl,
    url: notification.url ?? '/',
    notificationId: notification.id,
  };
  for (let i = 0; i < targets.length; i += PUSH_CONCURRENCY) {
    const slice = targets.slice(i, i + PUSH_CONCURRENCY);
    const outcomes = await Promise.all(
      slice.map((t) =>
        deps.push.send({ endpoint: t.endpoint, keys: { p256dh: t.p256dh, auth: t.auth } }, message),
      ),
    );
    outcomes.forEach((outcome, k) => {
      if (outcome.status === 'delivered') delivered.push(slice[k]!.id);
      else if (outcome.status === 'gone') gone.push(slice[k]!.id);
      else failed += 1;
    });
  }
  await deletePushSubscriptions(deps.db, gone);
  await markPushSuccess(deps.db, delivered);
  const counters = await addToCounters(deps.db, notificationId, {
    recipients: added.length,
    delivered: delivered.length + mailed.sent,
    failed: failed + gone.length + mailed.failed,
    batchesDone: 1,
  });
  if (counters && counters.done >= counters.batches)
    await updateNotification(deps.db, notificationId, { state: 'done' });
}

/** Mails in flight at once within a batch. */
const MAIL_CONCURRENCY = 10;

/**
 * The mail channel of one batch: one mail per member, with a one-click unsubscribe (link and RFC 8058 headers)
 * unless the kind is transactional (account and billing). A failed mail is counted, not retried (a retry of
 * the batch would mail the others twice).
 */
async function mailBatch(deps: DeliveryDeps, notification: NotificationRow, userIds: string[]) {
  const targets = await selectMailTargets(deps.db, userIds);
  let sent = 0;
  let failed = 0;
  const link = notification.url
    ? /^https?:/.test(notification.url)
      ? notification.url
      : `${deps.config.memberAppUrl.replace(/\/$/, '')}${notification.url}`
    : deps.config.memberAppUrl;
  for (let i = 0; i < targets.length; i += MAIL_CONCURRENCY) {
    const outcomes = await Promise.allSettled(
      targets.slice(i, i + MAIL_CONCURRENCY).map((target) => {
        const unsubscribe = isLockedPreference(notification.kind, 'mail')
          ? null
          : unsubscribeParts(deps.config, target.id, notification.kind);
        const kindLabel = NOTIFICATION_KIND_LABELS[notification.kind];
        const rendered = renderActionMail({
          greeting: `Hi ${target.firstName},`,
          lines: [notification.title, notification.body],
          actionLabel: 'Open Dance Training',
          actionUrl: link,
          footer: unsubscribe
            ? `You get this mail because you chose “${kindLabel}” by email. Unsubscribe with one click: ${unsubscribe.pageUrl}`
            : 'Dance Training',
        });
        return deps.mail.send({
          to: target.email,
          subject: notification.title,
          ...rendered,
          ...(unsubscribe ? { headers: unsubscribe.headers } : {}),
        });
      }),
    );
    for (const outcome of outcomes) {
      if (outcome.status === 'fulfilled') sent += 1;
      else failed += 1;
    }
  }
  return { sent, failed };
}

// Admin: send now, to a group, and the sent list.

type SendInput = z.output<typeof ZSendNotificationInput>;
type GroupInput = z.output<typeof ZGroupNotificationInput>;

export const toSentNotification = (n: NotificationRow): TSentNotification => ({
  id: n.id,
  kind: n.kind,
  title: n.title,
  body: n.body,
  imageUrl: n.imageUrl,
  url: n.url,
  audience: n.audience as TSentNotification['audience'],
  source: n.source,
  state: n.state,
  recipients: n.recipients,
  delivered: n.delivered,
  failed: n.failed,
  opened: n.opened,
  createdAt: n.createdAt.toISOString(),
});

export async function sendNow(deps: NotifyDeps, change: AdminChange, input: SendInput) {
  return sendAudited(deps, change, input, 'all');
}

export async function sendToGroup(deps: NotifyDeps, change: AdminChange, input: GroupInput) {
  const { status, ...rest } = input;
  return sendAudited(deps, change, rest, { status });
}

async function sendAudited(
  deps: NotifyDeps,
  { request, actorId }: AdminChange,
  input: SendInput,
  audience: 'all' | { status: GroupNotificationStatus },
) {
  const row = await deps.db.transaction(async (tx) => {
    const created = await insertNotification(
      tx,
      notificationValues({ ...input, audience, source: 'admin', createdBy: actorId }),
    );
    await recordAudit(tx, request, {
      actorId,
      action: 'send',
      entity: 'notification',
      entityId: created.id,
      changes: { ...input, audience },
    });
    return created;
  });
  await enqueueFanOut(deps, row.id);
  return row;
}

/** Recipients of a kind for everyone and per status (every status present, zero when none). */
export async function recipientCounts(db: Db, kind: NotificationKind) {
  const rows = await countRecipients(db, kind);
  const byStatus = Object.fromEntries(GROUP_NOTIFICATION_STATUSES.map((s) => [s, 0])) as Record<
    GroupNotificationStatus,
    number
  >;
  let all = 0;
  for (const row of rows) {
    all += row.n;
    const status = row.status === 'transferred' ? 'transfered' : row.status;
    if (status && status in byStatus) byStatus[status as GroupNotificationStatus] += row.n;
  }
  return { all, byStatus };
}

// Admin: weekly schedules.

type ScheduleInput = z.output<typeof ZScheduleInput>;

export const toSchedule = (s: ScheduleRow, now = new Date()): TSchedule => ({
  id: s.id,
  days: s.days,
  time: s.time,
  title: s.title,
  body: s.body,
  kind: s.kind,
  isPaused: s.isPaused,
  lastRunAt: s.lastRunAt?.toISOString() ?? null,
  nextRunAt: s.isPaused ? null : (nextWeeklyOccurrence(s.days, s.time, now)?.toISOString() ?? null),
  createdAt: s.createdAt.toISOString(),
});

export async function createSchedule({ db, request, actorId }: AdminChange, input: ScheduleInput) {
  return db.transaction(async (tx) => {
    const created = await insertSchedule(tx, { ...input, createdBy: actorId });
    await recordAudit(tx, request, {
      actorId,
      action: 'create',
      entity: 'notification-schedule',
      entityId: created.id,
      changes: input,
    });
    return created;
  });
}

export async function editSchedule({ db, request, actorId }: AdminChange, id: string, input: ScheduleInput) {
  return db.transaction(async (tx) => {
    const before = await findSchedule(tx, id);
    const updated = await updateSchedule(tx, before.id, input);
    await recordAudit(tx, request, {
      actorId,
      action: 'update',
      entity: 'notification-schedule',
      entityId: before.id,
      changes: { before: toSchedule(before), after: input },
    });
    return updated;
  });
}

export async function setSchedulePaused(
  { db, request, actorId }: AdminChange,
  id: string,
  isPaused: boolean,
) {
  return db.transaction(async (tx) => {
    const before = await findSchedule(tx, id);
    const updated = await updateSchedule(tx, before.id, { isPaused });
    await recordAudit(tx, request, {
      actorId,
      action: isPaused ? 'pause' : 'resume',
      entity: 'notification-schedule',
      entityId: before.id,
    });
    return updated;
  });
}

export async function removeSchedule({ db, request, actorId }: AdminChange, id: string) {
  return db.transaction(async (tx) => {
    const before = await findSchedule(tx, id);
    await deleteSchedule(tx, before.id);
    await recordAudit(tx, request, {
      actorId,
      action: 'delete',
      entity: 'notification-schedule',
      entityId: before.id,
      changes: { before: toSchedule(before) },
    });
    return before.id;
  });
}

/** One weekly occurrence sent (or failed to send), for the release audit. */
export interface ScheduleRun {
  scheduleId: string;
  occurrence: Date;
  notificationId: string | null;
  error: string | null;
  durationMs: number;
}

/**
 * The minute job: every unpaused schedule whose latest occurrence (New York time) is due, not older than an
 * hour, not before the schedule was last saved and not yet sent is claimed (one process wins) and sent.
 */
export async function runWeeklySchedules(deps: NotifyDeps, now = new Date()): Promise<ScheduleRun[]> {
  const runs: ScheduleRun[] = [];
  for (const schedule of await selectActiveSchedules(deps.db)) {
    const occurrence = latestWeeklyOccurrence(schedule.days, schedule.time, now);
    if (!occurrence) continue;
    if (now.getTime() - occurrence.getTime() > SCHEDULE_GRACE_MS) continue;
    if (occurrence.getTime() < schedule.updatedAt.getTime() - 60_000) continue;
    if (schedule.lastOccurrence && schedule.lastOccurrence.getTime() >= occurrence.getTime()) continue;
    const started = Date.now();
    const claimed = await claimOccurrence(deps.db, schedule.id, occurrence);
    if (!claimed) continue;
    try {
      const sent = await notify(deps, {
        audience: 'all',
        kind: claimed.kind,
        title: claimed.title,
        body: claimed.body,
        source: 'schedule',
        scheduleId: claimed.id,
      });
      runs.push({
        scheduleId: claimed.id,
        occurrence,
        notificationId: sent.id,
        error: null,
        durationMs: Date.now() - started,
      });
    } catch (error) {
      runs.push({
        scheduleId: claimed.id,
        occurrence,
        notificationId: null,
        error: error instanceof Error ? error.message : String(error),
        durationMs: Date.now() - started,
      });
    }
  }
  return runs;
}

// Member: inbox, preferences, devices.

export const toInboxItem = (row: InboxRow): TInboxItem => ({
  id: row.id,
  notificationId: row.notificationId,
  kind: row.kind,
  title: row.title,
  body: row.body,
  imageUrl: row.imageUrl,
  url: row.url,
  isRead: row.readAt !== null,
  createdAt: row.createdAt.toISOString(),
});

export { countUnread, markAllRead };

/** Read or unread; `opened` (a click on the push or the list item) counts once per member. */
export async function setRead(db: Db, userId: string, id: string, isRead: boolean, opened: boolean) {
  return db.transaction(async (tx) => {
    const item = await findInboxItem(tx, userId, id);
    const isFirstOpen = opened && item.openedAt === null;
    const readAt = isRead ? (item.readAt ?? new Date()) : null;
    await setInboxRead(tx, item.id, readAt, isFirstOpen ? new Date() : undefined);
    if (isFirstOpen) await addToCounters(tx, item.notificationId, { opened: 1 });
    return toInboxItem({ ...item, readAt });
  });
}

/**
 * Every kind on every channel, with the member's choices over the defaults (decision 0038): the reply mail is
 * users.comment_notifications, the account mail is always on.
 */
export async function readPreferences(db: Db, userId: string): Promise<TPreference[]> {
  const [saved, replyMail] = await Promise.all([
    selectPreferences(db, userId),
    selectCommentNotifications(db, userId),
  ]);
  return NOTIFICATION_KINDS.flatMap((kind) =>
    NOTIFICATION_CHANNELS.map((channel) => {
      const enabled = isLockedPreference(kind, channel)
        ? true
        : kind === 'reply' && channel === 'mail'
          ? (replyMail ?? true)
          : (saved.find((p) => p.kind === kind && p.channel === channel)?.enabled ??
            defaultPreference(kind, channel));
      return { kind, channel, enabled };
    }),
  );
}

/** Saves the pairs sent; the locked account mail stays on, the reply mail goes to its flag. */
export async function savePreferences(db: Db, userId: string, sent: TPreference[]) {
  // One row per kind and channel (the last sent wins): an upsert may not touch a row twice.
  const preferences = [...new Map(sent.map((p) => [`${p.kind}:${p.channel}`, p])).values()];
  const replyMail = preferences.findLast((p) => p.kind === 'reply' && p.channel === 'mail');
  await db.transaction(async (tx) => {
    await upsertPreferences(
      tx,
      userId,
      preferences.filter(
        (p) => !isLockedPreference(p.kind, p.channel) && !(p.kind === 'reply' && p.channel === 'mail'),
      ),
    );
    if (replyMail) await updateCommentNotifications(tx, userId, replyMail.enabled);
  });
  return { preferences: await readPreferences(db, userId), message: NOTIFICATION_MESSAGES.preferencesSaved };
}

/**
 * The one-click unsubscribe: a genuine, unexpired token turns its kind's mail off for its member (and nothing
 * else); anything else is TOKEN_INVALID and changes nothing. Idempotent.
 */
export async function unsubscribeByToken(db: Db, secret: string, token: string, now = new Date()) {
  const claim = verifyUnsubscribeToken(secret, token, now);
  if (!claim || isLockedPreference(claim.kind, 'mail'))
    throw new AppError('TOKEN_INVALID', UNSUBSCRIBE_MESSAGES.invalid);
  if ((await selectCommentNotifications(db, claim.userId)) === null)
    throw new AppError('TOKEN_INVALID', UNSUBSCRIBE_MESSAGES.invalid);
  await savePreferences(db, claim.userId, [{ kind: claim.kind, channel: 'mail', enabled: false }]);
  return { kind: claim.kind, message: UNSUBSCRIBE_MESSAGES.done(NOTIFICATION_KIND_LABELS[claim.kind]) };
}

export async function subscribeDevice(
  db: Db,
  userId: string,
  input: TPushSubscriptionInput,
  userAgent: string | null,
) {
  await upsertPushSubscription(db, {
    userId,
    endpoint: input.endpoint,
    p256dh: input.keys.p256dh,
    auth: input.keys.auth,
    userAgent: userAgent?.slice(0, 300) ?? null,
  });
}

export const unsubscribeDevice = deletePushSubscription;
