import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestApp } from '../../../test/helpers';
import { uploads } from '../../db/schema';
import { imageMetadataBackfillJob } from './jobs';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ dataDir: `/tmp/dance-metadata-backfill-${process.pid}` });
});
afterAll(() => t.close());

const runBackfill = () => imageMetadataBackfillJob.handler(t.app, {} as never);

describe('image metadata backfill', () => {
  it('stores an older photo again without its GPS position and maker, corrects its size, and leaves the rest', async () => {
    const member = await createUser(t.app);
    const photo = await sharp({ create: { width: 300, height: 120, channels: 3, background: '#c2185b' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExif({
        IFD0: { Make: 'PhoneMaker' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1' },
      })
      .toBuffer();
    const plain = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#123456' } })
      .png()
      .toBuffer();
    const photoKey = 'comment-image/2025-01/5c0b6a3e-1d2f-4e5a-9b8c-7d6e5f4a3b21.jpg';
    const plainKey = 'profile-image/2025-01/6d1c7b4f-2e3a-4f6b-8c9d-8e7f6a5b4c32.png';
    const goneKey = 'comment-image/2025-01/7e2d8c5a-3f4b-4a7c-9d0e-9f8a7b6c5d43.jpg';
    const { url } = await t.app.files.put(photoKey, photo, 'image/jpeg');
    await t.app.files.put(plainKey, plain, 'image/png');
    // Written as before the removal on the way in: not yet known to be free of metadata.
    await t.app.db.insert(uploads).values(
      [
        { key: photoKey, sizeBytes: photo.length },
        { key: plainKey, sizeBytes: plain.length },
        { key: goneKey, sizeBytes: 1000 },
      ].map((row) => ({ ...row, uploaderId: member.id, kind: 'image' as const, isMetadataFree: false })),
    );

    await runBackfill();

    const served = (await t.app.inject(url)).rawPayload;
    const meta = await sharp(served).metadata();
    expect([meta.exif, meta.orientation, served.includes('PhoneMaker')]).toEqual([
      undefined,
      undefined,
      false,
    ]);
    expect([meta.width, meta.height]).toEqual([120, 300]);
    expect(await t.app.files.read(plainKey)).toEqual(plain);
    const rows = await t.app.db.select().from(uploads).where(eq(uploads.uploaderId, member.id));
    expect(Object.fromEntries(rows.map((r) => [r.key, [r.isMetadataFree, r.sizeBytes]]))).toEqual({
      [photoKey]: [true, served.length],
      [plainKey]: [true, plain.length],
      [goneKey]: [true, 1000],
    });

    await runBackfill();
    expect((await t.app.inject(url)).rawPayload).toEqual(served);
  });
});
