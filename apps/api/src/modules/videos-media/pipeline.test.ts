import { pbkdf2 } from 'node:crypto';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { count } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, logInAs, type TestApp } from '../../../test/helpers';
import { runFfmpeg } from '../../adapters/video/local/ffmpeg';
import { buildApp } from '../../app';
import { testConfig } from '../../config/env';
import { videos } from '../../db/schema';

/** A real little video made by ffmpeg: colour bars with a tone. */
async function makeSource(dir: string, seconds: number, size = '640x360') {
  const path = join(dir, `source-${seconds}.mp4`);
  await runFfmpeg([
    '-f',
    'lavfi',
    '-i',
    `testsrc=size=${size}:rate=24:duration=${seconds}`,
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=440:duration=${seconds}`,
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-c:a',
    'aac',
    '-shortest',
    path,
  ]);
  return readFile(path);
}

async function waitReady(
  app: FastifyInstance,
  uploadId: string,
  headers: Record<string, string>,
  timeoutMs = 90_000,
) {
  const until = Date.now() + timeoutMs;
  let last: Record<string, unknown> = {};
  while (Date.now() < until) {
    const res = await app.inject({ method: 'GET', url: `/api/v1/admin/direct-upload/${uploadId}`, headers });
    last = res.json();
    if (last.status === 'ready' || last.status === 'errored') return { state: last };
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`Upload not ready: ${JSON.stringify(last)}`);
}

let dir: string;
let source: Buffer;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pipeline-'));
  source = await makeSource(dir, 3);
});
afterAll(() => rm(dir, { recursive: true, force: true }));

// Real ffmpeg transcodes: minutes, not seconds, on a busy 2-core machine.
describe('local provider: upload, process, play', { timeout: 180_000 }, () => {
  let t: TestApp;
  let headers: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp({ dataDir: join(dir, 'data') });
    const admin = await createUser(t.app, { role: 'admin' });
    headers = (await logInAs(t.app, admin.email)).headers;
  });
  afterAll(() => t.close());

  // A 3-second clip can transcode between two polls of the wizard, so sampling cannot show the bar
  // moving; instead the test reads the upload's state as the wizard does right after each step is written.
  const polledDuringProcessing: number[] = [];
  // Each poll's status, with the master playlist on disk at that moment (decision 0057).
  const statesDuringProcessing: { status: string; videoLink: unknown; progress: number; master: string }[] =
    [];
  beforeAll(() => {
    const local = t.app.video.local;
    const process = local.process.bind(local);
    local.process = (assetId, onProgress, signal) =>
      process(
        assetId,
        async (percent) => {
          await onProgress(percent);
          const res = await t.app.inject({
            method: 'GET',
            url: `/api/v1/admin/direct-upload/${assetId}`,
            headers,
          });
          polledDuringProcessing.push(res.json().progress as number);
          const master = join(t.app.video.mediaRoot, assetId, 'hls', 'master.m3u8');
          statesDuringProcessing.push({
            ...res.json(),
            master: await readFile(master, 'utf8').catch(() => ''),
          });
        },
        signal,
      );
  });

  const createUpload = async (title = 'My routine') => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/direct-upload',
      headers,
      payload: { title },
    });
    expect(res.statusCode).toBe(201);
    return res.json() as { uploadId: string; url: string; provider: string };
  };

  it('transcodes an upload to an HLS ladder with poster and storyboard, then plays it signed', async () => {
    const upload = await createUpload();
    expect(upload.provider).toBe('local');
    const put = await t.app.inject({
      method: 'PUT',
      url: upload.url,
      headers: { 'content-type': 'video/mp4' },
      payload: source,
    });
    expect(put.statusCode).toBe(200);
    const { state } = await waitReady(t.app, upload.uploadId, headers);
    expect(state).toMatchObject({ status: 'ready', progress: 100, videoLink: upload.uploadId });
    expect(state.durationSeconds).toBe(3);
    // What the wizard's poll read right after each progress step of the job: the bar moves in between.
    expect(polledDuringProcessing.length).toBeGreaterThan(0);
    expect(polledDuringProcessing.every((p) => p > 0 && p < 100)).toBe(true);
    expect(polledDuringProcessing).toEqual([...polledDuringProcessing].sort((a, b) => a - b));
    // Playable before ready: the 360p alone is in the master, the wizard already has the video link.
    const playable = statesDuringProcessing.filter((s) => s.status === 'playable');
    expect(playable.length).toBeGreaterThan(0);
    expect(playable[0]).toMatchObject({ videoLink: upload.uploadId });
    expect(playable[0]!.progress).toBeLessThan(100);
    expect(playable[0]!.master).toContain('RESOLUTION=640x360');
    expect(playable[0]!.master).not.toContain('RESOLUTION=1280x720');
    const firstPlayable = statesDuringProcessing.indexOf(playable[0]!);
    expect(statesDuringProcessing.slice(0, firstPlayable).every((s) => s.status === 'processing')).toBe(true);

    const thumb = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/chapter-thumbnails',
      headers,
      payload: { playbackId: state.playbackId, timecode: 1 },
    });
    expect(thumb.statusCode).toBe(200);
    expect(thumb.json().thumbnailUrl).toMatch(/^\/files\/chapters\/.+\.jpg$/);

    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/upload-video',
      headers,
      payload: {
        title: 'My routine',
        videoLink: state.videoLink,
        levels: ['Beginner'],
        releaseDate: '2020-01-01',
        chapters: [
          { title: 'Start', timecode: '00:00:00' },
          { title: '', timecode: 'whatever' },
          { title: 'End', timecode: '00:00:02' },
        ],
      },
    });
    expect(created.statusCode).toBe(201);
    const videoId = created.json().id;
    const detail = (await t.app.inject({ method: 'GET', url: `/api/v1/videos/${videoId}`, headers })).json();
    expect(detail.chapters.map((c: { title: string }) => c.title)).toEqual(['Start', 'End']);
    expect(detail.chapters[1].thumbnailUrl).toMatch(/\.jpg$/);

    const playback = (
      await t.app.inject({ method: 'GET', url: `/api/v1/videos/${videoId}/playback`, headers })
    ).json();
    const master = await t.app.inject({ method: 'GET', url: playback.source.hlsUrl });
    expect(master.statusCode).toBe(200);
    expect(master.headers['content-type']).toContain('mpegurl');
    expect(master.body).toContain('RESOLUTION=640x360');
    expect(master.body).toContain('RESOLUTION=1280x720');
    expect(master.body).not.toContain('1080');
    const base = playback.source.hlsUrl.replace('master.m3u8', '');
    const media = await t.app.inject({ method: 'GET', url: `${base}360p/index.m3u8` });
    // A short first segment (first frame sooner), a VOD playlist; the rest are 4 s (durable test below).
    expect(media.body).toContain('#EXT-X-PLAYLIST-TYPE:VOD');
    expect(media.body).toContain('#EXT-X-ENDLIST');
    // About 1 s: the segment muxer counts from 0 to the cut, the picture starts at the B-frame delay.
    const first = Number(/#EXTINF:([\d.]+)/.exec(media.body)?.[1]);
    expect(first).toBeGreaterThanOrEqual(1);
    expect(first).toBeLessThan(1.2);
    expect(master.headers['cache-control']).toMatch(/max-age=\d+/);
    const segment = media.body.split('\n').find((l: string) => l.endsWith('.ts'));
    const ts = await t.app.inject({ method: 'GET', url: `${base}360p/${segment}` });
    expect(ts.statusCode).toBe(200);
    // The answer names what a start from 0 asks for first (decision 0069): the lowest rendition's playlist and
    // its first segment, signed like the master playlist.
    expect(playback.source.start).toEqual({
      playlistUrl: `${base}360p/index.m3u8`,
      segmentUrl: `${base}360p/${segment}`,
    });
    expect(ts.rawPayload[0]).toBe(0x47); // MPEG-TS sync byte
    const storyboard = await t.app.inject({ method: 'GET', url: playback.source.storyboardUrl });
    expect(storyboard.body).toMatch(/storyboard\.jpg#xywh=0,0,160,90/);
    expect((await t.app.inject({ method: 'GET', url: `${base}storyboard.jpg` })).statusCode).toBe(200);
    // The poster (1280 px wide) with its WebP variants beside it, its URL marked with their widths.
    expect(playback.source.posterUrl).toMatch(/^\/files\/posters\/[^#]+\.jpg#webp=320,640,960,1280$/);
    const posterPath = playback.source.posterUrl.replace(/#.*$/, '');
    const variant = await t.app.inject({ method: 'GET', url: posterPath.replace(/\.jpg$/, '.w640.webp') });
    expect(variant.statusCode).toBe(200);
    expect(variant.headers['content-type']).toBe('image/webp');
    // The count grid was read from the audio while processing: a steady tone has no beat to count.
    expect(playback.source.countGrid).toEqual({ noCounts: true, sections: [], source: 'detected' });
  });

  it('refuses a renamed text file and keeps the upload waiting', async () => {
    const upload = await createUpload('Text');
    const put = await t.app.inject({
      method: 'PUT',
      url: upload.url,
      headers: { 'content-type': 'video/mp4' },
      payload: Buffer.from('this is not a video, only text in a file named routine.mp4\n'.repeat(50)),
    });
    expect(put.statusCode).toBe(415);
    const state = (
      await t.app.inject({ method: 'GET', url: `/api/v1/admin/direct-upload/${upload.uploadId}`, headers })
    ).json();
    expect(state.status).toBe('waiting');
  });

  it('survives an upload the browser abandons while a chunk is being written, and keeps it waiting', async () => {
    for (let attempt = 0; attempt < 5; attempt++) {
      const upload = await createUpload(`Abandoned ${attempt}`);
      // As a request whose browser went away: two chunks, and the connection resets while the second is still
      // being written to disk (libuv's threads are kept busy, so the write waits its turn).
      const body = new Readable({ read() {} });
      setTimeout(() => {
        body.push(source.subarray(0, 8_000));
        setTimeout(() => {
          for (let i = 0; i < 4; i++) pbkdf2(`${i}`, 'salt', 200_000, 32, 'sha256', () => {});
          body.push(source.subarray(8_000, 16_000));
          setTimeout(() => body.destroy(Object.assign(new Error('aborted'), { code: 'ECONNRESET' })), 10);
        }, 20);
      }, 5);
      await expect(t.app.video.local.receiveUpload(upload.uploadId, body)).rejects.toThrow('aborted');
      const state = (
        await t.app.inject({ method: 'GET', url: `/api/v1/admin/direct-upload/${upload.uploadId}`, headers })
      ).json();
      expect(state.status).toBe('waiting');
      await expect(stat(join(t.app.video.mediaRoot, upload.uploadId, 'source.part'))).rejects.toThrow();
    }
    // The stream's late ERR_STREAM_DESTROYED would surface here as an unhandled error (it ended the process).
    await new Promise((resolve) => setTimeout(resolve, 100));
  });

  it('refuses a forged or expired upload URL', async () => {
    const upload = await createUpload('Forged');
    const forged = upload.url.replace(/[^/]+$/, 'AAAA');
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: forged,
          payload: source,
          headers: { 'content-type': 'video/mp4' },
        })
      ).statusCode,
    ).toBe(403);
    const parts = upload.url.split('/');
    parts[parts.length - 2] = '1000';
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: parts.join('/'),
          payload: source,
          headers: { 'content-type': 'video/mp4' },
        })
      ).statusCode,
    ).toBe(403);
  });

  it('validates the chapters of a new video and changes nothing', async () => {
    const [before] = await t.app.db.select({ n: count() }).from(videos);
    const upload = await createUpload('Chapters');
    await t.app.inject({
      method: 'PUT',
      url: upload.url,
      headers: { 'content-type': 'video/mp4' },
      payload: source,
    });
    const { state } = await waitReady(t.app, upload.uploadId, headers);
    const send = (chapters: { title: string; timecode: string }[]) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/admin/upload-video',
        headers,
        payload: {
          title: 'X',
          videoLink: state.videoLink,
          levels: ['Advanced'],
          releaseDate: '2020-01-01',
          chapters,
        },
      });
    expect((await send([{ title: 'A', timecode: '0:99:00' }])).json().message).toBe(
      'Invalid time. Use HH:MM:SS.',
    );
    expect(
      (
        await send([
          { title: 'A', timecode: '00:00:01' },
          { title: 'B', timecode: '00:00:01' },
        ])
      ).json().message,
    ).toBe('Each chapter must have a unique time.');
    expect((await send([{ title: 'A', timecode: '00:10:00' }])).json().message).toBe(
      'Chapter time cannot exceed video duration.',
    );
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/upload-video',
      headers,
      payload: { title: 'X', videoLink: '', levels: ['Advanced'], releaseDate: '2020-01-01' },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields.videoLink).toBe('Please add a video to continue');
    const noThumb = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/chapter-thumbnails',
      headers,
      payload: { timecode: 3 },
    });
    expect(noThumb.json().message).toBe('Required fields are missing');
    const [after] = await t.app.db.select({ n: count() }).from(videos);
    expect(after!.n).toBe(before!.n);
  });

  it('keeps members out of the wizard', async () => {
    const member = await createUser(t.app);
    const s = await logInAs(t.app, member.email);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/direct-upload',
      headers: s.headers,
      payload: { title: 'x' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('user role does not match');
  });
});

describe('upload size limit', () => {
  it('refuses a file over the limit', async () => {
    const base = testConfig();
    const t = await createTestApp({
      dataDir: join(dir, 'small'),
      video: { ...base.video, uploadMaxBytes: 10_000 },
    });
    try {
      const admin = await createUser(t.app, { role: 'admin' });
      const { headers } = await logInAs(t.app, admin.email);
      const upload = (
        await t.app.inject({
          method: 'POST',
          url: '/api/v1/admin/direct-upload',
          headers,
          payload: { title: 'Big' },
        })
      ).json();
      const put = await t.app.inject({
        method: 'PUT',
        url: upload.url,
        headers: { 'content-type': 'video/mp4' },
        payload: source,
      });
      expect(put.statusCode).toBe(413);
    } finally {
      await t.close();
    }
  });
});

describe('durable processing', { timeout: 180_000 }, () => {
  it('finishes a job interrupted by a restart', async () => {
    const dataDir = join(dir, 'durable');
    const config = testConfig({ dataDir, inMemoryDatabase: false, databaseUrl: null });
    const longer = await makeSource(dir, 16, '854x480');
    let app = await buildApp({ config });
    await app.ready();
    const admin = await createUser(app, { role: 'admin' });
    let { headers } = await logInAs(app, admin.email);
    const upload = (
      await app.inject({
        method: 'POST',
        url: '/api/v1/admin/direct-upload',
        headers,
        payload: { title: 'Long' },
      })
    ).json();
    expect(
      (
        await app.inject({
          method: 'PUT',
          url: upload.url,
          headers: { 'content-type': 'video/mp4' },
          payload: longer,
        })
      ).statusCode,
    ).toBe(200);
    // Wait until the job runs, then stop the API in the middle of the transcode.
    const until = Date.now() + 60_000;
    let progress = 0;
    while (Date.now() < until && progress === 0) {
      await new Promise((r) => setTimeout(r, 100));
      progress = (
        await app.inject({ method: 'GET', url: `/api/v1/admin/direct-upload/${upload.uploadId}`, headers })
      ).json().progress;
    }
    // Interrupted mid-way: neither before the job started nor after it finished.
    expect(progress).toBeGreaterThan(0);
    expect(progress).toBeLessThan(88);
    await app.close();
    app = await buildApp({ config });
    await app.ready();
    try {
      headers = (await logInAs(app, admin.email)).headers;
      const { state } = await waitReady(app, upload.uploadId, headers, 150_000);
      expect(state.status).toBe('ready');
      // 16 s cut at 1, 5, 9 and 13 s in every rendition: only the first segment is short.
      for (const rendition of ['360p', '720p']) {
        const playlist = await readFile(
          join(app.video.mediaRoot, upload.uploadId, 'hls', rendition, 'index.m3u8'),
          'utf8',
        );
        const durations = [...playlist.matchAll(/#EXTINF:([\d.]+)/g)].map(
          (m) => Math.round(Number(m[1]) * 100) / 100,
        );
        expect(durations[0]).toBeGreaterThanOrEqual(1);
        expect(durations[0]).toBeLessThan(1.2);
        expect(durations.slice(1)).toEqual([4, 4, 4, 3]);
        expect(playlist).toContain('#EXT-X-TARGETDURATION:4');
      }
    } finally {
      await app.close();
    }
  }, 240_000);
});
