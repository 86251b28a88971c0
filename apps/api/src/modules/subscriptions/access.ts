import {
  BILLING_PERIOD_LABELS,
  findPlan,
  isActiveStatus,
  isStudioPlan,
  PLAN_FAMILIES,
  type PlanFamily,
  SUBSCRIPTION_STATUS_LABELS,
  seatsOfPlan,
  type TSubscriptionDetails,
  type TSubscriptionState,
} from '@dance/domain';
import { desc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  billingCustomers,
  type SubscriptionRow,
  subscriptions,
  trialUsages,
  type UserRow,
} from '../../db/schema';

type AccessUser = Pick<UserRow, 'id' | 'role' | 'userType' | 'studioOwnerId'>;

/** The member's active subscription (in_trial, active or non_renewing), newest first; null when none. */
export async function findActiveSubscription(db: DbOrTx, userId: string): Promise<SubscriptionRow | null> {
  const rows = await db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId))
    .orderBy(desc(subscriptions.updatedAt));
  return rows.find((s) => isActiveStatus(s.status)) ?? null;
}

export async function findLatestSubscription(db: DbOrTx, userId: string): Promise<SubscriptionRow | null> {
  const rows = await db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId))
    .orderBy(desc(subscriptions.updatedAt))
    .limit(5);
  return rows.find((s) => isActiveStatus(s.status)) ?? rows[0] ?? null;
}

/** The studio subscription that gives a studio (owner and sub-users) its seats, when active. */
export async function findActiveStudioSubscription(
  db: DbOrTx,
  ownerId: string,
): Promise<SubscriptionRow | null> {
  const active = await findActiveSubscription(db, ownerId);
  return active && isStudioPlan(active.planId) ? active : null;
}

/**
 * Does this user have an active subscription? The one check every gate calls (the player, classes, studio
 * content): admins yes; a sub-user through their studio's active studio plan; everyone else through their
 * own subscription in in_trial, active or non_renewing.
 */
export async function hasActiveAccess(db: DbOrTx, user: AccessUser | null): Promise<boolean> {
  if (!user) return false;
  if (user.role === 'admin') return true;
  if (user.userType === 'subuser') {
    return user.studioOwnerId ? (await findActiveStudioSubscription(db, user.studioOwnerId)) !== null : false;
  }
  return (await findActiveSubscription(db, user.id)) !== null;
}

export async function readTrialUsedFamilies(db: DbOrTx, email: string): Promise<PlanFamily[]> {
  const rows = await db
    .select({ family: trialUsages.family })
    .from(trialUsages)
    .where(eq(trialUsages.email, email));
  const used = new Set(rows.map((r) => r.family));
  return PLAN_FAMILIES.filter((f) => used.has(f));
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toSubscriptionDetails(row: SubscriptionRow): TSubscriptionDetails {
  return {
    id: row.providerSubscriptionId,
    provider: row.provider,
    status: row.status,
    statusLabel: SUBSCRIPTION_STATUS_LABELS[row.status],
    planId: row.planId,
    planTitle: findPlan(row.planId).title,
    period: row.period,
    periodLabel: BILLING_PERIOD_LABELS[row.period],
    trialEnd: iso(row.trialEnd),
    nextBillingAt: iso(row.nextBillingAt),
    currentTermEnd: iso(row.currentTermEnd),
    cancelledAt: iso(row.cancelledAt),
    seats: seatsOfPlan(row.planId),
  };
}

/** The subscription state of GET /account/subscription. */
export async function readSubscriptionState(db: DbOrTx, user: UserRow): Promise<TSubscriptionState> {
  const trialUsedFamilies = await readTrialUsedFamilies(db, user.email);
  const base = {
    subscriptionId: user.subscriptionId ?? null,
    isTrialAvailed: user.isTrialAvailed,
    trialUsedFamilies,
    userType: user.userType ?? null,
  };
  if (user.role === 'admin') {
    return { ...base, isActive: true, accessVia: 'admin', subscription: null, canManage: false };
  }
  if (user.userType === 'subuser') {
    const studio = user.studioOwnerId ? await findLatestSubscription(db, user.studioOwnerId) : null;
    const isActive = studio !== null && isActiveStatus(studio.status) && isStudioPlan(studio.planId);
    return {
      ...base,
      isActive,
      accessVia: isActive ? 'studio' : 'none',
      subscription: studio ? toSubscriptionDetails(studio) : null,
      canManage: false,
    };
  }
  const latest = await findLatestSubscription(db, user.id);
  const isActive = latest !== null && isActiveStatus(latest.status);
  const [customer] = await db
    .select({ userId: billingCustomers.userId })
    .from(billingCustomers)
    .where(inArray(billingCustomers.userId, [user.id]))
    .limit(1);
  return {
    ...base,
    isActive,
    accessVia: isActive ? 'own' : 'none',
    subscription: latest ? toSubscriptionDetails(latest) : null,
    canManage: customer !== undefined,
  };
}
