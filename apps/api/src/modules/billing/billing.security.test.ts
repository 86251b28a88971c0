import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscribe } from '../../../test/billing-helpers';
import { createTestApp, createUser, logInAs, type TestApp } from '../../../test/helpers';
import { billingCustomers, sandboxHostedPages } from '../../db/schema';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const checkout = (
  headers: Record<string, string>,
  payload: Record<string, unknown> = { planId: 'VIP', period: 'monthly' },
) => t.app.inject({ method: 'POST', url: '/api/v1/billing/checkout-sessions', headers, payload });
const pages = async () => (await t.app.db.select({ n: count() }).from(sandboxHostedPages))[0]!.n;

describe('checkout and portal: who may', () => {
  it('needs a session and the CSRF token', async () => {
    expect((await checkout({})).statusCode).toBe(401);
    const user = await createUser(t.app);
    const session = await logInAs(t.app, user.email);
    const before = await pages();
    expect((await checkout({ cookie: session.cookie })).statusCode).toBe(403);
    expect(await pages()).toBe(before);
  });

  it('refuses admins and sub-users (their plan is the studio owner’s)', async () => {
    const admin = await createUser(t.app, { role: 'admin' });
    const owner = await createUser(t.app, { userType: 'studio-owner' });
    const sub = await createUser(t.app, { userType: 'subuser', studioOwnerId: owner.id });
    for (const user of [admin, sub]) {
      const session = await logInAs(t.app, user.email);
      expect((await checkout(session.headers)).statusCode).toBe(403);
      const portal = await t.app.inject({
        method: 'POST',
        url: '/api/v1/billing/portal-sessions',
        headers: session.headers,
      });
      expect(portal.statusCode).toBe(403);
    }
  });

  it('answers 404 for the portal before the member is a customer', async () => {
    const user = await createUser(t.app);
    const session = await logInAs(t.app, user.email);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/billing/portal-sessions',
      headers: session.headers,
    });
    expect(res.statusCode).toBe(404);
  });

  it('refuses checkout of the plan the member already has', async () => {
    const user = await createUser(t.app);
    const session = await logInAs(t.app, user.email);
    await subscribe(t.app, session, 'VIP', 'monthly');
    const res = await checkout(session.headers);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('ALREADY_SUBSCRIBED');
  });

  it.each([
    [{ planId: 'GOLD', period: 'monthly' }],
    [{ planId: 'VIP', period: 'weekly' }],
    [{ planId: 'VIP', period: 'monthly', trackingId: '<script>' }],
    [{ planId: 'VIP', period: 'monthly', price: 0 }],
  ])('refuses a bad body %j with 400 and no customer or page', async (payload) => {
    const user = await createUser(t.app);
    const session = await logInAs(t.app, user.email);
    const customers = (await t.app.db.select({ n: count() }).from(billingCustomers))[0]!.n;
    const before = await pages();
    expect((await checkout(session.headers, payload)).statusCode).toBe(400);
    expect((await t.app.db.select({ n: count() }).from(billingCustomers))[0]!.n).toBe(customers);
    expect(await pages()).toBe(before);
  });
});

describe('sandbox pages', () => {
  it('answers 404 for unknown or malformed page ids', async () => {
    for (const id of ['sbx_doesnotexistdoesnotexist123', 'nope', 'sbx_<script>']) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/v1/billing/sandbox/checkout/${encodeURIComponent(id)}`,
      });
      expect(res.statusCode).toBe(404);
      expect(res.body).toContain('This page has expired');
    }
  });

  it('does not open a portal page as a checkout page', async () => {
    const user = await createUser(t.app);
    const session = await logInAs(t.app, user.email);
    await subscribe(t.app, session, 'INDIVIDUAL', 'monthly');
    const portal = await t.app.inject({
      method: 'POST',
      url: '/api/v1/billing/portal-sessions',
      headers: session.headers,
    });
    const portalUrl: string = portal.json().url;
    const asCheckout = portalUrl.replace('/portal/', '/checkout/');
    expect((await t.app.inject({ method: 'GET', url: asCheckout })).statusCode).toBe(404);
    const page = await t.app.inject({ method: 'GET', url: portalUrl });
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");
    expect(page.headers['cache-control']).toBe('no-store');
  });
});
