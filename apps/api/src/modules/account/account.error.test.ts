import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, logInAs, PASSWORD, type TestApp } from '../../../test/helpers';
import { users } from '../../db/schema';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const rowOf = async (id: string) => (await t.app.db.select().from(users).where(eq(users.id, id)))[0]!;

describe('account: bad input changes nothing', () => {
  it('needs a session (401) and the CSRF token (403)', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/account' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/account/subscription' })).statusCode).toBe(401);
    const user = await createUser(t.app);
    const session = await logInAs(t.app, user.email);
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/account',
      headers: { cookie: session.cookie },
      payload: { firstName: 'X', lastName: 'Y' },
    });
    expect(res.statusCode).toBe(403);
    expect((await rowOf(user.id)).firstName).toBe(user.firstName);
  });

  it('refuses empty names with the spec messages', async () => {
    const user = await createUser(t.app);
    const session = await logInAs(t.app, user.email);
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/account',
      headers: session.headers,
      payload: { firstName: ' ', lastName: '' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({
      firstName: 'Please fill in your first name',
      lastName: 'Please fill in your last name',
    });
  });

  it('refuses an email change with a wrong password or for a sub-user; a taken email changes nothing', async () => {
    const user = await createUser(t.app);
    const other = await createUser(t.app);
    const session = await logInAs(t.app, user.email);
    const wrong = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/account/email',
      headers: session.headers,
      payload: { email: 'fresh@example.com', currentPassword: 'nope-nope' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('WRONG_PASSWORD');
    const taken = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/account/email',
      headers: session.headers,
      payload: { email: other.email, currentPassword: PASSWORD },
    });
    // The same answer as for a free address (decision 0019); the email stays as it is.
    expect(taken.statusCode).toBe(202);
    expect((await rowOf(user.id)).email).toBe(user.email);

    const owner = await createUser(t.app, { userType: 'studio-owner' });
    const sub = await createUser(t.app, { userType: 'subuser', studioOwnerId: owner.id });
    const subSession = await logInAs(t.app, sub.email);
    const locked = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/account/email',
      headers: subSession.headers,
      payload: { email: 'elsewhere@example.com', currentPassword: PASSWORD },
    });
    expect(locked.statusCode).toBe(403);
    expect((await rowOf(sub.id)).email).toBe(sub.email);
  });

  it.each([
    'https://evil.example/me.png',
    '/files/banner/2026-01/x.png',
    '/files/profile-image/../banner/x.png',
    'javascript:alert(1)',
  ])('refuses a profile image URL that is not an uploaded profile image: %s', async (imageUrl) => {
    const user = await createUser(t.app);
    const session = await logInAs(t.app, user.email);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/account/image',
      headers: session.headers,
      payload: { imageUrl },
    });
    expect(res.statusCode).toBe(400);
    expect((await rowOf(user.id)).imageUrl).toBeNull();
  });
});
