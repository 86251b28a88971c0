import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { createPlaylistWorld, type PlaylistWorld, positionsOf, send } from './test-setup';

let t: TestApp;
let w: PlaylistWorld;
let id = '';
beforeAll(async () => {
  t = await createTestApp();
  w = await createPlaylistWorld(t.app, 4);
  const res = await send(t.app, w.sessions.member, 'POST', '/playlists', {
    type: 'PPL',
    name: 'Mine',
    videoIds: w.videoIds.slice(0, 3),
  });
  id = res.json().id;
});
afterAll(() => t.close());

/** The database's playlists and items, to show a refused request changed nothing. */
const snapshot = () =>
  t.database.query(
    'select p.id, p.name, i.video_id, i.position from playlists p left join playlist_items i on i.playlist_id = p.id order by p.id, i.position',
  );

describe('bad input answers 4xx and changes nothing', () => {
  const cases: [string, 'POST' | 'PATCH' | 'PUT', () => string, () => unknown, number, string?][] = [
    [
      'create without a name',
      'POST',
      () => '/playlists',
      () => ({ type: 'PPL', name: ' ', videoIds: [w.videoIds[0]] }),
      400,
      'Name is required',
    ],
    [
      'create without videos',
      'POST',
      () => '/playlists',
      () => ({ type: 'PPL', name: 'x', videoIds: [] }),
      400,
      'At least one video must be selected',
    ],
    [
      'create with duplicate videos',
      'POST',
      () => '/playlists',
      () => ({ type: 'PPL', name: 'x', videoIds: [w.videoIds[0], w.videoIds[0]] }),
      400,
    ],
    [
      'create with an unknown video',
      'POST',
      () => '/playlists',
      () => ({ type: 'PPL', name: 'x', videoIds: [randomUUID()] }),
      400,
      'Unknown video',
    ],
    [
      'create a featured one as a member',
      'POST',
      () => '/playlists',
      () => ({ type: 'FPL', name: 'x', videoIds: [w.videoIds[0]] }),
      400,
    ],
    [
      'reorder with a gap',
      'PUT',
      () => `/playlists/${id}/order`,
      () => ({
        positions: [
          { videoId: w.videoIds[0], position: 1 },
          { videoId: w.videoIds[1], position: 2 },
          { videoId: w.videoIds[2], position: 4 },
        ],
      }),
      400,
    ],
    [
      'reorder with a repeated position',
      'PUT',
      () => `/playlists/${id}/order`,
      () => ({
        positions: [
          { videoId: w.videoIds[0], position: 1 },
          { videoId: w.videoIds[1], position: 1 },
          { videoId: w.videoIds[2], position: 2 },
        ],
      }),
      400,
    ],
    [
      'reorder with a duplicate video',
      'PUT',
      () => `/playlists/${id}/order`,
      () => ({ positions: positionsOf([w.videoIds[0]!, w.videoIds[0]!, w.videoIds[1]!]) }),
      400,
    ],
    [
      'reorder missing a video (stale editor)',
      'PUT',
      () => `/playlists/${id}/order`,
      () => ({ positions: positionsOf(w.videoIds.slice(0, 2)) }),
      409,
    ],
    [
      'reorder naming a video not in it',
      'PUT',
      () => `/playlists/${id}/order`,
      () => ({ positions: positionsOf([w.videoIds[0]!, w.videoIds[1]!, w.videoIds[3]!]) }),
      409,
    ],
    [
      'reorder with no positions',
      'PUT',
      () => `/playlists/${id}/order`,
      () => ({ positions: [] }),
      400,
      'The new order is empty. Reload the playlist and try again.',
    ],
    ['rename to nothing', 'PATCH', () => `/playlists/${id}`, () => ({ name: '' }), 400, 'Name is required'],
    [
      'remove a video not in it',
      'PATCH',
      () => `/playlists/${id}`,
      () => ({ removeVideoIds: [w.videoIds[3]] }),
      400,
    ],
    [
      'remove every video',
      'PATCH',
      () => `/playlists/${id}`,
      () => ({ removeVideoIds: w.videoIds.slice(0, 3) }),
      400,
      'At least one video must be selected',
    ],
    ['add an unknown video', 'PATCH', () => `/playlists/${id}`, () => ({ addVideoIds: [randomUUID()] }), 400],
    [
      'add without a playlist or a name',
      'POST',
      () => '/playlists/add-video',
      () => ({ videoId: w.videoIds[3] }),
      400,
    ],
    [
      'add an unknown video from the dialog',
      'POST',
      () => '/playlists/add-video',
      () => ({ videoId: randomUUID(), playlistIds: [id] }),
      400,
    ],
    [
      'add to an unknown playlist',
      'POST',
      () => '/playlists/add-video',
      () => ({ videoId: w.videoIds[3], playlistIds: [id, randomUUID()] }),
      404,
    ],
    ['unknown fields', 'PATCH', () => `/playlists/${id}`, () => ({ name: 'x', owner: 'me' }), 400],
  ];
  for (const [name, method, url, body, status, message] of cases) {
    it(name, async () => {
      const before = await snapshot();
      const res = await send(t.app, w.sessions.member, method, url(), body());
      expect(res.statusCode).toBe(status);
      if (message) expect(JSON.stringify(res.json())).toContain(message);
      expect(await snapshot()).toEqual(before);
    });
  }

  it('answers 404 for unknown or malformed ids', async () => {
    expect((await send(t.app, w.sessions.member, 'GET', `/playlists/${randomUUID()}`)).statusCode).toBe(404);
    expect((await send(t.app, w.sessions.member, 'GET', '/playlists/not-a-uuid')).statusCode).toBe(400);
    expect(
      (await send(t.app, w.sessions.member, 'DELETE', `/playlists/${id}/videos/${w.videoIds[3]}`)).statusCode,
    ).toBe(404);
    expect(
      (await send(t.app, w.sessions.admin, 'DELETE', `/admin/featured-playlists/${id}`)).statusCode,
    ).toBe(404);
  });

  it('refuses a featured playlist without a description, a video or an uploaded thumbnail', async () => {
    const before = await snapshot();
    const bodies = [
      { name: 'F', description: '', videoIds: [w.videoIds[0]] },
      { name: 'F', description: 'd', videoIds: [] },
      { name: 'F', description: 'd', thumbnailUrl: 'javascript:alert(1)', videoIds: [w.videoIds[0]] },
    ];
    for (const body of bodies) {
      const res = await send(t.app, w.sessions.admin, 'POST', '/admin/featured-playlists', body);
      expect(res.statusCode).toBe(400);
    }
    expect(await snapshot()).toEqual(before);
  });
});
