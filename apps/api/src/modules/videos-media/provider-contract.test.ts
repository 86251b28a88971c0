import { createHmac, generateKeyPairSync, verify } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, logInAs, type TestApp } from '../../../test/helpers';
import { runFfmpeg } from '../../adapters/video/local/ffmpeg';
import { testConfig } from '../../config/env';
import { mediaAssets } from '../../db/schema';

/**
 * One scenario, both providers (the contract of adapters/video/types.ts through the API): create a direct
 * upload from a title, deliver the file, poll until ready, import by asset id, create the video and play it
 * with signed URLs. Mux's HTTP API is mocked with msw from its documented shapes.
 */
interface Harness {
  t: TestApp;
  headers: Record<string, string>;
  deliver(upload: { uploadId: string; url: string }): Promise<void>;
  expectSignedStream(hlsUrl: string, assetId: string): Promise<void>;
  unknownAssetId: string;
}

async function runScenario(h: Harness) {
  const create = await h.t.app.inject({
    method: 'POST',
    url: '/api/v1/admin/direct-upload',
    headers: h.headers,
    payload: { title: 'Contract routine' },
  });
  expect(create.statusCode).toBe(201);
  const upload = create.json() as { uploadId: string; url: string; provider: string };
  const waiting = await h.t.app.inject({
    method: 'GET',
    url: `/api/v1/admin/direct-upload/${upload.uploadId}`,
    headers: h.headers,
  });
  expect(waiting.json()).toMatchObject({ status: 'waiting', videoLink: null });

  await h.deliver(upload);
  let state: Record<string, unknown> = {};
  for (let i = 0; i < 300 && state.status !== 'ready'; i += 1) {
    state = (
      await h.t.app.inject({
        method: 'GET',
        url: `/api/v1/admin/direct-upload/${upload.uploadId}`,
        headers: h.headers,
      })
    ).json();
    if (state.status !== 'ready') await new Promise((r) => setTimeout(r, 200));
  }
  expect(state).toMatchObject({ status: 'ready', progress: 100 });
  expect(state.durationSeconds).toBeGreaterThan(0);
  const videoLink = state.videoLink as string;

  const imported = await h.t.app.inject({
    method: 'GET',
    url: `/api/v1/admin/mux-asset?assetId=${encodeURIComponent(videoLink)}`,
    headers: h.headers,
  });
  expect(imported.statusCode).toBe(200);
  expect(imported.json().videoLink).toBe(videoLink);
  const unknown = await h.t.app.inject({
    method: 'GET',
    url: `/api/v1/admin/mux-asset?assetId=${h.unknownAssetId}`,
    headers: h.headers,
  });
  expect(unknown.statusCode).toBe(404);
  expect(unknown.json().message).toBe('Failed to fetch Mux asset data. Please verify the Asset ID.');

  const created = await h.t.app.inject({
    method: 'POST',
    url: '/api/v1/admin/upload-video',
    headers: h.headers,
    payload: {
      title: 'Contract routine',
      videoLink,
      levels: ['Beginner'],
      releaseDate: '2020-01-01',
      chapters: [{ title: 'One', timecode: '00:00:01' }],
    },
  });
  expect(created.statusCode).toBe(201);
  const playback = (
    await h.t.app.inject({
      method: 'GET',
      url: `/api/v1/videos/${created.json().id}/playback`,
      headers: h.headers,
    })
  ).json();
  expect(playback.access).toBe('full');
  expect(playback.chapters[0].thumbnailUrl).toBeTruthy();
  await h.expectSignedStream(playback.source.hlsUrl, videoLink);
  return { videoLink, playback };
}

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'contract-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('provider contract: local (ffmpeg)', () => {
  // Real ffmpeg transcodes: minutes, not seconds, on a busy 2-core machine.
  it('runs the upload-to-playback scenario', { timeout: 180_000 }, async () => {
    const t = await createTestApp({ dataDir: join(dir, 'local') });
    try {
      const admin = await createUser(t.app, { role: 'admin' });
      const { headers } = await logInAs(t.app, admin.email);
      const source = join(dir, 'clip.mp4');
      await runFfmpeg([
        '-f',
        'lavfi',
        '-i',
        'testsrc=size=320x180:rate=24:duration=2',
        '-c:v',
        'libx264',
        '-preset',
        'ultrafast',
        source,
      ]);
      await runScenario({
        t,
        headers,
        unknownAssetId: '00000000-0000-4000-8000-000000000000',
        async deliver(upload) {
          const put = await t.app.inject({
            method: 'PUT',
            url: upload.url,
            headers: { 'content-type': 'video/mp4' },
            payload: await readFile(source),
          });
          expect(put.statusCode).toBe(200);
        },
        async expectSignedStream(hlsUrl, assetId) {
          expect(hlsUrl).toMatch(new RegExp(`^/api/v1/media/${assetId}/\\d+/[\\w-]+/master\\.m3u8$`));
          expect((await t.app.inject({ method: 'GET', url: hlsUrl })).statusCode).toBe(200);
        },
      });
    } finally {
      await t.close();
    }
  });
});

// ---- Mux ----

const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const PRIVATE_PEM = privateKey.export({ type: 'pkcs1', format: 'pem' }).toString();
const MUX = {
  tokenId: 'token-id',
  tokenSecret: 'token-secret',
  webhookSecret: 'whsec-test-secret',
  signingKey: 'signing-key-id',
  privateKey: Buffer.from(PRIVATE_PEM).toString('base64'),
};

interface MuxState {
  uploads: Map<string, { passthrough: string; corsOrigin: string; assetId: string | null }>;
  assets: Map<string, { passthrough: string; status: 'preparing' | 'ready' }>;
  deleted: string[];
}
const state: MuxState = { uploads: new Map(), assets: new Map(), deleted: [] };

const muxAsset = (id: string) => {
  const a = state.assets.get(id)!;
  return {
    id,
    status: a.status,
    duration: 12.48,
    passthrough: a.passthrough,
    resolution_tier: '1080p',
    playback_ids: [{ id: `pb-${id}`, policy: 'signed' }],
    tracks: [
      { id: 'vt1', type: 'video', max_height: 1080 },
      {
        id: 'tt1',
        type: 'text',
        text_type: 'subtitles',
        status: 'ready',
        language_code: 'en',
        name: 'English (generated)',
      },
    ],
    created_at: '1700000000',
    mp4_support: 'none',
    master_access: 'none',
    max_resolution_tier: '2160p',
    video_quality: 'plus',
  };
};

const server = setupServer(
  http.post('https://api.mux.com/video/v1/uploads', async ({ request }) => {
    expect(request.headers.get('authorization')).toBe(
      `Basic ${Buffer.from('token-id:token-secret').toString('base64')}`,
    );
    const body = (await request.json()) as {
      cors_origin: string;
      new_asset_settings: { passthrough: string; playback_policies: string[] };
    };
    // Signed playback ids only: nothing public.
    expect(body.new_asset_settings.playback_policies).toEqual(['signed']);
    const id = `up${state.uploads.size + 1}`;
    state.uploads.set(id, {
      passthrough: body.new_asset_settings.passthrough,
      corsOrigin: body.cors_origin,
      assetId: null,
    });
    return HttpResponse.json(
      {
        data: {
          id,
          url: `https://storage.googleapis.com/video-storage/${id}?upload=signed`,
          status: 'waiting',
          cors_origin: body.cors_origin,
          timeout: 86400,
        },
      },
      { status: 201 },
    );
  }),
  http.get('https://api.mux.com/video/v1/uploads/:id', ({ params }) => {
    const upload = state.uploads.get(String(params.id));
    if (!upload)
      return HttpResponse.json({ error: { type: 'not_found', messages: ['Not found'] } }, { status: 404 });
    return HttpResponse.json({
      data: {
        id: params.id,
        status: upload.assetId ? 'asset_created' : 'waiting',
        asset_id: upload.assetId ?? undefined,
        cors_origin: upload.corsOrigin,
        timeout: 86400,
      },
    });
  }),
  http.get('https://api.mux.com/video/v1/assets/:id', ({ params }) => {
    if (!state.assets.has(String(params.id)))
      return HttpResponse.json(
        { error: { type: 'not_found', messages: ['Asset not found'] } },
        { status: 404 },
      );
    return HttpResponse.json({ data: muxAsset(String(params.id)) });
  }),
  http.delete('https://api.mux.com/video/v1/assets/:id', ({ params }) => {
    state.deleted.push(String(params.id));
    return new HttpResponse(null, { status: 204 });
  }),
);

/** What Mux's storage does when the browser PUTs the file: the asset appears, ready a moment later. */
function simulateMuxIngest(uploadId: string, ready = true) {
  const upload = state.uploads.get(uploadId)!;
  const assetId = `as-${uploadId}`;
  upload.assetId = assetId;
  state.assets.set(assetId, { passthrough: upload.passthrough, status: ready ? 'ready' : 'preparing' });
  return assetId;
}

function decodeJwt(token: string) {
  const [h, p, s] = token.split('.');
  const isValid = verify('RSA-SHA256', Buffer.from(`${h}.${p}`), publicKey, Buffer.from(s!, 'base64url'));
  return {
    header: JSON.parse(Buffer.from(h!, 'base64url').toString()),
    payload: JSON.parse(Buffer.from(p!, 'base64url').toString()),
    isValid,
  };
}

function signWebhook(body: string, secret = MUX.webhookSecret, at = Math.floor(Date.now() / 1000)) {
  const v1 = createHmac('sha256', secret).update(`${at}.${body}`).digest('hex');
  return { 'mux-signature': `t=${at},v1=${v1}`, 'content-type': 'application/json' };
}

describe('provider contract: Mux (msw)', () => {
  let t: TestApp;
  let headers: Record<string, string>;
  beforeAll(async () => {
    server.listen({ onUnhandledFrame: 'error' });
    const base = testConfig();
    t = await createTestApp({ dataDir: join(dir, 'mux'), video: { ...base.video, mux: MUX } });
    const admin = await createUser(t.app, { role: 'admin' });
    headers = (await logInAs(t.app, admin.email)).headers;
  });
  afterEach(() => server.resetHandlers());
  afterAll(async () => {
    server.close();
    await t.close();
  });

  it('runs the upload-to-playback scenario with signed tokens only', async () => {
    const { playback } = await runScenario({
      t,
      headers,
      unknownAssetId: 'no-such-asset',
      async deliver(upload) {
        expect(upload.url).toMatch(/^https:\/\/storage\.googleapis\.com\//);
        expect(state.uploads.get(upload.uploadId)!.corsOrigin).toBe(t.app.config.adminAppUrl);
        simulateMuxIngest(upload.uploadId);
      },
      async expectSignedStream(hlsUrl) {
        const url = new URL(hlsUrl);
        expect(url.origin + url.pathname).toMatch(/^https:\/\/stream\.mux\.com\/pb-as-up\d+\.m3u8$/);
        const jwt = decodeJwt(url.searchParams.get('token')!);
        expect(jwt.isValid).toBe(true);
        expect(jwt.header.alg).toBe('RS256');
        expect(jwt.payload.kid).toBe(MUX.signingKey);
        expect(jwt.payload).toMatchObject({ aud: 'v', sub: expect.stringMatching(/^pb-as-up/) });
        expect(jwt.payload.exp - Date.now() / 1000).toBeGreaterThan(3600);
      },
    });
    // Mux names its segments in its own playlists: no start files (decision 0069).
    expect(playback.source.start).toBeNull();
    const storyboard = new URL(playback.source.storyboardUrl);
    expect(storyboard.pathname).toMatch(/\/storyboard\.vtt$/);
    expect(decodeJwt(storyboard.searchParams.get('token')!).payload.aud).toBe('s');
    const chapterThumb = new URL(playback.chapters[0].thumbnailUrl);
    const thumbClaims = decodeJwt(chapterThumb.searchParams.get('token')!).payload;
    // Modifiers of a signed URL travel inside the token.
    expect(thumbClaims).toMatchObject({ aud: 't', time: '1' });
    expect(playback.source.subtitles[0]).toMatchObject({ lang: 'en', label: 'English (generated)' });
    expect(playback.source.subtitles[0].url).toMatch(
      /^https:\/\/stream\.mux\.com\/pb-as-up\d+\/text\/tt1\.vtt\?token=/,
    );
  });

  it('applies verified webhooks idempotently and refuses forged or replayed ones', async () => {
    const create = (
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/admin/direct-upload',
        headers,
        payload: { title: 'Hooked' },
      })
    ).json();
    const assetId = simulateMuxIngest(create.uploadId, false);
    const [row] = await t.app.db.select().from(mediaAssets).where(eq(mediaAssets.uploadId, create.uploadId));
    const ready = JSON.stringify({
      type: 'video.asset.ready',
      id: 'evt-ready-1',
      created_at: new Date().toISOString(),
      object: { type: 'asset', id: assetId },
      data: { ...muxAsset(assetId), status: 'ready' },
    });
    const send = (body: string, extra: Record<string, string>) =>
      t.app.inject({ method: 'POST', url: '/api/v1/webhooks/mux', headers: extra, payload: body });

    // Forged: signed with another secret. Nothing changes.
    const forged = await send(ready, signWebhook(ready, 'not-the-secret'));
    expect(forged.statusCode).toBe(403);
    expect((await t.app.db.select().from(mediaAssets).where(eq(mediaAssets.id, row!.id)))[0]!.status).toBe(
      'waiting',
    );
    // Re-serialised JSON (the body the signature covers changed) is refused too.
    const reserialised = JSON.stringify(JSON.parse(ready), null, 2);
    expect((await send(reserialised, signWebhook(ready))).statusCode).toBe(403);
    // Replayed from long ago: outside the 5-minute tolerance.
    expect(
      (await send(ready, signWebhook(ready, MUX.webhookSecret, Math.floor(Date.now() / 1000) - 3600)))
        .statusCode,
    ).toBe(403);

    const applied = await send(ready, signWebhook(ready));
    expect(applied.statusCode).toBe(200);
    expect(applied.json().outcome).toBe('applied');
    const after = (await t.app.db.select().from(mediaAssets).where(eq(mediaAssets.id, row!.id)))[0]!;
    expect(after).toMatchObject({ status: 'ready', externalId: assetId, playbackId: `pb-${assetId}` });

    // The same delivery again (a replay within the tolerance) is a no-op.
    const replay = await send(ready, signWebhook(ready));
    expect(replay.json().outcome).toBe('duplicate');

    // A late "created" never takes a ready asset back to processing.
    const late = JSON.stringify({
      type: 'video.asset.created',
      id: 'evt-created-late',
      data: { ...muxAsset(assetId), status: 'preparing' },
    });
    expect((await send(late, signWebhook(late))).json().outcome).toBe('applied');
    expect((await t.app.db.select().from(mediaAssets).where(eq(mediaAssets.id, row!.id)))[0]!.status).toBe(
      'ready',
    );

    // Track events add and remove subtitles.
    const track = (type: string, id: string) =>
      JSON.stringify({
        type,
        id,
        data: {
          id: 'tt-fr',
          asset_id: assetId,
          type: 'text',
          language_code: 'fr',
          name: 'Français',
          status: 'ready',
        },
      });
    const added = track('video.asset.track.ready', 'evt-track-1');
    await send(added, signWebhook(added));
    expect(
      (await t.app.db.select().from(mediaAssets).where(eq(mediaAssets.id, row!.id)))[0]!.subtitles.map(
        (s) => s.lang,
      ),
    ).toContain('fr');
    const removed = track('video.asset.track.deleted', 'evt-track-2');
    await send(removed, signWebhook(removed));
    expect(
      (await t.app.db.select().from(mediaAssets).where(eq(mediaAssets.id, row!.id)))[0]!.subtitles.map(
        (s) => s.lang,
      ),
    ).not.toContain('fr');

    // Errored
    const errored = JSON.stringify({
      type: 'video.upload.errored',
      id: 'evt-up-err',
      data: { id: 'unknown-upload', error: { message: 'x' } },
    });
    expect((await send(errored, signWebhook(errored))).json().outcome).toBe('ignored');
  });

  it('deletes assets through the provider', async () => {
    await t.app.video.mux!.deleteAsset('as-up1');
    expect(state.deleted).toContain('as-up1');
    // Unknown assets are already gone: no error.
    await t.app.video.mux!.deleteAsset('no-such-asset');
  });
});
