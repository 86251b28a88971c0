import { itemPriceIdOf, parseItemPriceId, ZSubscriptionStatus } from '@dance/domain';
import Chargebee from 'chargebee';
import { safeEqual } from '../../lib/tokens';
import {
  type BillingEvent,
  type BillingProvider,
  BillingProviderError,
  type SubscriptionSnapshot,
} from './types';

export interface ChargebeeConfig {
  site: string;
  apiKey: string;
  webhookUsername: string;
  webhookPassword: string;
}

/** Test seam: where the SDK sends requests (msw intercepts the default https://{site}.chargebee.com). */
export interface ChargebeeClientOptions {
  protocol?: 'http' | 'https';
  hostSuffix?: string;
  port?: number;
}

const describe = (error: unknown) =>
  error instanceof Error ? error.message : typeof error === 'object' ? JSON.stringify(error) : String(error);

async function callProvider<T>(what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw new BillingProviderError(`Chargebee ${what} failed: ${describe(error)}`);
  }
}

/**
 * Chargebee through the `chargebee` SDK (v3, item-based catalogue): customers, hosted checkout for a new
 * subscription or a change of plan, portal sessions, immediate cancellation. Webhooks are parsed by parseChargebeeEvent.
 */
export function createChargebeeProvider(
  config: ChargebeeConfig,
  options: ChargebeeClientOptions = {},
): BillingProvider {
  const cb = new Chargebee({
    site: config.site,
    apiKey: config.apiKey,
    timeout: 15_000,
    sdkTelemetryEnabled: false,
    ...options,
  });
  return {
    kind: 'chargebee',
    async createCustomer(customer) {
      // cf_tid is the site's custom field for the ads tracking id; the SDK's types do not list custom fields.
      const params = {
        id: customer.id,
        email: customer.email,
        first_name: customer.firstName,
        last_name: customer.lastName,
        ...(customer.trackingId ? { cf_tid: customer.trackingId } : {}),
      };
      await callProvider('customer.create', () => cb.customer.create(params));
    },
    async createCheckout(input) {
      const subscriptionItems = [{ item_price_id: itemPriceIdOf(input.planId, input.period), quantity: 1 }];
      if (input.existingSubscriptionId) {
        const existingId = input.existingSubscriptionId;
        const result = await callProvider('hostedPage.checkoutExistingForItems', () =>
          cb.hostedPage.checkoutExistingForItems({
            subscription: { id: existingId },
            subscription_items: subscriptionItems,
            replace_items_list: true,
            redirect_url: input.redirectUrl,
            cancel_url: input.cancelUrl,
            pass_thru_content: input.userId,
          }),
        );
        return { url: requireUrl(result.hosted_page.url) };
      }
      // trial_end 0 skips the item price's trial: one trial per family is our rule, not the price's.
      const trialEnd = input.trialDays > 0 ? Math.floor(Date.now() / 1000) + input.trialDays * 86_400 : 0;
      const result = await callProvider('hostedPage.checkoutNewForItems', () =>
        cb.hostedPage.checkoutNewForItems({
          subscription: { trial_end: trialEnd },
          subscription_items: subscriptionItems,
          customer: { id: input.customerId },
          redirect_url: input.redirectUrl,
          cancel_url: input.cancelUrl,
          pass_thru_content: input.userId,
        }),
      );
      return { url: requireUrl(result.hosted_page.url) };
    },
    async createPortalSession(input) {
      const result = await callProvider('portalSession.create', () =>
        cb.portalSession.create({ customer: { id: input.customerId }, redirect_url: input.redirectUrl }),
      );
      return { url: requireUrl(result.portal_session.access_url) };
    },
    async cancelSubscriptionNow(input) {
      // end_of_term false: the account is deleted right after, so nothing may renew or bill it again.
      await callProvider('subscription.cancelForItems', () =>
        cb.subscription.cancelForItems(input.subscriptionId, { end_of_term: false }),
      );
    },
  };
}

function requireUrl(url: string | undefined): string {
  if (!url) throw new BillingProviderError('Chargebee answered without a URL');
  return url;
}

/**
 * Checks the webhook's HTTP Basic Auth against the configured credentials (Chargebee signs nothing, so this
 * is the only proof of origin). Always checked: without configured credentials every webhook is refused.
 */
export function isChargebeeWebhookAuthorized(
  authorization: string | undefined,
  config: Pick<ChargebeeConfig, 'webhookUsername' | 'webhookPassword'>,
): boolean {
  if (!config.webhookUsername || !config.webhookPassword) return false;
  if (!authorization?.startsWith('Basic ')) return false;
  const decoded = Buffer.from(authorization.slice(6).trim(), 'base64').toString('utf8');
  const separator = decoded.indexOf(':');
  if (separator < 0) return false;
  const isUserOk = safeEqual(decoded.slice(0, separator), config.webhookUsername);
  const isPasswordOk = safeEqual(decoded.slice(separator + 1), config.webhookPassword);
  return isUserOk && isPasswordOk;
}

interface ChargebeeSubscriptionPayload {
  id?: unknown;
  customer_id?: unknown;
  status?: unknown;
  trial_start?: unknown;
  trial_end?: unknown;
  current_term_start?: unknown;
  current_term_end?: unknown;
  next_billing_at?: unknown;
  cancelled_at?: unknown;
  resource_version?: unknown;
  subscription_items?: Array<{ item_price_id?: unknown; item_type?: unknown }>;
}

const toDate = (value: unknown): Date | null =>
  typeof value === 'number' && Number.isFinite(value) ? new Date(value * 1000) : null;

/** Reads Chargebee's subscription object (item-based: the plan is the subscription item of type plan). */
export function toSubscriptionSnapshot(raw: ChargebeeSubscriptionPayload): SubscriptionSnapshot | null {
  const status = ZSubscriptionStatus.safeParse(raw.status);
  if (typeof raw.id !== 'string' || typeof raw.customer_id !== 'string' || !status.success) return null;
  const items = Array.isArray(raw.subscription_items) ? raw.subscription_items : [];
  const planItem = items.find((i) => i.item_type === 'plan') ?? items[0];
  const plan = typeof planItem?.item_price_id === 'string' ? parseItemPriceId(planItem.item_price_id) : null;
  if (!plan) return null;
  const version = typeof raw.resource_version === 'number' ? raw.resource_version : 0;
  return {
    id: raw.id,
    customerId: raw.customer_id,
    status: status.data,
    planId: plan.planId,
    period: plan.period,
    trialStart: toDate(raw.trial_start),
    trialEnd: toDate(raw.trial_end),
    currentTermStart: toDate(raw.current_term_start),
    currentTermEnd: toDate(raw.current_term_end),
    nextBillingAt: toDate(raw.next_billing_at),
    cancelledAt: toDate(raw.cancelled_at),
    resourceVersion: version,
  };
}

/** Parses a webhook body (Chargebee's event object); null when it is not an event. */
export function parseChargebeeEvent(body: unknown): BillingEvent | null {
  if (!body || typeof body !== 'object') return null;
  const event = body as {
    id?: unknown;
    event_type?: unknown;
    occurred_at?: unknown;
    content?: { subscription?: ChargebeeSubscriptionPayload };
  };
  if (typeof event.id !== 'string' || typeof event.event_type !== 'string') return null;
  const raw = event.content?.subscription;
  return {
    provider: 'chargebee',
    id: event.id,
    type: event.event_type,
    occurredAt: toDate(event.occurred_at) ?? new Date(),
    subscription: raw ? toSubscriptionSnapshot(raw) : null,
    payload: body,
  };
}
