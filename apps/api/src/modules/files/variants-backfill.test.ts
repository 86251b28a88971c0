import { responsiveImage } from '@dance/domain';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestApp } from '../../../test/helpers';
import { banners, products, uploads } from '../../db/schema';
import { imageVariantsBackfillJob } from './jobs';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ dataDir: `/tmp/dance-variants-backfill-${process.pid}` });
});
afterAll(() => t.close());

const runBackfill = () => imageVariantsBackfillJob.handler(t.app, {} as never);

describe('image variants backfill', () => {
  it('gives older uploads their variants, marks every reference, and runs again without change', async () => {
    const admin = await createUser(t.app, { role: 'admin' });
    const jpeg = await sharp({ create: { width: 700, height: 400, channels: 3, background: '#123456' } })
      .jpeg()
      .toBuffer();
    const key = 'banner/2025-01/0b5b4f6e-8d0c-4a53-9a39-5a1f0c7d2e11.jpg';
    const svgKey = 'banner/2025-01/3f2a1c4e-0d1b-4c5e-8f9a-1b2c3d4e5f60.svg';
    const { url } = await t.app.files.put(key, jpeg, 'image/jpeg');
    const { url: svgUrl } = await t.app.files.put(
      svgKey,
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      'image/svg+xml',
    );
    // Written as before decision 0063: variants unknown.
    await t.app.db.insert(uploads).values([
      { uploaderId: admin.id, kind: 'image', key, sizeBytes: jpeg.length },
      { uploaderId: admin.id, kind: 'image', key: svgKey, sizeBytes: 40 },
    ]);
    const [banner] = await t.app.db
      .insert(banners)
      .values({ title: 'Old', imageUrl: url, releaseDate: '2025-01-01' })
      .returning();
    const [product] = await t.app.db
      .insert(products)
      .values({ title: 'Shoes', handle: `shoes-${Date.now()}`, images: [{ src: url }, { src: `${url}x` }] })
      .returning();

    await runBackfill();

    const marked = `${url}#webp=320,640`;
    const [bannerAfter] = await t.app.db.select().from(banners).where(eq(banners.id, banner!.id));
    expect(bannerAfter!.imageUrl).toBe(marked);
    const [productAfter] = await t.app.db.select().from(products).where(eq(products.id, product!.id));
    expect(productAfter!.images).toEqual([{ src: marked }, { src: `${url}x` }]);
    for (const candidate of responsiveImage(marked).srcSet!.split(', ')) {
      const served = await t.app.inject(candidate.split(' ')[0]!);
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
    }
    const rows = await t.app.db.select().from(uploads).where(eq(uploads.uploaderId, admin.id));
    expect(Object.fromEntries(rows.map((r) => [r.key, r.variantWidths]))).toEqual({
      [key]: [320, 640],
      [svgKey]: [],
    });
    expect(svgUrl).toMatch(/\.svg$/);

    await runBackfill();
    const [again] = await t.app.db.select().from(banners).where(eq(banners.id, banner!.id));
    expect(again!.imageUrl).toBe(marked);
  });
});
