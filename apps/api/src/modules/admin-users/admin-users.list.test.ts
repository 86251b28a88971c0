import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, logInAs, type Session, type TestApp } from '../../../test/helpers';
import { auditLog, users } from '../../db/schema';
import { subscribe } from '../playback/test-factories';

/** Issue 22 item 10: plan and status, a sub-user's studio, filters, bulk delete. */
let t: TestApp;
let admin: Session;
let adminId: string;
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  const me = await createUser(t.app, { role: 'admin', email: 'boss@list.example' });
  adminId = me.id;
  admin = await logInAs(t.app, me.email);
  const make = async (key: string, values: Parameters<typeof createUser>[1]) => {
    ids[key] = (await createUser(t.app, { email: `${key}@list.example`, ...values })).id;
  };
  await make('standard', { userType: 'individual-user' });
  await subscribe(t.app, ids.standard!, 'active', 'INDIVIDUAL');
  await make('lapsed', { userType: 'vip' });
  await subscribe(t.app, ids.lapsed!, 'cancelled', 'VIP');
  await make('owner', { userType: 'studio-owner', firstName: 'Stella', lastName: 'Studio' });
  await subscribe(t.app, ids.owner!, 'in_trial', 'STUDIO-5');
  await make('dancer', { userType: 'subuser', studioOwnerId: ids.owner });
  await make('newbie', { userType: null });
});
afterAll(() => t.close());

const list = async (qs: string) => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/v1/admin/users?search=list.example${qs}`,
    headers: admin.headers,
  });
  expect(res.statusCode).toBe(200);
  return res.json().items as { id: string; email: string; plan: unknown; studio: unknown }[];
};
const emails = async (qs: string) => (await list(qs)).map((u) => u.email.split('@')[0]).sort();

describe('the users list', () => {
  it('shows the plan and its status, through the studio for a sub-user, and links the studio', async () => {
    const rows = new Map((await list('')).map((u) => [u.email.split('@')[0], u]));
    expect(rows.get('standard')).toMatchObject({
      plan: { planId: 'INDIVIDUAL', title: 'Standard', status: 'active', statusLabel: 'Active', via: 'own' },
      studio: null,
    });
    expect(rows.get('lapsed')!.plan).toMatchObject({ title: 'Plus', status: 'cancelled' });
    expect(rows.get('dancer')).toMatchObject({
      plan: { planId: 'STUDIO-5', status: 'in_trial', via: 'studio' },
      studio: { id: ids.owner, name: 'Stella Studio', email: 'owner@list.example' },
    });
    expect(rows.get('newbie')!.plan).toBeNull();
    expect(rows.get('boss')!.plan).toBeNull();
  });

  it('filters by kind and by status', async () => {
    expect(await emails('&kind=subuser')).toEqual(['dancer']);
    expect(await emails('&kind=admin')).toEqual(['boss']);
    expect(await emails('&kind=no-plan')).toEqual(['newbie']);
    expect(await emails('&status=in_trial')).toEqual(['dancer', 'owner']);
    expect(await emails('&status=cancelled&kind=vip')).toEqual(['lapsed']);
    expect(await emails('&status=none')).toEqual(['boss', 'newbie']);
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/users?kind=wizard',
      headers: admin.headers,
    });
    expect(bad.statusCode).toBe(400);
  });

  it('deletes the selected users at once, audited, but never the admin themselves', async () => {
    const post = (userIds: string[]) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/admin/users/bulk-delete',
        headers: admin.headers,
        payload: { userIds },
      });
    const refused = await post([ids.newbie!, adminId]);
    expect(refused.statusCode).toBe(403);
    expect(await t.app.db.select().from(users).where(eq(users.id, ids.newbie!))).toHaveLength(1);

    const res = await post([ids.newbie!, ids.lapsed!, '00000000-0000-4000-8000-000000000000']);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ deleted: 2, message: '2 users deleted' });
    expect(
      await t.app.db
        .select()
        .from(users)
        .where(inArray(users.id, [ids.newbie!, ids.lapsed!])),
    ).toEqual([]);
    const audits = await t.app.db
      .select()
      .from(auditLog)
      .where(inArray(auditLog.entityId, [ids.newbie!, ids.lapsed!]));
    expect(audits.map((a) => a.action)).toEqual(['delete', 'delete']);
    expect((await post([])).statusCode).toBe(400);
  });
});
