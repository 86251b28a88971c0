import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, createUser, type TestApp } from '../../test/helpers';
import {
  notificationInbox,
  notificationPreferences,
  notificationSchedules,
  notifications,
} from '../db/schema';
import { seedDemoNotifications } from './notifications';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it('seeds two weekly schedules, three sent notifications and every member inbox, once', async () => {
  await createUser(t.app, { role: 'admin', email: 'admin@demo.test' });
  const member = await createUser(t.app, { email: 'dancer@demo.test' });
  expect(await seedDemoNotifications(t.app.db)).toEqual({ sent: 3, schedules: 2 });
  expect(await t.app.db.select().from(notificationSchedules)).toHaveLength(2);
  expect(await t.app.db.select().from(notifications)).toHaveLength(3);
  const inbox = await t.app.db
    .select()
    .from(notificationInbox)
    .where(eq(notificationInbox.userId, member.id));
  expect(inbox.filter((i) => i.readAt === null)).toHaveLength(2);
  // The individual demo member chose release news by email.
  expect(
    await t.app.db
      .select({ kind: notificationPreferences.kind, channel: notificationPreferences.channel })
      .from(notificationPreferences)
      .where(eq(notificationPreferences.userId, member.id)),
  ).toEqual([{ kind: 'release', channel: 'mail' }]);
  expect(await seedDemoNotifications(t.app.db)).toBeNull();
});
