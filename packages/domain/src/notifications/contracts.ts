import { z } from 'zod';
import { optionalLink } from '../content/shared';
import { defineEndpoint, ZOk } from '../http/endpoint';
import { multilineText, text, urlText } from '../http/strings';
import {
  ADMIN_NOTIFICATION_KINDS,
  GROUP_NOTIFICATION_STATUSES,
  NOTIFICATION_CHANNELS,
  NOTIFICATION_KINDS,
  SCHEDULE_TIME_PATTERN,
} from './rules';

/** Spec 3 §8: "Failed to send notification." and the matching texts for schedule and group. */
export const NOTIFICATION_MESSAGES = {
  sendFailed: 'Failed to send notification.',
  scheduleFailed: 'Failed to schedule notification.',
  groupFailed: 'Failed to send group notification.',
  sent: 'Notification sent successfully.',
  scheduled: 'Notification scheduled successfully.',
  scheduleUpdated: 'Schedule updated successfully.',
  scheduleDeleted: 'Schedule deleted successfully.',
  groupSent: 'Group notification sent successfully.',
  titleRequired: 'Please enter a title',
  bodyRequired: 'Please enter a message',
  daysRequired: 'Please pick at least one day',
  timeInvalid: 'Pick a time in 5-minute steps (HH:MM)',
  statusRequired: 'Please pick a subscription status',
  scheduleNotFound: 'Schedule not found',
  notificationNotFound: 'Notification not found',
  noRecipients: 'No member of this group wants this kind of notification.',
  preferencesSaved: 'Notification preferences saved',
  subscriptionInvalid: 'This browser gave an invalid push subscription.',
} as const;

const ZKind = z.enum(NOTIFICATION_KINDS);
/** What the team may send under (an admin's input). */
const ZAdminKind = z.enum(ADMIN_NOTIFICATION_KINDS);
const ZChannel = z.enum(NOTIFICATION_CHANNELS);

const title = () =>
  text({ error: NOTIFICATION_MESSAGES.titleRequired })
    .trim()
    .min(1, NOTIFICATION_MESSAGES.titleRequired)
    .max(120, 'The title is at most 120 characters');
const body = () =>
  multilineText({ error: NOTIFICATION_MESSAGES.bodyRequired })
    .trim()
    .min(1, NOTIFICATION_MESSAGES.bodyRequired)
    .max(500, 'The message is at most 500 characters');

/** Send now (spec 3 §7 POST /notification/send {title, body, image}); the image is uploaded first (purpose notification). */
export const ZSendNotificationInput = z
  .object({
    title: title(),
    body: body(),
    image: optionalLink('Please upload a GIF, JPEG, PNG or SVG image.'),
    /** The page the notification opens: a path of the member app, e.g. /classes. */
    url: optionalLink('Enter a page of the member app (/...)'),
    kind: ZAdminKind.default('release'),
  })
  .strict();
export type TSendNotificationInput = z.input<typeof ZSendNotificationInput>;

/** Spec 3 §7 POST /group/notification {status, title, body}. */
export const ZGroupNotificationInput = ZSendNotificationInput.extend({
  status: z.enum(GROUP_NOTIFICATION_STATUSES, { error: NOTIFICATION_MESSAGES.statusRequired }),
}).strict();
export type TGroupNotificationInput = z.input<typeof ZGroupNotificationInput>;

/** Spec 3 §7 POST /schedule/notification {days, time, title, body}. */
export const ZScheduleInput = z
  .object({
    days: z
      .array(z.number().int().min(0).max(6), { error: NOTIFICATION_MESSAGES.daysRequired })
      .min(1, NOTIFICATION_MESSAGES.daysRequired)
      .max(7)
      .refine((d) => new Set(d).size === d.length, 'Each day once')
      .transform((d) => [...d].sort((a, b) => a - b)),
    time: text({ error: NOTIFICATION_MESSAGES.timeInvalid }).regex(
      SCHEDULE_TIME_PATTERN,
      NOTIFICATION_MESSAGES.timeInvalid,
    ),
    title: title(),
    body: body(),
    kind: ZAdminKind.default('release'),
  })
  .strict();
export type TScheduleInput = z.input<typeof ZScheduleInput>;

export const ZAudience = z.discriminatedUnion('type', [
  z.object({ type: z.literal('all') }),
  z.object({ type: z.literal('status'), status: z.enum(GROUP_NOTIFICATION_STATUSES) }),
  z.object({ type: z.literal('users') }),
]);
export type TAudience = z.infer<typeof ZAudience>;

export const ZSentNotification = z.object({
  id: z.string(),
  kind: ZKind,
  title: z.string(),
  body: z.string(),
  imageUrl: z.string().nullable(),
  url: z.string().nullable(),
  audience: ZAudience,
  source: z.enum(['admin', 'schedule', 'system']),
  /** queued: waiting for the fan-out job; sending: pushes under way; done: every batch handled. */
  state: z.enum(['queued', 'sending', 'done', 'failed']),
  recipients: z.number().int(),
  delivered: z.number().int(),
  failed: z.number().int(),
  opened: z.number().int(),
  createdAt: z.string(),
});
export type TSentNotification = z.infer<typeof ZSentNotification>;

export const ZSchedule = z.object({
  id: z.string(),
  days: z.array(z.number().int()),
  time: z.string(),
  title: z.string(),
  body: z.string(),
  kind: ZKind,
  isPaused: z.boolean(),
  lastRunAt: z.string().nullable(),
  nextRunAt: z.string().nullable(),
  createdAt: z.string(),
});
export type TSchedule = z.infer<typeof ZSchedule>;

export const ZInboxItem = z.object({
  id: z.string(),
  /** The notification it is a copy of (a push carries this id; its click marks the item opened). */
  notificationId: z.string(),
  kind: ZKind,
  title: z.string(),
  body: z.string(),
  imageUrl: z.string().nullable(),
  url: z.string().nullable(),
  isRead: z.boolean(),
  createdAt: z.string(),
});
export type TInboxItem = z.infer<typeof ZInboxItem>;

export const ZPreference = z.object({ kind: ZKind, channel: ZChannel, enabled: z.boolean() }).strict();
export type TPreference = z.infer<typeof ZPreference>;

const ZIdParams = z.object({ id: z.uuid('Not found') }).strict();
const adminTags = ['admin: notifications'];
const memberTags = ['notifications'];
const adminErrors = ['UNAUTHENTICATED', 'ROLE_MISMATCH'] as const;
const sessionErrors = ['UNAUTHENTICATED'] as const;

export const NOTIFICATION_PAGE_SIZE = 20;
export const INBOX_PAGE_SIZE = 20;

export const adminNotificationEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/admin/notifications',
    summary: 'Sent notifications, newest first, with recipients, delivered, failed and opened counts',
    tags: adminTags,
    auth: 'admin',
    query: z
      .object({ page: z.coerce.number().int().min(1).max(10_000).default(1) })
      .strict()
      .optional(),
    response: z.object({ items: z.array(ZSentNotification), total: z.number().int() }),
    errors: ['VALIDATION_FAILED', ...adminErrors],
  }),
  send: defineEndpoint({
    method: 'POST',
    path: '/admin/notifications',
    summary: 'Send a notification to every member now (the fan-out runs as a job; answers at once)',
    tags: adminTags,
    auth: 'admin',
    body: ZSendNotificationInput,
    response: ZSentNotification,
    successStatus: 202,
    errors: ['VALIDATION_FAILED', ...adminErrors, 'CSRF_FAILED'],
  }),
  sendToGroup: defineEndpoint({
    method: 'POST',
    path: '/admin/notifications/group',
    summary: 'Send a notification to the members whose subscription has one status',
    tags: adminTags,
    auth: 'admin',
    body: ZGroupNotificationInput,
    response: ZSentNotification,
    successStatus: 202,
    errors: ['VALIDATION_FAILED', ...adminErrors, 'CSRF_FAILED'],
  }),
  recipients: defineEndpoint({
    method: 'GET',
    path: '/admin/notifications/recipients',
    summary: 'How many members a notification of a kind would reach: everyone and each subscription status',
    tags: adminTags,
    auth: 'admin',
    query: z
      .object({ kind: ZAdminKind.default('release') })
      .strict()
      .optional(),
    response: z.object({
      all: z.number().int(),
      // Every status a key of its own (a record over an enum documents required keys without properties).
      byStatus: z.object(
        Object.fromEntries(GROUP_NOTIFICATION_STATUSES.map((status) => [status, z.number().int()])) as Record<
          (typeof GROUP_NOTIFICATION_STATUSES)[number],
          z.ZodNumber
        >,
      ),
    }),
    errors: ['VALIDATION_FAILED', ...adminErrors],
  }),
  schedules: defineEndpoint({
    method: 'GET',
    path: '/admin/notification-schedules',
    summary: 'Weekly scheduled notifications',
    tags: adminTags,
    auth: 'admin',
    response: z.object({ items: z.array(ZSchedule) }),
    errors: [...adminErrors],
  }),
  createSchedule: defineEndpoint({
    method: 'POST',
    path: '/admin/notification-schedules',
    summary: 'Schedule a weekly notification (days 0-6 with Sunday 0, HH:MM in America/New_York)',
    tags: adminTags,
    auth: 'admin',
    body: ZScheduleInput,
    response: ZSchedule,
    successStatus: 201,
    errors: ['VALIDATION_FAILED', ...adminErrors, 'CSRF_FAILED'],
  }),
  updateSchedule: defineEndpoint({
    method: 'PUT',
    path: '/admin/notification-schedules/:id',
    summary: 'Edit a weekly notification',
    tags: adminTags,
    auth: 'admin',
    params: ZIdParams,
    body: ZScheduleInput,
    response: ZSchedule,
    errors: ['VALIDATION_FAILED', ...adminErrors, 'CSRF_FAILED', 'NOT_FOUND'],
  }),
  pauseSchedule: defineEndpoint({
    method: 'PATCH',
    path: '/admin/notification-schedules/:id',
    summary: 'Pause or resume a weekly notification',
    tags: adminTags,
    auth: 'admin',
    params: ZIdParams,
    body: z.object({ isPaused: z.boolean({ error: 'isPaused must be true or false' }) }).strict(),
    response: ZSchedule,
    errors: ['VALIDATION_FAILED', ...adminErrors, 'CSRF_FAILED', 'NOT_FOUND'],
  }),
  removeSchedule: defineEndpoint({
    method: 'DELETE',
    path: '/admin/notification-schedules/:id',
    summary: 'Delete a weekly notification',
    tags: adminTags,
    auth: 'admin',
    params: ZIdParams,
    response: z.object({ id: z.string() }),
    errors: ['VALIDATION_FAILED', ...adminErrors, 'CSRF_FAILED', 'NOT_FOUND'],
  }),
} as const;

export const ZPushSubscriptionInput = z
  .object({
    endpoint: urlText({ protocol: /^https?$/, error: NOTIFICATION_MESSAGES.subscriptionInvalid }).refine(
      (v) => v.length <= 1000,
      NOTIFICATION_MESSAGES.subscriptionInvalid,
    ),
    keys: z
      .object({
        p256dh: text()
          .regex(/^[A-Za-z0-9_-]{80,100}={0,2}$/, NOTIFICATION_MESSAGES.subscriptionInvalid)
          .max(100),
        auth: text()
          .regex(/^[A-Za-z0-9_-]{16,30}={0,2}$/, NOTIFICATION_MESSAGES.subscriptionInvalid)
          .max(30),
      })
      .strict(),
  })
  .strict();
export type TPushSubscriptionInput = z.infer<typeof ZPushSubscriptionInput>;

export const notificationEndpoints = {
  inbox: defineEndpoint({
    method: 'GET',
    path: '/notifications',
    summary: "The member's inbox, newest first, and the unread count",
    tags: memberTags,
    auth: 'session',
    query: z
      .object({ limit: z.coerce.number().int().min(1).max(100).default(INBOX_PAGE_SIZE) })
      .strict()
      .optional(),
    response: z.object({ items: z.array(ZInboxItem), unreadCount: z.number().int() }),
    errors: ['VALIDATION_FAILED', ...sessionErrors],
  }),
  setRead: defineEndpoint({
    method: 'PATCH',
    path: '/notifications/:id',
    summary: 'Mark one inbox item read or unread; `opened` counts a click on it (the push or the list)',
    tags: memberTags,
    auth: 'session',
    params: ZIdParams,
    body: z.object({ isRead: z.boolean(), opened: z.boolean().default(false) }).strict(),
    response: ZInboxItem,
    errors: ['VALIDATION_FAILED', ...sessionErrors, 'CSRF_FAILED', 'NOT_FOUND'],
  }),
  readAll: defineEndpoint({
    method: 'POST',
    path: '/notifications/read-all',
    summary: 'Mark every inbox item read',
    tags: memberTags,
    auth: 'session',
    response: z.object({ updated: z.number().int() }),
    errors: [...sessionErrors, 'CSRF_FAILED'],
  }),
  preferences: defineEndpoint({
    method: 'GET',
    path: '/notifications/preferences',
    summary: 'Which kinds of notification the member wants, per channel',
    tags: memberTags,
    auth: 'session',
    response: z.object({ preferences: z.array(ZPreference) }),
    errors: [...sessionErrors],
  }),
  setPreferences: defineEndpoint({
    method: 'PUT',
    path: '/notifications/preferences',
    summary: 'Change notification preferences (the pairs sent; others stay)',
    tags: memberTags,
    auth: 'session',
    body: z.object({ preferences: z.array(ZPreference).min(1).max(20) }).strict(),
    response: z.object({ preferences: z.array(ZPreference), message: z.string() }),
    errors: ['VALIDATION_FAILED', ...sessionErrors, 'CSRF_FAILED'],
  }),
  unsubscribeMail: defineEndpoint({
    method: 'POST',
    path: '/notifications/unsubscribe',
    summary:
      "One-click unsubscribe (RFC 8058): the signed token of a mail turns that kind's mail off for its member; no login",
    tags: memberTags,
    auth: 'public',
    query: z.object({ token: text().min(1).max(400) }).strict(),
    response: z.object({ kind: ZKind, message: z.string() }),
    errors: ['VALIDATION_FAILED', 'TOKEN_INVALID'],
  }),
  pushKey: defineEndpoint({
    method: 'GET',
    path: '/push/public-key',
    summary: "The server's VAPID public key (applicationServerKey of the browser's subscription)",
    tags: memberTags,
    auth: 'public',
    response: z.object({ publicKey: z.string() }),
    errors: [],
  }),
  subscribe: defineEndpoint({
    method: 'POST',
    path: '/push/subscriptions',
    summary: "Store this device's push subscription for the member",
    tags: memberTags,
    auth: 'session',
    body: ZPushSubscriptionInput,
    response: ZOk,
    successStatus: 201,
    errors: ['VALIDATION_FAILED', ...sessionErrors, 'CSRF_FAILED'],
  }),
  unsubscribe: defineEndpoint({
    method: 'POST',
    path: '/push/subscriptions/remove',
    summary: "Forget this device's push subscription",
    tags: memberTags,
    auth: 'session',
    body: z.object({ endpoint: text().max(1000) }).strict(),
    response: ZOk,
    errors: ['VALIDATION_FAILED', ...sessionErrors, 'CSRF_FAILED'],
  }),
} as const;
