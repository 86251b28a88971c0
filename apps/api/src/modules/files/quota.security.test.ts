import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, logInAs, type Session, type TestApp } from '../../../test/helpers';
import { uploads } from '../../db/schema';

/** Issue 13, 12c: uploads had a per-file cap but no per-user quota. */

const IMAGE_QUOTA = 1000;
const VIDEO_QUOTA = 1500;
const dataDir = `/tmp/dance-quota-test-${process.pid}`;

let t: TestApp;
let member: Session;
let memberId: string;
let other: Session;
let admin: Session;
let adminId: string;
beforeAll(async () => {
  t = await createTestApp({ dataDir, uploadQuota: { imageBytes: IMAGE_QUOTA, videoBytes: VIDEO_QUOTA } });
  const row = await createUser(t.app);
  memberId = row.id;
  member = await logInAs(t.app, row.email);
  other = await logInAs(t.app, (await createUser(t.app)).email);
  const adminRow = await createUser(t.app, { role: 'admin' });
  adminId = adminRow.id;
  admin = await logInAs(t.app, adminRow.email);
});
afterAll(() => t.close());

/** A PNG of 400 bytes (a 1x1 image, then padding after its end that decoders ignore; too small for variants). */
const PNG = Buffer.concat([
  Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  ),
  Buffer.alloc(330),
]);
const upload = (session: Session) => {
  const form = new FormData();
  form.append('purpose', 'profile-image');
  form.append('file', new Blob([PNG]), 'me.png');
  return t.app.inject({ method: 'POST', url: '/api/v1/files', payload: form, headers: session.headers });
};
const storedImages = async () => {
  const root = join(dataDir, 'files', 'profile-image');
  const months = await readdir(root).catch(() => [] as string[]);
  let n = 0;
  for (const month of months) n += (await readdir(join(root, month))).length;
  return n;
};
const rowsOf = async (userId: string) =>
  (await t.app.db.select({ n: count() }).from(uploads).where(eq(uploads.uploaderId, userId)))[0]!.n;

describe('the per-user upload quota', () => {
  it('stores images up to the quota, then answers 413 UPLOAD_QUOTA_EXCEEDED and stores nothing', async () => {
    expect((await upload(member)).statusCode).toBe(201);
    expect((await upload(member)).statusCode).toBe(201);
    const [files, rows] = [await storedImages(), await rowsOf(memberId)];
    const res = await upload(member);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 'UPLOAD_QUOTA_EXCEEDED' });
    expect(res.json().message).toMatch(/upload space/);
    expect(await storedImages()).toBe(files);
    expect(await rowsOf(memberId)).toBe(rows);
    // Another member's quota is their own.
    expect((await upload(other)).statusCode).toBe(201);
  });

  it('lets parallel uploads pass the quota together no more than one after another', async () => {
    const fresh = await logInAs(t.app, (await createUser(t.app)).email);
    const answers = await Promise.all(Array.from({ length: 5 }, () => upload(fresh)));
    const statuses = answers.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([201, 201, 413, 413, 413]);
  });

  it('refuses a new video upload once the video quota is used, and stops a local upload at what is left', async () => {
    const create = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/admin/direct-upload',
        headers: admin.headers,
        payload: { title: 'Warm-up' },
      });
    const created = await create();
    expect(created.statusCode, created.body).toBe(201);
    const put = await t.app.inject({
      method: 'PUT',
      url: created.json().url.replace(/^https?:\/\/[^/]+/, ''),
      headers: { 'content-type': 'application/octet-stream' },
      payload: Buffer.alloc(VIDEO_QUOTA + 500),
    });
    expect(put.statusCode, put.body).toBe(413);
    expect(put.json().code).toBe('UPLOAD_QUOTA_EXCEEDED');
    expect(await rowsOf(adminId)).toBe(0);

    await t.app.db
      .insert(uploads)
      .values({ uploaderId: adminId, kind: 'video', key: 'x', sizeBytes: VIDEO_QUOTA });
    const refused = await create();
    expect(refused.statusCode).toBe(413);
    expect(refused.json().code).toBe('UPLOAD_QUOTA_EXCEEDED');
  });
});
