import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { notifications, studioAssignees } from '../../db/schema';
import { createPlaylistWorld, type PlaylistWorld, send } from '../playlists/test-setup';
import { recordPractice } from '../practice/service';

let t: TestApp;
let w: PlaylistWorld;
let playlistId: string;
beforeAll(async () => {
  t = await createTestApp();
  w = await createPlaylistWorld(t.app, 3);
  const res = await send(t.app, w.sessions.owner, 'POST', '/playlists', {
    type: 'SPL',
    name: 'Week 1 combo',
    videoIds: w.videoIds,
  });
  playlistId = res.json().id;
});
afterAll(() => t.close());

describe('studio assignments', () => {
  it('assigns a studio playlist, and both sides see the dancer progress', async () => {
    const created = await send(t.app, w.sessions.owner, 'POST', '/studio/assignments', {
      playlistId,
      subUserIds: [w.users.subuser.id],
      dueDate: '2026-12-31',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      playlistName: 'Week 1 combo',
      dueDate: '2026-12-31',
      dancers: [{ userId: w.users.subuser.id, videosCompleted: 0, videosTotal: 3, secondsPractised: 0 }],
    });
    // The dancer hears of it in the inbox and by push.
    const [note] = await t.app.db.select().from(notifications).where(eq(notifications.kind, 'practice'));
    expect(note).toMatchObject({ userIds: [w.users.subuser.id], url: '/practice' });

    // The dancer finishes one video and practises.
    await send(t.app, w.sessions.subuser, 'PUT', `/me/progress/${w.videoIds[0]}`, {
      positionSeconds: 60,
      durationSeconds: 60,
    });
    await recordPractice(t.app.db, w.users.subuser.id, {
      videoId: w.videoIds[1]!,
      seconds: 120,
      timeZone: 'UTC',
    });

    const mine = (await send(t.app, w.sessions.subuser, 'GET', '/me/assignments')).json();
    expect(mine.assignments).toEqual([
      expect.objectContaining({
        playlistName: 'Week 1 combo',
        videosCompleted: 1,
        videosTotal: 3,
        secondsPractised: 120,
      }),
    ]);
    const owner = (await send(t.app, w.sessions.owner, 'GET', '/studio/assignments')).json();
    expect(owner.assignments[0].dancers).toEqual([
      expect.objectContaining({ userId: w.users.subuser.id, videosCompleted: 1, secondsPractised: 120 }),
    ]);
  });

  it('reminds the dancers who have not finished, by mail now and inbox/push, once a day', async () => {
    const { id } = (await send(t.app, w.sessions.owner, 'GET', '/studio/assignments')).json().assignments[0];
    const first = await send(t.app, w.sessions.owner, 'POST', `/studio/assignments/${id}/reminders`, {});
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      reminded: [w.users.subuser.id],
      message: 'Reminder sent to 1 dancer.',
    });
    const mails = (
      await t.app.inject({
        method: 'GET',
        url: `/api/v1/dev/mail?to=${encodeURIComponent(w.users.subuser.email)}`,
      })
    ).json().mails as { subject: string }[];
    expect(mails.some((m) => m.subject.includes('reminds you to practise “Week 1 combo”'))).toBe(true);
    const notes = await t.app.db.select().from(notifications).where(eq(notifications.kind, 'practice'));
    expect(notes).toHaveLength(2);

    // A second reminder within the day is refused and sends nothing.
    const again = await send(t.app, w.sessions.owner, 'POST', `/studio/assignments/${id}/reminders`, {});
    expect(again.statusCode).toBe(429);
    expect(
      await t.app.db.select().from(notifications).where(eq(notifications.kind, 'practice')),
    ).toHaveLength(2);

    // A day later it may be sent again.
    await t.app.db.update(studioAssignees).set({ remindedAt: new Date(Date.now() - 25 * 3_600_000) });
    expect(
      (await send(t.app, w.sessions.owner, 'POST', `/studio/assignments/${id}/reminders`, {})).statusCode,
    ).toBe(200);
  });

  it('refuses to assign the same playlist twice, and withdraws an assignment', async () => {
    const twice = await send(t.app, w.sessions.owner, 'POST', '/studio/assignments', {
      playlistId,
      subUserIds: [w.users.subuser.id],
    });
    expect(twice.statusCode).toBe(409);
    const { id } = (await send(t.app, w.sessions.owner, 'GET', '/studio/assignments')).json().assignments[0];
    expect((await send(t.app, w.sessions.owner, 'DELETE', `/studio/assignments/${id}`)).statusCode).toBe(200);
    expect((await send(t.app, w.sessions.subuser, 'GET', '/me/assignments')).json().assignments).toEqual([]);
  });
});
