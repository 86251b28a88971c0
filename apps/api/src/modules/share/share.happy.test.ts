import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVideo } from '../../../test/catalogue-factories';
import { createTestApp, createUser, type TestApp } from '../../../test/helpers';
import { playlists } from '../../db/schema';
import { shareHtml } from './card';

let t: TestApp;
let base = '';
let videoId = '';
let futureId = '';
let featuredId = '';
let personalId = '';

beforeAll(async () => {
  t = await createTestApp();
  base = t.app.config.memberAppUrl;
  videoId = (await createVideo(t.app, { title: 'Salsa <basics> & "turns"' })).id;
  futureId = (await createVideo(t.app, { title: 'Secret premiere', releasedDaysAgo: -5 })).id;
  const member = await createUser(t.app);
  const [featured] = await t.app.db
    .insert(playlists)
    .values({ type: 'FPL', name: 'Turns and Spins', description: 'Spot, balance and finish clean.' })
    .returning();
  const [personal] = await t.app.db
    .insert(playlists)
    .values({ type: 'PPL', name: 'My private list', ownerUserId: member.id })
    .returning();
  featuredId = featured!.id;
  personalId = personal!.id;
});
afterAll(() => t.close());

const share = (path: string) => t.app.inject({ method: 'GET', url: `/share${path}` });

describe('GET /share/* (link cards)', () => {
  it("answers a released video's title, description and image as Open Graph tags, escaped", async () => {
    const res = await share(`/PlayerPage?v=${videoId}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain(
      '<meta property="og:title" content="Salsa &#60;basics&#62; &#38; &#34;turns&#34;">',
    );
    expect(res.body).toContain(`<meta property="og:url" content="${base}/PlayerPage?v=${videoId}">`);
    expect(res.body).toContain('<meta property="og:type" content="video.other">');
    expect(res.body).toMatch(/<meta property="og:image" content="http[^"]+">/);
    expect(res.body).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(res.body).not.toContain('<basics>');
  });

  it('gives featured playlists and the static pages their card', async () => {
    expect((await share(`/featured-playlist-view/${featuredId}/${videoId}`)).body).toContain(
      '<meta property="og:title" content="Turns and Spins">',
    );
    expect((await share('/Lessons')).body).toContain('<title>Lessons · Dance Training</title>');
  });

  it('never shows a private page or an unreleased video: the site card instead', async () => {
    for (const path of [
      `/personal-playlist-view/${personalId}/${videoId}`,
      '/account',
      `/PlayerPage?v=${futureId}`,
    ]) {
      const res = await share(path);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<meta property="og:title" content="Dance Training">');
      expect(res.body).not.toContain('My private list');
      expect(res.body).not.toContain('Secret premiere');
    }
  });

  it('gives an upload with WebP variants as its plain original', () => {
    const html = shareHtml(
      {
        title: 'T',
        description: 'D',
        image: '/files/thumbnail/2026-11/a.jpg#webp=320,640',
        type: 'video.other',
      },
      'https://dance.example',
      '/PlayerPage?v=1',
    );
    expect(html).toContain(
      '<meta property="og:image" content="https://dance.example/files/thumbnail/2026-11/a.jpg">',
    );
  });
});
