import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { responsiveImage } from '@dance/domain';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers';
import { filesRoot } from '../adapters/files';
import { banners, videos } from '../db/schema';
import { seedDemoCatalogue } from './catalogue';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('demo catalogue pictures (decision 0077)', () => {
  it('stores each poster and banner as an upload is: a WebP original with its variants, the URL marked', async () => {
    const filesDir = filesRoot(t.app.config.dataDir);
    const seeded = await seedDemoCatalogue(t.app.db, filesDir);
    expect(seeded?.videoCount).toBe(78);

    const rows = await t.app.db.select().from(videos);
    const bannerRows = await t.app.db.select().from(banners);
    const urls = [...rows.map((r) => r.thumbnailUrl), ...bannerRows.map((b) => b.imageUrl)];
    for (const url of urls)
      expect(url).toMatch(/^\/files\/demo\/[a-z]+-[a-z0-9]+\.webp#webp=320,640,960,1280$/);
    expect(new Set(rows.map((r) => r.thumbnailUrl)).size).toBe(rows.length);
    for (const r of rows.filter((row) => row.kind === 'class'))
      expect(r.trailerThumbnailUrl).toBe(r.thumbnailUrl);

    // Each file is a WebP of the width its name says, served by the files route as an image.
    const { src, srcSet } = responsiveImage(rows[0]!.thumbnailUrl!);
    const files = [src, ...srcSet!.split(', ').map((entry) => entry.split(' ')[0]!)];
    const widths = [1280, 320, 640, 960, 1280];
    for (const [i, url] of files.entries()) {
      const body = await readFile(join(filesDir, url.replace('/files/', '')));
      const meta = await sharp(body).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.width).toBe(widths[i]);
    }
    const served = await t.app.inject({ method: 'GET', url: files[1]! });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
  });
});
