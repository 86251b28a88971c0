import { findPlan, hasUsedFreeTrial, isStudioPlan, MESSAGES, type TCheckoutRequest } from '@dance/domain';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { MarketingAnalytics } from '../../adapters/analytics';
import { type BillingProvider, BillingProviderError } from '../../adapters/billing';
import type { AppConfig } from '../../config/env';
import type { Db } from '../../db/client';
import { billingCustomers, type UserRow } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { findActiveSubscription, readTrialUsedFamilies } from '../subscriptions/access';
import type { AppliedChange } from '../subscriptions/state';

export interface BillingContext {
  db: Db;
  provider: BillingProvider;
  analytics: MarketingAnalytics;
  config: AppConfig;
  log: FastifyBaseLogger;
}

async function callProvider<T>(ctx: BillingContext, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof BillingProviderError) {
      ctx.log.error({ err: error }, 'billing provider call failed');
      throw new AppError('BILLING_PROVIDER_ERROR', MESSAGES.billingProviderError);
    }
    throw error;
  }
}

/** Admins have no plan, and a sub-user's plan is the studio's: neither buys or manages one. */
function assertMayBuy(user: UserRow) {
  if (user.role === 'admin') throw new AppError('FORBIDDEN', MESSAGES.forbidden);
  if (user.userType === 'subuser') throw new AppError('FORBIDDEN', MESSAGES.subUserCannotBuy);
}

/**
 * The member's customer at the provider, created once with id, email, first and last name and the tracking
 * id. Studio owners are customers of their own (`studio-{userId}`, spec 2 §6).
 */
export async function ensureCustomer(
  ctx: BillingContext,
  user: UserRow,
  opts: { isStudio: boolean; trackingId: string | null },
): Promise<string> {
  const [existing] = await ctx.db
    .select()
    .from(billingCustomers)
    .where(eq(billingCustomers.userId, user.id))
    .limit(1);
  if (existing && existing.provider === ctx.provider.kind) return existing.customerId;
  const customerId = user.userType === 'studio-owner' || opts.isStudio ? `studio-${user.id}` : user.id;
  await callProvider(ctx, () =>
    ctx.provider.createCustomer({
      id: customerId,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      trackingId: opts.trackingId,
    }),
  );
  const values = {
    provider: ctx.provider.kind,
    customerId,
    trackingId: opts.trackingId,
    clockOffsetSeconds: 0,
  };
  await ctx.db
    .insert(billingCustomers)
    .values({ userId: user.id, ...values })
    .onConflictDoUpdate({ target: billingCustomers.userId, set: values });
  return customerId;
}

/**
 * Opens the hosted checkout: a new subscription (with the free trial when the person never had one), or a
 * change of the active subscription's plan (upgrade or downgrade, no new trial).
 */
export async function startCheckout(
  ctx: BillingContext,
  user: UserRow,
  input: TCheckoutRequest,
): Promise<{ url: string }> {
  assertMayBuy(user);
  const plan = findPlan(input.planId);
  const active = await findActiveSubscription(ctx.db, user.id);
  if (active && active.planId === input.planId && active.period === input.period) {
    throw new AppError('ALREADY_SUBSCRIBED', MESSAGES.alreadyOnPlan);
  }
  // One free trial per person, whatever the plan (decision 0035).
  const usedFamilies = await readTrialUsedFamilies(ctx.db, user);
  const hasUsedTrial = hasUsedFreeTrial({
    isTrialAvailed: user.isTrialAvailed,
    trialUsedFamilies: usedFamilies,
  });
  const trialDays = active || hasUsedTrial ? 0 : plan.trialDays[input.period];
  const customerId = await ensureCustomer(ctx, user, {
    isStudio: isStudioPlan(input.planId),
    trackingId: input.trackingId || null,
  });
  const isChange = active !== null && active.provider === ctx.provider.kind;
  const memberUrl = ctx.config.memberAppUrl;
  return callProvider(ctx, () =>
    ctx.provider.createCheckout({
      userId: user.id,
      customerId,
      planId: input.planId,
      period: input.period,
      trialDays,
      existingSubscriptionId: isChange ? active.providerSubscriptionId : null,
      redirectUrl: `${memberUrl}/account?checkout=succeeded`,
      cancelUrl: `${memberUrl}${isStudioPlan(input.planId) ? '/studioPlans' : '/plans'}`,
    }),
  );
}

/** MANAGE SUBSCRIPTION: a portal session for the member's customer record. */
export async function openPortal(ctx: BillingContext, user: UserRow): Promise<{ url: string }> {
  assertMayBuy(user);
  const [customer] = await ctx.db
    .select()
    .from(billingCustomers)
    .where(eq(billingCustomers.userId, user.id))
    .limit(1);
  if (!customer || customer.provider !== ctx.provider.kind) {
    throw new AppError('NOT_FOUND', MESSAGES.noSubscriptionToManage);
  }
  return callProvider(ctx, () =>
    ctx.provider.createPortalSession({
      userId: user.id,
      customerId: customer.customerId,
      redirectUrl: `${ctx.config.memberAppUrl}/account`,
    }),
  );
}

/** Sends the plan events of a committed change to the pixel: StartTrial and Subscribe, nothing personal. */
export function reportChange(analytics: MarketingAnalytics, change: AppliedChange, eventId: string) {
  if (change.outcome !== 'applied' || !change.planId) return;
  if (change.startedTrial)
    analytics.track({ name: 'StartTrial', eventId, planId: change.planId, value: 0, currency: 'USD' });
  if (change.subscribed)
    analytics.track({ name: 'Subscribe', eventId, planId: change.planId, currency: 'USD' });
}
