import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Session, type TestApp } from '../../../test/helpers';
import { createPlaylistWorld, type PlaylistWorld, positionsOf, send } from './test-setup';

let t: TestApp;
let w: PlaylistWorld;
const ids = { personal: '', studio: '', featured: '' };
beforeAll(async () => {
  t = await createTestApp();
  w = await createPlaylistWorld(t.app, 3);
  ids.personal = (
    await send(t.app, w.sessions.member, 'POST', '/playlists', {
      type: 'PPL',
      name: 'P',
      videoIds: w.videoIds.slice(0, 2),
    })
  ).json().id;
  ids.studio = (
    await send(t.app, w.sessions.owner, 'POST', '/playlists', {
      type: 'SPL',
      name: 'S',
      videoIds: w.videoIds.slice(0, 2),
    })
  ).json().id;
  ids.featured = (
    await send(t.app, w.sessions.admin, 'POST', '/admin/featured-playlists', {
      name: 'F',
      description: 'd',
      videoIds: w.videoIds.slice(0, 2),
    })
  ).json().id;
});
afterAll(() => t.close());

const snapshot = () =>
  t.database.query(
    'select p.id, p.name, i.video_id, i.position from playlists p left join playlist_items i on i.playlist_id = p.id order by p.id, i.position',
  );

/** Every member action on one playlist. */
const actions = (playlistId: string) =>
  [
    ['read', 'GET', `/playlists/${playlistId}`, undefined],
    ['rename', 'PATCH', `/playlists/${playlistId}`, { name: 'Hacked' }],
    ['add a video', 'PATCH', `/playlists/${playlistId}`, { addVideoIds: [w.videoIds[2]] }],
    [
      'add from the dialog',
      'POST',
      '/playlists/add-video',
      { videoId: w.videoIds[2], playlistIds: [playlistId] },
    ],
    ['remove a video', 'DELETE', `/playlists/${playlistId}/videos/${w.videoIds[0]}`, undefined],
    [
      'reorder',
      'PUT',
      `/playlists/${playlistId}/order`,
      { positions: positionsOf([w.videoIds[1]!, w.videoIds[0]!]) },
    ],
    ['delete', 'DELETE', `/playlists/${playlistId}`, undefined],
  ] as const;

async function expectRefused(session: Session | null, playlistId: string, status: number, only?: string[]) {
  for (const [name, method, url, body] of actions(playlistId)) {
    if (only && !only.includes(name)) continue;
    const before = await snapshot();
    const res = await send(t.app, session, method, url, body);
    expect(`${name}: ${res.statusCode}`).toBe(`${name}: ${status}`);
    expect(await snapshot()).toEqual(before);
  }
}

describe('another member’s personal playlist is invisible (404, never 403)', () => {
  for (const who of ['otherMember', 'vip', 'owner', 'subuser', 'admin'] as const) {
    it(`for ${who}`, () => expectRefused(w.sessions[who], ids.personal, 404));
  }
});

describe('a studio’s playlists from outside the studio answer 404', () => {
  for (const who of ['member', 'vip', 'foreignSubuser', 'admin'] as const) {
    it(`for ${who}`, () => expectRefused(w.sessions[who], ids.studio, 404));
  }
  it('and their list is forbidden', async () => {
    for (const who of ['member', 'vip', 'admin'] as const)
      expect((await send(t.app, w.sessions[who], 'GET', '/playlists?type=SPL')).statusCode).toBe(403);
    const foreign = await send(t.app, w.sessions.foreignSubuser, 'GET', '/playlists?type=SPL');
    expect(foreign.json().items).toEqual([]);
  });
});

describe('a sub-user of the studio', () => {
  it('cannot remove videos, reorder, rename or delete (403, nothing changes)', () =>
    expectRefused(w.sessions.subuser, ids.studio, 403, ['rename', 'remove a video', 'reorder', 'delete']));
  it('can read and add videos', async () => {
    expect((await send(t.app, w.sessions.subuser, 'GET', `/playlists/${ids.studio}`)).statusCode).toBe(200);
    const res = await send(t.app, w.sessions.subuser, 'POST', '/playlists/add-video', {
      videoId: w.videoIds[2],
      playlistIds: [ids.studio],
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('featured playlists', () => {
  it('members cannot change them', async () => {
    for (const who of ['member', 'vip', 'owner', 'subuser'] as const)
      await expectRefused(w.sessions[who], ids.featured, 403, [
        'rename',
        'add a video',
        'add from the dialog',
        'remove a video',
        'reorder',
        'delete',
      ]);
  });
  it('an admin changes them in the admin console only: renaming, adding by a save, reordering or deleting from the member area is refused (403)', () =>
    expectRefused(w.sessions.admin, ids.featured, 403, ['rename', 'add a video', 'reorder', 'delete']));
  it('the admin endpoints refuse members (403) and guests (401)', async () => {
    const before = await snapshot();
    const body = { name: 'X', description: 'd', videoIds: [w.videoIds[0]] };
    expect((await send(t.app, w.sessions.owner, 'POST', '/admin/featured-playlists', body)).statusCode).toBe(
      403,
    );
    expect(
      (await send(t.app, w.sessions.member, 'DELETE', `/admin/featured-playlists/${ids.featured}`))
        .statusCode,
    ).toBe(403);
    expect(
      (await send(t.app, null, 'PUT', `/admin/featured-playlists/${ids.featured}`, body)).statusCode,
    ).toBe(401);
    expect(await snapshot()).toEqual(before);
  });
});

describe('guests and CSRF', () => {
  it('guests read featured playlists only', async () => {
    expect((await send(t.app, null, 'GET', '/playlists?type=FPL')).statusCode).toBe(200);
    expect((await send(t.app, null, 'GET', '/playlists?type=PPL')).statusCode).toBe(401);
    expect((await send(t.app, null, 'GET', `/playlists/${ids.personal}`)).statusCode).toBe(404);
    await expectRefused(null, ids.personal, 401, ['rename', 'reorder', 'delete', 'add from the dialog']);
  });
  it('a cookie mutation without the CSRF token is refused', async () => {
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/playlists/${ids.personal}`,
      headers: { cookie: w.sessions.member.cookie },
    });
    expect(res.statusCode).toBe(403);
  });
  it('VIPs cannot create studio playlists', async () => {
    const res = await send(t.app, w.sessions.vip, 'POST', '/playlists', {
      type: 'SPL',
      name: 'V',
      videoIds: [w.videoIds[0]],
    });
    expect(res.statusCode).toBe(403);
  });
});
