import { z } from 'zod';
import type { UserType } from '../users/user';
import { type BillingPeriod, type PlanId, planTypeOf } from './plans';

/** Subscription statuses of the billing provider (spec 3 §4, §9). */
export const SUBSCRIPTION_STATUSES = [
  'future',
  'in_trial',
  'active',
  'non_renewing',
  'paused',
  'cancelled',
  'transferred',
] as const;
export const ZSubscriptionStatus = z.enum(SUBSCRIPTION_STATUSES);
export type SubscriptionStatus = z.infer<typeof ZSubscriptionStatus>;

/** A subscription counts as active only when in_trial, active or non_renewing (spec 1 §4). */
export const ACTIVE_STATUSES: readonly SubscriptionStatus[] = ['in_trial', 'active', 'non_renewing'];

export function isActiveStatus(status: SubscriptionStatus | null | undefined): boolean {
  return status != null && ACTIVE_STATUSES.includes(status);
}

/** Labels shown to admins and members (spec 3 §9). `transferred` has no label there: shown as written. */
export const SUBSCRIPTION_STATUS_LABELS: Record<SubscriptionStatus, string> = {
  active: 'Active',
  future: 'Future',
  in_trial: 'Trial',
  non_renewing: 'Non Renewing',
  paused: 'Paused',
  cancelled: 'Cancelled',
  transferred: 'Transferred',
};

/** Billing unit labels of spec 3 §9 (month -> Monthly, annual -> Annual). */
export const BILLING_PERIOD_LABELS: Record<BillingPeriod, string> = {
  monthly: 'Monthly',
  yearly: 'Annual',
};

/** The userType a plan gives its subscriber: individual-user for Standard, vip for Plus, studio-owner for studio. */
export function userTypeForPlan(planId: PlanId): Exclude<UserType, 'subuser'> {
  switch (planTypeOf(planId)) {
    case 'VIP':
      return 'vip';
    case 'STUDIO':
      return 'studio-owner';
    default:
      return 'individual-user';
  }
}

/**
 * The userType to store after a subscription change. Individual and Plus members fall back to empty when
 * nothing is active (so UPGRADE shows); a studio account stays a studio owner (its seats and sub-users
 * remain, access is what lapses); sub-users keep theirs (access comes from the studio).
 */
export function nextUserType(current: UserType | null, activePlan: PlanId | null): UserType | null {
  if (current === 'subuser') return 'subuser';
  if (activePlan) return userTypeForPlan(activePlan);
  return current === 'studio-owner' ? 'studio-owner' : null;
}
