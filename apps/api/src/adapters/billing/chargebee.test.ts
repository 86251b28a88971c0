import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createChargebeeProvider, isChargebeeWebhookAuthorized, parseChargebeeEvent } from './chargebee';
import { BillingProviderError } from './types';

const SITE = 'dance-test';
const BASE = `https://${SITE}.chargebee.com/api/v2`;
const server = setupServer();
const requests: { path: string; form: URLSearchParams; auth: string | null }[] = [];

beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => {
  server.resetHandlers();
  requests.length = 0;
});
afterAll(() => server.close());

/** Records the form-encoded request and answers Chargebee's documented resource wrapper. */
const record = (path: string, answer: Record<string, unknown>, status = 200) =>
  http.post(`${BASE}${path}`, async ({ request }) => {
    requests.push({
      path,
      form: new URLSearchParams(await request.text()),
      auth: request.headers.get('authorization'),
    });
    return HttpResponse.json(answer, { status });
  });

const provider = createChargebeeProvider({
  site: SITE,
  apiKey: 'test_key',
  webhookUsername: 'hook',
  webhookPassword: 'secret',
});

describe('Chargebee provider (HTTP API mocked from its documented shapes)', () => {
  it('creates the customer with id, email, names and the tracking id cf_tid', async () => {
    server.use(
      record('/customers', {
        customer: { id: 'studio-u1', email: 'sam@example.com', object: 'customer', resource_version: 1 },
      }),
    );
    await provider.createCustomer({
      id: 'studio-u1',
      email: 'sam@example.com',
      firstName: 'Sam',
      lastName: 'Studio',
      trackingId: 'fb-123',
    });
    expect(requests).toHaveLength(1);
    const { form, auth } = requests[0]!;
    expect(Object.fromEntries(form)).toMatchObject({
      id: 'studio-u1',
      email: 'sam@example.com',
      first_name: 'Sam',
      last_name: 'Studio',
      cf_tid: 'fb-123',
    });
    expect(auth).toBe(`Basic ${Buffer.from('test_key:').toString('base64')}`);
  });

  it('opens a hosted checkout for a new subscription with the item price and the trial end', async () => {
    server.use(
      record('/hosted_pages/checkout_new_for_items', {
        hosted_page: {
          id: 'hp_1',
          type: 'checkout_new',
          url: 'https://dance-test.chargebee.com/pages/v3/hp_1/',
          state: 'created',
          object: 'hosted_page',
        },
      }),
    );
    const page = await provider.createCheckout({
      userId: 'u1',
      customerId: 'u1',
      planId: 'VIP',
      period: 'yearly',
      trialDays: 7,
      existingSubscriptionId: null,
      redirectUrl: 'http://app/account?checkout=succeeded',
      cancelUrl: 'http://app/plans',
    });
    expect(page.url).toBe('https://dance-test.chargebee.com/pages/v3/hp_1/');
    const form = requests[0]!.form;
    expect(form.get('subscription_items[item_price_id][0]')).toBe('VIP-USD-Yearly');
    expect(form.get('subscription_items[quantity][0]')).toBe('1');
    expect(form.get('customer[id]')).toBe('u1');
    expect(form.get('redirect_url')).toBe('http://app/account?checkout=succeeded');
    const trialEnd = Number(form.get('subscription[trial_end]'));
    expect(trialEnd - Date.now() / 1000).toBeGreaterThan(7 * 86_400 - 60);
  });

  it('skips the price trial with trial_end 0 when the family trial was used', async () => {
    server.use(
      record('/hosted_pages/checkout_new_for_items', {
        hosted_page: { id: 'hp_2', url: 'https://x.chargebee.com/p/hp_2', state: 'created' },
      }),
    );
    await provider.createCheckout({
      userId: 'u1',
      customerId: 'u1',
      planId: 'INDIVIDUAL',
      period: 'monthly',
      trialDays: 0,
      existingSubscriptionId: null,
      redirectUrl: 'r',
      cancelUrl: 'c',
    });
    expect(requests[0]!.form.get('subscription[trial_end]')).toBe('0');
  });

  it('opens a checkout of a change for an existing subscription', async () => {
    server.use(
      record('/hosted_pages/checkout_existing_for_items', {
        hosted_page: { id: 'hp_3', type: 'checkout_existing', url: 'https://x.chargebee.com/p/hp_3' },
      }),
    );
    await provider.createCheckout({
      userId: 'u1',
      customerId: 'u1',
      planId: 'STUDIO-10',
      period: 'yearly',
      trialDays: 0,
      existingSubscriptionId: 'sub_9',
      redirectUrl: 'r',
      cancelUrl: 'c',
    });
    const form = requests[0]!.form;
    expect(form.get('subscription[id]')).toBe('sub_9');
    expect(form.get('subscription_items[item_price_id][0]')).toBe('STUDIO-10-USD-Yearly');
    expect(form.get('replace_items_list')).toBe('true');
  });

  it('creates a portal session and answers its access URL', async () => {
    server.use(
      record('/portal_sessions', {
        portal_session: {
          id: 'ps_1',
          token: 't',
          access_url: 'https://dance-test.chargebee.com/portal/v2/access/ps_1',
          status: 'created',
          customer_id: 'u1',
          object: 'portal_session',
        },
      }),
    );
    const page = await provider.createPortalSession({
      userId: 'u1',
      customerId: 'u1',
      redirectUrl: 'http://app',
    });
    expect(page.url).toBe('https://dance-test.chargebee.com/portal/v2/access/ps_1');
    expect(requests[0]!.form.get('customer[id]')).toBe('u1');
  });

  it('cancels a subscription now (end_of_term false), and reports a refusal as a BillingProviderError', async () => {
    server.use(
      record('/subscriptions/sub_9/cancel_for_items', {
        subscription: { id: 'sub_9', customer_id: 'u1', status: 'cancelled', object: 'subscription' },
        customer: { id: 'u1', object: 'customer' },
      }),
    );
    await provider.cancelSubscriptionNow({ subscriptionId: 'sub_9', customerId: 'u1' });
    expect(requests.map((r) => r.path)).toEqual(['/subscriptions/sub_9/cancel_for_items']);
    expect(requests[0]!.form.get('end_of_term')).toBe('false');
    server.use(
      record(
        '/subscriptions/sub_10/cancel_for_items',
        {
          message: 'Subscription is already cancelled.',
          type: 'invalid_request',
          api_error_code: 'invalid_state_for_request',
          http_status_code: 400,
        },
        400,
      ),
    );
    await expect(
      provider.cancelSubscriptionNow({ subscriptionId: 'sub_10', customerId: 'u1' }),
    ).rejects.toBeInstanceOf(BillingProviderError);
  });

  it('turns an API error into a BillingProviderError', async () => {
    server.use(
      record(
        '/customers',
        {
          message: 'The value u1 is already present.',
          type: 'invalid_request',
          api_error_code: 'duplicate_entry',
          param: 'id',
          error_code: 'param_not_unique',
          http_status_code: 400,
        },
        400,
      ),
    );
    await expect(
      provider.createCustomer({ id: 'u1', email: 'a@b.c', firstName: 'A', lastName: 'B', trackingId: null }),
    ).rejects.toBeInstanceOf(BillingProviderError);
  });
});

describe('Chargebee webhooks', () => {
  const credentials = { webhookUsername: 'hook', webhookPassword: 'secret' };
  const basic = (user: string, pass: string) => `Basic ${Buffer.from(`${user}:${pass}`).toString('base64')}`;

  it('accepts only the configured Basic Auth credentials', () => {
    expect(isChargebeeWebhookAuthorized(basic('hook', 'secret'), credentials)).toBe(true);
    expect(isChargebeeWebhookAuthorized(basic('hook', 'wrong'), credentials)).toBe(false);
    expect(isChargebeeWebhookAuthorized(basic('other', 'secret'), credentials)).toBe(false);
    expect(isChargebeeWebhookAuthorized(undefined, credentials)).toBe(false);
    expect(isChargebeeWebhookAuthorized('Bearer x', credentials)).toBe(false);
    // No credentials configured: nothing is accepted, never "no check".
    expect(isChargebeeWebhookAuthorized(basic('', ''), { webhookUsername: '', webhookPassword: '' })).toBe(
      false,
    );
  });

  it('parses an item-based subscription event', () => {
    const event = parseChargebeeEvent({
      id: 'ev_1',
      occurred_at: 1_700_000_000,
      object: 'event',
      api_version: 'v2',
      event_type: 'subscription_created',
      content: {
        subscription: {
          id: 'sub_1',
          customer_id: 'u1',
          status: 'in_trial',
          trial_start: 1_700_000_000,
          trial_end: 1_700_259_200,
          current_term_start: 1_700_000_000,
          current_term_end: 1_700_259_200,
          next_billing_at: 1_700_259_200,
          resource_version: 1_700_000_000_123,
          subscription_items: [
            { item_price_id: 'VIP-USD-Monthly', item_type: 'plan', quantity: 1, object: 'subscription_item' },
          ],
        },
        customer: { id: 'u1', email: 'a@b.c' },
      },
    });
    expect(event).toMatchObject({
      provider: 'chargebee',
      id: 'ev_1',
      type: 'subscription_created',
      subscription: {
        id: 'sub_1',
        customerId: 'u1',
        status: 'in_trial',
        planId: 'VIP',
        period: 'monthly',
        resourceVersion: 1_700_000_000_123,
      },
    });
    expect(event!.subscription!.trialEnd!.toISOString()).toBe('2023-11-17T22:13:20.000Z');
  });

  it('reads events without a subscription, and refuses what is not an event', () => {
    expect(
      parseChargebeeEvent({ id: 'ev_2', event_type: 'payment_succeeded', content: {} })!.subscription,
    ).toBeNull();
    expect(parseChargebeeEvent({ hello: 'world' })).toBeNull();
    expect(parseChargebeeEvent(null)).toBeNull();
  });
});
