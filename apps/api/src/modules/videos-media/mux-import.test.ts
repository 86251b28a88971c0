import { createHmac, generateKeyPairSync } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { todayInNewYork } from '@dance/domain';
import { eq } from 'drizzle-orm';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCategory } from '../../../test/catalogue-factories';
import { createTestApp, createUser, logInAs, type Session, type TestApp } from '../../../test/helpers';
import { testConfig } from '../../config/env';
import { mediaAssets, mediaLibrary, videos } from '../../db/schema';
import { subscribe } from '../playback/test-factories';

/**
 * Issue 22 item 1 with Mux as the provider: an imported video (Vimeo or the media library) becomes a Mux
 * asset made from the file's download URL, and its state follows the signed Mux webhooks as an upload's
 * does. Mux's and Vimeo's HTTP APIs are msw stand-ins answering their documented shapes.
 */
const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 1024 });
const MUX = {
  tokenId: 'token-id',
  tokenSecret: 'token-secret',
  webhookSecret: 'whsec-import',
  signingKey: 'signing-key-id',
  privateKey: Buffer.from(privateKey.export({ type: 'pkcs1', format: 'pem' }).toString()).toString('base64'),
};
const VIMEO_FILE = 'https://vod-progressive.akamaized.net/exp=1/76979871/rendition/1080p/file.mp4?s=abc';

interface CreatedAsset {
  id: string;
  body: {
    inputs: { url: string }[];
    playback_policies: string[];
    passthrough: string;
    static_renditions?: { resolution: string }[];
  };
}
const created: CreatedAsset[] = [];
const server = setupServer(
  http.get('https://api.vimeo.com/videos/:id', ({ request }) => {
    expect(request.headers.get('authorization')).toBe('bearer vimeo-token');
    return HttpResponse.json({
      uri: '/videos/76979871',
      download: [
        {
          quality: 'sd',
          type: 'video/mp4',
          width: 640,
          height: 360,
          size: 1000,
          link: `${VIMEO_FILE}&q=360`,
        },
        { quality: 'hd', type: 'video/mp4', width: 1920, height: 1080, size: 5000, link: VIMEO_FILE },
      ],
    });
  }),
  http.post('https://api.mux.com/video/v1/assets', async ({ request }) => {
    expect(request.headers.get('authorization')).toBe(
      `Basic ${Buffer.from('token-id:token-secret').toString('base64')}`,
    );
    const body = (await request.json()) as CreatedAsset['body'];
    const id = `as-import-${created.length + 1}`;
    created.push({ id, body });
    return HttpResponse.json(
      { data: { id, status: 'preparing', passthrough: body.passthrough, created_at: '1700000000' } },
      { status: 201 },
    );
  }),
  // The count grid job that follows a ready asset (mux-count-grid.test.ts covers it): nothing to read here.
  http.get('https://api.mux.com/video/v1/assets/:id', () =>
    HttpResponse.json({ error: { type: 'not_found', messages: ['Not found'] } }, { status: 404 }),
  ),
);

let dir: string;
let t: TestApp;
let admin: Session;
let categoryId: string;
beforeAll(async () => {
  server.listen({ onUnhandledFrame: 'error' });
  dir = await mkdtemp(join(tmpdir(), 'mux-import-'));
  const base = testConfig();
  t = await createTestApp({
    dataDir: join(dir, 'data'),
    vimeoToken: 'vimeo-token',
    publicApiUrl: 'https://api.dance.test',
    video: { ...base.video, mux: MUX },
  });
  admin = await logInAs(t.app, (await createUser(t.app, { role: 'admin' })).email);
  categoryId = (await createCategory(t.app)).id;
  await t.app.db.insert(mediaLibrary).values({
    id: '920001',
    name: 'Fouetté drill',
    durationSeconds: 2,
    playerUrl: '/media/920001',
  });
});
afterAll(async () => {
  server.close();
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

async function addVideo(videoUrl: string, title: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/admin/videos',
    headers: admin.headers,
    payload: { kind: 'library', title, categoryId, videoUrl, releaseDate: todayInNewYork() },
  });
  expect(res.statusCode).toBe(201);
  const [video] = await t.app.db.select().from(videos).where(eq(videos.id, res.json().id));
  return { videoId: video!.id, assetId: video!.videoUrl! };
}

/** The Mux asset the import job created for our asset (the job runs on the queue, in the background). */
async function muxAssetFor(assetId: string, timeoutMs = 30_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const asset = created.findLast((a) => a.body.passthrough === assetId);
    const [row] = await t.app.db.select().from(mediaAssets).where(eq(mediaAssets.id, assetId));
    if (asset && row?.externalId === asset.id) return { asset, row };
    if (row?.status === 'errored') throw new Error(`import failed: ${row.error}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  const [row] = await t.app.db.select().from(mediaAssets).where(eq(mediaAssets.id, assetId));
  throw new Error(`Mux never got the import: ${JSON.stringify(row)} ${created.length}`);
}

function deliver(type: string, eventId: string, data: Record<string, unknown>) {
  const body = JSON.stringify({ type, id: eventId, created_at: new Date().toISOString(), data });
  const at = Math.floor(Date.now() / 1000);
  const v1 = createHmac('sha256', MUX.webhookSecret).update(`${at}.${body}`).digest('hex');
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/webhooks/mux',
    headers: { 'mux-signature': `t=${at},v1=${v1}`, 'content-type': 'application/json' },
    payload: body,
  });
}

const readyAsset = (id: string, passthrough: string) => ({
  id,
  status: 'ready',
  passthrough,
  duration: 2.5,
  resolution_tier: '1080p',
  playback_ids: [{ id: `pb-${id}`, policy: 'signed' }],
  tracks: [{ id: 'vt', type: 'video', max_height: 1080 }],
});

describe('imports with Mux as the provider', { timeout: 120_000 }, () => {
  it('hands a Vimeo video to Mux by its download URL and plays it once Mux says ready', async () => {
    const { videoId, assetId } = await addVideo('https://vimeo.com/76979871', 'Vimeo to Mux');
    const { asset, row } = await muxAssetFor(assetId);
    // Mux fetches the 1080p file itself: its URL is the input, signed playback only, our id as passthrough.
    expect(asset.body.inputs[0]!.url).toBe(VIMEO_FILE);
    expect(asset.body.playback_policies).toEqual(['signed']);
    // Its audio-only rendition is what its count grid is read from (decision 0055).
    expect(asset.body.static_renditions).toEqual([{ resolution: 'audio-only' }]);
    expect(row).toMatchObject({ provider: 'mux', status: 'processing', sourceRef: 'vimeo:76979871' });

    const member = await createUser(t.app, { userType: 'individual-user' });
    await subscribe(t.app, member.id, 'active');
    const session = await logInAs(t.app, member.email);
    const play = () =>
      t.app.inject({ method: 'GET', url: `/api/v1/videos/${videoId}/playback`, headers: session.headers });
    expect((await play()).statusCode).toBe(409);

    const ready = await deliver('video.asset.ready', `evt-${asset.id}`, readyAsset(asset.id, assetId));
    expect(ready.json().outcome).toBe('applied');
    const [after] = await t.app.db.select().from(mediaAssets).where(eq(mediaAssets.id, assetId));
    expect(after).toMatchObject({ status: 'ready', externalId: asset.id, playbackId: `pb-${asset.id}` });
    const played = await play();
    expect(played.statusCode).toBe(200);
    expect(played.json().source.hlsUrl).toMatch(
      new RegExp(`^https://stream\\.mux\\.com/pb-${asset.id}\\.m3u8\\?token=`),
    );
  });

  it('offers a media-library clip to Mux through a signed URL of ours, and retries a failed one', async () => {
    const { assetId } = await addVideo('/media/920001', 'Library to Mux');
    const { asset } = await muxAssetFor(assetId);
    const url = new URL(asset.body.inputs[0]!.url);
    expect(url.origin).toBe('https://api.dance.test');
    expect(url.pathname).toMatch(new RegExp(`^/api/v1/media/${assetId}/\\d+/[\\w-]+/source\\.mp4$`));
    // What Mux downloads is the rendered clip.
    const file = await t.app.inject({ method: 'GET', url: url.pathname });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('video/mp4');
    expect(file.rawPayload.length).toBeGreaterThan(1000);

    // Mux fails it; the admin's retry makes a new Mux asset, and the old one's late events are ignored.
    await deliver('video.asset.errored', `evt-err-${asset.id}`, {
      ...readyAsset(asset.id, assetId),
      status: 'errored',
      errors: { type: 'invalid_input', messages: ['The input file could not be read.'] },
    });
    const [failed] = await t.app.db.select().from(mediaAssets).where(eq(mediaAssets.id, assetId));
    expect(failed).toMatchObject({ status: 'errored', error: 'The input file could not be read.' });
    const [video] = await t.app.db.select().from(videos).where(eq(videos.videoUrl, assetId));
    const retry = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/videos/${video!.id}/media/retry`,
      headers: admin.headers,
    });
    expect(retry.statusCode).toBeLessThan(300);
    const second = await muxAssetFor(assetId);
    expect(second.asset.id).not.toBe(asset.id);
    const late = await deliver('video.asset.ready', `evt-late-${asset.id}`, readyAsset(asset.id, assetId));
    expect(late.json().outcome).toBe('ignored');
    await deliver('video.asset.ready', `evt-${second.asset.id}`, readyAsset(second.asset.id, assetId));
    const [after] = await t.app.db.select().from(mediaAssets).where(eq(mediaAssets.id, assetId));
    expect(after).toMatchObject({ status: 'ready', externalId: second.asset.id });
  });
});
