import { describe, expect, it } from 'vitest';
import { decidePlanButton, type PlanButtonInput } from './plan-button';

const base: PlanButtonInput = {
  isLoggedIn: true,
  plan: 'INDIVIDUAL',
  period: 'monthly',
  current: null,
  hasUsedTrial: false,
};

describe('decidePlanButton (spec 1 §4)', () => {
  it.each([
    ['INDIVIDUAL', 'START FREE TRIAL', '/SignUp'],
    ['VIP', 'START FREE TRIAL', '/SignUp'],
    ['STUDIO-5', 'GET STARTED', '/StudioSignUp'],
    ['STUDIO-10', 'GET STARTED', '/StudioSignUp'],
  ] as const)('logged out on %s: %s, leading to sign-up at %s', (plan, label, signUpPath) => {
    expect(decidePlanButton({ ...base, isLoggedIn: false, plan })).toEqual({
      label,
      action: 'sign-up',
      signUpPath,
    });
  });

  it('no subscription and a non-studio plan: START FREE TRIAL opening checkout', () => {
    expect(decidePlanButton({ ...base, plan: 'VIP' })).toEqual({
      label: 'START FREE TRIAL',
      action: 'checkout',
    });
  });

  it('no subscription and a studio plan: GET STARTED opening checkout', () => {
    expect(decidePlanButton({ ...base, plan: 'STUDIO-10', period: 'yearly' })).toEqual({
      label: 'GET STARTED',
      action: 'checkout',
    });
  });

  it('trial already used and nothing active: MANAGE SUBSCRIPTION opening the portal', () => {
    expect(decidePlanButton({ ...base, hasUsedTrial: true })).toEqual({
      label: 'MANAGE SUBSCRIPTION',
      action: 'portal',
    });
  });

  it('a used trial does not change a studio card (studio has no trial)', () => {
    expect(decidePlanButton({ ...base, plan: 'STUDIO-5', hasUsedTrial: true }).label).toBe('GET STARTED');
  });

  it('the matching current plan and period: Current, doing nothing', () => {
    expect(decidePlanButton({ ...base, plan: 'VIP', current: { planId: 'VIP', period: 'monthly' } })).toEqual(
      { label: 'Current', action: 'none' },
    );
  });

  it.each([
    ['studio owner on Standard', 'STUDIO-5', 'INDIVIDUAL'],
    ['studio owner on Plus', 'STUDIO-10', 'VIP'],
    ['Plus on Standard', 'VIP', 'INDIVIDUAL'],
    ['10 seats on 5 seats', 'STUDIO-10', 'STUDIO-5'],
  ] as const)('%s: Downgrade', (_case, currentPlan, plan) => {
    expect(decidePlanButton({ ...base, plan, current: { planId: currentPlan, period: 'monthly' } })).toEqual({
      label: 'Downgrade',
      action: 'checkout',
    });
  });

  it.each([
    ['Standard to Plus', 'INDIVIDUAL', 'VIP', 'monthly'],
    ['Plus to studio', 'VIP', 'STUDIO-5', 'monthly'],
    ['5 seats to 10 seats', 'STUDIO-5', 'STUDIO-10', 'monthly'],
    ['same plan, other period', 'VIP', 'VIP', 'yearly'],
  ] as const)('%s: Upgrade', (_case, currentPlan, plan, period) => {
    expect(
      decidePlanButton({ ...base, plan, period, current: { planId: currentPlan, period: 'monthly' } }),
    ).toEqual({ label: 'Upgrade', action: 'checkout' });
  });

  it('an active subscription wins over a used trial', () => {
    expect(
      decidePlanButton({
        ...base,
        plan: 'VIP',
        hasUsedTrial: true,
        current: { planId: 'INDIVIDUAL', period: 'monthly' },
      }).label,
    ).toBe('Upgrade');
  });
});
