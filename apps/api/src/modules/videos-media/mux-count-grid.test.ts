import { createHmac, generateKeyPairSync } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TCountGrid } from '@dance/domain';
import { eq } from 'drizzle-orm';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { generateClip, wav } from '../../adapters/video/count-grid/test-clips';
import { runFfmpeg } from '../../adapters/video/local/ffmpeg';
import { testConfig } from '../../config/env';
import { mediaAssets } from '../../db/schema';
import { AudioNotReady, detectMuxCountGrid } from './mux-count-grid';

/**
 * Issue 20 item 1 with Mux (decision 0055): once a Mux asset is ready, its audio-only static rendition is
 * downloaded and read by the beat tracker, as a pg-boss job retried while Mux prepares the audio. Mux's
 * API and stream host are msw stand-ins; the audio they serve is a real AAC file of a drum pattern at a
 * known tempo, so the grid stored is the tracker's own reading.
 */
const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 1024 });
const MUX = {
  tokenId: 'token-id',
  tokenSecret: 'token-secret',
  webhookSecret: 'whsec-count-grid',
  signingKey: 'signing-key-id',
  privateKey: Buffer.from(privateKey.export({ type: 'pkcs1', format: 'pem' }).toString()).toString('base64'),
};

/** What the stand-in says of each Mux asset: its audio track and its audio rendition's status. */
const assets = new Map<string, { hasAudio: boolean; audio: 'ready' | 'preparing' | 'skipped' | null }>();
const renditionRequests: string[] = [];
const downloads: string[] = [];
let audioFile: Buffer;

const server = setupServer(
  http.get('https://api.mux.com/video/v1/assets/:id', ({ params }) => {
    const state = assets.get(String(params.id));
    if (!state) return HttpResponse.json({ error: { type: 'not_found' } }, { status: 404 });
    return HttpResponse.json({
      data: {
        id: params.id,
        status: 'ready',
        tracks: [
          { id: 'vt', type: 'video', max_height: 1080 },
          ...(state.hasAudio ? [{ id: 'at', type: 'audio', channels: 2 }] : []),
        ],
        ...(state.audio
          ? {
              static_renditions: {
                files: [
                  { id: 'sr', name: 'audio.m4a', ext: 'm4a', resolution: 'audio-only', status: state.audio },
                ],
              },
            }
          : {}),
      },
    });
  }),
  http.post('https://api.mux.com/video/v1/assets/:id/static-renditions', async ({ params, request }) => {
    expect(await request.json()).toEqual({ resolution: 'audio-only' });
    renditionRequests.push(String(params.id));
    assets.get(String(params.id))!.audio = 'preparing';
    return HttpResponse.json(
      { data: { id: 'sr', resolution: 'audio-only', status: 'preparing' } },
      { status: 201 },
    );
  }),
  http.get('https://stream.mux.com/:playbackId/audio.m4a', ({ params, request }) => {
    // Signed playback: the download carries a video token.
    if (!new URL(request.url).searchParams.get('token')) return new HttpResponse(null, { status: 403 });
    downloads.push(String(params.playbackId));
    return new HttpResponse(audioFile, { headers: { 'content-type': 'audio/mp4' } });
  }),
);

let dir: string;
let t: TestApp;
const clip = generateClip('drums', [{ bpm: 128, bars: 8 }], { sampleRate: 44_100 });

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mux-count-grid-'));
  await writeFile(join(dir, 'clip.wav'), wav(clip.samples, 44_100));
  // What Mux's audio-only rendition is: AAC, stereo, in an M4A.
  await runFfmpeg([
    '-i',
    join(dir, 'clip.wav'),
    '-c:a',
    'aac',
    '-ac',
    '2',
    '-b:a',
    '128k',
    join(dir, 'audio.m4a'),
  ]);
  audioFile = await readFile(join(dir, 'audio.m4a'));
  server.listen({ onUnhandledFrame: 'error' });
  const base = testConfig();
  t = await createTestApp({ dataDir: join(dir, 'data'), video: { ...base.video, mux: MUX } });
});
afterAll(async () => {
  server.close();
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

/** A Mux asset of ours, processing at Mux (as after an upload or an import). */
async function muxAsset(
  externalId: string,
  state: { hasAudio: boolean; audio: 'ready' | 'preparing' | 'skipped' | null },
) {
  assets.set(externalId, state);
  const [row] = await t.app.db
    .insert(mediaAssets)
    .values({ provider: 'mux', status: 'processing', externalId })
    .returning();
  return row!;
}

const ready = (id: string) => ({
  id,
  status: 'ready',
  duration: 15,
  resolution_tier: '1080p',
  playback_ids: [{ id: `pb-${id}`, policy: 'signed' }],
  tracks: [{ id: 'vt', type: 'video', max_height: 1080 }],
});

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

async function gridOf(assetId: string, timeoutMs = 60_000): Promise<TCountGrid> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const [row] = await t.app.db.select().from(mediaAssets).where(eq(mediaAssets.id, assetId));
    if (row?.countGrid) return row.countGrid;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('no count grid was stored');
}

describe('count grid of a Mux asset', { timeout: 120_000 }, () => {
  it('reads the audio rendition once the asset is ready: the tempo and the "1" of the music', async () => {
    const row = await muxAsset('as-cg-ready', { hasAudio: true, audio: 'ready' });
    const res = await deliver('video.asset.ready', 'evt-cg-ready', {
      ...ready('as-cg-ready'),
      passthrough: row.id,
    });
    expect(res.json().outcome).toBe('applied');
    const grid = await gridOf(row.id);
    expect(downloads).toContain('pb-as-cg-ready');
    expect(grid.source).toBe('detected');
    expect(grid.noCounts).toBe(false);
    expect(grid.sections).toHaveLength(1);
    expect(Math.abs(grid.sections[0]!.bpm - 128)).toBeLessThan(1);
    // AAC's encoder delay is trimmed by ffmpeg: the "1" is where it was written.
    expect(Math.abs(grid.sections[0]!.downbeatSeconds - clip.beats[0]!.time)).toBeLessThan(0.04);
    // The stream sent to the player carries it.
    const [after] = await t.app.db.select().from(mediaAssets).where(eq(mediaAssets.id, row.id));
    expect(after!.countGrid).toEqual(grid);
  });

  it('waits while Mux prepares the audio, asks for it on an older asset, and reads it when it is ready', async () => {
    const row = await muxAsset('as-cg-old', { hasAudio: true, audio: null });
    await t.app.db
      .update(mediaAssets)
      .set({ status: 'ready', playbackId: 'pb-as-cg-old' })
      .where(eq(mediaAssets.id, row.id));
    // An asset made without the rendition: asked for, then retried (the job's error makes pg-boss retry).
    await expect(detectMuxCountGrid(t.app, row.id)).rejects.toBeInstanceOf(AudioNotReady);
    expect(renditionRequests).toEqual(['as-cg-old']);
    await expect(detectMuxCountGrid(t.app, row.id)).rejects.toBeInstanceOf(AudioNotReady);
    expect(renditionRequests).toHaveLength(1);
    // Mux says the rendition is ready: the webhook queues the job, which reads it.
    assets.get('as-cg-old')!.audio = 'ready';
    const res = await deliver('video.asset.static_rendition.ready', 'evt-cg-sr', {
      id: 'sr',
      asset_id: 'as-cg-old',
      name: 'audio.m4a',
      resolution: 'audio-only',
      status: 'ready',
    });
    expect(res.json().outcome).toBe('applied');
    const grid = await gridOf(row.id);
    expect(Math.abs(grid.sections[0]!.bpm - 128)).toBeLessThan(1);
  });

  it('keeps an admin\'s grid, marks a video without audio "no counts", and ignores other renditions', async () => {
    const admin: TCountGrid = {
      noCounts: false,
      sections: [{ fromSeconds: 0, bpm: 100, downbeatSeconds: 0.5 }],
      source: 'admin',
    };
    const kept = await muxAsset('as-cg-admin', { hasAudio: true, audio: 'ready' });
    await t.app.db
      .update(mediaAssets)
      .set({ status: 'ready', playbackId: 'pb-as-cg-admin', countGrid: admin })
      .where(eq(mediaAssets.id, kept.id));
    expect(await detectMuxCountGrid(t.app, kept.id)).toBe('kept');
    expect(downloads).not.toContain('pb-as-cg-admin');
    const [still] = await t.app.db.select().from(mediaAssets).where(eq(mediaAssets.id, kept.id));
    expect(still!.countGrid).toEqual(admin);

    const silent = await muxAsset('as-cg-silent', { hasAudio: false, audio: 'skipped' });
    await t.app.db
      .update(mediaAssets)
      .set({ status: 'ready', playbackId: 'pb-as-cg-silent' })
      .where(eq(mediaAssets.id, silent.id));
    expect(await detectMuxCountGrid(t.app, silent.id)).toBe('no-audio');
    expect(await gridOf(silent.id)).toEqual({ noCounts: true, sections: [], source: 'detected' });

    const other = await deliver('video.asset.static_rendition.ready', 'evt-cg-720', {
      id: 'sr2',
      asset_id: 'as-cg-silent',
      name: '720p.mp4',
      resolution: '720p',
    });
    expect(other.json().outcome).toBe('ignored');
    // Not ready yet: nothing to read.
    const waiting = await muxAsset('as-cg-waiting', { hasAudio: true, audio: 'ready' });
    expect(await detectMuxCountGrid(t.app, waiting.id)).toBe('skipped');
  });
});
