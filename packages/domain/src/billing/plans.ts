import { z } from 'zod';

/**
 * The plan catalogue of spec 1 §9 "Plans (USD)". Prices are the spec's; the plan type is read from the id
 * prefix (INDIVIDUAL, VIP, STUDIO) as spec 1 §3 says.
 */
export const PLAN_IDS = ['INDIVIDUAL', 'VIP', 'STUDIO-5', 'STUDIO-10'] as const;
export const ZPlanId = z.enum(PLAN_IDS);
export type PlanId = z.infer<typeof ZPlanId>;

export const BILLING_PERIODS = ['monthly', 'yearly'] as const;
export const ZBillingPeriod = z.enum(BILLING_PERIODS);
export type BillingPeriod = z.infer<typeof ZBillingPeriod>;

/** The families of plans; the free trial is one per person, whatever the family (decision 0035). */
export const PLAN_FAMILIES = ['standard', 'plus', 'studio'] as const;
export type PlanFamily = (typeof PLAN_FAMILIES)[number];

export type PlanType = 'INDIVIDUAL' | 'VIP' | 'STUDIO';

export interface Plan {
  id: PlanId;
  title: string;
  family: PlanFamily;
  /** Seats of a studio plan: the owner plus 4 or 9 others. 1 for individual plans. */
  seats: number;
  prices: Record<BillingPeriod, number>;
  /** Free trial length in days per period; 0 is none. */
  trialDays: Record<BillingPeriod, number>;
  /** Yearly saving in percent shown on the card (spec: 37 for Standard, 40 for Plus). */
  save: number | null;
  perks: readonly string[];
  /** Where a logged-out visitor signs up for it. */
  signUpPath: '/SignUp' | '/StudioSignUp';
}

export const PLUS_FEATURES = [
  'Flexibility Classes',
  'Full Library',
  'Strength & Technique Classes',
  '6 new videos monthly',
] as const;

/** Spec 1 §9 studio perks; the video-call session is for yearly plans only (see studioPerks). */
export const STUDIO_PERKS = [
  'Studio Playlists',
  'Priority Support',
  'Manage Studio',
  'Immediate Teacher Resource Center access',
  'Free virtual-class registration for active users',
] as const;

/** Standard's card: the spec names no features, so it lists what every subscriber gets (docs/decisions/0013). */
export const STANDARD_FEATURES = [
  'Full Library',
  'Saved videos and personal playlists',
  'New videos every month',
] as const;

export const PLANS: readonly Plan[] = [
  {
    id: 'INDIVIDUAL',
    title: 'Standard',
    family: 'standard',
    seats: 1,
    prices: { monthly: 19.99, yearly: 149.99 },
    trialDays: { monthly: 3, yearly: 7 },
    save: 37,
    perks: STANDARD_FEATURES,
    signUpPath: '/SignUp',
  },
  {
    id: 'VIP',
    title: 'Plus',
    family: 'plus',
    seats: 1,
    prices: { monthly: 34.99, yearly: 249.99 },
    trialDays: { monthly: 3, yearly: 7 },
    save: 40,
    perks: PLUS_FEATURES,
    signUpPath: '/SignUp',
  },
  {
    id: 'STUDIO-5',
    title: 'Studio, 5 seats',
    family: 'studio',
    seats: 5,
    prices: { monthly: 74.99, yearly: 499 },
    trialDays: { monthly: 0, yearly: 0 },
    save: null,
    perks: STUDIO_PERKS,
    signUpPath: '/StudioSignUp',
  },
  {
    id: 'STUDIO-10',
    title: 'Studio, 10 seats',
    family: 'studio',
    seats: 10,
    prices: { monthly: 114.99, yearly: 749 },
    trialDays: { monthly: 0, yearly: 0 },
    save: null,
    perks: STUDIO_PERKS,
    signUpPath: '/StudioSignUp',
  },
];

/** The cards of /Plans, in order: the most popular plan (Plus) is the second card. */
export const INDIVIDUAL_PLAN_CARDS: readonly PlanId[] = ['INDIVIDUAL', 'VIP', 'STUDIO-5'];
export const MOST_POPULAR_PLAN: PlanId = 'VIP';
/** The seat options of /studioPlans (yearly). */
export const STUDIO_SEAT_OPTIONS: readonly PlanId[] = ['STUDIO-5', 'STUDIO-10'];
export const YEARLY_TOGGLE_BADGE = 'up to 45% OFF';
export const INDIVIDUAL_ACCOUNT_TAGLINE = 'Looking for an Individual Account?';
/** Yearly studio plans include a free video-call session: 30 min on /Plans, 60 min on /studioPlans (spec 1 §9). */
export const VIDEO_CALL_PERK_PLANS = 'Free 30 min video-call session';
export const VIDEO_CALL_PERK_STUDIO_PAGE = 'Free 60 min video-call session';

export function findPlan(id: PlanId): Plan {
  const plan = PLANS.find((p) => p.id === id);
  if (!plan) throw new Error(`Unknown plan ${id}`);
  return plan;
}

export function planTypeOf(id: PlanId): PlanType {
  if (id.startsWith('STUDIO')) return 'STUDIO';
  return id === 'VIP' ? 'VIP' : 'INDIVIDUAL';
}

export const isStudioPlan = (id: PlanId): boolean => planTypeOf(id) === 'STUDIO';

/** The order used for Upgrade/Downgrade: Standard < Plus < Studio 5 < Studio 10. */
export function planTier(id: PlanId): number {
  return PLAN_IDS.indexOf(id);
}

/**
 * The billing provider's item price id of a plan and period (spec 1 §3 `cbItem`), e.g. `VIP-USD-Yearly`.
 * The Chargebee site must define these item prices.
 */
export function itemPriceIdOf(id: PlanId, period: BillingPeriod): string {
  return `${id}-USD-${period === 'monthly' ? 'Monthly' : 'Yearly'}`;
}

export function parseItemPriceId(itemPriceId: string): { planId: PlanId; period: BillingPeriod } | null {
  const match = /^(INDIVIDUAL|VIP|STUDIO-5|STUDIO-10)-USD-(Monthly|Yearly)$/.exec(itemPriceId);
  if (!match) return null;
  return { planId: match[1] as PlanId, period: match[2] === 'Monthly' ? 'monthly' : 'yearly' };
}

export function trialDaysOf(id: PlanId, period: BillingPeriod): number {
  return findPlan(id).trialDays[period];
}

const usd = (amount: number) => amount.toFixed(2);

/**
 * What a card shows for a period: monthly shows the monthly price; yearly shows the yearly price divided
 * by 12 as the per-month price, with the annual total.
 */
export function displayPrice(
  id: PlanId,
  period: BillingPeriod,
): { perMonth: string; annualTotal: string | null; currency: 'USD' } {
  const plan = findPlan(id);
  if (period === 'monthly') return { perMonth: usd(plan.prices.monthly), annualTotal: null, currency: 'USD' };
  return { perMonth: usd(plan.prices.yearly / 12), annualTotal: usd(plan.prices.yearly), currency: 'USD' };
}

/** Days of a billing period, for the sandbox's clock (a month is 30 days there). */
export const PERIOD_DAYS: Record<BillingPeriod, number> = { monthly: 30, yearly: 365 };

/**
 * One free trial per person, whatever the plan (spec 1 §3 `isTrialAvailed`, decision 0035): used once the
 * account has the flag or any trial record (of any family, by account, billing customer or past email).
 */
export function hasUsedFreeTrial(state: {
  isTrialAvailed: boolean;
  trialUsedFamilies: readonly PlanFamily[];
}): boolean {
  return state.isTrialAvailed || state.trialUsedFamilies.length > 0;
}

/** What a plan card says about the free trial. */
export const TRIAL_TEXTS = {
  onePerPerson: 'One free trial per person',
  used: 'Your free trial has been used (one per person)',
} as const;
