import { MESSAGES } from '@dance/domain';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  createUser,
  logInAs,
  PASSWORD,
  type TestApp,
  validSignUp,
} from '../../../test/helpers';
import { authTokens, users } from '../../db/schema';
import { issueLinkToken } from './service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const userCount = async () => (await t.app.db.select({ n: count() }).from(users))[0]!.n;
const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: `/api/v1${url}`, payload: payload as object, headers });
/** A sign-up with the existing account's own password: the proof of ownership of decision 0018. */
const byOwner = (overrides: Record<string, unknown>) =>
  validSignUp({ password: PASSWORD, reEnteredPassword: PASSWORD, ...overrides });

describe('sign-up validation', () => {
  it('answers every missing field with the spec message and creates nothing', async () => {
    const before = await userCount();
    const res = await post('/auth/signup', {});
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('application/problem+json');
    const body = res.json();
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.fields).toMatchObject({
      firstName: 'Please fill in your first name',
      lastName: 'Please fill in your last name',
      email: 'Please fill in your email',
      password: 'Please Enter your password',
      reEnteredPassword: 'Please re-enter your password',
      role: 'Please select role',
      acceptTerms: 'Please accept the Terms & Conditions',
    });
    expect(await userCount()).toBe(before);
  });

  it('refuses wrong types, blank names, an unknown role and unknown fields', async () => {
    for (const bad of [
      validSignUp({ firstName: 123 }),
      validSignUp({ lastName: '   ' }),
      validSignUp({ role: 'teacher' }),
      validSignUp({ acceptTerms: 'yes' }),
      validSignUp({ isAdmin: true }),
      validSignUp({ email: 'not-an-email' }),
    ]) {
      const res = await post('/auth/signup', bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
    const res = await post('/auth/signup', validSignUp({ role: 'teacher' }));
    expect(res.json().fields.role).toBe('Please select role');
  });

  it('requires matching passwords and accepted terms', async () => {
    const mismatch = await post('/auth/signup', validSignUp({ reEnteredPassword: 'something-else' }));
    expect(mismatch.json().fields.reEnteredPassword).toBe('Passwords do not match');
    const terms = await post('/auth/signup', validSignUp({ acceptTerms: false }));
    expect(terms.json().fields.acceptTerms).toBe('Please accept the Terms & Conditions');
  });

  it('refuses a duplicate email and leaves the account as it was', async () => {
    const existing = await createUser(t.app, { userType: 'individual-user' });
    const before = await userCount();
    const res = await post('/auth/signup', byOwner({ email: existing.email }));
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('EMAIL_TAKEN');
    expect(await userCount()).toBe(before);
  });

  it('asks before converting an individual to a studio owner', async () => {
    const existing = await createUser(t.app, { userType: 'vip' });
    const { role: _r, ...body } = byOwner({ email: existing.email });
    const res = await post('/auth/studio-signup', body);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'ACCOUNT_EXISTS_INDIVIDUAL',
      message: MESSAGES.convertIndividualBody,
      details: {
        dialog: 'convert-individual',
        title: MESSAGES.convertIndividualTitle,
        cancelsSubscription: false,
      },
    });
    const [still] = await t.app.db.select().from(users).where(eq(users.id, existing.id));
    expect(still?.userType).toBe('vip');
  });

  it('asks before converting a studio owner to an individual', async () => {
    const owner = await createUser(t.app, { userType: 'studio-owner' });
    const res = await post('/auth/signup', byOwner({ email: owner.email }));
    expect(res.json().code).toBe('ACCOUNT_EXISTS_STUDIO_OWNER');
  });

  it('never converts an admin, even when asked to', async () => {
    const admin = await createUser(t.app, { role: 'admin' });
    const { role: _r, ...body } = byOwner({ email: admin.email, convertExisting: true });
    const res = await post('/auth/studio-signup', body);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'ADMIN_NOT_CONVERTIBLE',
      message: "Sorry, admin accounts can't be converted to studio owners",
    });
    expect(await t.app.db.select().from(users).where(eq(users.id, admin.id))).toHaveLength(1);
  });

  it('sends an existing sub-user to their studio owner', async () => {
    const owner = await createUser(t.app, { userType: 'studio-owner' });
    const seat = await createUser(t.app, { userType: 'subuser', studioOwnerId: owner.id });
    for (const [url, body] of [
      ['/auth/signup', byOwner({ email: seat.email, convertExisting: true })],
      ['/auth/studio-signup', { ...byOwner({ email: seat.email }), role: undefined }],
    ] as const) {
      const res = await post(url, body);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(
        'Your account already exists as subuser, pleae use different email or contact your studio owner for more details',
      );
    }
  });

  it('refuses oversized bodies and invalid JSON', async () => {
    const big = await post('/auth/signup', validSignUp({ firstName: 'x'.repeat(300_000) }));
    expect(big.statusCode).toBe(413);
    expect(big.json().code).toBe('PAYLOAD_TOO_LARGE');
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: '{"email":',
      headers: { 'content-type': 'application/json' },
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().code).toBe('BAD_REQUEST');
  });
});

describe('login errors', () => {
  it('answers the spec messages for empty fields', async () => {
    const res = await post('/auth/login', { email: '', password: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({
      email: 'Please fill in your email',
      password: 'Please Enter your password',
    });
  });

  it('answers the same message for a wrong password and an unknown email', async () => {
    const user = await createUser(t.app);
    const wrong = await post('/auth/login', { email: user.email, password: 'nope-nope' });
    const unknown = await post('/auth/login', { email: 'nobody@example.com', password: 'nope-nope' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json().message).toBe(unknown.json().message);
    expect(wrong.cookies.find((c) => c.name === 'sid')).toBeUndefined();
  });
});

describe('password link errors', () => {
  it('refuses a wrong, used, expired or other-purpose token and keeps the password', async () => {
    const user = await createUser(t.app);
    const good = await issueLinkToken(t.app.db, user.id, 'password-reset', 60_000);
    const expired = await issueLinkToken(t.app.db, user.id, 'password-reset', 60_000);
    await t.app.db
      .update(authTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(authTokens.userId, user.id));
    const invitation = await issueLinkToken(t.app.db, user.id, 'invitation', 60_000);
    const fresh = await issueLinkToken(t.app.db, user.id, 'password-reset', 60_000);
    const attempts = [
      { userId: user.id, token: 'x'.repeat(43), password: 'whatever-1' },
      { userId: user.id, token: good, password: 'whatever-1' }, // expired by the update above
      { userId: user.id, token: expired, password: 'whatever-1' },
      { userId: user.id, token: invitation, password: 'whatever-1' },
      { userId: '00000000-0000-4000-8000-000000000000', token: fresh, password: 'whatever-1' },
    ];
    for (const payload of attempts) {
      const res = await post('/auth/password/reset', payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('TOKEN_INVALID');
    }
    expect((await post('/auth/login', { email: user.email, password: PASSWORD })).statusCode).toBe(200);
    // The fresh token still works once, then never again.
    expect(
      (await post('/auth/password/reset', { userId: user.id, token: fresh, password: 'newer-pass-1' }))
        .statusCode,
    ).toBe(200);
    const reused = await post('/auth/password/reset', {
      userId: user.id,
      token: fresh,
      password: 'newest-pass-1',
    });
    expect(reused.json().code).toBe('TOKEN_INVALID');
    expect((await post('/auth/login', { email: user.email, password: 'newer-pass-1' })).statusCode).toBe(200);
  });

  it('validates the new password and the link fields', async () => {
    const res = await post('/auth/password/reset', { userId: 'abc', token: 'short', password: '123' });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fields).sort()).toEqual(['password', 'token', 'userId']);
  });
});

describe('change password errors', () => {
  it('refuses a wrong current password, a short or mismatched new one, and changes nothing', async () => {
    const user = await createUser(t.app);
    const session = await logInAs(t.app, user.email);
    const put = (payload: object) =>
      t.app.inject({ method: 'PUT', url: '/api/v1/account/password', headers: session.headers, payload });
    const wrong = await put({
      currentPassword: 'not-mine',
      newPassword: 'another-1',
      confirmPassword: 'another-1',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('WRONG_PASSWORD');
    const short = await put({ currentPassword: PASSWORD, newPassword: '12345', confirmPassword: '12345' });
    expect(short.json().fields.newPassword).toBe(MESSAGES.newPasswordTooShort);
    const mismatch = await put({
      currentPassword: PASSWORD,
      newPassword: 'another-1',
      confirmPassword: 'another-2',
    });
    expect(mismatch.json().fields.confirmPassword).toBe('Passwords do not match');
    expect((await post('/auth/login', { email: user.email, password: PASSWORD })).statusCode).toBe(200);
  });
});
