import { addDays, todayInNewYork } from '@dance/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, logInAs, type Session, type TestApp } from '../../../test/helpers';
import { auditLog, banners } from '../../db/schema';

let t: TestApp;
let admin: Session;
beforeAll(async () => {
  t = await createTestApp();
  admin = await logInAs(t.app, (await createUser(t.app, { role: 'admin' })).email);
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: admin.headers,
    payload: payload as Record<string, unknown>,
  });
const home = async () => (await t.app.inject({ method: 'GET', url: '/api/v1/home' })).json().banner;

describe('banners', () => {
  it('adds, lists, edits, publishes, unpublishes and deletes, with an audit row per change', async () => {
    const today = todayInNewYork();
    const created = await call('POST', '/admin/banners', {
      title: 'Spring Week',
      imageUrl: '/files/banner/a.png',
      releaseDate: today,
    });
    expect(created.statusCode).toBe(201);
    const banner = created.json();
    expect(banner).toMatchObject({
      title: 'Spring Week',
      imageUrl: '/files/banner/a.png',
      releaseDate: today,
      isActive: true,
      showImmediately: false,
    });
    expect(await home()).toMatchObject({
      id: banner.id,
      title: 'Spring Week',
      imageUrl: '/files/banner/a.png',
    });
    expect((await call('GET', '/banners/active')).json().banner.id).toBe(banner.id);

    expect((await call('GET', '/admin/banners')).json().items.map((b: { id: string }) => b.id)).toEqual([
      banner.id,
    ]);
    expect((await call('GET', `/admin/banners/${banner.id}`)).json()).toEqual(banner);

    const edited = await call('PUT', `/admin/banners/${banner.id}`, {
      title: 'Spring Week 2',
      imageUrl: '/files/banner/b.png',
      releaseDate: addDays(today, 2),
      isActive: true,
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ title: 'Spring Week 2', releaseDate: addDays(today, 2) });
    // Released in two days: members do not see it yet.
    expect(await home()).toBeNull();

    const unpublished = await call('PATCH', `/admin/banners/${banner.id}`, { isActive: false });
    expect(unpublished.json().isActive).toBe(false);
    const published = await call('PATCH', `/admin/banners/${banner.id}`, { isActive: true });
    expect(published.json().isActive).toBe(true);

    expect((await call('DELETE', `/admin/banners/${banner.id}`)).json()).toEqual({ id: banner.id });
    expect(await t.app.db.select().from(banners)).toHaveLength(0);
    const audits = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'banner'), eq(auditLog.entityId, banner.id)));
    expect(audits.map((a) => a.action).sort()).toEqual([
      'create',
      'delete',
      'publish',
      'unpublish',
      'update',
    ]);
  });

  it('shows a banner at once with the immediate-show option, whatever its release date', async () => {
    const created = await call('POST', '/admin/banners', {
      title: 'Now',
      imageUrl: '/files/banner/now.png',
      showImmediately: true,
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().releaseDate).toBe(todayInNewYork());
    const later = await call('PUT', `/admin/banners/${created.json().id}`, {
      title: 'Now',
      imageUrl: '/files/banner/now.png',
      releaseDate: addDays(todayInNewYork(), 30),
      showImmediately: true,
    });
    expect(later.statusCode).toBe(200);
    expect(await home()).toMatchObject({ id: created.json().id });
  });
});
