import { MESSAGES } from '@dance/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  createUser,
  logInAs,
  PASSWORD,
  type TestApp,
  validSignUp,
} from '../../../test/helpers';
import { BillingProviderError } from '../../adapters/billing';
import { auditLog, billingCustomers, billingEvents, playlists, subscriptions, users } from '../../db/schema';
import { argon2Runs } from './passwords';
import { issueLinkToken } from './service';

/**
 * Issue 13, findings 1 to 4, as an attacker tries them (decision 0018). Each test failed on the code before
 * the fix: conversion without proof, account enumeration through sign-up, older reset links, the lockout
 * bypass and the lockout denial.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Every request from its own address unless told otherwise: the sign-up routes allow 20 a minute per address. */
let addressCounter = 0;
const nextAddress = () => {
  addressCounter += 1;
  return `10.${100 + Math.floor(addressCounter / 250)}.${addressCounter % 250}.7`;
};
const post = (url: string, payload: object, ip = nextAddress(), headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: `/api/v1${url}`, payload, remoteAddress: ip, headers });
const login = (email: string, password: string, ip: string) => post('/auth/login', { email, password }, ip);
const studioBody = (overrides: Record<string, unknown>) => {
  const { role: _role, ...body } = validSignUp(overrides);
  return body;
};
/** The answer without what differs per request. */
const comparable = (res: { statusCode: number; json(): Record<string, unknown> }) => {
  const { requestId: _id, instance: _instance, ...body } = res.json();
  return { status: res.statusCode, body };
};

async function givePlaylistAndSubscription(userId: string, customerId = userId) {
  await t.app.db.insert(playlists).values({ type: 'PPL', name: 'My warm-ups', ownerUserId: userId });
  await t.app.db.insert(billingCustomers).values({ userId, provider: 'sandbox', customerId });
  const now = new Date();
  const subscriptionId = `sub_${userId.slice(0, 8)}`;
  await t.app.db.insert(subscriptions).values({
    userId,
    provider: 'sandbox',
    providerSubscriptionId: subscriptionId,
    providerCustomerId: customerId,
    planId: 'INDIVIDUAL',
    period: 'monthly',
    status: 'active',
    currentTermStart: now,
    currentTermEnd: new Date(now.getTime() + 30 * 86_400_000),
    nextBillingAt: new Date(now.getTime() + 30 * 86_400_000),
    resourceVersion: now.getTime(),
  });
  return subscriptionId;
}

async function expectIntact(userId: string, email: string) {
  const [row] = await t.app.db.select().from(users).where(eq(users.id, userId));
  expect(row?.email).toBe(email);
  expect((await login(email, PASSWORD, nextAddress())).statusCode).toBe(200);
}

describe('sign-up conversion needs proof of owning the account', () => {
  it('does not let a stranger turn an individual into a studio owner (wrong password, confirmed)', async () => {
    const victim = await createUser(t.app, { userType: 'individual-user' });
    await givePlaylistAndSubscription(victim.id);
    const res = await post('/auth/studio-signup', studioBody({ email: victim.email, convertExisting: true }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'ACCOUNT_MAY_EXIST', message: MESSAGES.accountMayExist });
    expect(res.cookies.find((c) => c.name === 'sid')).toBeUndefined();
    await expectIntact(victim.id, victim.email);
    expect(await t.app.db.select().from(playlists).where(eq(playlists.ownerUserId, victim.id))).toHaveLength(
      1,
    );
    const [subscription] = await t.app.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, victim.id));
    expect(subscription?.status).toBe('active');
  });

  it('does not let a stranger turn a studio owner into an individual, nor delete its sub-users', async () => {
    const owner = await createUser(t.app, { userType: 'studio-owner' });
    const seat = await createUser(t.app, { userType: 'subuser', studioOwnerId: owner.id });
    await givePlaylistAndSubscription(owner.id, `studio-${owner.id}`);
    const res = await post('/auth/signup', validSignUp({ email: owner.email, convertExisting: true }));
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('ACCOUNT_MAY_EXIST');
    await expectIntact(owner.id, owner.email);
    await expectIntact(seat.id, seat.email);
    expect(
      await t.app.db.select().from(subscriptions).where(eq(subscriptions.userId, owner.id)),
    ).toHaveLength(1);
  });

  it('answers the same to a stranger for every kind of existing account, on both forms', async () => {
    const owner = await createUser(t.app, { userType: 'studio-owner' });
    const accounts = [
      await createUser(t.app), // no kind yet
      await createUser(t.app, { userType: 'individual-user' }),
      await createUser(t.app, { userType: 'vip' }),
      owner,
      await createUser(t.app, { userType: 'subuser', studioOwnerId: owner.id }),
      await createUser(t.app, { role: 'admin' }),
      await createUser(t.app, { userType: 'subuser', studioOwnerId: owner.id, passwordHash: null }),
    ];
    const answers = new Set<string>();
    for (const account of accounts) {
      for (const convertExisting of [false, true]) {
        const individual = await post('/auth/signup', validSignUp({ email: account.email, convertExisting }));
        const studio = await post(
          '/auth/studio-signup',
          studioBody({ email: account.email, convertExisting }),
        );
        answers.add(JSON.stringify(comparable(individual)));
        answers.add(JSON.stringify(comparable(studio)));
      }
    }
    expect(answers.size).toBe(1);
    expect(JSON.parse([...answers][0]!)).toMatchObject({
      status: 409,
      body: {
        code: 'ACCOUNT_MAY_EXIST',
        message: MESSAGES.accountMayExist,
        fields: { email: MESSAGES.accountMayExist },
      },
    });
    for (const account of accounts) {
      expect(await t.app.db.select().from(users).where(eq(users.id, account.id))).toHaveLength(1);
    }
  });

  it('costs an existing email the same argon2 work as a new one (one hash and one verify each)', async () => {
    const existing = await createUser(t.app, { userType: 'individual-user' });
    const workFor = async (email: string) => {
      const before = { ...argon2Runs };
      const res = await post('/auth/studio-signup', studioBody({ email }));
      expect(res.statusCode).not.toBe(429);
      return { hash: argon2Runs.hash - before.hash, verify: argon2Runs.verify - before.verify };
    };
    await workFor(`warm-${Math.random().toString(36).slice(2)}@example.com`); // the decoy hash, made once
    // Counted, not timed: a wall-clock ratio on a shared CI machine swung from 1 to 3 with the work equal.
    expect(await workFor(existing.email)).toEqual({ hash: 1, verify: 1 });
    expect(await workFor(`new-${Math.random().toString(36).slice(2)}@example.com`)).toEqual({
      hash: 1,
      verify: 1,
    });
  });

  it('shows the owner the dialog, with the subscription notice, and cancels the subscription at the provider on confirm', async () => {
    const member = await createUser(t.app, { userType: 'individual-user' });
    const subscriptionId = await givePlaylistAndSubscription(member.id);
    const body = studioBody({ email: member.email, password: PASSWORD, reEnteredPassword: PASSWORD });
    const asked = await post('/auth/studio-signup', body);
    expect(asked.statusCode).toBe(409);
    expect(asked.json()).toMatchObject({
      code: 'ACCOUNT_EXISTS_INDIVIDUAL',
      message: MESSAGES.convertIndividualBody,
      details: {
        dialog: 'convert-individual',
        title: MESSAGES.convertIndividualTitle,
        cancelsSubscription: true,
        subscriptionNotice: MESSAGES.convertCancelsSubscription,
      },
    });
    const converted = await post('/auth/studio-signup', { ...body, convertExisting: true });
    expect(converted.statusCode).toBe(201);
    expect(converted.json().user).toMatchObject({ email: member.email, userType: 'studio-owner' });
    expect(await t.app.db.select().from(users).where(eq(users.id, member.id))).toHaveLength(0);
    // The sandbox provider cancelled it now (not at the end of the term), through its own event.
    const events = await t.app.db
      .select()
      .from(billingEvents)
      .where(and(eq(billingEvents.provider, 'sandbox'), eq(billingEvents.subscriptionId, subscriptionId)));
    expect(events.map((e) => [e.eventType, e.outcome])).toEqual([['subscription_cancelled', 'applied']]);
  });

  it("accepts the account's own session as proof, whatever password the form carries", async () => {
    const owner = await createUser(t.app, { userType: 'studio-owner' });
    const session = await logInAs(t.app, owner.email);
    const asked = await post(
      '/auth/signup',
      validSignUp({ email: owner.email }),
      nextAddress(),
      session.headers,
    );
    expect(asked.json().code).toBe('ACCOUNT_EXISTS_STUDIO_OWNER');
    expect(asked.json().details).toMatchObject({ cancelsSubscription: false });
    // Another account's session proves nothing, and a session without its CSRF token is not used.
    const other = await createUser(t.app);
    const otherSession = await logInAs(t.app, other.email);
    const stranger = await post(
      '/auth/signup',
      validSignUp({ email: owner.email }),
      nextAddress(),
      otherSession.headers,
    );
    expect(stranger.json().code).toBe('ACCOUNT_MAY_EXIST');
    const noCsrf = await post('/auth/signup', validSignUp({ email: owner.email }), nextAddress(), {
      cookie: session.cookie,
    });
    expect(noCsrf.json().code).toBe('ACCOUNT_MAY_EXIST');
    const converted = await post(
      '/auth/signup',
      validSignUp({ email: owner.email, convertExisting: true }),
      nextAddress(),
      session.headers,
    );
    expect(converted.statusCode).toBe(201);
  });

  it('keeps the account when the provider cannot cancel its subscription', async () => {
    const member = await createUser(t.app, { userType: 'individual-user' });
    await givePlaylistAndSubscription(member.id);
    const original = t.app.billing.cancelSubscriptionNow;
    t.app.billing.cancelSubscriptionNow = async () => {
      throw new BillingProviderError('provider down');
    };
    try {
      const res = await post(
        '/auth/studio-signup',
        studioBody({
          email: member.email,
          password: PASSWORD,
          reEnteredPassword: PASSWORD,
          convertExisting: true,
        }),
      );
      expect(res.statusCode).toBe(502);
      expect(res.json().code).toBe('BILLING_PROVIDER_ERROR');
    } finally {
      t.app.billing.cancelSubscriptionNow = original;
    }
    await expectIntact(member.id, member.email);
    expect(await t.app.db.select().from(playlists).where(eq(playlists.ownerUserId, member.id))).toHaveLength(
      1,
    );
  });

  it('is no way around the login lockout: after 5 wrong passwords the right one proves nothing', async () => {
    const member = await createUser(t.app, { userType: 'individual-user' });
    const ip = nextAddress();
    for (let i = 0; i < 5; i++) {
      const res = await post('/auth/studio-signup', studioBody({ email: member.email }), ip);
      expect(res.json().code).toBe('ACCOUNT_MAY_EXIST');
    }
    const right = studioBody({ email: member.email, password: PASSWORD, reEnteredPassword: PASSWORD });
    expect((await post('/auth/studio-signup', right, ip)).json().code).toBe('ACCOUNT_MAY_EXIST');
    expect((await login(member.email, PASSWORD, ip)).statusCode).toBe(429);
  });
});

describe('password links', () => {
  const reset = (userId: string, token: string, password = 'brand-new-1') =>
    post('/auth/password/reset', { userId, token, password });

  it('makes an older reset link worthless once a newer one was issued and used', async () => {
    const user = await createUser(t.app);
    const older = await issueLinkToken(t.app.db, user.id, 'password-reset', 60 * 60_000);
    const newer = await issueLinkToken(t.app.db, user.id, 'password-reset', 60 * 60_000);
    expect((await reset(user.id, newer, 'owner-choice-1')).statusCode).toBe(200);
    const stale = await reset(user.id, older, 'attacker-choice-1');
    expect(stale.statusCode).toBe(400);
    expect(stale.json().code).toBe('TOKEN_INVALID');
    expect((await login(user.email, 'owner-choice-1', nextAddress())).statusCode).toBe(200);
  });

  it('makes every reset link worthless after a password change', async () => {
    const user = await createUser(t.app);
    const link = await issueLinkToken(t.app.db, user.id, 'password-reset', 60 * 60_000);
    const session = await logInAs(t.app, user.email);
    const changed = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/account/password',
      headers: session.headers,
      payload: {
        currentPassword: PASSWORD,
        newPassword: 'changed-pass-1',
        confirmPassword: 'changed-pass-1',
      },
    });
    expect(changed.statusCode).toBe(200);
    expect((await reset(user.id, link)).json().code).toBe('TOKEN_INVALID');
    expect((await login(user.email, 'changed-pass-1', nextAddress())).statusCode).toBe(200);
  });

  it('makes an invitation link worthless once the password was set by another link', async () => {
    const user = await createUser(t.app, { passwordHash: null, userType: 'subuser' });
    const invitation = await issueLinkToken(t.app.db, user.id, 'invitation', 60 * 60_000);
    const resetLink = await issueLinkToken(t.app.db, user.id, 'password-reset', 60 * 60_000);
    expect((await reset(user.id, resetLink, 'first-pass-1')).statusCode).toBe(200);
    const set = await post('/auth/password/set', {
      userId: user.id,
      token: invitation,
      password: 'other-pass-1',
    });
    expect(set.json().code).toBe('TOKEN_INVALID');
  });
  it('lets a stranger\'s "forgot password" cancel no pending invitation (a new link revokes only its own kind)', async () => {
    const user = await createUser(t.app, { passwordHash: null, userType: 'subuser' });
    const invitation = await issueLinkToken(t.app.db, user.id, 'invitation', 60 * 60_000);
    expect((await post('/auth/password/forgot', { email: user.email })).statusCode).toBe(202);
    const set = await post('/auth/password/set', {
      userId: user.id,
      token: invitation,
      password: 'invited-pass-1',
    });
    expect(set.statusCode).toBe(200);
  });
});

describe('login lockout', () => {
  it('cannot be bypassed by logging into an own account between guesses from one address', async () => {
    const ip = nextAddress();
    const attacker = await createUser(t.app);
    const victims = await Promise.all([1, 2, 3, 4, 5, 6].map(() => createUser(t.app)));
    const statuses: number[] = [];
    for (const victim of victims) {
      for (let i = 0; i < 4; i++) statuses.push((await login(victim.email, `guess-${i}-x`, ip)).statusCode);
      await login(attacker.email, PASSWORD, ip);
    }
    // 20 failures from the address (MAX_FAILED_LOGINS_PER_ADDRESS), then 429 whatever the own logins did.
    expect(statuses.slice(0, 20).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(20)).toEqual([429, 429, 429, 429]);
    expect((await login(attacker.email, PASSWORD, ip)).statusCode).toBe(429);
    // The victims themselves, elsewhere, are not locked.
    expect((await login(victims[0]!.email, PASSWORD, nextAddress())).statusCode).toBe(200);
  });

  it('does not let a stranger lock an admin out: 5 failures lock only that address for that account', async () => {
    const admin = await createUser(t.app, { role: 'admin' });
    const attackerIp = nextAddress();
    for (let i = 0; i < 5; i++)
      expect((await login(admin.email, 'wrong-pass', attackerIp)).statusCode).toBe(401);
    expect((await login(admin.email, PASSWORD, attackerIp)).statusCode).toBe(429);
    expect((await login(admin.email, PASSWORD, nextAddress())).statusCode).toBe(200);
    // The lockout was logged and counted in the audit log.
    const records = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'login-lockout'), eq(auditLog.entityId, admin.id)));
    expect(records.map((r) => r.changes)).toEqual([
      { scope: 'pair', ip: attackerIp, userId: admin.id, failures: 5 },
    ]);
  });

  it('locks the bearer-token login the same way', async () => {
    const user = await createUser(t.app);
    const ip = nextAddress();
    const token = (password: string) => post('/auth/tokens', { email: user.email, password }, ip);
    for (let i = 0; i < 5; i++) expect((await token('wrong-pass')).statusCode).toBe(401);
    expect((await token(PASSWORD)).statusCode).toBe(429);
    expect((await login(user.email, PASSWORD, ip)).statusCode).toBe(429);
  });

  it('locks an account guessed from many addresses after 50 failures in an hour, until a password reset', async () => {
    const user = await createUser(t.app);
    for (let i = 0; i < 49; i++)
      expect((await login(user.email, 'wrong-pass', nextAddress())).statusCode).toBe(401);
    expect((await login(user.email, PASSWORD, nextAddress())).statusCode).toBe(200);
    expect((await login(user.email, 'wrong-pass', nextAddress())).statusCode).toBe(401);
    expect((await login(user.email, PASSWORD, nextAddress())).statusCode).toBe(429);
    const [record] = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'login-lockout'), eq(auditLog.entityId, user.id)));
    expect(record?.changes).toMatchObject({ scope: 'account', failures: 50 });
    const link = await issueLinkToken(t.app.db, user.id, 'password-reset', 60 * 60_000);
    expect(
      (await post('/auth/password/reset', { userId: user.id, token: link, password: 'after-reset-1' }))
        .statusCode,
    ).toBe(200);
    expect((await login(user.email, 'after-reset-1', nextAddress())).statusCode).toBe(200);
  });

  it('lifts the (address, account) lock with a password reset', async () => {
    const user = await createUser(t.app);
    const ip = nextAddress();
    for (let i = 0; i < 5; i++) await login(user.email, 'wrong-pass', ip);
    expect((await login(user.email, PASSWORD, ip)).statusCode).toBe(429);
    const link = await issueLinkToken(t.app.db, user.id, 'password-reset', 60 * 60_000);
    expect(
      (await post('/auth/password/reset', { userId: user.id, token: link, password: 'after-reset-2' }))
        .statusCode,
    ).toBe(200);
    expect((await login(user.email, 'after-reset-2', ip)).statusCode).toBe(200);
  });
});
