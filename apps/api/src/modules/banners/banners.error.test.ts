import { addDays, todayInNewYork } from '@dance/domain';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, logInAs, type Session, type TestApp } from '../../../test/helpers';
import { auditLog, banners } from '../../db/schema';

let t: TestApp;
let admin: Session;
let bannerId = '';
beforeAll(async () => {
  t = await createTestApp();
  admin = await logInAs(t.app, (await createUser(t.app, { role: 'admin' })).email);
  const [row] = await t.app.db
    .insert(banners)
    .values({
      title: 'Old',
      imageUrl: '/files/x.png',
      releaseDate: addDays(todayInNewYork(), -10),
      isActive: true,
    })
    .returning();
  bannerId = row!.id;
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: admin.headers,
    payload: payload as Record<string, unknown>,
  });
const snapshot = async () => ({
  banners: await t.app.db.select().from(banners),
  audits: (await t.app.db.select({ n: count() }).from(auditLog))[0]!.n,
});
const valid = { title: 'T', imageUrl: '/files/banner/a.png', releaseDate: todayInNewYork() };

describe('bad banner input changes nothing', () => {
  it.each([
    ['no image', { imageUrl: '' }, 'imageUrl', 'Please select an image'],
    ['a script image link', { imageUrl: 'javascript:alert(1)' }, 'imageUrl', 'Please select an image'],
    ['no title', { title: ' ' }, 'title', 'Please enter a title'],
    ['no release date', { releaseDate: undefined }, 'releaseDate', 'Please pick a release date'],
    [
      'a past release date',
      { releaseDate: addDays(todayInNewYork(), -1) },
      'releaseDate',
      'Release date cannot be before today.',
    ],
    ['an unknown field', { position: 1 }, '', ''],
  ])('on add: %s', async (_, patch, field, message) => {
    const before = await snapshot();
    const res = await call('POST', '/admin/banners', { ...valid, ...patch });
    expect(res.statusCode).toBe(400);
    if (field) expect(res.json().fields[field]).toBe(message);
    expect(await snapshot()).toEqual(before);
  });

  it('on edit: keeps an unchanged past date but refuses moving to another past date', async () => {
    const old = (await snapshot()).banners[0]!;
    const same = await call('PUT', `/admin/banners/${bannerId}`, {
      title: 'Old 2',
      imageUrl: old.imageUrl,
      releaseDate: old.releaseDate,
    });
    expect(same.statusCode).toBe(200);
    const before = await snapshot();
    const moved = await call('PUT', `/admin/banners/${bannerId}`, {
      title: 'Old 3',
      imageUrl: old.imageUrl,
      releaseDate: addDays(old.releaseDate, -1),
    });
    expect(moved.statusCode).toBe(400);
    expect(await snapshot()).toEqual(before);
  });

  it('answers 400 for a bad status body and a bad id, 404 for an unknown banner', async () => {
    const before = await snapshot();
    expect((await call('PATCH', `/admin/banners/${bannerId}`, { isActive: 'yes' })).statusCode).toBe(400);
    expect((await call('GET', '/admin/banners/not-an-id')).statusCode).toBe(400);
    const missing = '00000000-0000-4000-8000-000000000000';
    for (const [method, payload] of [
      ['GET'],
      ['PUT', valid],
      ['PATCH', { isActive: true }],
      ['DELETE'],
    ] as const) {
      const res = await call(method, `/admin/banners/${missing}`, payload);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Banner not found');
    }
    expect(await snapshot()).toEqual(before);
  });
});
