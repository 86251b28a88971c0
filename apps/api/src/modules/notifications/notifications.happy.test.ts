import { GROUP_NOTIFICATION_STATUSES } from '@dance/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, logInAs, type Session, type TestApp } from '../../../test/helpers';
import { auditLog, notificationInbox, notificationSchedules, notifications } from '../../db/schema';
import { subscribe } from '../playback/test-factories';
import { fanOut, notify, runWeeklySchedules } from './service';

let t: TestApp;
let admin: Session;
let adminId = '';
/** One member per status (two active), a sub-user riding on an active studio, and a member without a plan. */
const byStatus: Record<string, string[]> = {};
let noPlanId = '';

beforeAll(async () => {
  t = await createTestApp();
  const adminUser = await createUser(t.app, { role: 'admin' });
  adminId = adminUser.id;
  admin = await logInAs(t.app, adminUser.email);
  for (const status of GROUP_NOTIFICATION_STATUSES) {
    const user = await createUser(t.app);
    await subscribe(t.app, user.id, status === 'transfered' ? 'transferred' : status);
    byStatus[status] = [user.id];
  }
  const owner = await createUser(t.app, { userType: 'studio-owner' });
  await subscribe(t.app, owner.id, 'active', 'STUDIO-5');
  const sub = await createUser(t.app, { userType: 'subuser', studioOwnerId: owner.id });
  byStatus.active!.push(owner.id, sub.id);
  noPlanId = (await createUser(t.app)).id;
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: admin.headers, payload: payload as object });

async function waitDone(id: string) {
  const until = Date.now() + 20_000;
  for (;;) {
    const [row] = await t.app.db.select().from(notifications).where(eq(notifications.id, id));
    if (row?.state === 'done') return row;
    if (Date.now() > until) throw new Error(`notification ${id} stuck in ${row?.state}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
const inboxOf = async (notificationId: string) =>
  (
    await t.app.db
      .select({ userId: notificationInbox.userId })
      .from(notificationInbox)
      .where(eq(notificationInbox.notificationId, notificationId))
  )
    .map((r) => r.userId)
    .sort();

describe('group notifications', () => {
  it('counts recipients per subscription status before sending, and a member who opted out is not one', async () => {
    const countsRes = await call('GET', '/admin/notifications/recipients');
    const counts = countsRes.json();
    expect(counts.byStatus).toEqual({
      future: 1,
      active: 3,
      in_trial: 1,
      non_renewing: 1,
      paused: 1,
      cancelled: 1,
      transfered: 1,
    });
    // Everyone: the nine above and the member without a plan (admins are not members).
    expect(counts.all).toBe(10);

    const paused = byStatus.paused![0]!;
    const session = await logInAs(
      t.app,
      (await t.app.db.query.users.findFirst({ where: (u, { eq: is }) => is(u.id, paused) }))!.email,
    );
    await t.app.inject({
      method: 'PUT',
      url: '/api/v1/notifications/preferences',
      headers: session.headers,
      payload: {
        preferences: [
          { kind: 'release', channel: 'inbox', enabled: false },
          { kind: 'release', channel: 'push', enabled: false },
        ],
      },
    });
    const after = (await call('GET', '/admin/notifications/recipients?kind=release')).json();
    expect(after.byStatus.paused).toBe(0);
    expect((await call('GET', '/admin/notifications/recipients?kind=account')).json().byStatus.paused).toBe(
      1,
    );
  });

  it.each(GROUP_NOTIFICATION_STATUSES)('sends to exactly the %s members', async (status) => {
    const res = await call('POST', '/admin/notifications/group', {
      status,
      title: `To ${status}`,
      body: 'Hi',
    });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toMatchObject({ audience: { type: 'status', status }, state: 'queued' });
    const done = await waitDone(res.json().id);
    const expected = status === 'paused' ? [] : [...byStatus[status]!].sort();
    expect(await inboxOf(done.id)).toEqual(expected);
    expect(done.recipients).toBe(expected.length);
  });
});

describe('send now and the sent list', () => {
  it('reaches every member, is audited, and the list shows its counts', async () => {
    const res = await call('POST', '/admin/notifications', {
      title: 'Big news',
      body: 'New classes this week',
    });
    expect(res.statusCode).toBe(202);
    const done = await waitDone(res.json().id);
    // Everyone but the paused member, who turned release notifications off.
    expect(done.recipients).toBe(9);
    expect((await inboxOf(done.id)).includes(noPlanId)).toBe(true);
    const list = (await call('GET', '/admin/notifications')).json();
    expect(list.items[0]).toMatchObject({ id: done.id, recipients: 9, delivered: 0, failed: 0, opened: 0 });
    const audits = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'notification'), eq(auditLog.entityId, done.id)));
    expect(audits.map((a) => a.action)).toEqual(['send']);
  });

  it('notify() to some users writes their inbox, and the member reads, opens and marks all read', async () => {
    const member = await createUser(t.app);
    const session = await logInAs(t.app, member.email);
    const first = await notify(t.app, {
      audience: { userIds: [member.id] },
      kind: 'reply',
      title: 'Ana replied to your comment',
      body: 'Great turn!',
      url: '/classes',
    });
    const second = await notify(t.app, {
      audience: { userIds: [member.id, member.id] },
      kind: 'account',
      title: 'Your plan renews soon',
      body: 'In 3 days',
    });
    await waitDone(first.id);
    await waitDone(second.id);
    const me = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown) =>
      t.app.inject({ method, url: `/api/v1${url}`, headers: session.headers, payload: payload as object });
    const inbox = (await me('GET', '/notifications')).json();
    expect(inbox.unreadCount).toBe(2);
    expect(inbox.items.map((i: { title: string }) => i.title)).toEqual([
      'Your plan renews soon',
      'Ana replied to your comment',
    ]);
    const reply = inbox.items[1];
    const opened = await me('PATCH', `/notifications/${reply.id}`, { isRead: true, opened: true });
    expect(opened.json()).toMatchObject({ id: reply.id, isRead: true });
    await me('PATCH', `/notifications/${reply.id}`, { isRead: false, opened: true });
    const [counted] = await t.app.db.select().from(notifications).where(eq(notifications.id, first.id));
    expect(counted!.opened).toBe(1);
    expect((await me('GET', '/notifications')).json().unreadCount).toBe(2);
    expect((await me('POST', '/notifications/read-all')).json()).toEqual({ updated: 2 });
    expect((await me('GET', '/notifications')).json().unreadCount).toBe(0);
  });

  it('a second run of a fan-out adds nothing', async () => {
    const member = await createUser(t.app);
    const sent = await notify(t.app, {
      audience: { userIds: [member.id] },
      kind: 'release',
      title: 'A',
      body: 'B',
    });
    await waitDone(sent.id);
    await t.app.db.update(notifications).set({ state: 'queued' }).where(eq(notifications.id, sent.id));
    await fanOut(t.app, sent.id);
    await waitDone(sent.id);
    expect(await inboxOf(sent.id)).toEqual([member.id]);
  });
});

describe('weekly schedules', () => {
  it('creates, lists with the next run, edits, pauses and deletes, each audited', async () => {
    const created = await call('POST', '/admin/notification-schedules', {
      days: [5, 1],
      time: '09:00',
      title: 'Weekly warm-up',
      body: 'Start your week moving',
    });
    expect(created.statusCode).toBe(201);
    const schedule = created.json();
    expect(schedule).toMatchObject({ days: [1, 5], time: '09:00', isPaused: false });
    expect(schedule.nextRunAt).not.toBeNull();
    const edited = await call('PUT', `/admin/notification-schedules/${schedule.id}`, {
      days: [0],
      time: '18:30',
      title: 'Sunday stretch',
      body: 'Ten minutes',
    });
    expect(edited.json()).toMatchObject({ days: [0], time: '18:30', title: 'Sunday stretch' });
    const paused = await call('PATCH', `/admin/notification-schedules/${schedule.id}`, { isPaused: true });
    expect(paused.json()).toMatchObject({ isPaused: true, nextRunAt: null });
    expect((await call('GET', '/admin/notification-schedules')).json().items).toHaveLength(1);
    expect((await call('DELETE', `/admin/notification-schedules/${schedule.id}`)).json()).toEqual({
      id: schedule.id,
    });
    const audits = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'notification-schedule'), eq(auditLog.entityId, schedule.id)));
    expect(audits.map((a) => a.action).sort()).toEqual(['create', 'delete', 'pause', 'update']);
  });

  it('sends each occurrence once at its New York time, across the daylight-saving change', async () => {
    // Sunday 09:00 New York. 2026-11-01 is the autumn change (EST from 2:00): 09:00 EST is 14:00 UTC;
    // the Sunday before (2026-10-25, EDT) 09:00 is 13:00 UTC.
    const [row] = await t.app.db
      .insert(notificationSchedules)
      .values({
        days: [0],
        time: '09:00',
        title: 'Sunday class',
        body: 'New this week',
        createdBy: adminId,
        createdAt: new Date('2026-10-01T00:00:00Z'),
        updatedAt: new Date('2026-10-01T00:00:00Z'),
      })
      .returning();
    const id = row!.id;
    expect(await runWeeklySchedules(t.app, new Date('2026-10-25T12:59:00Z'))).toEqual([]);
    const [firstRun] = await runWeeklySchedules(t.app, new Date('2026-10-25T13:00:30Z'));
    expect(firstRun).toMatchObject({ scheduleId: id, error: null });
    expect(firstRun!.occurrence.toISOString()).toBe('2026-10-25T13:00:00.000Z');
    // The same minute again (a second process, a retry): nothing.
    expect(await runWeeklySchedules(t.app, new Date('2026-10-25T13:00:40Z'))).toEqual([]);
    // After the change, 09:00 New York is 14:00 UTC.
    expect(await runWeeklySchedules(t.app, new Date('2026-11-01T13:30:00Z'))).toEqual([]);
    const [afterChange] = await runWeeklySchedules(t.app, new Date('2026-11-01T14:01:00Z'));
    expect(afterChange!.occurrence.toISOString()).toBe('2026-11-01T14:00:00.000Z');
    // A run missed by more than an hour is skipped, not sent late.
    expect(await runWeeklySchedules(t.app, new Date('2026-11-08T15:30:00Z'))).toEqual([]);
    const sent = await t.app.db.select().from(notifications).where(eq(notifications.scheduleId, id));
    expect(sent).toHaveLength(2);
    expect(sent.every((n) => n.source === 'schedule' && n.title === 'Sunday class')).toBe(true);
  });
});
