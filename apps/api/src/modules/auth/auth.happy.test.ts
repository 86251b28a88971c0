import { MESSAGES } from '@dance/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  createUser,
  logInAs,
  PASSWORD,
  sessionFrom,
  type TestApp,
  validSignUp,
} from '../../../test/helpers';
import { authTokens, sessions, users } from '../../db/schema';
import { issueLinkToken } from './service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const latestMailLink = async (to: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/v1/dev/mail?to=${encodeURIComponent(to)}` });
  const { mails } = res.json() as { mails: { links: string[] }[] };
  return mails[0]?.links[0] ?? '';
};

describe('sign-up', () => {
  it('creates an individual account without a plan and starts a session', async () => {
    const body = validSignUp({ email: 'New.Dancer@Example.com', role: 'dance-instructor' });
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/signup', payload: body });
    expect(res.statusCode).toBe(201);
    const { user, csrfToken } = res.json();
    expect(user).toMatchObject({
      email: 'new.dancer@example.com',
      role: 'user',
      userType: null,
      signupRole: 'dance-instructor',
      subscriptionId: null,
    });
    expect(user).not.toHaveProperty('passwordHash');
    expect(csrfToken).toMatch(/^[\w-]{43}$/);
    const session = sessionFrom(res);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/v1/auth/session',
      headers: { cookie: session.cookie },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json().user.email).toBe('new.dancer@example.com');
  });

  it('creates a studio owner', async () => {
    const { role: _role, ...body } = validSignUp();
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/studio-signup', payload: body });
    expect(res.statusCode).toBe(201);
    expect(res.json().user.userType).toBe('studio-owner');
  });

  it('converts an individual to a studio owner once confirmed, ending the old account', async () => {
    const old = await createUser(t.app, { userType: 'individual-user', subscriptionId: 'sub_1' });
    const oldSession = await logInAs(t.app, old.email);
    const { role: _role, ...body } = validSignUp({
      email: old.email,
      password: PASSWORD,
      reEnteredPassword: PASSWORD,
      convertExisting: true,
    });
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/studio-signup', payload: body });
    expect(res.statusCode).toBe(201);
    expect(res.json().user).toMatchObject({ userType: 'studio-owner', subscriptionId: null });
    expect(res.json().user.id).not.toBe(old.id);
    const [gone] = await t.app.db.select().from(users).where(eq(users.id, old.id));
    expect(gone).toBeUndefined();
    const stale = await t.app.inject({
      method: 'GET',
      url: '/api/v1/auth/session',
      headers: { cookie: oldSession.cookie },
    });
    expect(stale.statusCode).toBe(401);
  });

  it('converts a studio owner to an individual once confirmed, removing the studio and its sub-users', async () => {
    const owner = await createUser(t.app, { userType: 'studio-owner' });
    const seat = await createUser(t.app, { userType: 'subuser', studioOwnerId: owner.id });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/signup',
      payload: validSignUp({
        email: owner.email,
        password: PASSWORD,
        reEnteredPassword: PASSWORD,
        convertExisting: true,
      }),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().user.userType).toBeNull();
    expect(await t.app.db.select().from(users).where(eq(users.id, seat.id))).toHaveLength(0);
  });
});

describe('login and logout', () => {
  it('logs in with any email casing and answers the session user', async () => {
    const user = await createUser(t.app, { role: 'admin' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: user.email.toUpperCase(), password: PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ id: user.id, role: 'admin' });
    const cookie = res.cookies.find((c) => c.name === 'sid')!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
  });

  it('issues a bearer token for API clients', async () => {
    const user = await createUser(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/tokens',
      payload: { email: user.email, password: PASSWORD },
    });
    expect(res.statusCode).toBe(201);
    const { token } = res.json();
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/v1/auth/session',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(me.json().user.id).toBe(user.id);
  });

  it('logs out and the session stops working', async () => {
    const user = await createUser(t.app);
    const session = await logInAs(t.app, user.email);
    const out = await t.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: session.headers });
    expect(out.statusCode).toBe(200);
    expect(out.cookies.find((c) => c.name === 'sid')?.value).toBe('');
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/v1/auth/session',
      headers: { cookie: session.cookie },
    });
    expect(me.statusCode).toBe(401);
  });
});

describe('passwords', () => {
  it('mails a reset link that sets a new password once and ends every session', async () => {
    const user = await createUser(t.app);
    const session = await logInAs(t.app, user.email);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/password/forgot',
      payload: { email: user.email },
    });
    expect(res.statusCode).toBe(202);
    expect(res.json().message).toBe(MESSAGES.forgotPasswordSent);
    await new Promise((r) => setTimeout(r, 50));
    const link = await latestMailLink(user.email);
    const match = link.match(/\/reset_password\/([^/]+)\/([^/?#]+)$/);
    expect(match?.[1]).toBe(user.id);
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/password/reset',
      payload: { userId: match![1], token: match![2], password: 'brand-new-pass' },
    });
    expect(reset.statusCode).toBe(200);
    expect(reset.json().message).toBe('Password Reset Successful');
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/v1/auth/session',
          headers: { cookie: session.cookie },
        })
      ).statusCode,
    ).toBe(401);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: user.email, password: 'brand-new-pass' },
    });
    expect(login.statusCode).toBe(200);
  });

  it("sets an invited sub-user's first password", async () => {
    const owner = await createUser(t.app, { userType: 'studio-owner' });
    const seat = await createUser(t.app, {
      userType: 'subuser',
      studioOwnerId: owner.id,
      passwordHash: null,
    });
    const token = await issueLinkToken(t.app.db, seat.id, 'invitation', 60_000);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/password/set',
      payload: { userId: seat.id, token, password: 'my-first-pass' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Password set Successful');
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: seat.email, password: 'my-first-pass' },
    });
    expect(login.json().user.userType).toBe('subuser');
  });

  it('changes the password and ends the other sessions only', async () => {
    const user = await createUser(t.app);
    const current = await logInAs(t.app, user.email);
    const other = await logInAs(t.app, user.email);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/account/password',
      headers: current.headers,
      payload: { currentPassword: PASSWORD, newPassword: 'changed-123', confirmPassword: 'changed-123' },
    });
    expect(res.statusCode).toBe(200);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/v1/auth/session',
          headers: { cookie: current.cookie },
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/auth/session', headers: { cookie: other.cookie } }))
        .statusCode,
    ).toBe(401);
    const remaining = await t.app.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(remaining).toHaveLength(1);
  });

  it('keeps link tokens single-use', async () => {
    const user = await createUser(t.app);
    const token = await issueLinkToken(t.app.db, user.id, 'password-reset', 60_000);
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/password/reset',
      payload: { userId: user.id, token, password: 'first-use-1' },
    });
    expect(first.statusCode).toBe(200);
    const [row] = await t.app.db.select().from(authTokens).where(eq(authTokens.userId, user.id));
    expect(row?.usedAt).toBeInstanceOf(Date);
  });
});
