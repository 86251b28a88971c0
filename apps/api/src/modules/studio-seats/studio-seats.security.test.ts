import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscribe } from '../../../test/billing-helpers';
import { createTestApp, createUser, logInAs, type Session, type TestApp } from '../../../test/helpers';
import { users } from '../../db/schema';

let t: TestApp;
let owner: { id: string; session: Session };
beforeAll(async () => {
  t = await createTestApp();
  const row = await createUser(t.app, { userType: 'studio-owner' });
  owner = { id: row.id, session: await logInAs(t.app, row.email) };
  await subscribe(t.app, owner.session, 'STUDIO-5', 'yearly');
});
afterAll(() => t.close());

const userCount = async () => (await t.app.db.select({ n: count() }).from(users))[0]!.n;
const add = (headers: Record<string, string>, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/v1/studio/sub-users', headers, payload });

describe('studio seats: who may', () => {
  it('answers 401 without a session and 403 with a cookie but no CSRF token', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/studio/seats' })).statusCode).toBe(401);
    const before = await userCount();
    const res = await add(
      { cookie: owner.session.cookie },
      { firstName: 'A', lastName: 'B', email: 'csrf@example.com' },
    );
    expect(res.statusCode).toBe(403);
    expect(await userCount()).toBe(before);
  });

  it.each([
    ['individual', 'individual-user'],
    ['vip', 'vip'],
    ['no plan', null],
    ['admin', null],
  ] as const)('refuses a %s with 403', async (kind, userType) => {
    const row = await createUser(t.app, { userType, role: kind === 'admin' ? 'admin' : 'user' });
    const session = await logInAs(t.app, row.email);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/v1/studio/sub-users',
          headers: { cookie: session.cookie },
        })
      ).statusCode,
    ).toBe(403);
    const res = await add(session.headers, {
      firstName: 'A',
      lastName: 'B',
      email: `x-${kind.replace(' ', '')}@example.com`,
    });
    expect(res.statusCode).toBe(403);
  });

  it("refuses a sub-user managing the studio, and another owner's sub-user, and the owner's own row", async () => {
    const { subUser } = (
      await add(owner.session.headers, { firstName: 'S', lastName: 'U', email: 'mine@example.com' })
    ).json();
    const other = await createUser(t.app, { userType: 'studio-owner' });
    const otherSession = await logInAs(t.app, other.email);
    await subscribe(t.app, otherSession, 'STUDIO-5', 'monthly');
    for (const target of [subUser.id, owner.id]) {
      const res = await t.app.inject({
        method: 'DELETE',
        url: `/api/v1/studio/sub-users/${target}`,
        headers: otherSession.headers,
      });
      expect(res.statusCode).toBe(404);
    }
    // The owner's own row is neither editable nor deletable.
    const self = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/studio/sub-users/${owner.id}`,
      headers: owner.session.headers,
      payload: { firstName: 'X', lastName: 'Y' },
    });
    expect(self.statusCode).toBe(404);
    expect(self.json().message).toBe('Failed to update user');
    expect((await t.app.db.select().from(users).where(eq(users.id, subUser.id)))[0]).toBeDefined();
  });
});

describe('studio seats: bad input changes nothing', () => {
  it('refuses an email in the edit body (sub-users cannot change email)', async () => {
    const { subUser } = (
      await add(owner.session.headers, { firstName: 'E', lastName: 'M', email: 'fixed@example.com' })
    ).json();
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/studio/sub-users/${subUser.id}`,
      headers: owner.session.headers,
      payload: { firstName: 'E', lastName: 'M', email: 'changed@example.com' },
    });
    expect(res.statusCode).toBe(400);
    const [row] = await t.app.db.select().from(users).where(eq(users.id, subUser.id));
    expect(row!.email).toBe('fixed@example.com');
  });

  it('validates the add form with the spec messages', async () => {
    const before = await userCount();
    const res = await add(owner.session.headers, { firstName: '', lastName: '', email: 'nope' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toMatchObject({
      firstName: 'Please fill in your first name',
      lastName: 'Please fill in your last name',
    });
    expect(await userCount()).toBe(before);
  });

  it('refuses an email that already has an account', async () => {
    const existing = await createUser(t.app);
    const res = await add(owner.session.headers, { firstName: 'A', lastName: 'B', email: existing.email });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('EMAIL_TAKEN');
  });

  it('refuses adding when no seat is left (Studio 5: owner plus 4)', async () => {
    const row = await createUser(t.app, { userType: 'studio-owner' });
    const session = await logInAs(t.app, row.email);
    await subscribe(t.app, session, 'STUDIO-5', 'monthly');
    for (let i = 0; i < 4; i += 1) {
      expect(
        (await add(session.headers, { firstName: 'S', lastName: `${i}`, email: `full${i}@example.com` }))
          .statusCode,
      ).toBe(201);
    }
    const res = await add(session.headers, { firstName: 'S', lastName: '5', email: 'full5@example.com' });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('NO_SEATS_LEFT');
  });

  it('refuses adding without an active studio subscription', async () => {
    const row = await createUser(t.app, { userType: 'studio-owner' });
    const session = await logInAs(t.app, row.email);
    const res = await add(session.headers, { firstName: 'A', lastName: 'B', email: 'nosub@example.com' });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('SUBSCRIPTION_INACTIVE');
  });
});
