import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVideo } from '../../../test/catalogue-factories';
import { createTestApp, createUser, logInAs, type TestApp } from '../../../test/helpers';
import { savedVideos } from '../../db/schema';

let t: TestApp;
let videoId = '';
beforeAll(async () => {
  t = await createTestApp();
  videoId = (await createVideo(t.app, { title: 'Any' })).id;
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

describe('list validation', () => {
  it.each([
    ['sort=newest', 'Unknown sort'],
    ['durations=7', 'Unknown duration bucket: 7'],
    ['levels=Expert', 'Unknown level: Expert'],
    ['page=0', 'page must be a whole number from 1'],
    ['page=abc', 'page must be a whole number from 1'],
    ['pageSize=500', 'pageSize is at most 100'],
    ['tags=not-a-uuid', 'Unknown tag: not-a-uuid'],
    ['category=xyz', 'Unknown category'],
    ['colour=red', ''],
  ])('answers 400 for %s', async (qs, message) => {
    const res = await get(`/api/v1/videos?${qs}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_FAILED');
    if (message) expect(res.json().message).toContain(message);
  });

  it('answers 404 for a category that does not exist', async () => {
    const res = await get('/api/v1/videos?category=00000000-0000-4000-8000-000000000000');
    expect(res.statusCode).toBe(404);
  });

  it('needs 3 characters to search', async () => {
    const res = await get('/api/v1/videos/search?q=ab');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Search needs at least 3 characters');
    expect((await get('/api/v1/videos/search?q=%20%20abc%20')).statusCode).toBe(200);
  });
});

describe('saved errors', () => {
  it('answers 404 for an unknown video and saves nothing', async () => {
    const user = await createUser(t.app);
    const session = await logInAs(t.app, user.email);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/me/saved-videos/00000000-0000-4000-8000-000000000000',
      headers: session.headers,
    });
    expect(res.statusCode).toBe(404);
    const bad = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/me/saved-videos/nope',
      headers: session.headers,
    });
    expect(bad.statusCode).toBe(400);
    expect((await t.app.db.select({ n: count() }).from(savedVideos))[0]!.n).toBe(0);
  });
});

describe('catalogue security', () => {
  it('keeps classes from guests (401) and members without a user type (403)', async () => {
    expect((await get('/api/v1/videos?kind=class')).statusCode).toBe(401);
    const noPlan = await createUser(t.app, { userType: null });
    const session = await logInAs(t.app, noPlan.email);
    expect((await get('/api/v1/videos?kind=class', { cookie: session.cookie })).statusCode).toBe(403);
    for (const userType of ['individual-user', 'vip', 'studio-owner', 'subuser'] as const) {
      const member = await createUser(t.app, { userType });
      const s = await logInAs(t.app, member.email);
      expect((await get('/api/v1/videos?kind=class', { cookie: s.cookie })).statusCode, userType).toBe(200);
    }
    const admin = await createUser(t.app, { role: 'admin' });
    expect(
      (await get('/api/v1/videos?kind=class', { cookie: (await logInAs(t.app, admin.email)).cookie }))
        .statusCode,
    ).toBe(200);
  });

  it('needs a session and the CSRF token for saved videos, and keeps each member to their own', async () => {
    expect((await get('/api/v1/me/saved-videos')).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'PUT', url: `/api/v1/me/saved-videos/${videoId}` })).statusCode,
    ).toBe(401);
    const alice = await logInAs(t.app, (await createUser(t.app)).email);
    const bob = await logInAs(t.app, (await createUser(t.app)).email);
    const noCsrf = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/me/saved-videos/${videoId}`,
      headers: { cookie: alice.cookie },
    });
    expect(noCsrf.statusCode).toBe(403);
    await t.app.inject({ method: 'PUT', url: `/api/v1/me/saved-videos/${videoId}`, headers: alice.headers });
    expect((await get('/api/v1/me/saved-videos', { cookie: bob.cookie })).json().total).toBe(0);
    await t.app.inject({ method: 'DELETE', url: `/api/v1/me/saved-videos/${videoId}`, headers: bob.headers });
    expect((await get('/api/v1/me/saved-videos', { cookie: alice.cookie })).json().total).toBe(1);
  });

  it('shows the saved flag only to the member who saved', async () => {
    const guest = (await get('/api/v1/videos')).json();
    expect(guest.items.every((v: { isSaved: boolean }) => !v.isSaved)).toBe(true);
  });
});
