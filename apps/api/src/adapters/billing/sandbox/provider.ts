import { API_PREFIX } from '@dance/domain';
import type { Db } from '../../../db/client';
import { sandboxHostedPages } from '../../../db/schema';
import { generateToken } from '../../../lib/tokens';
import { emitSandboxEvents, findSandboxSubscription } from '../../../modules/billing/sandbox-service';
import { type BillingProvider, BillingProviderError } from '../types';
import { cancelSandboxSubscriptionNow, toSnapshot } from './engine';

export const SANDBOX_BASE_PATH = `${API_PREFIX}/billing/sandbox`;
/** Hosted pages live an hour, like the provider's. */
const HOSTED_PAGE_TTL_MS = 60 * 60 * 1000;

/**
 * The embedded billing provider: checkout and portal pages served by this API (same origin through the
 * apps' /api proxy), driving the same subscription state machine as Chargebee's webhooks.
 */
export function createSandboxProvider(db: Db): BillingProvider {
  const openPage = async (values: Omit<typeof sandboxHostedPages.$inferInsert, 'id' | 'expiresAt'>) => {
    const id = `sbx_${generateToken()}`;
    await db
      .insert(sandboxHostedPages)
      .values({ ...values, id, expiresAt: new Date(Date.now() + HOSTED_PAGE_TTL_MS) });
    return id;
  };
  return {
    kind: 'sandbox',
    // The sandbox keeps its customers in billing_customers only.
    async createCustomer() {},
    async createCheckout(input) {
      const id = await openPage({
        userId: input.userId,
        kind: input.existingSubscriptionId ? 'checkout_existing' : 'checkout_new',
        planId: input.planId,
        period: input.period,
        subscriptionId: input.existingSubscriptionId,
        trialDays: input.trialDays,
        redirectUrl: input.redirectUrl,
        cancelUrl: input.cancelUrl,
      });
      return { url: `${SANDBOX_BASE_PATH}/checkout/${id}` };
    },
    async createPortalSession(input) {
      const id = await openPage({
        userId: input.userId,
        kind: 'portal',
        redirectUrl: input.redirectUrl,
        cancelUrl: input.redirectUrl,
      });
      return { url: `${SANDBOX_BASE_PATH}/portal/${id}` };
    },
    async cancelSubscriptionNow(input) {
      // The sandbox's subscriptions are the rows its own events wrote; the cancellation goes through the same
      // state machine, so billing_events keeps a record of it after the account is deleted.
      const row = await findSandboxSubscription(db, input.subscriptionId);
      if (!row) throw new BillingProviderError(`Sandbox has no subscription ${input.subscriptionId}`);
      const now = new Date();
      await emitSandboxEvents({ db }, cancelSandboxSubscriptionNow(toSnapshot(row), now), now);
    },
  };
}
