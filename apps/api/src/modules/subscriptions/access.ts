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
import { arrayContains, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
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

/** The normalised form of an email as the trial records keep it. */
export const normaliseEmail = (email: string) => email.trim().toLowerCase();

/**
 * The trial records that count for this account: its own (by account id), those of its billing customers,
 * and those of any account, deleted ones included, that had its email. Never the current email alone: a
 * change of email must not bring a second trial (issue 13 finding 5).
 */
export function trialsOf(db: DbOrTx, user: Pick<UserRow, 'id' | 'email'>): SQL {
  const customerIds = db
    .select({ customerId: billingCustomers.customerId })
    .from(billingCustomers)
    .where(eq(billingCustomers.userId, user.id));
  return or(
    eq(trialUsages.userId, user.id),
    arrayContains(trialUsages.emails, [normaliseEmail(user.email)]),
    inArray(trialUsages.customerId, customerIds),
  )!;
}

export async function readTrialUsedFamilies(
  db: DbOrTx,
  user: Pick<UserRow, 'id' | 'email'>,
): Promise<PlanFamily[]> {
  const rows = await db.select({ family: trialUsages.family }).from(trialUsages).where(trialsOf(db, user));
  const used = new Set(rows.map((r) => r.family));
  return PLAN_FAMILIES.filter((f) => used.has(f));
}

/**
 * Records the trial of a plan family for an account, once: the account id, its billing customer and its
 * email. The record has no foreign key, so it outlives the account.
 */
export async function recordTrial(
  db: DbOrTx,
  user: Pick<UserRow, 'id' | 'email'>,
  trial: { family: PlanFamily; customerId: string | null; providerSubscriptionId: string },
): Promise<void> {
  const email = normaliseEmail(user.email);
  await db
    .insert(trialUsages)
    .values({
      email,
      emails: [email],
      family: trial.family,
      userId: user.id,
      customerId: trial.customerId,
      providerSubscriptionId: trial.providerSubscriptionId,
    })
    .onConflictDoNothing();
}

/** A changed email joins the account's trial records, so a new account on it gets no second trial either. */
export async function carryTrialsToEmail(db: DbOrTx, userId: string, newEmail: string): Promise<void> {
  const email = normaliseEmail(newEmail);
  await db
    .update(trialUsages)
    .set({ emails: sql`array_append(${trialUsages.emails}, ${email}::text)` })
    .where(sql`${trialUsages.userId} = ${userId} and not (${trialUsages.emails} @> array[${email}::text])`);
}

/**
 * A converted account (sign-up conversion deletes it and creates a new one) keeps its trial records: they move
 * to the new account id, so a later change of email carries them too.
 */
export async function carryTrialsToAccount(db: DbOrTx, fromUserId: string, toUserId: string): Promise<void> {
  await db.update(trialUsages).set({ userId: toUserId }).where(eq(trialUsages.userId, fromUserId));
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
  const trialUsedFamilies = await readTrialUsedFamilies(db, user);
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
