import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { portalAction, subscribe } from '../../../test/billing-helpers';
import { createTestApp, createUser, logInAs, type Session, type TestApp } from '../../../test/helpers';
import { users } from '../../db/schema';
import { hasActiveAccess } from '../subscriptions/access';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function studioOwner(planId: 'STUDIO-5' | 'STUDIO-10' = 'STUDIO-10') {
  const owner = await createUser(t.app, { userType: 'studio-owner', firstName: 'Sam', lastName: 'Studio' });
  const session = await logInAs(t.app, owner.email);
  await subscribe(t.app, session, planId, 'yearly');
  return { owner, session };
}

const get = (session: Session, url: string) =>
  t.app.inject({ method: 'GET', url, headers: { cookie: session.cookie } });
const add = (session: Session, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/v1/studio/sub-users', headers: session.headers, payload });
const userById = async (id: string) => (await t.app.db.select().from(users).where(eq(users.id, id)))[0];

describe('studio seats', () => {
  it('has 10 seats for Studio 10: the owner plus 9, all left', async () => {
    const { session } = await studioOwner('STUDIO-10');
    const res = await get(session, '/api/v1/studio/seats');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      seats: 10,
      requiredSeats: 9,
      usedSeats: 0,
      seatsLeft: 9,
      isSubscriptionActive: true,
      planId: 'STUDIO-10',
      canAddSubUser: true,
    });
  });

  it('adds a sub-user, mails the set-password link, and the sub-user gets in through the studio', async () => {
    const { owner, session } = await studioOwner('STUDIO-5');
    const res = await add(session, { firstName: 'Lia', lastName: 'Seat', email: 'Lia.Seat@Example.com' });
    expect(res.statusCode).toBe(201);
    const { subUser, message } = res.json();
    expect(message).toBe('User added successfully');
    expect(subUser).toMatchObject({
      email: 'lia.seat@example.com',
      userType: 'subuser',
      hasSetPassword: false,
    });

    const seats = (await get(session, '/api/v1/studio/seats')).json();
    expect(seats).toMatchObject({ seats: 5, requiredSeats: 4, usedSeats: 1, seatsLeft: 3 });
    const list = (await get(session, '/api/v1/studio/sub-users')).json();
    expect(list.owner.id).toBe(owner.id);
    expect(list.subUsers.map((u: { id: string }) => u.id)).toEqual([subUser.id]);

    const mails = (
      await t.app.inject({ method: 'GET', url: '/api/v1/dev/mail?to=lia.seat@example.com' })
    ).json().mails as { subject: string; links: string[] }[];
    expect(mails[0]!.subject).toContain('Sam Studio');
    const link = mails[0]!.links.find((l) => l.includes('/set-password/'))!;
    expect(link).toMatch(new RegExp(`^http://localhost:5173/set-password/${subUser.id}\\?token=.{20,}$`));
    const token = new URL(link).searchParams.get('token')!;
    const set = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/password/set',
      payload: { userId: subUser.id, token, password: 'first-steps-9' },
    });
    expect(set.statusCode).toBe(200);
    const subSession = await logInAs(t.app, 'lia.seat@example.com', 'first-steps-9');
    const state = (await get(subSession, '/api/v1/account/subscription')).json();
    expect(state).toMatchObject({
      isActive: true,
      accessVia: 'studio',
      userType: 'subuser',
      canManage: false,
    });
    expect(await hasActiveAccess(t.app.db, (await userById(subUser.id))!)).toBe(true);
  });

  it('edits a sub-user name and deletes them (seat freed, access gone)', async () => {
    const { session } = await studioOwner();
    const { subUser } = (
      await add(session, { firstName: 'Old', lastName: 'Name', email: 'rename@example.com' })
    ).json();
    const patch = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/studio/sub-users/${subUser.id}`,
      headers: session.headers,
      payload: { firstName: 'New', lastName: 'Name' },
    });
    expect(patch.statusCode).toBe(200);
    expect(patch.json()).toMatchObject({
      message: 'User updated successfully',
      subUser: { firstName: 'New' },
    });
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/studio/sub-users/${subUser.id}`,
      headers: session.headers,
    });
    expect(del.statusCode).toBe(200);
    expect(del.json()).toEqual({ message: 'User Deleted Successfully' });
    expect(await userById(subUser.id)).toBeUndefined();
    expect((await get(session, '/api/v1/studio/seats')).json().seatsLeft).toBe(9);
  });

  it('sub-users lose access when the studio subscription lapses, and the add form closes', async () => {
    const { session } = await studioOwner('STUDIO-5');
    const { subUser } = (
      await add(session, { firstName: 'Lap', lastName: 'Se', email: 'lapse@example.com' })
    ).json();
    await portalAction(t.app, session, { action: 'cancel' });
    expect(await hasActiveAccess(t.app.db, (await userById(subUser.id))!)).toBe(true);
    await portalAction(t.app, session, { action: 'advance', days: '365' });
    expect(await hasActiveAccess(t.app.db, (await userById(subUser.id))!)).toBe(false);
    const seats = (await get(session, '/api/v1/studio/seats')).json();
    expect(seats).toMatchObject({ isSubscriptionActive: false, canAddSubUser: false, seats: 5 });
    const owner = (await get(session, '/api/v1/account/subscription')).json();
    // A studio account stays a studio owner when its plan lapses; access is what ends.
    expect(owner).toMatchObject({ isActive: false, userType: 'studio-owner' });
  });

  it('sub-users lose studio access when the owner moves to an individual plan', async () => {
    const { session } = await studioOwner('STUDIO-5');
    const { subUser } = (
      await add(session, { firstName: 'Dn', lastName: 'Gr', email: 'downgrade@example.com' })
    ).json();
    await subscribe(t.app, session, 'VIP', 'monthly');
    expect(await hasActiveAccess(t.app.db, (await userById(subUser.id))!)).toBe(false);
  });
});
