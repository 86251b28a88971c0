import { todayInNewYork } from '@dance/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, logInAs, type Session, type TestApp } from '../../../test/helpers';
import { banners } from '../../db/schema';

let t: TestApp;
let admin: Session;
let member: Session;
let id = '';
beforeAll(async () => {
  t = await createTestApp();
  admin = await logInAs(t.app, (await createUser(t.app, { role: 'admin' })).email);
  member = await logInAs(t.app, (await createUser(t.app)).email);
  const [row] = await t.app.db
    .insert(banners)
    .values({ title: 'B', imageUrl: '/files/b.png', releaseDate: todayInNewYork(), isActive: false })
    .returning();
  id = row!.id;
});
afterAll(() => t.close());

const body = { title: 'T', imageUrl: '/files/banner/a.png', releaseDate: todayInNewYork() };
const routes = [
  ['GET', '/api/v1/admin/banners', undefined],
  ['GET', '/api/v1/admin/banners/:id', undefined],
  ['POST', '/api/v1/admin/banners', body],
  ['PUT', '/api/v1/admin/banners/:id', body],
  ['PATCH', '/api/v1/admin/banners/:id', { isActive: true }],
  ['DELETE', '/api/v1/admin/banners/:id', undefined],
] as const;

describe.each(routes)('%s %s', (method, path, payload) => {
  it('refuses guests (401), members (403) and, for changes, a cookie without the CSRF token', async () => {
    const url = path.replace(':id', id);
    const before = await t.app.db.select().from(banners);
    expect((await t.app.inject({ method, url, payload })).statusCode).toBe(401);
    const asMember = await t.app.inject({ method, url, payload, headers: member.headers });
    expect(asMember.statusCode).toBe(403);
    expect(asMember.json().message).toBe('user role does not match');
    if (method !== 'GET') {
      const noCsrf = await t.app.inject({ method, url, payload, headers: { cookie: admin.cookie } });
      expect(noCsrf.json().code).toBe('CSRF_FAILED');
    }
    expect(await t.app.db.select().from(banners)).toEqual(before);
  });
});

it('the active banner is public but never shows an unpublished one', async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/v1/banners/active' });
  expect(res.statusCode).toBe(200);
  expect(res.json()).toEqual({ banner: null });
});
