import { todayInNewYork } from '@dance/domain';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCategory } from '../../../test/catalogue-factories';
import { createTestApp, createUser, logInAs, type Session, type TestApp } from '../../../test/helpers';
import { videos } from '../../db/schema';

let t: TestApp;
let admin: Session;
let member: Session;
let body: Record<string, unknown>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await logInAs(t.app, (await createUser(t.app, { role: 'admin' })).email);
  member = await logInAs(t.app, (await createUser(t.app, { userType: 'individual-user' })).email);
  body = {
    kind: 'library',
    title: 'X',
    categoryId: (await createCategory(t.app)).id,
    videoUrl: '/media/1',
    releaseDate: todayInNewYork(),
  };
});
afterAll(() => t.close());

const videoCount = async () => (await t.app.db.select({ n: count() }).from(videos))[0]!.n;

describe.each([
  ['GET', '/api/v1/admin/vimeo/videos/900001'],
  ['POST', '/api/v1/admin/videos'],
] as const)('%s %s', (method, url) => {
  it('answers 401 to a guest and 403 "user role does not match" to a member', async () => {
    const guest = await t.app.inject({ method, url, payload: method === 'POST' ? body : undefined });
    expect(guest.statusCode).toBe(401);
    const res = await t.app.inject({
      method,
      url,
      headers: member.headers,
      payload: method === 'POST' ? body : undefined,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('user role does not match');
    expect(await videoCount()).toBe(0);
  });
});

describe('adding a video', () => {
  it('needs the CSRF token with a cookie session', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/videos',
      headers: { cookie: admin.cookie },
      payload: body,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('CSRF_FAILED');
    expect(await videoCount()).toBe(0);
  });
});
