import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { makeWebpVariants, UnreadableImageError } from './variants';

const image = (width: number, height: number, format: 'jpeg' | 'png' | 'webp' | 'avif') =>
  sharp({ create: { width, height, channels: 3, background: '#c2185b' } })
    .toFormat(format)
    .toBuffer();

describe('makeWebpVariants', () => {
  it('makes a WebP at every width up to the original, beside it, never upscaled', async () => {
    const variants = await makeWebpVariants(await image(1000, 600, 'jpeg'), 'thumbnail/2026-11/a.jpg');
    expect(variants.map((v) => [v.width, v.key])).toEqual([
      [320, 'thumbnail/2026-11/a.w320.webp'],
      [640, 'thumbnail/2026-11/a.w640.webp'],
      [960, 'thumbnail/2026-11/a.w960.webp'],
    ]);
    for (const v of variants) {
      const meta = await sharp(v.body).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual([
        'webp',
        v.width,
        Math.round((v.width * 600) / 1000),
      ]);
    }
  });

  it('takes PNG, WebP and AVIF too; a wide image stops at 1280; a small one gets none', async () => {
    for (const format of ['png', 'webp', 'avif'] as const) {
      const variants = await makeWebpVariants(await image(400, 300, format), `banner/x.${format}`);
      expect(variants.map((v) => v.width)).toEqual([320]);
    }
    const wide = await makeWebpVariants(await image(3000, 1000, 'jpeg'), 'banner/w.jpg');
    expect(wide.map((v) => v.width)).toEqual([320, 640, 960, 1280]);
    expect(await makeWebpVariants(await image(200, 100, 'png'), 'banner/s.png')).toEqual([]);
  });

  it('measures width upright: a portrait photo stored sideways (EXIF orientation 6)', async () => {
    const sideways = await sharp({ create: { width: 1000, height: 400, channels: 3, background: '#000' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const variants = await makeWebpVariants(sideways, 'thumbnail/p.jpg');
    expect(variants.map((v) => v.width)).toEqual([320]);
    expect((await sharp(variants[0]!.body).metadata()).height).toBe(800);
  });

  it('refuses a damaged file', async () => {
    const jpeg = await image(1000, 600, 'jpeg');
    await expect(makeWebpVariants(jpeg.subarray(0, 200), 'a.jpg')).rejects.toBeInstanceOf(
      UnreadableImageError,
    );
    const noisy = await sharp(
      Buffer.from(Array.from({ length: 1000 * 600 * 3 }, (_, i) => (i * 7919) % 251)),
      {
        raw: { width: 1000, height: 600, channels: 3 },
      },
    )
      .jpeg()
      .toBuffer();
    const cutShort = noisy.subarray(0, Math.floor(noisy.length * 0.6));
    await expect(makeWebpVariants(cutShort, 'a.jpg')).rejects.toBeInstanceOf(UnreadableImageError);
    const garbled = Buffer.concat([jpeg.subarray(0, 4), Buffer.alloc(2000, 7)]);
    await expect(makeWebpVariants(garbled, 'a.jpg')).rejects.toBeInstanceOf(UnreadableImageError);
  });
});
