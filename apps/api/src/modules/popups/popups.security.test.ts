import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, logInAs, type Session, type TestApp } from '../../../test/helpers';
import { popups } from '../../db/schema';

let t: TestApp;
let admin: Session;
let member: Session;
let id = '';
beforeAll(async () => {
  t = await createTestApp();
  admin = await logInAs(t.app, (await createUser(t.app, { role: 'admin' })).email);
  member = await logInAs(t.app, (await createUser(t.app)).email);
  const [row] = await t.app.db
    .insert(popups)
    .values({
      headerText: 'Draft',
      startAt: new Date(),
      endAt: new Date(Date.now() + 86_400_000),
      startDateLocal: '2026-01-01',
      endDateLocal: '2026-01-02',
      timezone: 'UTC',
      isActive: false,
      deviceVisibility: ['desktop'],
    })
    .returning();
  id = row!.id;
});
afterAll(() => t.close());

const body = {
  headerText: 'H',
  startDateLocal: '2026-05-01',
  endDateLocal: '2026-05-02',
  timezone: 'UTC',
  deviceVisibility: ['desktop'],
};

describe.each([
  ['GET', '/api/v1/admin/popups', undefined],
  ['GET', '/api/v1/admin/popups/:id', undefined],
  ['POST', '/api/v1/admin/popups', body],
  ['PUT', '/api/v1/admin/popups/:id', body],
  ['DELETE', '/api/v1/admin/popups/:id', undefined],
] as const)('%s %s', (method, path, payload) => {
  it('refuses guests (401), members (403) and, for changes, a cookie without the CSRF token', async () => {
    const url = path.replace(':id', id);
    const before = await t.app.db.select().from(popups);
    expect((await t.app.inject({ method, url, payload })).statusCode).toBe(401);
    const asMember = await t.app.inject({ method, url, payload, headers: member.headers });
    expect(asMember.statusCode).toBe(403);
    expect(asMember.json().message).toBe('user role does not match');
    if (method !== 'GET')
      expect(
        (await t.app.inject({ method, url, payload, headers: { cookie: admin.cookie } })).json().code,
      ).toBe('CSRF_FAILED');
    expect(await t.app.db.select().from(popups)).toEqual(before);
  });
});

it('members never see, nor count views of, an inactive popup', async () => {
  expect((await t.app.inject({ method: 'GET', url: '/api/v1/popups/active?device=desktop' })).json()).toEqual(
    { popup: null },
  );
  expect((await t.app.inject({ method: 'POST', url: `/api/v1/popups/${id}/views` })).statusCode).toBe(404);
  expect((await t.app.db.select().from(popups))[0]!.viewCount).toBe(0);
});
