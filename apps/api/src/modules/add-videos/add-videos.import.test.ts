import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type TAdminVideo, todayInNewYork } from '@dance/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCategory } from '../../../test/catalogue-factories';
import { createTestApp, createUser, logInAs, type Session, type TestApp } from '../../../test/helpers';
import { mediaAssets, mediaLibrary, videos } from '../../db/schema';
import { subscribe } from '../playback/test-factories';
import { importSourceOf, MEDIA_LINK_MESSAGE } from '../videos-media/imports';

/** Issue 22 item 1: imported videos become playable (decision 0033). Real ffmpeg: a minute or two. */
let dir: string;
let t: TestApp;
let admin: Session;
let categoryId: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'imports-'));
  t = await createTestApp({ dataDir: join(dir, 'data') });
  const user = await createUser(t.app, { role: 'admin' });
  admin = await logInAs(t.app, user.email);
  categoryId = (await createCategory(t.app)).id;
  await t.app.db.insert(mediaLibrary).values({
    id: '910001',
    name: 'Adagio Balance Study',
    durationSeconds: 4,
    playerUrl: '/media/910001',
  });
});
afterAll(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

const add = (videoUrl: string, title: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/admin/videos',
    headers: admin.headers,
    payload: { kind: 'library', title, categoryId, videoUrl, releaseDate: todayInNewYork() },
  });

async function adminCard(title: string): Promise<TAdminVideo> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/v1/admin/videos?search=${encodeURIComponent(title)}`,
    headers: admin.headers,
  });
  expect(res.statusCode).toBe(200);
  return (res.json().items as TAdminVideo[]).find((v) => v.title === title)!;
}

async function waitFor(title: string, state: 'ready' | 'failed', timeoutMs = 120_000) {
  const until = Date.now() + timeoutMs;
  const seen: string[] = [];
  while (Date.now() < until) {
    const card = await adminCard(title);
    seen.push(`${card.media.state}:${card.media.progress}`);
    if (card.media.state === state) return { card, seen };
    if (card.media.state === 'failed' && state === 'ready')
      throw new Error(`import failed: ${card.media.error}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`not ${state}: ${seen.slice(-3).join(', ')}`);
}

const retry = (videoId: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/admin/videos/${videoId}/media/retry`,
    headers: admin.headers,
  });

describe('the links an import understands', () => {
  it('reads the media library and Vimeo links, and nothing else', () => {
    expect(importSourceOf('/media/900001')).toBe('library:900001');
    expect(importSourceOf('https://player.vimeo.com/video/76979871?h=8272103f6e')).toBe(
      'vimeo:76979871:8272103f6e',
    );
    expect(importSourceOf('https://vimeo.com/76979871')).toBe('vimeo:76979871');
    expect(importSourceOf('https://vimeo.com/76979871/8272103f6e')).toBe('vimeo:76979871:8272103f6e');
    expect(importSourceOf('https://example.com/video.mp4')).toBeNull();
    expect(importSourceOf('https://player.vimeo.com.evil.test/video/1')).toBeNull();
    expect(importSourceOf('/media/../etc/passwd')).toBeNull();
    expect(importSourceOf('javascript:alert(1)')).toBeNull();
  });
});

describe('an imported video plays', { timeout: 300_000 }, () => {
  it('is prepared in the background, shown on the admin card, then plays for a member', async () => {
    const res = await add('/media/910001', 'Imported adagio');
    expect(res.statusCode).toBe(201);
    const [row] = await t.app.db.select().from(videos).where(eq(videos.id, res.json().id));
    const [asset] = await t.app.db.select().from(mediaAssets).where(eq(mediaAssets.id, row!.videoUrl!));
    expect(asset).toMatchObject({ provider: 'local', sourceRef: 'library:910001' });
    const first = await adminCard('Imported adagio');
    expect(['preparing', 'ready']).toContain(first.media.state);

    const { card } = await waitFor('Imported adagio', 'ready');
    expect(card.media).toEqual({ state: 'ready', progress: 100, error: null, canRetry: false });

    const member = await createUser(t.app, { userType: 'individual-user' });
    await subscribe(t.app, member.id, 'active');
    const session = await logInAs(t.app, member.email);
    const play = await t.app.inject({
      method: 'GET',
      url: `/api/v1/videos/${res.json().id}/playback`,
      headers: session.headers,
    });
    expect(play.statusCode).toBe(200);
    expect(play.json().access).toBe('full');
    const master = await t.app.inject({ method: 'GET', url: play.json().source.hlsUrl });
    expect(master.statusCode).toBe(200);
    expect(master.body).toContain('#EXT-X-STREAM-INF');
    // A second video from the same source shares the prepared media.
    const again = await add('/media/910001', 'Imported adagio again');
    const [second] = await t.app.db.select().from(videos).where(eq(videos.id, again.json().id));
    expect(second!.videoUrl).toBe(row!.videoUrl);
    expect(await retry(again.json().id)).toMatchObject({ statusCode: 409 });
  });

  it('fails with the reason on the card, and Retry prepares it once the source exists', async () => {
    const res = await add('/media/910002', 'Missing source');
    expect(res.statusCode).toBe(201);
    const { card } = await waitFor('Missing source', 'failed');
    expect(card.media).toMatchObject({
      state: 'failed',
      error: 'No video with id 910002 in the media library.',
      canRetry: true,
    });
    await t.app.db.insert(mediaLibrary).values({
      id: '910002',
      name: 'Found it',
      durationSeconds: 4,
      playerUrl: '/media/910002',
    });
    const again = await retry(res.json().id);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ state: 'preparing', error: null });
    await waitFor('Missing source', 'ready');
  });

  it('turns a video saved before imports existed (a bare library link) into an import on Retry', async () => {
    const [legacy] = await t.app.db
      .insert(videos)
      .values({
        kind: 'library',
        title: 'Legacy import',
        searchText: 'legacy import',
        videoUrl: '/media/910001',
        releaseDate: todayInNewYork(),
        releaseAt: new Date(),
        categoryId,
      })
      .returning();
    expect((await adminCard('Legacy import')).media).toMatchObject({ state: 'missing', canRetry: true });
    const res = await retry(legacy!.id);
    expect(res.statusCode).toBe(200);
    const [row] = await t.app.db.select().from(videos).where(eq(videos.id, legacy!.id));
    expect(row!.videoUrl).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor('Legacy import', 'ready');
  });

  it('refuses a link that is neither an upload nor an import, naming the field', async () => {
    const res = await add('https://example.com/video.mp4', 'Stray link');
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ videoUrl: MEDIA_LINK_MESSAGE });
  });
});
