import { count, eq } from 'drizzle-orm';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { readState } from '../../../test/billing-helpers';
import {
  createTestApp,
  createUser,
  logInAs,
  type Session,
  type TestApp,
  validSignUp,
} from '../../../test/helpers';
import { billingEvents, subscriptions, users } from '../../db/schema';

const SITE = 'dance-test';
const BASE = `https://${SITE}.chargebee.com/api/v2`;
const HOOK = '/api/v1/billing/webhooks/chargebee';
const server = setupServer();
const pixelHits: URL[] = [];

let t: TestApp;
beforeAll(async () => {
  server.listen({ onUnhandledFrame: 'error' });
  t = await createTestApp({
    chargebee: { site: SITE, apiKey: 'test_key', webhookUsername: 'hook', webhookPassword: 's3cret' },
    metaPixelId: '123456789012',
  });
});
afterEach(() => {
  server.resetHandlers();
  pixelHits.length = 0;
});
afterAll(async () => {
  await t.close();
  server.close();
});

const auth = (user = 'hook', pass = 's3cret') => `Basic ${Buffer.from(`${user}:${pass}`).toString('base64')}`;
const pixel = () =>
  http.get('https://www.facebook.com/tr', ({ request }) => {
    pixelHits.push(new URL(request.url));
    return new HttpResponse(null, { status: 200 });
  });

function subscriptionEvent(
  id: string,
  type: string,
  sub: { id: string; customerId: string; status: string; version: number; item?: string },
) {
  const now = Math.floor(Date.now() / 1000);
  return {
    id,
    occurred_at: now,
    object: 'event',
    api_version: 'v2',
    event_type: type,
    content: {
      subscription: {
        id: sub.id,
        customer_id: sub.customerId,
        status: sub.status,
        trial_start: sub.status === 'in_trial' ? now : undefined,
        trial_end: sub.status === 'in_trial' ? now + 3 * 86_400 : undefined,
        current_term_start: now,
        current_term_end: now + 30 * 86_400,
        next_billing_at: now + 30 * 86_400,
        resource_version: sub.version,
        subscription_items: [
          { item_price_id: sub.item ?? 'VIP-USD-Monthly', item_type: 'plan', quantity: 1 },
        ],
        object: 'subscription',
      },
      customer: { id: sub.customerId, object: 'customer' },
    },
  };
}

const post = (payload: unknown, authorization: string | null = auth()) =>
  t.app.inject({
    method: 'POST',
    url: HOOK,
    headers: authorization ? { authorization } : {},
    payload: payload as object,
  });

/** A member with a Chargebee customer, created through the checkout endpoint like in production. */
async function memberWithCustomer(): Promise<{ id: string; session: Session; customerId: string }> {
  const user = await createUser(t.app);
  const session = await logInAs(t.app, user.email);
  server.use(
    http.post(`${BASE}/customers`, () => HttpResponse.json({ customer: { id: user.id } })),
    http.post(`${BASE}/hosted_pages/checkout_new_for_items`, () =>
      HttpResponse.json({ hosted_page: { id: 'hp', url: 'https://dance-test.chargebee.com/pages/v3/hp/' } }),
    ),
    pixel(),
  );
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/billing/checkout-sessions',
    headers: session.headers,
    payload: { planId: 'VIP', period: 'monthly', trackingId: 'ad-77' },
  });
  expect(res.statusCode).toBe(201);
  expect(res.json()).toEqual({ url: 'https://dance-test.chargebee.com/pages/v3/hp/', provider: 'chargebee' });
  return { id: user.id, session, customerId: user.id };
}

describe('Chargebee checkout and portal through the API', () => {
  it('opens the portal for a member who is a customer', async () => {
    const m = await memberWithCustomer();
    server.use(
      http.post(`${BASE}/portal_sessions`, async ({ request }) => {
        const form = new URLSearchParams(await request.text());
        expect(form.get('customer[id]')).toBe(m.customerId);
        return HttpResponse.json({
          portal_session: { id: 'ps', access_url: 'https://dance-test.chargebee.com/portal/ps' },
        });
      }),
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/billing/portal-sessions',
      headers: m.session.headers,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().url).toBe('https://dance-test.chargebee.com/portal/ps');
  });

  it('answers 502 with a clear message when Chargebee fails', async () => {
    const user = await createUser(t.app);
    const session = await logInAs(t.app, user.email);
    server.use(http.post(`${BASE}/customers`, () => HttpResponse.json({ message: 'down' }, { status: 503 })));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/billing/checkout-sessions',
      headers: session.headers,
      payload: { planId: 'VIP', period: 'monthly' },
    });
    expect(res.statusCode).toBe(502);
    expect(res.json().code).toBe('BILLING_PROVIDER_ERROR');
  });
});

describe('Chargebee webhooks through the state machine', () => {
  it('applies subscription_created: trial, vip, StartTrial sent to the pixel without personal data', async () => {
    const m = await memberWithCustomer();
    server.use(pixel());
    const res = await post(
      subscriptionEvent('ev_created_1', 'subscription_created', {
        id: 'cb_sub_1',
        customerId: m.customerId,
        status: 'in_trial',
        version: 1000,
      }),
    );
    expect(res.statusCode).toBe(200);
    const state = await readState(t.app, m.session);
    expect(state).toMatchObject({ isActive: true, userType: 'vip', subscriptionId: 'cb_sub_1' });
    expect(state.subscription).toMatchObject({ provider: 'chargebee', status: 'in_trial', planId: 'VIP' });
    await t.app.analytics.flush();
    const hit = pixelHits.find((u) => u.searchParams.get('ev') === 'StartTrial');
    expect(hit?.searchParams.get('id')).toBe('123456789012');
    const [user] = await t.app.db.select().from(users).where(eq(users.id, m.id));
    expect(hit?.toString()).not.toContain(encodeURIComponent(user!.email));
    expect(hit?.toString()).not.toContain(m.id);
  });

  it('deduplicates a repeated event id', async () => {
    const m = await memberWithCustomer();
    const event = subscriptionEvent('ev_dup', 'subscription_created', {
      id: 'cb_sub_dup',
      customerId: m.customerId,
      status: 'in_trial',
      version: 10,
    });
    expect((await post(event)).statusCode).toBe(200);
    // The same event again, as Chargebee may resend it, even after a newer change.
    await post(
      subscriptionEvent('ev_dup_cancel', 'subscription_cancelled', {
        id: 'cb_sub_dup',
        customerId: m.customerId,
        status: 'cancelled',
        version: 20,
      }),
    );
    const again = await post(event);
    expect(again.statusCode).toBe(200);
    expect(again.json().message).toBe('duplicate');
    const [row] = await t.app.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.providerSubscriptionId, 'cb_sub_dup'));
    expect(row!.status).toBe('cancelled');
    const [n] = await t.app.db
      .select({ n: count() })
      .from(billingEvents)
      .where(eq(billingEvents.eventId, 'ev_dup'));
    expect(n!.n).toBe(1);
  });

  it('never lets a late older event overwrite a newer state (resource_version)', async () => {
    const m = await memberWithCustomer();
    await post(
      subscriptionEvent('ev_new', 'subscription_changed', {
        id: 'cb_sub_order',
        customerId: m.customerId,
        status: 'active',
        version: 2000,
        item: 'STUDIO-10-USD-Yearly',
      }),
    );
    const late = await post(
      subscriptionEvent('ev_old', 'subscription_created', {
        id: 'cb_sub_order',
        customerId: m.customerId,
        status: 'in_trial',
        version: 1000,
      }),
    );
    expect(late.json().message).toBe('stale');
    const state = await readState(t.app, m.session);
    expect(state.subscription).toMatchObject({ planId: 'STUDIO-10', status: 'active' });
    expect(state.userType).toBe('studio-owner');
  });

  it.each([
    ['future', false, 'Future'],
    ['in_trial', true, 'Trial'],
    ['active', true, 'Active'],
    ['non_renewing', true, 'Non Renewing'],
    ['paused', false, 'Paused'],
    ['cancelled', false, 'Cancelled'],
    ['transferred', false, 'Transferred'],
  ])('status %s: active %s, label %s', async (status, isActive, label) => {
    const m = await memberWithCustomer();
    await post(
      subscriptionEvent(`ev_status_${status}`, 'subscription_changed', {
        id: `cb_sub_${status}`,
        customerId: m.customerId,
        status,
        version: 5,
      }),
    );
    const state = await readState(t.app, m.session);
    expect(state.isActive).toBe(isActive);
    expect(state.subscription?.statusLabel).toBe(label);
    expect(state.userType).toBe(isActive ? 'vip' : null);
  });

  it('records but ignores events without a subscription or for unknown customers', async () => {
    const res = await post({ id: 'ev_pay', event_type: 'payment_succeeded', occurred_at: 1, content: {} });
    expect(res.statusCode).toBe(200);
    const unknown = await post(
      subscriptionEvent('ev_unknown', 'subscription_created', {
        id: 'cb_sub_x',
        customerId: 'nobody',
        status: 'active',
        version: 1,
      }),
    );
    expect(unknown.json().message).toBe('ignored');
    const rows = await t.app.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.providerSubscriptionId, 'cb_sub_x'));
    expect(rows).toHaveLength(0);
  });
});

describe('webhook security', () => {
  it.each([
    ['no credentials', null],
    ['a wrong password', auth('hook', 'guess')],
    ['a wrong user', auth('admin', 's3cret')],
    ['another scheme', 'Bearer s3cret'],
  ])('refuses %s with 401 and changes nothing', async (_case, authorization) => {
    const before = await t.app.db.select({ n: count() }).from(billingEvents);
    const res = await post(
      subscriptionEvent('ev_forged', 'subscription_created', {
        id: 'cb_sub_forged',
        customerId: 'whoever',
        status: 'active',
        version: 1,
      }),
      authorization,
    );
    expect(res.statusCode).toBe(401);
    expect(res.headers['www-authenticate']).toContain('Basic');
    const after = await t.app.db.select({ n: count() }).from(billingEvents);
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it('refuses a body that is not an event', async () => {
    const res = await post({ hello: 'world' });
    expect(res.statusCode).toBe(400);
  });

  it('sends Lead to the pixel on sign-up, with no personal data', async () => {
    server.use(pixel());
    const body = validSignUp();
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/signup', payload: body });
    expect(res.statusCode).toBe(201);
    await t.app.analytics.flush();
    const lead = pixelHits.find((u) => u.searchParams.get('ev') === 'Lead');
    expect(lead).toBeDefined();
    const text = decodeURIComponent(lead!.toString());
    expect(text).not.toContain(body.email);
    expect(text).not.toContain(body.firstName);
  });
});
