import type { TPlaylistDetail, TPlaylistOrder } from '@dance/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import type { DbOrTx } from '../../db/client';
import { playlistItems, playlists, videos } from '../../db/schema';
import { findPlaylist, loadDetail } from './queries';
import { createPlaylistWorld, type PlaylistWorld, positionsOf, send } from './test-setup';

let t: TestApp;
let w: PlaylistWorld;
beforeAll(async () => {
  t = await createTestApp();
  w = await createPlaylistWorld(t.app);
});
afterAll(() => t.close());

async function storedPositions(playlistId: string) {
  const rows = await t.app.db
    .select({ videoId: playlistItems.videoId, position: playlistItems.position })
    .from(playlistItems)
    .where(eq(playlistItems.playlistId, playlistId));
  return rows.sort((a, b) => a.position - b.position);
}

describe('personal playlists', () => {
  let id = '';
  it('creates one with videos in order and sums the durations', async () => {
    const res = await send(t.app, w.sessions.member, 'POST', '/playlists', {
      type: 'PPL',
      name: '  Warm-ups ',
      videoIds: [w.videoIds[2], w.videoIds[0]],
    });
    expect(res.statusCode).toBe(201);
    const body = res.json<TPlaylistDetail>();
    id = body.id;
    expect(body).toMatchObject({
      type: 'PPL',
      name: 'Warm-ups',
      videoCount: 2,
      totalDurationSeconds: 62 + 60,
      firstVideoId: w.videoIds[2],
    });
    expect(body.videos.map((v) => [v.id, v.position])).toEqual([
      [w.videoIds[2], 1],
      [w.videoIds[0], 2],
    ]);
    expect(body.videos[0]!.tags.map((tag) => tag.name)).toEqual(['Ballet']);
  });

  it('lists the member’s own playlists with count and duration', async () => {
    const res = await send(t.app, w.sessions.member, 'GET', '/playlists?type=PPL');
    expect(res.statusCode).toBe(200);
    expect(res.json().items).toEqual([
      expect.objectContaining({
        id,
        videoCount: 2,
        totalDurationSeconds: 122,
        firstVideoId: w.videoIds[2],
        name: 'Warm-ups',
      }),
    ]);
    const other = await send(t.app, w.sessions.otherMember, 'GET', '/playlists?type=PPL');
    expect(other.json().items).toEqual([]);
  });

  it('renames, adds and removes videos, keeping positions dense', async () => {
    const res = await send(t.app, w.sessions.member, 'PATCH', `/playlists/${id}`, {
      name: 'Daily',
      addVideoIds: [w.videoIds[3], w.videoIds[4]],
      removeVideoIds: [w.videoIds[2]],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().name).toBe('Daily');
    expect((await storedPositions(id)).map((r) => [r.videoId, r.position])).toEqual([
      [w.videoIds[0], 1],
      [w.videoIds[3], 2],
      [w.videoIds[4], 3],
    ]);
  });

  it('reorders in one request', async () => {
    const order = [w.videoIds[4]!, w.videoIds[0]!, w.videoIds[3]!];
    const res = await send(t.app, w.sessions.member, 'PUT', `/playlists/${id}/order`, {
      positions: positionsOf(order),
    });
    expect(res.statusCode).toBe(200);
    // The answer is the saved order (the client refetches the playlist).
    expect(res.json()).toEqual({ id, videoIds: order });
    expect((await storedPositions(id)).map((r) => r.videoId)).toEqual(order);
    expect((await storedPositions(id)).map((r) => r.position)).toEqual([1, 2, 3]);
  });

  it('removes one video and closes the gap', async () => {
    const res = await send(t.app, w.sessions.member, 'DELETE', `/playlists/${id}/videos/${w.videoIds[0]}`);
    expect(res.statusCode).toBe(200);
    expect((await storedPositions(id)).map((r) => [r.videoId, r.position])).toEqual([
      [w.videoIds[4], 1],
      [w.videoIds[3], 2],
    ]);
  });

  it('adds from the dialog to chosen playlists and to a new one', async () => {
    const res = await send(t.app, w.sessions.member, 'POST', '/playlists/add-video', {
      videoId: w.videoIds[5],
      playlistIds: [id],
      newPlaylist: { type: 'PPL', name: 'Fresh' },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.addedTo).toHaveLength(2);
    expect(body.created).toMatchObject({ name: 'Fresh', videoCount: 1, type: 'PPL' });
    expect((await storedPositions(id)).map((r) => [r.videoId, r.position])).toEqual([
      [w.videoIds[4], 1],
      [w.videoIds[3], 2],
      [w.videoIds[5], 3],
    ]);
    // Adding a video already there changes nothing.
    const again = await send(t.app, w.sessions.member, 'POST', '/playlists/add-video', {
      videoId: w.videoIds[5],
      playlistIds: [id],
    });
    expect(again.statusCode).toBe(200);
    expect(await storedPositions(id)).toHaveLength(3);
  });

  it('deletes it', async () => {
    const res = await send(t.app, w.sessions.member, 'DELETE', `/playlists/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Playlist deleted Successfully');
    expect(await t.app.db.select().from(playlists).where(eq(playlists.id, id))).toEqual([]);
  });
});

describe('studio playlists', () => {
  it('a sub-user creates one the owner and other sub-users see; the owner reorders it', async () => {
    const res = await send(t.app, w.sessions.subuser, 'POST', '/playlists', {
      type: 'SPL',
      name: 'Monday',
      description: 'Class plan',
      videoIds: [w.videoIds[0], w.videoIds[1]],
    });
    expect(res.statusCode).toBe(201);
    const id = res.json().id as string;
    expect(res.json().studioOwnerId).toBe(w.users.owner.id);
    const listed = await send(t.app, w.sessions.owner, 'GET', '/playlists?type=SPL');
    expect(listed.json().items.map((p: { id: string }) => p.id)).toEqual([id]);
    const added = await send(t.app, w.sessions.subuser, 'PATCH', `/playlists/${id}`, {
      addVideoIds: [w.videoIds[2]],
    });
    expect(added.statusCode).toBe(200);
    const order = [w.videoIds[2]!, w.videoIds[1]!, w.videoIds[0]!];
    const reordered = await send(t.app, w.sessions.owner, 'PUT', `/playlists/${id}/order`, {
      positions: positionsOf(order),
    });
    expect(reordered.json<TPlaylistOrder>().videoIds).toEqual(order);
    const reread = await send(t.app, w.sessions.subuser, 'GET', `/playlists/${id}`);
    expect(reread.json<TPlaylistDetail>().videos.map((v) => v.id)).toEqual(order);
  });

  it('two concurrent reorders leave a dense, unique order (the last one wins whole)', async () => {
    const created = await send(t.app, w.sessions.owner, 'POST', '/playlists', {
      type: 'SPL',
      name: 'Busy',
      videoIds: w.videoIds,
    });
    const id = created.json().id as string;
    const a = [...w.videoIds].reverse();
    const b = [...w.videoIds.slice(3), ...w.videoIds.slice(0, 3)];
    const [ra, rb] = await Promise.all([
      send(t.app, w.sessions.owner, 'PUT', `/playlists/${id}/order`, { positions: positionsOf(a) }),
      send(t.app, w.sessions.owner, 'PUT', `/playlists/${id}/order`, { positions: positionsOf(b) }),
    ]);
    expect([ra.statusCode, rb.statusCode]).toEqual([200, 200]);
    const stored = await storedPositions(id);
    expect(stored.map((r) => r.position)).toEqual([1, 2, 3, 4, 5, 6]);
    const ids = stored.map((r) => r.videoId);
    expect([JSON.stringify(a), JSON.stringify(b)]).toContain(JSON.stringify(ids));
  });
});

describe('featured playlists', () => {
  it('an admin creates, updates, reorders and deletes one, audited; guests read it', async () => {
    const res = await send(t.app, w.sessions.admin, 'POST', '/admin/featured-playlists', {
      name: 'Picks',
      description: 'Our picks',
      thumbnailUrl: '/files/playlist/a.png',
      videoIds: [w.videoIds[0], w.videoIds[1], w.videoIds[2]],
    });
    expect(res.statusCode).toBe(201);
    const id = res.json().id as string;
    const guestList = await send(t.app, null, 'GET', '/playlists?type=FPL');
    expect(guestList.json().items).toEqual([
      expect.objectContaining({
        id,
        thumbnailUrl: '/files/playlist/a.png',
        customThumbnailUrl: '/files/playlist/a.png',
        videoCount: 3,
      }),
    ]);
    expect((await send(t.app, null, 'GET', `/playlists/${id}`)).statusCode).toBe(200);
    await t.app.db
      .update(videos)
      .set({ thumbnailUrl: '/files/thumbnail/first.png' })
      .where(eq(videos.id, w.videoIds[0]!));
    const updated = await send(t.app, w.sessions.admin, 'PUT', `/admin/featured-playlists/${id}`, {
      name: 'Top picks',
      description: 'Updated',
      thumbnailUrl: null,
      videoIds: [w.videoIds[2], w.videoIds[3], w.videoIds[0]],
    });
    expect(updated.statusCode).toBe(200);
    // Without its own thumbnail, the cards show the first video's; the playlist keeps none of its own.
    expect(updated.json<TPlaylistDetail>()).toMatchObject({
      customThumbnailUrl: null,
      thumbnailUrl: '/files/thumbnail/first.png',
    });
    // Kept videos keep their order; new ones are appended.
    expect(updated.json<TPlaylistDetail>().videos.map((v) => v.id)).toEqual([
      w.videoIds[0],
      w.videoIds[2],
      w.videoIds[3],
    ]);
    const order = [w.videoIds[3]!, w.videoIds[0]!, w.videoIds[2]!];
    const reordered = await send(t.app, w.sessions.admin, 'PUT', `/admin/featured-playlists/${id}/order`, {
      positions: positionsOf(order),
    });
    expect(reordered.json<TPlaylistOrder>().videoIds).toEqual(order);
    const reread = await send(t.app, null, 'GET', `/playlists/${id}`);
    expect(reread.json<TPlaylistDetail>().videos.map((v) => v.id)).toEqual(order);
    // The member area's add-to-playlists dialog reaches featured playlists for an admin: audited too.
    const added = await send(t.app, w.sessions.admin, 'POST', '/playlists/add-video', {
      videoId: w.videoIds[1],
      playlistIds: [id],
    });
    expect(added.statusCode).toBe(200);
    const deleted = await send(t.app, w.sessions.admin, 'DELETE', `/admin/featured-playlists/${id}`);
    expect(deleted.json().message).toBe('Deleted Successfully');
    const audits = await t.database.query<{ action: string }>(
      `select action from audit_log where entity = 'featured-playlist' and entity_id = $1 order by created_at`,
      [id],
    );
    expect(audits.map((a) => a.action)).toEqual(['create', 'update', 'reorder', 'add-video', 'delete']);
  });
});

describe('loading a playlist', () => {
  /** Counts the queries a function starts through the db handle (select, insert, update, delete, execute). */
  function countingDb(db: DbOrTx) {
    let count = 0;
    const counted = new Set(['select', 'selectDistinct', 'execute', 'insert', 'update', 'delete']);
    const proxy = new Proxy(db, {
      get(target, prop, receiver) {
        const value = Reflect.get(target, prop, receiver);
        if (typeof prop === 'string' && counted.has(prop) && typeof value === 'function')
          return (...args: unknown[]) => {
            count += 1;
            return value.apply(target, args);
          };
        return value;
      },
    });
    return { db: proxy, count: () => count };
  }

  it('takes the same number of queries for 2 videos as for 60, with their tags', async () => {
    const { createVideo } = await import('../../../test/catalogue-factories');
    const many = [];
    for (let i = 0; i < 60; i += 1) many.push((await createVideo(t.app, { tagIds: [w.tag.id] })).id);
    const small = await send(t.app, w.sessions.member, 'POST', '/playlists', {
      type: 'PPL',
      name: 'Small',
      videoIds: many.slice(0, 2),
    });
    const large = await send(t.app, w.sessions.member, 'POST', '/playlists', {
      type: 'PPL',
      name: 'Large',
      videoIds: many,
    });
    const measure = async (id: string) => {
      const counter = countingDb(t.app.db);
      const row = await findPlaylist(counter.db, id);
      const detail = await loadDetail(counter.db, row!, w.users.member.id);
      return { count: counter.count(), detail };
    };
    const a = await measure(small.json().id);
    const b = await measure(large.json().id);
    expect(b.detail.videos).toHaveLength(60);
    expect(b.detail.videos.every((v) => v.tags.length === 1)).toBe(true);
    expect(a.count).toBe(b.count);
    expect(b.count).toBeLessThanOrEqual(5);
  });
});

describe('loading a playlist again (the shared, versioned load)', () => {
  const titlesOf = (res: { json: () => TPlaylistDetail }) => res.json().videos.map((v) => v.title);

  it('shows every change at once: order, name, removal, a video edit, and each member’s saved flags', async () => {
    const ids = [w.videoIds[0]!, w.videoIds[1]!, w.videoIds[2]!];
    const created = await send(t.app, w.sessions.admin, 'POST', '/admin/featured-playlists', {
      name: 'Cached',
      description: 'Loaded often',
      videoIds: ids,
    });
    const id = created.json().id as string;
    const get = (session: (typeof w.sessions)[keyof typeof w.sessions] | null) =>
      send(t.app, session, 'GET', `/playlists/${id}`);
    const first = await get(null);
    expect(first.json<TPlaylistDetail>().videos.map((v) => v.id)).toEqual(ids);
    // The same answer twice (the second from the shared load).
    expect((await get(null)).json()).toEqual(first.json());

    // Saved flags are the member's own, never shared with another viewer.
    expect((await send(t.app, w.sessions.member, 'PUT', `/me/saved-videos/${ids[1]}`)).statusCode).toBe(200);
    const forMember = (await get(w.sessions.member)).json<TPlaylistDetail>();
    expect(forMember.videos.map((v) => v.isSaved)).toEqual([false, true, false]);
    expect((await get(w.sessions.otherMember)).json<TPlaylistDetail>().videos.every((v) => !v.isSaved)).toBe(
      true,
    );
    expect((await get(null)).json<TPlaylistDetail>().videos.every((v) => !v.isSaved)).toBe(true);

    const order = [ids[2], ids[0], ids[1]];
    await send(t.app, w.sessions.admin, 'PUT', `/admin/featured-playlists/${id}/order`, {
      positions: positionsOf(order as string[]),
    });
    expect((await get(null)).json<TPlaylistDetail>().videos.map((v) => v.id)).toEqual(order);

    await send(t.app, w.sessions.admin, 'PUT', `/admin/featured-playlists/${id}`, {
      name: 'Cached, renamed',
      description: 'Loaded often',
      videoIds: order,
    });
    expect((await get(null)).json<TPlaylistDetail>().name).toBe('Cached, renamed');

    await send(t.app, w.sessions.admin, 'DELETE', `/playlists/${id}/videos/${ids[0]}`);
    expect((await get(null)).json<TPlaylistDetail>().videos.map((v) => v.id)).toEqual([ids[2], ids[1]]);

    // A catalogue edit (the video's title) shows too: the catalogue version is part of the key.
    await t.app.db.update(videos).set({ title: 'Clip renamed' }).where(eq(videos.id, ids[1]!));
    expect(titlesOf(await get(null))).toEqual(['Clip 2', 'Clip renamed']);

    // A video that was not in the last load comes with its card; a reorder reuses the renamed card.
    await send(t.app, w.sessions.admin, 'PUT', `/admin/featured-playlists/${id}`, {
      name: 'Cached, renamed',
      description: 'Loaded often',
      videoIds: [ids[2], ids[1], ids[0]],
    });
    expect(titlesOf(await get(null))).toEqual(['Clip 2', 'Clip renamed', 'Clip 0']);
    await send(t.app, w.sessions.admin, 'PUT', `/admin/featured-playlists/${id}/order`, {
      positions: positionsOf([ids[0]!, ids[1]!, ids[2]!]),
    });
    const reordered = (await get(null)).json<TPlaylistDetail>();
    expect(reordered.videos.map((v) => [v.title, v.position])).toEqual([
      ['Clip 0', 1],
      ['Clip renamed', 2],
      ['Clip 2', 3],
    ]);
    expect(reordered.thumbnailUrl).toBe(reordered.videos[0]!.thumbnailUrl);
    await t.app.db.update(videos).set({ title: 'Clip 1' }).where(eq(videos.id, ids[1]!));
  });

  it('a refused edit changes nothing, version included', async () => {
    const res = await send(t.app, w.sessions.member, 'POST', '/playlists', {
      type: 'PPL',
      name: 'Mine',
      videoIds: [w.videoIds[3], w.videoIds[4]],
    });
    const id = res.json().id as string;
    const before = await t.database.query<{ xmin: string; updated_at: string }>(
      'select xmin::text, updated_at::text from playlists where id = $1',
      [id],
    );
    expect(
      (
        await send(t.app, w.sessions.otherMember, 'PUT', `/playlists/${id}/order`, {
          positions: positionsOf([w.videoIds[4]!, w.videoIds[3]!]),
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await send(t.app, w.sessions.member, 'PUT', `/playlists/${id}/order`, {
          positions: positionsOf([w.videoIds[4]!]),
        })
      ).statusCode,
    ).toBe(409);
    const after = await t.database.query<{ xmin: string; updated_at: string }>(
      'select xmin::text, updated_at::text from playlists where id = $1',
      [id],
    );
    expect(after).toEqual(before);
    expect(
      (await send(t.app, w.sessions.member, 'GET', `/playlists/${id}`))
        .json<TPlaylistDetail>()
        .videos.map((v) => v.id),
    ).toEqual([w.videoIds[3], w.videoIds[4]]);
  });
});
