import { TZDate } from '@date-fns/tz';
import { RELEASE_TIME_ZONE } from '../constants';

/** What a notification is about; members choose per kind and channel which they want (account page). */
export const NOTIFICATION_KINDS = ['release', 'reply', 'studio-playlist', 'practice', 'account'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/**
 * The kinds the team sends from the admin console. Replies and practice reminders come from members (a reply, a
 * studio owner's reminder): sent by the team under those kinds they would reach members through a preference
 * that means something else.
 */
export const ADMIN_NOTIFICATION_KINDS = [
  'release',
  'studio-playlist',
  'account',
] as const satisfies readonly NotificationKind[];
export type AdminNotificationKind = (typeof ADMIN_NOTIFICATION_KINDS)[number];
export const isAdminNotificationKind = (kind: string): kind is AdminNotificationKind =>
  (ADMIN_NOTIFICATION_KINDS as readonly string[]).includes(kind);

export const NOTIFICATION_KIND_LABELS: Record<NotificationKind, string> = {
  release: 'New releases',
  reply: 'Replies to my comments',
  'studio-playlist': 'Studio playlist changes',
  practice: 'Practice reminders from my studio',
  account: 'Account and billing',
};

/** How a notification reaches a member: the in-app inbox (bell), Web Push on each allowed device, and mail. */
export const NOTIFICATION_CHANNELS = ['inbox', 'push', 'mail'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

export const NOTIFICATION_CHANNEL_LABELS: Record<NotificationChannel, string> = {
  inbox: 'In the app',
  push: 'Push on this and my other devices',
  mail: 'By email',
};

/**
 * A preference nobody can turn off: account and billing mail is transactional (password reset, email change,
 * billing receipts), not marketing (decision 0038).
 */
export const isLockedPreference = (kind: NotificationKind, channel: NotificationChannel) =>
  kind === 'account' && channel === 'mail';

/**
 * What a member gets without having chosen (decision 0038): everything in the app and by push; by mail, replies
 * (as the reply mail always did), account mail and the studio's practice reminders (an owner asks for each
 * one, decision 0051), while release news and studio playlist mail are opt-in.
 */
export function defaultPreference(kind: NotificationKind, channel: NotificationChannel): boolean {
  if (channel !== 'mail') return true;
  return kind === 'reply' || kind === 'account' || kind === 'practice';
}

/** The answer of the one-click unsubscribe (decision 0038). */
export const UNSUBSCRIBE_MESSAGES = {
  done: (label: string) => `You will no longer get emails about “${label}”.`,
  invalid:
    'This unsubscribe link is invalid or has expired. You can change your emails on your account page.',
} as const;

/** Spec 3 §4 and §9, with the spec's spelling ("transfered"); the billing records spell it "transferred". */
export const GROUP_NOTIFICATION_STATUSES = [
  'future',
  'active',
  'in_trial',
  'non_renewing',
  'paused',
  'cancelled',
  'transfered',
] as const;
export type GroupNotificationStatus = (typeof GROUP_NOTIFICATION_STATUSES)[number];

export const GROUP_STATUS_LABELS: Record<GroupNotificationStatus, string> = {
  future: 'Future',
  active: 'Active',
  in_trial: 'Trial',
  non_renewing: 'Non Renewing',
  paused: 'Paused',
  cancelled: 'Cancelled',
  transfered: 'Transfered',
};

/** Day numbers of a weekly schedule: Sunday 0 to Saturday 6 (spec 3 §3, §9). */
export const WEEKDAY_LABELS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** The schedule step: 300 seconds (spec 3 §9). */
export const SCHEDULE_STEP_MINUTES = 5;

/** HH:MM on a 5-minute step, 00:00 to 23:55. */
export const SCHEDULE_TIME_PATTERN = /^([01]\d|2[0-3]):([0-5][05])$/;

/**
 * The latest occurrence at or before `now` of a weekly schedule (days 0-6, HH:MM in America/New_York), as a UTC
 * instant, looking back at most 7 days; null when no day is set. Wall-clock times that do not exist (the spring
 * change skips 2:00-2:59) run at the instant TZDate maps them to (an hour later); a time that happens twice (the
 * autumn change) runs once, at its first instant.
 */
export function latestWeeklyOccurrence(days: readonly number[], time: string, now: Date): Date | null {
  const match = SCHEDULE_TIME_PATTERN.exec(time);
  if (!match || days.length === 0) return null;
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  const today = new TZDate(now.getTime(), RELEASE_TIME_ZONE);
  for (let back = 0; back <= 7; back += 1) {
    const candidate = new TZDate(
      today.getFullYear(),
      today.getMonth(),
      today.getDate() - back,
      hours,
      minutes,
      0,
      RELEASE_TIME_ZONE,
    );
    if (!days.includes(candidate.getDay())) continue;
    if (candidate.getTime() <= now.getTime()) return new Date(candidate.getTime());
  }
  return null;
}

/** "Mon, Wed at 9:00 AM" for the schedule list. */
export function describeSchedule(days: readonly number[], time: string): string {
  const match = SCHEDULE_TIME_PATTERN.exec(time);
  const names = [...days].sort((a, b) => a - b).map((d) => WEEKDAY_LABELS[d]?.slice(0, 3) ?? '?');
  if (!match) return names.join(', ');
  const h = Number(match[1]);
  const clock = `${h % 12 === 0 ? 12 : h % 12}:${match[2]} ${h < 12 ? 'AM' : 'PM'}`;
  return `${names.join(', ')} at ${clock}`;
}

/** The next occurrence strictly after `now` of a weekly schedule, as a UTC instant; null when no day is set. */
export function nextWeeklyOccurrence(days: readonly number[], time: string, now: Date): Date | null {
  const match = SCHEDULE_TIME_PATTERN.exec(time);
  if (!match || days.length === 0) return null;
  const today = new TZDate(now.getTime(), RELEASE_TIME_ZONE);
  for (let ahead = 0; ahead <= 7; ahead += 1) {
    const candidate = new TZDate(
      today.getFullYear(),
      today.getMonth(),
      today.getDate() + ahead,
      Number(match[1]),
      Number(match[2]),
      0,
      RELEASE_TIME_ZONE,
    );
    if (days.includes(candidate.getDay()) && candidate.getTime() > now.getTime())
      return new Date(candidate.getTime());
  }
  return null;
}

/** The live channel of a member's inbox (Server-Sent Events): an `inbox` event when a notification arrives. */
export const INBOX_CHANNEL_PREFIX = 'notifications';
export const INBOX_EVENT = 'inbox';
export const inboxChannel = (userId: string) => `${INBOX_CHANNEL_PREFIX}:user:${userId}`;
