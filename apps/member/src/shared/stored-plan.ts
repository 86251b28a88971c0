import { type BillingPeriod, itemPriceIdOf, type PlanId, parseItemPriceId } from '@dance/domain';

/** Spec 1 §4: choosing a plan while logged out stores the plan's checkout item so checkout starts after sign-up. */
const PLAN_KEY = 'dance.autoSubscribeItem';
const TRACKING_KEY = 'dance.trackingId';

export function storePlanChoice(planId: PlanId, period: BillingPeriod) {
  try {
    localStorage.setItem(PLAN_KEY, itemPriceIdOf(planId, period));
  } catch {
    // Private mode without storage: the member simply picks the plan again after sign-up.
  }
}

export function readPlanChoice(): { planId: PlanId; period: BillingPeriod } | null {
  try {
    const item = localStorage.getItem(PLAN_KEY);
    return item ? parseItemPriceId(item) : null;
  } catch {
    return null;
  }
}

export function clearPlanChoice() {
  try {
    localStorage.removeItem(PLAN_KEY);
  } catch {
    // nothing stored
  }
}

/** The ads tracking id (?tid=) a visitor arrived with, sent to billing as the customer's cf_tid. */
export function rememberTrackingId(search: URLSearchParams) {
  const tid = search.get('tid');
  if (!tid || !/^[A-Za-z0-9_.-]{1,100}$/.test(tid)) return;
  try {
    localStorage.setItem(TRACKING_KEY, tid);
  } catch {
    // not kept
  }
}

export function readTrackingId(): string | null {
  try {
    return localStorage.getItem(TRACKING_KEY);
  } catch {
    return null;
  }
}
