import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVideo } from '../../../test/catalogue-factories';
import { createTestApp, createUser, logInAs, type Session, type TestApp } from '../../../test/helpers';
import { mediaAssets } from '../../db/schema';
import { createPlayableVideo } from '../playback/test-factories';

let t: TestApp;
let admin: Session;
let member: Session;

beforeAll(async () => {
  t = await createTestApp();
  admin = await logInAs(t.app, (await createUser(t.app, { role: 'admin' })).email);
  member = await logInAs(t.app, (await createUser(t.app)).email);
});
afterAll(() => t.close());

const url = (videoId: string) => `/api/v1/admin/videos/${videoId}/count-grid`;
const put = (videoId: string, payload: object) =>
  t.app.inject({ method: 'PUT', url: url(videoId), headers: admin.headers, payload });
const storedGrid = async (assetId: string) =>
  (await t.app.db.select().from(mediaAssets).where(eq(mediaAssets.id, assetId)))[0]!.countGrid;

describe('count grid of a video (admin)', () => {
  it('shows the detected grid with a stream to tap along to, and stores a correction as the admin’s', async () => {
    const { video, asset } = await createPlayableVideo(t.app, { title: 'Counted' });
    const detected = {
      noCounts: false,
      source: 'detected' as const,
      sections: [{ fromSeconds: 0, bpm: 119.6, downbeatSeconds: 0.51 }],
    };
    await t.app.db.update(mediaAssets).set({ countGrid: detected }).where(eq(mediaAssets.id, asset.id));
    const read = await t.app.inject({ method: 'GET', url: url(video.id), headers: admin.headers });
    expect(read.statusCode).toBe(200);
    expect(read.json().grid).toEqual(detected);
    expect(read.json().stream.hlsUrl).toMatch(/master\.m3u8$/);

    const corrected = { noCounts: false, sections: [{ fromSeconds: 0, bpm: 120, downbeatSeconds: 0.5 }] };
    const saved = await put(video.id, corrected);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().grid).toEqual({ ...corrected, source: 'admin' });
    expect(await storedGrid(asset.id)).toEqual({ ...corrected, source: 'admin' });
    // Members see it with the stream.
    const playback = await t.app.inject({
      method: 'GET',
      url: `/api/v1/videos/${video.id}/playback`,
      headers: admin.headers,
    });
    expect(playback.json().source.countGrid).toEqual({ ...corrected, source: 'admin' });
  });

  it('marks a video "no counts" (its sections are dropped)', async () => {
    const { video, asset } = await createPlayableVideo(t.app, { title: 'Talk' });
    const res = await put(video.id, {
      noCounts: true,
      sections: [{ fromSeconds: 0, bpm: 100, downbeatSeconds: 1 }],
    });
    expect(res.statusCode).toBe(200);
    expect(await storedGrid(asset.id)).toEqual({ noCounts: true, sections: [], source: 'admin' });
  });

  it('refuses a bad grid with a clear 400 and changes nothing', async () => {
    const { video, asset } = await createPlayableVideo(t.app, { title: 'Strict' });
    const bad = [
      { noCounts: false, sections: [] },
      { noCounts: false, sections: [{ fromSeconds: 2, bpm: 120, downbeatSeconds: 2 }] },
      {
        noCounts: false,
        sections: [
          { fromSeconds: 0, bpm: 120, downbeatSeconds: 0 },
          { fromSeconds: 0, bpm: 90, downbeatSeconds: 1 },
        ],
      },
      // The ready asset of the factory lasts 120 s.
      { noCounts: false, sections: [{ fromSeconds: 0, bpm: 120, downbeatSeconds: 130 }] },
      { noCounts: false, sections: [{ fromSeconds: 0, bpm: 12, downbeatSeconds: 0 }] },
      { noCounts: false, sections: [{ fromSeconds: 0, bpm: 120, downbeatSeconds: 0 }], source: 'detected' },
    ];
    for (const payload of bad) {
      const res = await put(video.id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toBeTruthy();
    }
    expect(await storedGrid(asset.id)).toBeNull();
  });

  it('answers 404 for an unknown video, 409 for a video without media, and keeps members out', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await put(missing, { noCounts: true, sections: [] })).statusCode).toBe(404);
    const bare = await createVideo(t.app, { title: 'No media' });
    expect((await t.app.inject({ method: 'GET', url: url(bare.id), headers: admin.headers })).json()).toEqual(
      {
        grid: null,
        stream: null,
      },
    );
    expect((await put(bare.id, { noCounts: true, sections: [] })).statusCode).toBe(409);
    const { video } = await createPlayableVideo(t.app, { title: 'Mine' });
    const res = await t.app.inject({ method: 'GET', url: url(video.id), headers: member.headers });
    expect(res.statusCode).toBe(403);
  });
});
