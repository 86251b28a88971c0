import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createVimeoVideoHost, VideoHostError } from './index';

/** Vimeo's documented video object (API 3.4), trimmed to the fields we ask for. */
const vimeoVideo = {
  uri: '/videos/76979871',
  name: 'The New Vimeo Player (You Know, For Videos)',
  description:
    'It may look (mostly) the same on the surface, but under the hood we totally rebuilt our player.',
  duration: 62,
  player_embed_url: 'https://player.vimeo.com/video/76979871?h=8272103f6e',
  pictures: {
    base_link: 'https://i.vimeocdn.com/video/452001751-8216e0571c',
    sizes: [
      { width: 100, height: 75, link: 'https://i.vimeocdn.com/video/452001751-8216e0571c_100x75' },
      { width: 1920, height: 1080, link: 'https://i.vimeocdn.com/video/452001751-8216e0571c_1920x1080' },
      { width: 640, height: 360, link: 'https://i.vimeocdn.com/video/452001751-8216e0571c_640x360' },
    ],
  },
  tags: [{ name: 'player' }, { name: 'vimeo' }],
};

const requests: Request[] = [];
const server = setupServer(
  http.get('https://api.vimeo.com/videos/:id', ({ request, params }) => {
    requests.push(request.clone());
    if (request.headers.get('authorization') !== 'bearer good-token')
      return HttpResponse.json(
        { error: 'You must provide a valid authenticated access token.' },
        { status: 401 },
      );
    if (params.id === '76979871' || params.id === '76979871:8272103f6e') return HttpResponse.json(vimeoVideo);
    if (params.id === '429') return HttpResponse.json({ error: 'Too many API requests.' }, { status: 429 });
    if (params.id === '500') return new HttpResponse('oops', { status: 500 });
    if (params.id === '777') return HttpResponse.json({ uri: '/videos/777' });
    return HttpResponse.json({ error: 'The requested video could not be found' }, { status: 404 });
  }),
);

beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => {
  server.resetHandlers();
  requests.length = 0;
});
afterAll(() => server.close());

const host = createVimeoVideoHost({ token: 'good-token' });

describe('the Vimeo video host', () => {
  it('reads name, description, duration, the largest picture and the player link', async () => {
    const video = await host.getVideo('76979871');
    expect(video).toEqual({
      id: '76979871',
      title: vimeoVideo.name,
      description: vimeoVideo.description,
      thumbnailUrl: 'https://i.vimeocdn.com/video/452001751-8216e0571c_1920x1080',
      durationSeconds: 62,
      videoUrl: 'https://player.vimeo.com/video/76979871?h=8272103f6e',
      keywords: ['player', 'vimeo'],
    });
    const [request] = requests;
    expect(request!.headers.get('accept')).toBe('application/vnd.vimeo.*+json;version=3.4');
    const fields = new URL(request!.url).searchParams.get('fields')!;
    for (const field of ['name', 'description', 'duration', 'player_embed_url', 'pictures.sizes'])
      expect(fields.split(',')).toContain(field);
  });

  it('addresses an unlisted video as id:hash', async () => {
    expect((await host.getVideo('76979871:8272103f6e'))?.title).toBe(vimeoVideo.name);
    expect(new URL(requests[0]!.url).pathname).toBe('/videos/76979871:8272103f6e');
  });

  it('answers null for a video Vimeo does not have', async () => {
    expect(await host.getVideo('123')).toBeNull();
  });

  it.each([
    ['429', /rate limit/],
    ['500', /Vimeo answered 500/],
    ['777', /without the video details/],
  ])('turns a failure (%s) into a VideoHostError with a clear message', async (id, message) => {
    await expect(host.getVideo(id)).rejects.toThrow(VideoHostError);
    await expect(host.getVideo(id)).rejects.toThrow(message);
  });

  it('says so when the token is refused', async () => {
    const bad = createVimeoVideoHost({ token: 'expired' });
    await expect(bad.getVideo('76979871')).rejects.toThrow(/check VIMEO_TOKEN/);
  });

  it('says so when Vimeo cannot be reached', async () => {
    server.use(http.get('https://api.vimeo.com/videos/:id', () => HttpResponse.error()));
    await expect(host.getVideo('76979871')).rejects.toThrow(/could not be reached/);
  });
});

describe('fetching the file of a Vimeo video (decision 0033)', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'vimeo-file-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  const withFiles = (files: object[]) =>
    server.use(
      http.get('https://api.vimeo.com/videos/:id', ({ request }) => {
        requests.push(request.clone());
        return HttpResponse.json({ download: files });
      }),
      http.get('https://files.vimeo.test/:name', ({ params }) =>
        HttpResponse.arrayBuffer(new TextEncoder().encode(`file ${String(params.name)}`).buffer),
      ),
    );

  it('downloads the largest MP4 up to 1080p, never a manifest', async () => {
    withFiles([
      { quality: 'sd', type: 'video/mp4', height: 540, link: 'https://files.vimeo.test/540.mp4' },
      { quality: 'hd', type: 'video/mp4', height: 1080, link: 'https://files.vimeo.test/1080.mp4' },
      { quality: 'uhd', type: 'video/mp4', height: 2160, link: 'https://files.vimeo.test/2160.mp4' },
      { quality: 'hls', type: 'application/x-mpegURL', link: 'https://files.vimeo.test/x.m3u8' },
    ]);
    const dest = join(dir, 'a.mp4');
    await host.fetchSource('76979871', dest, { maxBytes: 1000 });
    expect(await readFile(dest, 'utf8')).toBe('file 1080.mp4');
    expect(new URL(requests[0]!.url).searchParams.get('fields')).toBe('download,files');
  });

  it('says why when Vimeo gives no file, or a file over the limit', async () => {
    withFiles([]);
    await expect(host.fetchSource('76979871', join(dir, 'b.mp4'), { maxBytes: 1000 })).rejects.toThrow(
      /the token must belong to the account that owns it/,
    );
    withFiles([{ type: 'video/mp4', height: 720, link: 'https://files.vimeo.test/720.mp4' }]);
    await expect(host.fetchSource('76979871', join(dir, 'c.mp4'), { maxBytes: 4 })).rejects.toThrow(
      /larger than the upload limit/,
    );
    expect(existsSync(join(dir, 'c.mp4'))).toBe(false);
  });
});
