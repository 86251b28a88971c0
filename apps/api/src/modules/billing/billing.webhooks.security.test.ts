import { count, eq, inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, createUser, type TestApp } from '../../../test/helpers';
import { replayedAndShuffled, WEBHOOK_SEEDS } from '../../../test/shuffle';
import { billingCustomers, billingEvents, subscriptions, users } from '../../db/schema';

/**
 * Chargebee webhooks delivered as Chargebee may deliver them: each event three times, shuffled (seeded), some
 * at the same moment. The state is applied once per event and is monotonic by resource_version: a
 * subscription never goes back from active to in_trial because an older event arrived late. Every delivery
 * needs the configured HTTP Basic credentials (Chargebee's only proof of origin).
 */
const HOOK = '/api/v1/billing/webhooks/chargebee';
const USER = 'hook-user';
const PASSWORD = 'hook-password-0123456789';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    chargebee: { site: 'dance-test', apiKey: 'test_key', webhookUsername: USER, webhookPassword: PASSWORD },
  });
});
afterEach(() => vi.restoreAllMocks());
afterAll(() => t.close());

const basic = (user: string, pass: string) => `Basic ${Buffer.from(`${user}:${pass}`).toString('base64')}`;
const deliver = (body: object, authorization: string | null = basic(USER, PASSWORD)) =>
  t.app.inject({
    method: 'POST',
    url: HOOK,
    headers: authorization === null ? {} : { authorization },
    payload: body,
  });

let serial = 0;
/** A member who is a Chargebee customer, and the events Chargebee sends about one subscription of theirs. */
async function customer() {
  serial += 1;
  const user = await createUser(t.app);
  const customerId = `cus_sys_${serial}`;
  await t.app.db.insert(billingCustomers).values({ userId: user.id, provider: 'chargebee', customerId });
  const subscriptionId = `sub_sys_${serial}`;
  const start = 1_790_000_000;
  const event = (type: string, version: number, status: string, item = 'VIP-USD-Monthly') => ({
    id: `ev_sys_${serial}_${type}_${version}`,
    occurred_at: start + version,
    object: 'event',
    api_version: 'v2',
    event_type: type,
    content: {
      subscription: {
        id: subscriptionId,
        customer_id: customerId,
        status,
        trial_start: start,
        trial_end: start + 3 * 86_400,
        current_term_start: start + version,
        current_term_end: start + version + 30 * 86_400,
        next_billing_at: start + version + 30 * 86_400,
        cancelled_at: status === 'cancelled' ? start + version : undefined,
        resource_version: version,
        subscription_items: [{ item_price_id: item, item_type: 'plan', quantity: 1 }],
        object: 'subscription',
      },
      customer: { id: customerId, object: 'customer' },
    },
  });
  return { user, subscriptionId, event };
}

const readSubscription = async (id: string) =>
  (await t.app.db.select().from(subscriptions).where(eq(subscriptions.providerSubscriptionId, id)))[0] ??
  null;
const readUser = async (id: string) => (await t.app.db.select().from(users).where(eq(users.id, id)))[0]!;
async function storedEvents(ids: string[]) {
  const [row] = await t.app.db
    .select({ n: count() })
    .from(billingEvents)
    .where(inArray(billingEvents.eventId, ids));
  return row!.n;
}

/**
 * Delivers every event three times, shuffled by `seed`, in rounds of three concurrent requests. Answers the
 * subscription seen after each round (status, version), and checks each event was applied once.
 */
async function deliverShuffled(events: { id: string }[], seed: number, subscriptionId: string) {
  const seen: { status: string; version: number }[] = [];
  const messages: string[] = [];
  const order = replayedAndShuffled(events, 3, seed);
  for (let i = 0; i < order.length; i += 3) {
    const round = await Promise.all(order.slice(i, i + 3).map((body) => deliver(body)));
    for (const res of round) {
      expect(res.statusCode, res.body).toBe(200);
      messages.push(res.json().message);
    }
    const sub = await readSubscription(subscriptionId);
    if (sub) seen.push({ status: sub.status, version: sub.resourceVersion });
  }
  expect(messages.filter((m) => m === 'duplicate')).toHaveLength(events.length * 2);
  expect(await storedEvents(events.map((e) => e.id))).toBe(events.length);
  // Monotonic: the stored version never decreases, and active never falls back to in_trial.
  for (let i = 1; i < seen.length; i += 1) {
    expect(seen[i]!.version, JSON.stringify(seen)).toBeGreaterThanOrEqual(seen[i - 1]!.version);
    if (seen[i - 1]!.status === 'active') expect(seen[i]!.status).not.toBe('in_trial');
  }
  return seen;
}

describe('Chargebee webhooks replayed three times and shuffled', () => {
  it.each(WEBHOOK_SEEDS)(
    'seed %i: trial, activation, plan change and renewal converge once',
    async (seed) => {
      const c = await customer();
      const track = vi.spyOn(t.app.analytics, 'track');
      const events = [
        c.event('subscription_created', 100, 'in_trial'),
        c.event('subscription_activated', 200, 'active'),
        c.event('subscription_changed', 300, 'active', 'STUDIO-10-USD-Yearly'),
        // Same resource_version as the change: one of the two is stale, the state is the same either way.
        c.event('payment_succeeded', 300, 'active', 'STUDIO-10-USD-Yearly'),
        c.event('subscription_renewed', 400, 'active', 'STUDIO-10-USD-Yearly'),
      ];
      await deliverShuffled(events, seed, c.subscriptionId);
      const sub = await readSubscription(c.subscriptionId);
      expect(sub).toMatchObject({
        status: 'active',
        planId: 'STUDIO-10',
        period: 'yearly',
        resourceVersion: 400,
        userId: c.user.id,
      });
      const user = await readUser(c.user.id);
      expect(user).toMatchObject({ subscriptionId: c.subscriptionId, userType: 'studio-owner' });
      // One subscription row, and the pixel's plan events sent at most once each (Subscribe exactly once).
      const rows = await t.app.db
        .select({ n: count() })
        .from(subscriptions)
        .where(eq(subscriptions.userId, c.user.id));
      expect(rows[0]!.n).toBe(1);
      const names = track.mock.calls.map(([e]) => e.name);
      expect(names.filter((n) => n === 'Subscribe')).toHaveLength(1);
      expect(names.filter((n) => n === 'StartTrial').length).toBeLessThanOrEqual(1);
    },
  );

  it.each(WEBHOOK_SEEDS)('seed %i: a cancellation, the newest event, is never undone', async (seed) => {
    const c = await customer();
    const events = [
      c.event('subscription_created', 10, 'in_trial'),
      c.event('subscription_activated', 20, 'active'),
      c.event('subscription_cancelled', 30, 'cancelled'),
    ];
    const seen = await deliverShuffled(events, seed, c.subscriptionId);
    const firstCancelled = seen.findIndex((s) => s.status === 'cancelled');
    expect(seen.slice(firstCancelled).every((s) => s.status === 'cancelled')).toBe(true);
    expect(await readSubscription(c.subscriptionId)).toMatchObject({
      status: 'cancelled',
      resourceVersion: 30,
    });
    expect((await readUser(c.user.id)).userType).toBeNull();
  });
});

describe('Chargebee webhook credentials', () => {
  it('refuses every delivery without the configured Basic credentials (401), changing nothing', async () => {
    const c = await customer();
    const body = c.event('subscription_created', 1, 'active');
    const cases: Record<string, string | null> = {
      'no credentials': null,
      'wrong password': basic(USER, 'guess'),
      'wrong user': basic('admin', PASSWORD),
      'password with a suffix': basic(USER, `${PASSWORD}x`),
      'password prefix only': basic(USER, PASSWORD.slice(0, -1)),
      'user and password swapped': basic(PASSWORD, USER),
      'empty credentials': basic('', ''),
      'no separator': `Basic ${Buffer.from(`${USER}${PASSWORD}`).toString('base64')}`,
      'not base64': 'Basic !!!not-base64!!!',
      'another scheme': `Bearer ${PASSWORD}`,
      'raw credentials': `${USER}:${PASSWORD}`,
    };
    for (const [name, authorization] of Object.entries(cases)) {
      const res = await deliver(body, authorization);
      expect(res.statusCode, name).toBe(401);
      expect(res.headers['www-authenticate'], name).toContain('Basic');
    }
    expect(await storedEvents([body.id])).toBe(0);
    expect(await readSubscription(c.subscriptionId)).toBeNull();
    expect((await readUser(c.user.id)).userType).toBeNull();
    // The same event with the configured credentials is applied.
    const ok = await deliver(body);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().message).toBe('applied');
    expect(await readSubscription(c.subscriptionId)).toMatchObject({ status: 'active' });
  });

  it('refuses every delivery when no credentials are configured', async () => {
    const bare = await createTestApp({
      chargebee: { site: 'dance-test', apiKey: 'test_key', webhookUsername: '', webhookPassword: '' },
    });
    try {
      for (const authorization of [null, basic('', ''), basic(':', '')]) {
        const res = await bare.app.inject({
          method: 'POST',
          url: HOOK,
          headers: authorization ? { authorization } : {},
          payload: { id: 'ev_x', event_type: 'subscription_created', content: {} },
        });
        expect(res.statusCode).toBe(401);
      }
      const [n] = await bare.app.db.select({ n: count() }).from(billingEvents);
      expect(n!.n).toBe(0);
    } finally {
      await bare.close();
    }
  });
});
