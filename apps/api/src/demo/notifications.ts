import { count, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import {
  notificationInbox,
  notificationPreferences,
  notificationSchedules,
  notifications,
  users,
} from '../db/schema';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Sent notifications of the last week, as the admin sent them, with believable counts. */
const SENT = [
  {
    daysAgo: 6,
    kind: 'release',
    title: 'New this week: Contemporary Flow',
    body: 'Three new classes with Maya are out now. Warm up, then flow.',
    url: '/classes',
    audience: { type: 'all' },
    read: true,
  },
  {
    daysAgo: 3,
    kind: 'account',
    title: 'Your studio playlists just got easier',
    body: 'Reorder videos by dragging them. Your changes save at once.',
    url: '/studio-playlist',
    audience: { type: 'status', status: 'active' },
    read: false,
  },
  {
    daysAgo: 1,
    kind: 'release',
    title: 'Hip Hop Foundations is live',
    body: 'Grooves, bounces and your first combo: start the new series today.',
    url: '/Library',
    audience: { type: 'all' },
    read: false,
  },
] as const;

/**
 * Demo notifications: two weekly schedules, three sent notifications, and an inbox for every member (the
 * individual demo member has two unread and wants release news by email). Added once, when no notification exists.
 */
export async function seedDemoNotifications(db: Db): Promise<{ sent: number; schedules: number } | null> {
  const [existing] = await db.select({ n: count() }).from(notifications);
  if (existing!.n > 0) return null;
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'admin@demo.test'));
  const members = await db.select({ id: users.id }).from(users).where(eq(users.role, 'user'));
  if (!admin || members.length === 0) return null;
  const now = Date.now();

  await db.insert(notificationSchedules).values([
    {
      days: [1],
      time: '09:00',
      kind: 'release',
      title: 'New classes are out',
      body: 'Start your week with this week’s new classes.',
      createdBy: admin.id,
      lastRunAt: new Date(now - 3 * DAY_MS),
      createdAt: new Date(now - 20 * DAY_MS),
      updatedAt: new Date(now - 20 * DAY_MS),
    },
    {
      days: [5, 6],
      time: '17:30',
      kind: 'release',
      title: 'Weekend practice',
      body: 'Twenty minutes on the weekend keeps the moves in your body. Pick a class!',
      isPaused: true,
      createdBy: admin.id,
      createdAt: new Date(now - 12 * DAY_MS),
      updatedAt: new Date(now - 2 * DAY_MS),
    },
  ]);

  for (const [index, sent] of SENT.entries()) {
    const createdAt = new Date(now - sent.daysAgo * DAY_MS);
    const recipients = members.length;
    const [row] = await db
      .insert(notifications)
      .values({
        kind: sent.kind,
        title: sent.title,
        body: sent.body,
        url: sent.url,
        audience: sent.audience,
        source: 'admin',
        createdBy: admin.id,
        state: 'done',
        recipients,
        delivered: Math.max(0, recipients - 2 - index),
        failed: index === 0 ? 1 : 0,
        opened: Math.ceil(recipients / (2 + index)),
        createdAt,
      })
      .returning({ id: notifications.id });
    await db.insert(notificationInbox).values(
      members.map((m) => ({
        userId: m.id,
        notificationId: row!.id,
        createdAt,
        readAt: sent.read ? new Date(createdAt.getTime() + 3600_000) : null,
      })),
    );
  }
  // The individual demo member chose release news by email (decision 0038), so the dev outbox shows such mail
  // with its one-click unsubscribe link.
  const [dancer] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'dancer@demo.test'));
  if (dancer)
    await db
      .insert(notificationPreferences)
      .values({ userId: dancer.id, kind: 'release', channel: 'mail', enabled: true })
      .onConflictDoNothing();
  return { sent: SENT.length, schedules: 2 };
}
