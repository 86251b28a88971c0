import { findPlan, isActiveStatus, nextUserType, type PlanId } from '@dance/domain';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { BillingEvent, BillingProviderKind, SubscriptionSnapshot } from '../../adapters/billing/types';
import type { Db, DbOrTx } from '../../db/client';
import { billingCustomers, billingEvents, subscriptions, trialUsages, users } from '../../db/schema';
import { recordTrial, trialsOf } from './access';

export type ApplyOutcome = 'applied' | 'stale' | 'ignored';

/** What changed, so the caller can send the marketing events once the transaction committed. */
export interface AppliedChange {
  outcome: ApplyOutcome | 'duplicate';
  userId: string | null;
  planId: PlanId | null;
  /** A trial started with this change (a new in_trial subscription). */
  startedTrial: boolean;
  /** The subscription became paid-active with this change (not counting renewals). */
  subscribed: boolean;
}

const NOTHING: AppliedChange = {
  outcome: 'ignored',
  userId: null,
  planId: null,
  startedTrial: false,
  subscribed: false,
};

/**
 * Applies one subscription snapshot: finds the member by the provider's customer id, refuses a snapshot
 * older than the stored one (resource_version), upserts the subscription, records the family's trial and
 * brings users.subscriptionId / userType / isTrialAvailed in step.
 */
export async function applySubscriptionSnapshot(
  tx: DbOrTx,
  provider: BillingProviderKind,
  snap: SubscriptionSnapshot,
): Promise<AppliedChange> {
  const [customer] = await tx
    .select({ userId: billingCustomers.userId })
    .from(billingCustomers)
    .where(and(eq(billingCustomers.provider, provider), eq(billingCustomers.customerId, snap.customerId)))
    .limit(1);
  if (!customer) return NOTHING;
  const [existing] = await tx
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.provider, provider), eq(subscriptions.providerSubscriptionId, snap.id)))
    .limit(1)
    .for('update');
  if (existing && existing.resourceVersion >= snap.resourceVersion) {
    return { ...NOTHING, outcome: 'stale', userId: customer.userId, planId: existing.planId };
  }
  const values = {
    userId: customer.userId,
    provider,
    providerSubscriptionId: snap.id,
    providerCustomerId: snap.customerId,
    planId: snap.planId,
    period: snap.period,
    status: snap.status,
    trialStart: snap.trialStart,
    trialEnd: snap.trialEnd,
    currentTermStart: snap.currentTermStart,
    currentTermEnd: snap.currentTermEnd,
    nextBillingAt: snap.nextBillingAt,
    cancelledAt: snap.cancelledAt,
    resourceVersion: snap.resourceVersion,
    updatedAt: new Date(),
  };
  if (existing) await tx.update(subscriptions).set(values).where(eq(subscriptions.id, existing.id));
  else await tx.insert(subscriptions).values(values);

  const [user] = await tx.select().from(users).where(eq(users.id, customer.userId)).limit(1);
  if (!user) return NOTHING;
  const startedTrial = snap.status === 'in_trial' && existing?.status !== 'in_trial';
  // The trial belongs to the plan it was taken on: a trial seen now, or one a late first event reports.
  if (snap.status === 'in_trial' || (!existing && snap.trialStart !== null)) {
    await recordTrial(tx, user, {
      family: findPlan(snap.planId).family,
      customerId: snap.customerId,
      providerSubscriptionId: snap.id,
    });
  }
  await syncUserAccess(tx, user.id);
  const wasPaidActive = existing?.status === 'active' || existing?.status === 'non_renewing';
  return {
    outcome: 'applied',
    userId: user.id,
    planId: snap.planId,
    startedTrial,
    subscribed: snap.status === 'active' && !wasPaidActive,
  };
}

/**
 * Keeps the user row in step with its subscriptions: subscriptionId is the active one (or the latest, so a
 * lapsed member still has one and sees UPGRADE), userType follows the active plan, isTrialAvailed is true
 * once any trial was used.
 */
export async function syncUserAccess(tx: DbOrTx, userId: string): Promise<void> {
  const [user] = await tx.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user || user.role === 'admin') return;
  const owned = await tx
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId))
    .orderBy(desc(subscriptions.updatedAt), desc(subscriptions.resourceVersion));
  const active = owned.find((s) => isActiveStatus(s.status)) ?? null;
  const latest = owned[0] ?? null;
  const [trial] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(trialUsages)
    .where(trialsOf(tx, user));
  await tx
    .update(users)
    .set({
      subscriptionId: (active ?? latest)?.providerSubscriptionId ?? user.subscriptionId,
      userType: nextUserType(user.userType ?? null, active?.planId ?? null),
      isTrialAvailed: (trial?.n ?? 0) > 0 || user.isTrialAvailed,
      updatedAt: new Date(),
    })
    .where(eq(users.id, userId));
}

export type EventOutcome = ApplyOutcome | 'duplicate';

/**
 * The one entry of provider events (Chargebee webhooks and the sandbox): deduplicated by event id, ordered
 * by resource_version, applied in one transaction. Answers what changed for the marketing events.
 */
export async function processBillingEvent(db: Db, event: BillingEvent): Promise<AppliedChange> {
  return db.transaction(async (tx) => {
    // One customer's events one at a time (until commit): two deliveries at once would otherwise both miss
    // the other's uncommitted subscription (a unique violation, 500) or sync the member from a stale view.
    // The same event delivered twice at once waits here too, then is seen as a duplicate.
    const key = event.subscription ? `${event.provider}:${event.subscription.customerId}` : null;
    if (key) await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
    const inserted = await tx
      .insert(billingEvents)
      .values({
        provider: event.provider,
        eventId: event.id,
        eventType: event.type,
        subscriptionId: event.subscription?.id ?? null,
        resourceVersion: event.subscription?.resourceVersion ?? null,
        outcome: 'ignored',
        payload: event.payload as object,
      })
      .onConflictDoNothing()
      .returning({ eventId: billingEvents.eventId });
    if (inserted.length === 0) return { ...NOTHING, outcome: 'duplicate' as const };
    if (!event.subscription) return NOTHING;
    const change = await applySubscriptionSnapshot(tx, event.provider, event.subscription);
    if (change.outcome === 'applied' || change.outcome === 'stale') {
      await tx
        .update(billingEvents)
        .set({ outcome: change.outcome })
        .where(and(eq(billingEvents.provider, event.provider), eq(billingEvents.eventId, event.id)));
    }
    return change;
  });
}
