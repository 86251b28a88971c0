import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, logInAs, type TestApp } from '../../../test/helpers';
import { studioAssignments } from '../../db/schema';
import { createPlaylistWorld, type PlaylistWorld, send } from '../playlists/test-setup';
import { recordPractice } from '../practice/service';

let t: TestApp;
let w: PlaylistWorld;
let playlistId: string;
let otherPlaylistId: string;
let otherOwner: { id: string; session: Awaited<ReturnType<typeof logInAs>> };
beforeAll(async () => {
  t = await createTestApp();
  w = await createPlaylistWorld(t.app, 2);
  playlistId = (
    await send(t.app, w.sessions.owner, 'POST', '/playlists', {
      type: 'SPL',
      name: 'A',
      videoIds: w.videoIds,
    })
  ).json().id;
  // The foreign sub-user's studio, with a playlist of its own.
  const foreignOwnerId = (await t.app.db.query.users.findFirst({
    where: (u, { eq }) => eq(u.id, w.users.foreignSubuser.studioOwnerId!),
  }))!;
  otherOwner = { id: foreignOwnerId.id, session: await logInAs(t.app, foreignOwnerId.email) };
  otherPlaylistId = (
    await send(t.app, otherOwner.session, 'POST', '/playlists', {
      type: 'SPL',
      name: 'B',
      videoIds: w.videoIds,
    })
  ).json().id;
});
afterAll(() => t.close());

const assignments = async () => (await t.app.db.select({ n: count() }).from(studioAssignments))[0]!.n;

describe('studio assignments: who may', () => {
  it("refuses another studio's sub-user or playlist with 404 and writes nothing", async () => {
    const cases = [
      [w.sessions.owner, { playlistId, subUserIds: [w.users.foreignSubuser.id] }],
      [w.sessions.owner, { playlistId, subUserIds: [w.users.subuser.id, w.users.member.id] }],
      [w.sessions.owner, { playlistId: otherPlaylistId, subUserIds: [w.users.subuser.id] }],
      [otherOwner.session, { playlistId, subUserIds: [w.users.foreignSubuser.id] }],
      [otherOwner.session, { playlistId: otherPlaylistId, subUserIds: [w.users.subuser.id] }],
    ] as const;
    for (const [session, payload] of cases)
      expect((await send(t.app, session, 'POST', '/studio/assignments', payload)).statusCode).toBe(404);
    expect(await assignments()).toBe(0);
  });

  it('lets only studio owners manage assignments', async () => {
    for (const who of ['member', 'vip', 'subuser', 'admin'] as const) {
      const res = await send(t.app, w.sessions[who], 'POST', '/studio/assignments', {
        playlistId,
        subUserIds: [w.users.subuser.id],
      });
      expect(res.statusCode).toBe(403);
      expect((await send(t.app, w.sessions[who], 'GET', '/studio/assignments')).statusCode).toBe(403);
    }
    expect((await send(t.app, null, 'GET', '/me/assignments')).statusCode).toBe(401);
    expect(await assignments()).toBe(0);
  });

  it("shows an owner only their studio's, a dancer only their own figures", async () => {
    const second = await createUser(t.app, { userType: 'subuser', studioOwnerId: w.users.owner.id });
    const secondSession = await logInAs(t.app, second.email);
    const created = await send(t.app, w.sessions.owner, 'POST', '/studio/assignments', {
      playlistId,
      subUserIds: [w.users.subuser.id, second.id],
    });
    expect(created.statusCode).toBe(201);
    const { id } = created.json();
    await recordPractice(t.app.db, second.id, { videoId: w.videoIds[0]!, seconds: 90, timeZone: 'UTC' });

    // The other owner sees none of it and cannot remind or withdraw it.
    expect((await send(t.app, otherOwner.session, 'GET', '/studio/assignments')).json().assignments).toEqual(
      [],
    );
    expect(
      (await send(t.app, otherOwner.session, 'POST', `/studio/assignments/${id}/reminders`, {})).statusCode,
    ).toBe(404);
    expect((await send(t.app, otherOwner.session, 'DELETE', `/studio/assignments/${id}`)).statusCode).toBe(
      404,
    );
    // Sub-users cannot remind either.
    expect(
      (await send(t.app, w.sessions.subuser, 'POST', `/studio/assignments/${id}/reminders`, {})).statusCode,
    ).toBe(403);

    // Each dancer sees their own figures, never the other's; a foreign sub-user sees nothing.
    const first = (await send(t.app, w.sessions.subuser, 'GET', '/me/assignments')).json().assignments;
    const other = (await send(t.app, secondSession, 'GET', '/me/assignments')).json().assignments;
    expect(first).toEqual([expect.objectContaining({ id, secondsPractised: 0 })]);
    expect(other).toEqual([expect.objectContaining({ id, secondsPractised: 90 })]);
    expect(JSON.stringify(first)).not.toContain(second.id);
    expect(
      (await send(t.app, w.sessions.foreignSubuser, 'GET', '/me/assignments')).json().assignments,
    ).toEqual([]);
  });
});
