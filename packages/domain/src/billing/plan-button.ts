import { type BillingPeriod, findPlan, isStudioPlan, type PlanId, planTier } from './plans';

export const PLAN_BUTTON_LABELS = {
  startFreeTrial: 'START FREE TRIAL',
  getStarted: 'GET STARTED',
  current: 'Current',
  downgrade: 'Downgrade',
  upgrade: 'Upgrade',
  manageSubscription: 'MANAGE SUBSCRIPTION',
} as const;
export type PlanButtonLabel = (typeof PLAN_BUTTON_LABELS)[keyof typeof PLAN_BUTTON_LABELS];

/** What clicking the button does: sign up first, open checkout, open the portal, or nothing (current plan). */
export type PlanButtonAction = 'sign-up' | 'checkout' | 'portal' | 'none';

export interface PlanButtonInput {
  isLoggedIn: boolean;
  /** The card's plan and the period the toggle shows. */
  plan: PlanId;
  period: BillingPeriod;
  /** The member's active subscription (in_trial, active or non_renewing), or null. */
  current: { planId: PlanId; period: BillingPeriod } | null;
  /** The member already used the free trial of this plan's family. */
  hasUsedTrial: boolean;
}

export interface PlanButton {
  label: PlanButtonLabel;
  action: PlanButtonAction;
  /** For `sign-up`: where the visitor signs up. */
  signUpPath?: '/SignUp' | '/StudioSignUp';
}

/**
 * The plan button of spec 1 §4, one pure function. Logged out leads to sign-up; logged in opens checkout;
 * when the trial was already used (and nothing is active) it shows MANAGE SUBSCRIPTION and opens the
 * portal. Labels: no subscription gives START FREE TRIAL (individual, Plus) or GET STARTED (studio); the
 * current plan gives Current; a lower tier gives Downgrade (studio owner on Standard or Plus, Plus on
 * Standard); anything else Upgrade.
 */
export function decidePlanButton(input: PlanButtonInput): PlanButton {
  const isStudio = isStudioPlan(input.plan);
  const freshLabel = isStudio ? PLAN_BUTTON_LABELS.getStarted : PLAN_BUTTON_LABELS.startFreeTrial;
  if (!input.isLoggedIn) {
    return { label: freshLabel, action: 'sign-up', signUpPath: findPlan(input.plan).signUpPath };
  }
  if (!input.current) {
    if (!isStudio && input.hasUsedTrial) {
      return { label: PLAN_BUTTON_LABELS.manageSubscription, action: 'portal' };
    }
    return { label: freshLabel, action: 'checkout' };
  }
  if (input.current.planId === input.plan && input.current.period === input.period) {
    return { label: PLAN_BUTTON_LABELS.current, action: 'none' };
  }
  if (planTier(input.plan) < planTier(input.current.planId)) {
    return { label: PLAN_BUTTON_LABELS.downgrade, action: 'checkout' };
  }
  return { label: PLAN_BUTTON_LABELS.upgrade, action: 'checkout' };
}
