import { randomBytes } from 'node:crypto';
import { type BillingPeriod, isActiveStatus, type PlanId, ZBillingPeriod, ZPlanId } from '@dance/domain';
import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { MarketingAnalytics } from '../../adapters/analytics';
import {
  advanceSandboxSubscription,
  cancelSandboxSubscription,
  changeSandboxPlan,
  createSandboxSubscription,
  pauseSandboxSubscription,
  reactivateSandboxSubscription,
  resumeSandboxSubscription,
  type SandboxTransition,
  toSnapshot,
} from '../../adapters/billing/sandbox/engine';
import { formatPortalDate } from '../../adapters/billing/sandbox/html';
import type { SubscriptionSnapshot } from '../../adapters/billing/types';
import type { Db } from '../../db/client';
import {
  type BillingCustomerRow,
  billingCustomers,
  type SandboxHostedPageRow,
  type SubscriptionRow,
  sandboxHostedPages,
  subscriptions,
  users,
} from '../../db/schema';
import { processBillingEvent } from '../subscriptions/state';
import { reportChange } from './service';

export interface SandboxContext {
  db: Db;
  analytics: MarketingAnalytics;
}

const randomId = (prefix: string) => `${prefix}_${randomBytes(12).toString('base64url')}`;

/** The customer's sandbox clock: real time moved forward by the portal's time control. */
export const sandboxNow = (customer: Pick<BillingCustomerRow, 'clockOffsetSeconds'>) =>
  new Date(Date.now() + customer.clockOffsetSeconds * 1000);

/** Sends the sandbox's events through the same state machine as Chargebee's webhooks, in order. */
export async function emitSandboxEvents(
  ctx: Pick<SandboxContext, 'db'> & Partial<Pick<SandboxContext, 'analytics'>>,
  transitions: SandboxTransition[],
  now: Date,
) {
  for (const transition of transitions) {
    const id = randomId('ev_sbx');
    const change = await processBillingEvent(ctx.db, {
      provider: 'sandbox',
      id,
      type: transition.type,
      occurredAt: now,
      subscription: transition.subscription,
      payload: { id, event_type: transition.type, content: { subscription: transition.subscription } },
    });
    if (ctx.analytics) reportChange(ctx.analytics, change, id);
  }
}

export interface OpenHostedPage {
  page: SandboxHostedPageRow;
  customer: BillingCustomerRow;
  email: string;
}

/** A live hosted page (not expired) with its customer, or null. */
export async function findHostedPage(
  db: Db,
  id: string,
  kinds: SandboxHostedPageRow['kind'][],
): Promise<OpenHostedPage | null> {
  const [row] = await db
    .select({ page: sandboxHostedPages, customer: billingCustomers, email: users.email })
    .from(sandboxHostedPages)
    .innerJoin(billingCustomers, eq(billingCustomers.userId, sandboxHostedPages.userId))
    .innerJoin(users, eq(users.id, sandboxHostedPages.userId))
    .where(and(eq(sandboxHostedPages.id, id), gt(sandboxHostedPages.expiresAt, new Date())))
    .limit(1);
  if (!row || !kinds.includes(row.page.kind) || row.customer.provider !== 'sandbox') return null;
  return row;
}

export async function findSandboxSubscription(db: Db, providerSubscriptionId: string) {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.provider, 'sandbox'),
        eq(subscriptions.providerSubscriptionId, providerSubscriptionId),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** The customer's current sandbox subscription: the active one, else the latest. */
export async function findPortalSubscription(db: Db, userId: string): Promise<SubscriptionRow | null> {
  const rows = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.provider, 'sandbox')))
    .orderBy(desc(subscriptions.updatedAt));
  return rows.find((s) => isActiveStatus(s.status)) ?? rows[0] ?? null;
}

/**
 * Pays a checkout page: creates the subscription (with its trial) or changes the plan of the active one.
 * The page is used once: a second submit (double click, back button) changes nothing.
 */
export async function completeSandboxCheckout(ctx: SandboxContext, open: OpenHostedPage): Promise<boolean> {
  const claimed = await ctx.db
    .update(sandboxHostedPages)
    .set({ state: 'succeeded' })
    .where(and(eq(sandboxHostedPages.id, open.page.id), eq(sandboxHostedPages.state, 'created')))
    .returning({ id: sandboxHostedPages.id });
  if (claimed.length === 0) return false;
  const { page, customer } = open;
  const planId = page.planId as PlanId;
  const period = page.period as BillingPeriod;
  const now = sandboxNow(customer);
  // Paid twice from two tabs: the second checkout changes the plan instead of adding a subscription.
  const current =
    (page.subscriptionId ? await findSandboxSubscription(ctx.db, page.subscriptionId) : null) ??
    (await findPortalSubscription(ctx.db, page.userId));
  const transitions =
    current && isActiveStatus(current.status)
      ? changeSandboxPlan(toSnapshot(current), planId, period, now)
      : createSandboxSubscription({
          id: randomId('sbx_sub'),
          customerId: customer.customerId,
          planId,
          period,
          trialDays: page.trialDays,
          now,
        });
  await emitSandboxEvents(ctx, transitions, now);
  return true;
}

export type PortalAction =
  | { action: 'cancel' | 'reactivate' | 'pause' | 'resume' }
  | { action: 'change'; planId: PlanId; period: BillingPeriod }
  | { action: 'advance'; days: number };

/** Reads the portal's form fields; null for anything else. */
export function parsePortalAction(form: Record<string, unknown>): PortalAction | null {
  const action = form.action;
  if (action === 'cancel' || action === 'reactivate' || action === 'pause' || action === 'resume') {
    return { action };
  }
  if (action === 'change' && typeof form.plan === 'string') {
    const [plan, period] = form.plan.split(':');
    const planId = ZPlanId.safeParse(plan);
    const parsedPeriod = ZBillingPeriod.safeParse(period);
    if (planId.success && parsedPeriod.success)
      return { action: 'change', planId: planId.data, period: parsedPeriod.data };
  }
  if (action === 'advance') {
    const days = Number(form.days);
    if (Number.isInteger(days) && days >= 1 && days <= 366) return { action: 'advance', days };
  }
  return null;
}

function portalTransitions(
  input: PortalAction,
  snapshot: SubscriptionSnapshot,
  now: Date,
): SandboxTransition[] {
  switch (input.action) {
    case 'cancel':
      return cancelSandboxSubscription(snapshot, now);
    case 'reactivate':
      return reactivateSandboxSubscription(snapshot, now);
    case 'pause':
      return pauseSandboxSubscription(snapshot, now);
    case 'resume':
      return resumeSandboxSubscription(snapshot, now);
    case 'change':
      return isActiveStatus(snapshot.status)
        ? changeSandboxPlan(snapshot, input.planId, input.period, now)
        : [];
    default:
      return [];
  }
}

const NOTICES: Record<PortalAction['action'], string> = {
  cancel: 'Your subscription will be cancelled at the end of the current term.',
  reactivate: 'Your subscription is active again.',
  pause: 'Your subscription is paused.',
  resume: 'Your subscription is active again.',
  change: 'Your plan was changed.',
  advance: 'The sandbox clock moved forward.',
};

/** Runs one portal action for the page's customer; answers the notice to show. */
export async function runPortalAction(
  ctx: SandboxContext,
  open: OpenHostedPage,
  input: PortalAction,
): Promise<string> {
  const { customer, page } = open;
  if (input.action === 'advance') {
    const [moved] = await ctx.db
      .update(billingCustomers)
      .set({ clockOffsetSeconds: sql`${billingCustomers.clockOffsetSeconds} + ${input.days * 86_400}` })
      .where(eq(billingCustomers.userId, customer.userId))
      .returning();
    const now = sandboxNow(moved ?? customer);
    const rows = await ctx.db
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.userId, page.userId), eq(subscriptions.provider, 'sandbox')));
    for (const row of rows)
      await emitSandboxEvents(ctx, advanceSandboxSubscription(toSnapshot(row), now), now);
    return NOTICES.advance;
  }
  const current = await findPortalSubscription(ctx.db, page.userId);
  if (!current) return 'There is no subscription to change.';
  const now = sandboxNow(customer);
  const snapshot = toSnapshot(current);
  const transitions = portalTransitions(input, snapshot, now);
  if (transitions.length === 0) return 'Nothing changed.';
  await emitSandboxEvents(ctx, transitions, now);
  const scheduled = transitions.find((t) => t.type === 'subscription_cancellation_scheduled');
  if (input.action === 'cancel' && scheduled)
    return `Your subscription is cancelled. You keep access until ${formatPortalDate(scheduled.subscription.cancelledAt)}.`;
  return NOTICES[input.action];
}
