import { describe, expect, it } from 'vitest';
import {
  displayPrice,
  findPlan,
  hasUsedFreeTrial,
  INDIVIDUAL_PLAN_CARDS,
  itemPriceIdOf,
  MOST_POPULAR_PLAN,
  PLAN_FAMILIES,
  PLAN_IDS,
  PLANS,
  PLUS_FEATURES,
  parseItemPriceId,
  planTier,
  planTypeOf,
  STUDIO_PERKS,
  trialDaysOf,
  YEARLY_TOGGLE_BADGE,
} from './plans';
import { canAddSubUser, requiredSeatsOfPlan, seatsLeft, seatsOfPlan } from './seats';
import {
  BILLING_PERIOD_LABELS,
  isActiveStatus,
  nextUserType,
  SUBSCRIPTION_STATUS_LABELS,
  SUBSCRIPTION_STATUSES,
  userTypeForPlan,
} from './status';

describe('plan catalogue (spec 1 §9 Plans (USD))', () => {
  it.each([
    ['INDIVIDUAL', 'Standard', 19.99, 149.99],
    ['VIP', 'Plus', 34.99, 249.99],
    ['STUDIO-5', 'Studio, 5 seats', 74.99, 499],
    ['STUDIO-10', 'Studio, 10 seats', 114.99, 749],
  ] as const)('%s is %s at %s monthly and %s yearly', (id, title, monthly, yearly) => {
    const plan = findPlan(id);
    expect(plan.title).toBe(title);
    expect(plan.prices).toEqual({ monthly, yearly });
  });

  it('gives Standard and Plus 3 days of trial monthly and 7 yearly, studio none', () => {
    for (const id of ['INDIVIDUAL', 'VIP'] as const) {
      expect(trialDaysOf(id, 'monthly')).toBe(3);
      expect(trialDaysOf(id, 'yearly')).toBe(7);
    }
    for (const id of ['STUDIO-5', 'STUDIO-10'] as const) {
      expect(trialDaysOf(id, 'monthly')).toBe(0);
      expect(trialDaysOf(id, 'yearly')).toBe(0);
    }
  });

  it('shows the yearly savings 37 and 40 and the up to 45% OFF badge', () => {
    expect(findPlan('INDIVIDUAL').save).toBe(37);
    expect(findPlan('VIP').save).toBe(40);
    expect(YEARLY_TOGGLE_BADGE).toBe('up to 45% OFF');
  });

  it('shows yearly prices per month (divided by 12) with the annual total', () => {
    expect(displayPrice('INDIVIDUAL', 'yearly')).toEqual({
      perMonth: '12.50',
      annualTotal: '149.99',
      currency: 'USD',
    });
    expect(displayPrice('VIP', 'yearly').perMonth).toBe('20.83');
    expect(displayPrice('STUDIO-5', 'yearly')).toMatchObject({ perMonth: '41.58', annualTotal: '499.00' });
    expect(displayPrice('STUDIO-10', 'yearly')).toMatchObject({ perMonth: '62.42', annualTotal: '749.00' });
    expect(displayPrice('VIP', 'monthly')).toEqual({ perMonth: '34.99', annualTotal: null, currency: 'USD' });
  });

  it('lists the Plus features and the studio perks of the spec', () => {
    expect(findPlan('VIP').perks).toEqual(PLUS_FEATURES);
    expect(PLUS_FEATURES).toEqual([
      'Flexibility Classes',
      'Full Library',
      'Strength & Technique Classes',
      '6 new videos monthly',
    ]);
    expect(STUDIO_PERKS).toContain('Studio Playlists');
    expect(STUDIO_PERKS).toContain('Priority Support');
    expect(STUDIO_PERKS).toContain('Manage Studio');
  });

  it('puts the most popular plan second', () => {
    expect(INDIVIDUAL_PLAN_CARDS[1]).toBe(MOST_POPULAR_PLAN);
    expect(MOST_POPULAR_PLAN).toBe('VIP');
  });

  it('reads the plan type from the id prefix and orders tiers', () => {
    expect(PLAN_IDS.map(planTypeOf)).toEqual(['INDIVIDUAL', 'VIP', 'STUDIO', 'STUDIO']);
    expect(planTier('INDIVIDUAL')).toBeLessThan(planTier('VIP'));
    expect(planTier('VIP')).toBeLessThan(planTier('STUDIO-5'));
    expect(planTier('STUDIO-5')).toBeLessThan(planTier('STUDIO-10'));
  });

  it('round-trips every item price id', () => {
    for (const plan of PLANS) {
      for (const period of ['monthly', 'yearly'] as const) {
        expect(parseItemPriceId(itemPriceIdOf(plan.id, period))).toEqual({ planId: plan.id, period });
      }
    }
    expect(itemPriceIdOf('VIP', 'yearly')).toBe('VIP-USD-Yearly');
    expect(parseItemPriceId('gold-USD-Monthly')).toBeNull();
  });
});

describe('subscription statuses (spec 1 §4, spec 3 §9)', () => {
  it('counts only in_trial, active and non_renewing as active', () => {
    const active = SUBSCRIPTION_STATUSES.filter(isActiveStatus);
    expect(active).toEqual(['in_trial', 'active', 'non_renewing']);
    expect(isActiveStatus(null)).toBe(false);
  });

  it('labels statuses and periods as the spec says', () => {
    expect(SUBSCRIPTION_STATUS_LABELS).toMatchObject({
      active: 'Active',
      future: 'Future',
      in_trial: 'Trial',
      non_renewing: 'Non Renewing',
      paused: 'Paused',
      cancelled: 'Cancelled',
    });
    expect(BILLING_PERIOD_LABELS).toEqual({ monthly: 'Monthly', yearly: 'Annual' });
  });

  it('maps plans to user types and keeps studio owners and sub-users when nothing is active', () => {
    expect(userTypeForPlan('INDIVIDUAL')).toBe('individual-user');
    expect(userTypeForPlan('VIP')).toBe('vip');
    expect(userTypeForPlan('STUDIO-10')).toBe('studio-owner');
    expect(nextUserType('vip', null)).toBeNull();
    expect(nextUserType('individual-user', 'VIP')).toBe('vip');
    expect(nextUserType('studio-owner', null)).toBe('studio-owner');
    expect(nextUserType('subuser', null)).toBe('subuser');
    expect(nextUserType(null, 'STUDIO-5')).toBe('studio-owner');
  });
});

describe('seats (spec 3 §4)', () => {
  it('gives 5 or 10 seats, the owner plus 4 or 9', () => {
    expect(seatsOfPlan('STUDIO-5')).toBe(5);
    expect(seatsOfPlan('STUDIO-10')).toBe(10);
    expect(seatsOfPlan('VIP')).toBe(0);
    expect(seatsOfPlan(null)).toBe(0);
    expect(requiredSeatsOfPlan('STUDIO-5')).toBe(4);
    expect(requiredSeatsOfPlan('STUDIO-10')).toBe(9);
  });

  it('computes seats left as required seats minus sub-users, never below zero', () => {
    expect(seatsLeft(9, 2)).toBe(7);
    expect(seatsLeft(4, 4)).toBe(0);
    expect(seatsLeft(4, 6)).toBe(0);
  });

  it('allows adding only with seats left and an active studio subscription', () => {
    expect(canAddSubUser({ seatsLeft: 1, isSubscriptionActive: true })).toBe(true);
    expect(canAddSubUser({ seatsLeft: 0, isSubscriptionActive: true })).toBe(false);
    expect(canAddSubUser({ seatsLeft: 3, isSubscriptionActive: false })).toBe(false);
  });
});

describe('hasUsedFreeTrial: one free trial per person, whatever the plan (decision 0035)', () => {
  it('counts the flag and a trial of any family', () => {
    expect(hasUsedFreeTrial({ isTrialAvailed: false, trialUsedFamilies: [] })).toBe(false);
    expect(hasUsedFreeTrial({ isTrialAvailed: true, trialUsedFamilies: [] })).toBe(true);
    for (const family of PLAN_FAMILIES)
      expect(hasUsedFreeTrial({ isTrialAvailed: false, trialUsedFamilies: [family] })).toBe(true);
  });
});
