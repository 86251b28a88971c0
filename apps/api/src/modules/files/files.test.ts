import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, logInAs, type Session, type TestApp } from '../../../test/helpers';

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

const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
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
});
