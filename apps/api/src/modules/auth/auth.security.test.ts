import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, logInAs, PASSWORD, type TestApp } from '../../../test/helpers';
import { authTokens, sessions, users } from '../../db/schema';
import { sha256 } from '../../lib/tokens';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const login = (email: string, password: string, ip = '10.0.0.1') =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { email, password },
    remoteAddress: ip,
  });

describe('sessions', () => {
  it('needs a session for the session call and for changing the password', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/auth/session' })).json().code).toBe(
      'UNAUTHENTICATED',
    );
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/account/password',
      payload: { currentPassword: 'a', newPassword: 'bbbbbb', confirmPassword: 'bbbbbb' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Please Login Again');
  });

  it('refuses a forged or expired session', async () => {
    const forged = await t.app.inject({
      method: 'GET',
      url: '/api/v1/auth/session',
      headers: { cookie: 'sid=forged-token' },
    });
    expect(forged.statusCode).toBe(401);
    const user = await createUser(t.app);
    const session = await logInAs(t.app, user.email);
    await t.app.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(sessions.userId, user.id));
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/v1/auth/session',
          headers: { cookie: session.cookie },
        })
      ).statusCode,
    ).toBe(401);
  });

  it('stores only hashes of session and link tokens, and argon2id password hashes', async () => {
    const user = await createUser(t.app);
    const session = await logInAs(t.app, user.email);
    const token = session.cookie.slice(4);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    const rows = await t.app.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(rows.map((r) => r.id)).toEqual([sha256(token)]);
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/password/forgot',
      payload: { email: user.email },
    });
    await new Promise((r) => setTimeout(r, 50));
    const [link] = await t.app.db.select().from(authTokens).where(eq(authTokens.userId, user.id));
    expect(link?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    const [row] = await t.app.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });
});

describe('CSRF', () => {
  it('refuses a cookie-authenticated mutation without the CSRF token and changes nothing', async () => {
    const user = await createUser(t.app);
    const session = await logInAs(t.app, user.email);
    const payload = { currentPassword: PASSWORD, newPassword: 'hijacked-1', confirmPassword: 'hijacked-1' };
    for (const headers of [{ cookie: session.cookie }, { cookie: session.cookie, 'x-csrf-token': 'wrong' }]) {
      const res = await t.app.inject({ method: 'PUT', url: '/api/v1/account/password', headers, payload });
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('CSRF_FAILED');
    }
    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      headers: { cookie: session.cookie },
    });
    expect(logout.statusCode).toBe(403);
    expect((await login(user.email, PASSWORD)).statusCode).toBe(200);
  });

  it('does not need CSRF for bearer clients', async () => {
    const user = await createUser(t.app);
    const { token } = (
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/tokens',
        payload: { email: user.email, password: PASSWORD },
      })
    ).json();
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/account/password',
      headers: { authorization: `Bearer ${token}` },
      payload: { currentPassword: PASSWORD, newPassword: 'mobile-pass-1', confirmPassword: 'mobile-pass-1' },
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('login lockout', () => {
  it('answers 429 on the 6th failure in a row from one address for one account, even with the right password', async () => {
    const user = await createUser(t.app);
    for (let i = 1; i <= 5; i++)
      expect((await login(user.email, 'wrong-pass', '10.1.0.1')).statusCode).toBe(401);
    const sixth = await login(user.email, PASSWORD, '10.1.0.1');
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toMatchObject({ code: 'TOO_MANY_ATTEMPTS' });
    expect(sixth.json().message).toMatch(/Too many failed login attempts/);
  });

  it('answers 429 after 20 failures from one address, across accounts', async () => {
    const victims = await Promise.all(Array.from({ length: 21 }, () => createUser(t.app)));
    for (const v of victims.slice(0, 20))
      expect((await login(v.email, 'wrong-pass', '10.2.0.1')).statusCode).toBe(401);
    expect((await login(victims[20]!.email, PASSWORD, '10.2.0.1')).statusCode).toBe(429);
    // Another address is not affected.
    expect((await login(victims[20]!.email, PASSWORD, '10.2.0.2')).statusCode).toBe(200);
  });

  it('starts over after a successful login', async () => {
    const user = await createUser(t.app);
    for (let i = 0; i < 4; i++) await login(user.email, 'wrong-pass', '10.3.0.1');
    expect((await login(user.email, PASSWORD, '10.3.0.1')).statusCode).toBe(200);
    for (let i = 0; i < 5; i++)
      expect((await login(user.email, 'wrong-pass', '10.3.0.1')).statusCode).toBe(401);
  });
});

describe('forgot password does not reveal accounts', () => {
  it('answers the same body and about the same time whether or not the email exists', async () => {
    const user = await createUser(t.app);
    const time = async (email: string) => {
      const start = performance.now();
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/password/forgot',
        payload: { email },
      });
      return { ms: performance.now() - start, status: res.statusCode, body: res.body };
    };
    const known = await time(user.email);
    const unknown = await time('nobody-here@example.com');
    expect(known.status).toBe(202);
    expect(unknown.status).toBe(202);
    expect(known.body).toBe(unknown.body);
    expect(Math.abs(known.ms - unknown.ms)).toBeLessThan(150);
  });
});

describe('sliding session', () => {
  it('re-sends the cookie with a later expiry once half the lifetime has passed', async () => {
    const user = await createUser(t.app);
    const session = await logInAs(t.app, user.email);
    const fresh = await t.app.inject({
      method: 'GET',
      url: '/api/v1/auth/session',
      headers: { cookie: session.cookie },
    });
    expect(fresh.cookies.find((c) => c.name === 'sid')).toBeUndefined();
    await t.app.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() + 60_000) })
      .where(eq(sessions.userId, user.id));
    const renewed = await t.app.inject({
      method: 'GET',
      url: '/api/v1/auth/session',
      headers: { cookie: session.cookie },
    });
    const cookie = renewed.cookies.find((c) => c.name === 'sid');
    expect(cookie?.value).toBe(session.cookie.slice(4));
    expect(cookie!.expires!.getTime()).toBeGreaterThan(Date.now() + 60 * 60_000);
  });
});
