import { SUBSCRIPTION_STATUSES } from '@dance/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, logInAs, type TestApp } from '../../../test/helpers';
import { videos } from '../../db/schema';
import { createPlayableVideo, subscribe } from './test-factories';

let t: TestApp;
let library: Awaited<ReturnType<typeof createPlayableVideo>>;
let klass: Awaited<ReturnType<typeof createPlayableVideo>>;

beforeAll(async () => {
  t = await createTestApp();
  library = await createPlayableVideo(t.app, { title: 'Library piece' });
  klass = await createPlayableVideo(t.app, { title: 'Class piece', kind: 'class' });
});
afterAll(() => t.close());

const play = (videoId: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: `/api/v1/videos/${videoId}/playback`, headers });

describe('playback access (spec 1 §4, spec 2 §2 and §6)', () => {
  it('asks a guest to log in', async () => {
    for (const id of [library.video.id, klass.video.id]) {
      const res = await play(id);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({
        code: 'UNAUTHENTICATED',
        message: 'Please log in to view the content.',
      });
    }
  });

  it('tells an expired session to log in again', async () => {
    const res = await play(library.video.id, { cookie: 'sid=an-expired-or-unknown-token' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'SESSION_EXPIRED', message: 'Please Login Again' });
    const bearer = await play(library.video.id, { authorization: 'Bearer nope' });
    expect(bearer.json()).toMatchObject({ code: 'SESSION_EXPIRED' });
  });

  it('sends a member without a plan to the plans page, and shows them the class upgrade view', async () => {
    const user = await createUser(t.app);
    const { headers } = await logInAs(t.app, user.email);
    const res = await play(library.video.id, headers);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('SUBSCRIPTION_REQUIRED');
    const upgrade = await play(klass.video.id, headers);
    expect(upgrade.statusCode).toBe(200);
    expect(upgrade.json()).toMatchObject({ access: 'upgrade', source: null, chapters: [] });
    expect(upgrade.json().trailer.hlsUrl).toContain(`/api/v1/media/${klass.trailer!.id}/`);
  });

  it.each(SUBSCRIPTION_STATUSES)('plan status %s', async (status) => {
    const user = await createUser(t.app, { userType: 'individual-user', subscriptionId: `sub-${status}` });
    await subscribe(t.app, user.id, status);
    const { headers } = await logInAs(t.app, user.email);
    const res = await play(library.video.id, headers);
    const counts = ['in_trial', 'active', 'non_renewing'].includes(status);
    expect(res.statusCode).toBe(counts ? 200 : 403);
    if (counts) {
      expect(res.json().access).toBe('full');
      expect(res.json().source.hlsUrl).toMatch(
        new RegExp(`^/api/v1/media/${library.asset.id}/\\d+/[\\w-]+/master.m3u8$`),
      );
    } else expect(res.json().code).toBe('SUBSCRIPTION_REQUIRED');
    // Classes are not part of Standard (decision 0034): the upgrade view, with the trailer, whatever the status.
    const cls = await play(klass.video.id, headers);
    expect(cls.json()).toMatchObject({ access: 'upgrade', source: null, chapters: [] });
    expect(cls.body).not.toContain(klass.asset.id);
  });

  it.each(['vip', 'studio-owner'] as const)('plays classes for a %s with a plan', async (userType) => {
    const user = await createUser(t.app, { userType });
    await subscribe(
      t.app,
      user.id,
      'active',
      userType === 'studio-owner' ? 'STUDIO-5' : userType === 'vip' ? 'VIP' : 'INDIVIDUAL',
    );
    const { headers } = await logInAs(t.app, user.email);
    const res = await play(klass.video.id, headers);
    expect(res.statusCode).toBe(200);
    expect(res.json().access).toBe('full');
    expect(res.json().source).not.toBeNull();
    expect(res.json().chapters).toHaveLength(2);
  });

  it("plays classes for a sub-user through their studio's plan", async () => {
    const owner = await createUser(t.app, { userType: 'studio-owner' });
    await subscribe(t.app, owner.id, 'active', 'STUDIO-10');
    const sub = await createUser(t.app, { userType: 'subuser', studioOwnerId: owner.id });
    const { headers } = await logInAs(t.app, sub.email);
    expect((await play(klass.video.id, headers)).json().access).toBe('full');
    expect((await play(library.video.id, headers)).statusCode).toBe(200);
    // The studio's plan lapses: the sub-user loses access with it.
    const lonely = await createUser(t.app, {
      userType: 'subuser',
      studioOwnerId: (await createUser(t.app)).id,
    });
    const other = await logInAs(t.app, lonely.email);
    expect((await play(library.video.id, other.headers)).statusCode).toBe(403);
  });

  it('shows the upgrade view to a subscriber without a user type on a class', async () => {
    const user = await createUser(t.app, { userType: null });
    await subscribe(t.app, user.id, 'active');
    const { headers } = await logInAs(t.app, user.email);
    expect((await play(library.video.id, headers)).json().access).toBe('full');
    expect((await play(klass.video.id, headers)).json()).toMatchObject({ access: 'upgrade', source: null });
  });

  it('lets an admin play everything without a plan', async () => {
    const admin = await createUser(t.app, { role: 'admin' });
    const { headers } = await logInAs(t.app, admin.email);
    expect((await play(library.video.id, headers)).json().access).toBe('full');
    expect((await play(klass.video.id, headers)).json().access).toBe('full');
  });

  it('plays only the trailer of a class released later, except for admins, and the class once released', async () => {
    const later = await createPlayableVideo(t.app, {
      title: 'Class next week',
      kind: 'class',
      releasedDaysAgo: -7,
    });
    const members = await Promise.all(
      (['vip', 'studio-owner'] as const).map(async (userType) => {
        const user = await createUser(t.app, { userType });
        await subscribe(
          t.app,
          user.id,
          'active',
          userType === 'studio-owner' ? 'STUDIO-5' : userType === 'vip' ? 'VIP' : 'INDIVIDUAL',
        );
        return (await logInAs(t.app, user.email)).headers;
      }),
    );
    for (const headers of members) {
      const res = await play(later.video.id, headers);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        access: 'trailer',
        source: null,
        chapters: [],
        resumeAtSeconds: null,
      });
      expect(res.json().trailer.hlsUrl).toContain(`/api/v1/media/${later.trailer!.id}/`);
      expect(res.body).not.toContain(later.asset.id);
    }
    const admin = await logInAs(t.app, (await createUser(t.app, { role: 'admin' })).email);
    const adminPlay = (await play(later.video.id, admin.headers)).json();
    expect(adminPlay.access).toBe('full');
    expect(adminPlay.source.hlsUrl).toContain(`/api/v1/media/${later.asset.id}/`);
    // The release time passes (12:00 AM New York on the release date): members get the class itself.
    await t.app.db
      .update(videos)
      .set({ releaseAt: new Date(Date.now() - 1000) })
      .where(eq(videos.id, later.video.id));
    const released = (await play(later.video.id, members[0]!)).json();
    expect(released.access).toBe('full');
    expect(released.source.hlsUrl).toContain(`/api/v1/media/${later.asset.id}/`);
  });

  it("keeps a member's progress and reactions private", async () => {
    const a = await createUser(t.app, { userType: 'individual-user' });
    const b = await createUser(t.app, { userType: 'individual-user' });
    await subscribe(t.app, a.id, 'active');
    await subscribe(t.app, b.id, 'active');
    const sa = await logInAs(t.app, a.email);
    const sb = await logInAs(t.app, b.email);
    await t.app.inject({
      method: 'PUT',
      url: `/api/v1/me/progress/${library.video.id}`,
      headers: sa.headers,
      payload: { positionSeconds: 40, durationSeconds: 120 },
    });
    await t.app.inject({
      method: 'PUT',
      url: `/api/v1/videos/${library.video.id}/reaction`,
      headers: sa.headers,
      payload: { reaction: 'like' },
    });
    const history = await t.app.inject({ method: 'GET', url: '/api/v1/me/history', headers: sb.headers });
    expect(history.json().total).toBe(0);
    expect((await play(library.video.id, sb.headers)).json().resumeAtSeconds).toBeNull();
    expect((await play(library.video.id, sa.headers)).json().resumeAtSeconds).toBe(40);
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/v1/videos/${library.video.id}`,
      headers: sb.headers,
    });
    expect(detail.json()).toMatchObject({ reaction: null, likeCount: 1 });
    // b cannot clear a's history entry: the delete only touches b's own rows.
    await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/me/history/${library.video.id}`,
      headers: sb.headers,
    });
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/me/history', headers: sa.headers })).json().total,
    ).toBe(1);
  });

  it('refuses mutations without the CSRF token', async () => {
    const user = await createUser(t.app);
    const { cookie } = await logInAs(t.app, user.email);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/videos/${library.video.id}/reaction`,
      headers: { cookie },
      payload: { reaction: 'like' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('CSRF_FAILED');
  });
});

describe('signed media URLs', () => {
  it('serves nothing for a tampered, expired or foreign signature', async () => {
    const admin = await createUser(t.app, { role: 'admin' });
    const { headers } = await logInAs(t.app, admin.email);
    const { source } = (await play(library.video.id, headers)).json();
    const url: string = source.hlsUrl;
    const [, , , , assetId, exp, sig] = url.split('/');
    const tampered = url.replace(sig!, `${sig!.slice(0, -2)}xx`);
    expect((await t.app.inject({ method: 'GET', url: tampered })).statusCode).toBe(403);
    const expired = url.replace(`/${exp}/`, `/${Number(exp) - 999_999}/`);
    expect((await t.app.inject({ method: 'GET', url: expired })).statusCode).toBe(403);
    const otherAsset = url.replace(assetId!, klass.asset.id);
    expect((await t.app.inject({ method: 'GET', url: otherAsset })).statusCode).toBe(403);
    // A valid link to a file that does not exist, or outside the media folder, is 404.
    expect(
      (await t.app.inject({ method: 'GET', url: url.replace('master.m3u8', 'nope.m3u8') })).statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: url.replace('master.m3u8', '..%2f..%2fsource.m3u8') }))
        .statusCode,
    ).toBe(404);
  });
});
