import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { responsiveImage } from '@dance/domain';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, logInAs, type Session, type TestApp } from '../../../test/helpers';
import { uploads } from '../../db/schema';

let t: TestApp;
let member: Session;
let admin: Session;
const dataDir = `/tmp/dance-files-test-${process.pid}`;
beforeAll(async () => {
  t = await createTestApp({ dataDir });
  member = await logInAs(t.app, (await createUser(t.app)).email);
  admin = await logInAs(t.app, (await createUser(t.app, { role: 'admin' })).email);
});
afterAll(() => t.close());

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const upload = (
  session: Session | null,
  file: Buffer | string,
  purpose = 'profile-image',
  name = 'image.png',
) => {
  const form = new FormData();
  form.append('purpose', purpose);
  form.append('file', new Blob([typeof file === 'string' ? file : new Uint8Array(file)]), name);
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/files',
    payload: form,
    headers: session?.headers ?? {},
  });
};

describe('uploads', () => {
  it('stores a member profile image and serves it', async () => {
    const res = await upload(member, PNG);
    expect(res.statusCode, res.body).toBe(201);
    const { url, contentType } = res.json();
    expect(contentType).toBe('image/png');
    expect(url).toMatch(/^\/files\/profile-image\/\d{4}-\d{2}\/[0-9a-f-]{36}\.png$/);
    const served = await t.app.inject(url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-security-policy']).toContain("default-src 'none'");
  });

  it('sanitises SVG', async () => {
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script><a href="javascript:alert(3)"><rect width="1" height="1"/></a></svg>';
    const res = await upload(admin, svg, 'banner', 'x.svg');
    expect(res.statusCode, res.body).toBe(201);
    const stored = await readFile(join(dataDir, res.json().url.replace('/files/', 'files/')), 'utf8');
    expect(stored).not.toMatch(/script|onload|javascript:/i);
    expect(stored).toContain('<rect');
  });

  it('refuses a renamed text file, an empty file and an unknown purpose', async () => {
    const text = await upload(member, 'just some text, honestly', 'profile-image', 'photo.png');
    expect(text.statusCode).toBe(415);
    expect((await upload(member, Buffer.alloc(0))).statusCode).toBe(400);
    expect((await upload(admin, PNG, 'malware')).statusCode).toBe(400);
  });

  it('refuses files over 50 MB with the spec message', async () => {
    const res = await upload(member, Buffer.concat([PNG, Buffer.alloc(50 * 1024 * 1024 + 10)]));
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('File size must be less than 50MB');
  });

  it('needs a session, CSRF, and the admin role for every purpose but the profile image', async () => {
    expect((await upload(null, PNG)).statusCode).toBe(401);
    const form = new FormData();
    form.append('file', new Blob([PNG]), 'a.png');
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/v1/files',
          payload: form,
          headers: { cookie: member.cookie },
        })
      ).statusCode,
    ).toBe(403);
    expect((await upload(member, PNG, 'banner')).statusCode).toBe(403);
    expect((await upload(admin, PNG, 'banner')).statusCode).toBe(201);
  });

  it('makes WebP variants of a raster upload beside it and marks the URL with their widths', async () => {
    const jpeg = await sharp({ create: { width: 1000, height: 600, channels: 3, background: '#c2185b' } })
      .jpeg()
      .toBuffer();
    const res = await upload(admin, jpeg, 'thumbnail', 'photo.jpg');
    expect(res.statusCode, res.body).toBe(201);
    const { url, contentType, size } = res.json();
    expect([contentType, size]).toEqual(['image/jpeg', jpeg.length]);
    expect(url).toMatch(/^\/files\/thumbnail\/\d{4}-\d{2}\/[0-9a-f-]{36}\.jpg#webp=320,640,960$/);
    const { src, srcSet } = responsiveImage(url);
    expect((await t.app.inject(src)).rawPayload).toEqual(jpeg);
    const candidates = srcSet!.split(', ').map((c) => c.split(' '));
    expect(candidates.map(([, w]) => w)).toEqual(['320w', '640w', '960w']);
    for (const [variantUrl, w] of candidates) {
      const served = await t.app.inject(variantUrl!);
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect((await sharp(served.rawPayload).metadata()).width).toBe(Number.parseInt(w!, 10));
    }
    // The quota counts the variants; the row knows them (the backfill skips it).
    const key = src.replace('/files/', '');
    const [row] = await t.app.db.select().from(uploads).where(eq(uploads.key, key));
    expect(row!.variantWidths).toEqual([320, 640, 960]);
    expect(row!.sizeBytes).toBeGreaterThan(jpeg.length);
  });

  it('refuses a damaged JPEG with a 400 that says so, and writes nothing', async () => {
    const jpeg = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#333' } })
      .jpeg()
      .toBuffer();
    const listing = async () =>
      readdir(join(dataDir, 'files', 'product'), { recursive: true }).catch(() => []);
    const before = await listing();
    const rowsBefore = await t.app.db.select().from(uploads);
    const res = await upload(admin, jpeg.subarray(0, 300), 'product', 'broken.jpg');
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().fields.file).toMatch(/could not be read/);
    expect(await listing()).toEqual(before);
    expect(await t.app.db.select().from(uploads)).toHaveLength(rowsBefore.length);
  });

  it("removes a photo's EXIF (GPS position, device) before storing it, upright, and keeps an image without any as it is", async () => {
    const photo = await sharp({ create: { width: 400, height: 200, channels: 3, background: '#c2185b' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExif({
        IFD0: { Make: 'PhoneMaker', Artist: 'Dana' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1' },
      })
      .toBuffer();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    for (const purpose of ['comment-image', 'profile-image']) {
      const res = await upload(member, photo, purpose, 'photo.jpg');
      expect(res.statusCode, res.body).toBe(201);
      const served = (await t.app.inject(res.json().url)).rawPayload;
      const meta = await sharp(served).metadata();
      expect([meta.exif, meta.xmp, meta.iptc, meta.orientation]).toEqual([
        undefined,
        undefined,
        undefined,
        undefined,
      ]);
      expect(served.includes('PhoneMaker')).toBe(false);
      // Turned by its orientation before that went: as the browser showed the original.
      expect([meta.width, meta.height]).toEqual([200, 400]);
      expect(res.json().size).toBe(served.length);
    }
    const plain = await upload(member, PNG);
    expect((await t.app.inject(plain.json().url)).rawPayload).toEqual(PNG);
  });

  it('keeps SVG and GIF as they are: no variants, an unmarked URL', async () => {
    const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///ywAAAAAAQABAAACAUwAOw==', 'base64');
    const res = await upload(admin, gif, 'banner', 'a.gif');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().url).toMatch(/\.gif$/);
  });
});
