import { type BillingPeriod, PERIOD_DAYS, type PlanId } from '@dance/domain';
import type { SubscriptionRow } from '../../../db/schema';
import type { SubscriptionSnapshot } from '../types';

/**
 * The sandbox's billing rules as pure functions: each action answers the events a hosted billing provider
 * would send (Chargebee's event names), with the subscription after each. The same state machine applies
 * them as it applies webhooks.
 */
export interface SandboxTransition {
  type: string;
  subscription: SubscriptionSnapshot;
}

const DAY_MS = 86_400_000;
const addDays = (date: Date, days: number) => new Date(date.getTime() + days * DAY_MS);

/** Strictly increasing, like Chargebee's millisecond resource_version. */
function nextVersion(previous: number, now: Date): number {
  return Math.max(previous + 1, now.getTime());
}

function freshTerm(now: Date, period: BillingPeriod) {
  const end = addDays(now, PERIOD_DAYS[period]);
  return { currentTermStart: now, currentTermEnd: end, nextBillingAt: end };
}

export function createSandboxSubscription(input: {
  id: string;
  customerId: string;
  planId: PlanId;
  period: BillingPeriod;
  trialDays: number;
  now: Date;
}): SandboxTransition[] {
  const { now } = input;
  if (input.trialDays > 0) {
    const trialEnd = addDays(now, input.trialDays);
    return [
      {
        type: 'subscription_created',
        subscription: {
          id: input.id,
          customerId: input.customerId,
          planId: input.planId,
          period: input.period,
          status: 'in_trial',
          trialStart: now,
          trialEnd,
          currentTermStart: now,
          currentTermEnd: trialEnd,
          nextBillingAt: trialEnd,
          cancelledAt: null,
          resourceVersion: now.getTime(),
        },
      },
    ];
  }
  return [
    {
      type: 'subscription_created',
      subscription: {
        id: input.id,
        customerId: input.customerId,
        planId: input.planId,
        period: input.period,
        status: 'active',
        trialStart: null,
        trialEnd: null,
        ...freshTerm(now, input.period),
        cancelledAt: null,
        resourceVersion: now.getTime(),
      },
    },
  ];
}

/** A change of plan takes effect at once; a trial continues only if the new plan is in the same trial. */
export function changeSandboxPlan(
  sub: SubscriptionSnapshot,
  planId: PlanId,
  period: BillingPeriod,
  now: Date,
): SandboxTransition[] {
  const keepsTrial = sub.status === 'in_trial' && sub.planId === planId;
  const next: SubscriptionSnapshot = keepsTrial
    ? { ...sub, period, resourceVersion: nextVersion(sub.resourceVersion, now) }
    : {
        ...sub,
        planId,
        period,
        status: 'active',
        trialEnd: sub.status === 'in_trial' ? now : sub.trialEnd,
        ...freshTerm(now, period),
        cancelledAt: null,
        resourceVersion: nextVersion(sub.resourceVersion, now),
      };
  return [{ type: 'subscription_changed', subscription: next }];
}

/** Cancel at the end of the term (or trial): non_renewing until then. A paused subscription ends at once. */
export function cancelSandboxSubscription(sub: SubscriptionSnapshot, now: Date): SandboxTransition[] {
  if (sub.status === 'paused' || sub.status === 'future') return cancelledNow(sub, now);
  if (sub.status !== 'active' && sub.status !== 'in_trial') return [];
  const endsAt = (sub.status === 'in_trial' ? sub.trialEnd : sub.currentTermEnd) ?? now;
  return [
    {
      type: 'subscription_cancellation_scheduled',
      subscription: {
        ...sub,
        status: 'non_renewing',
        cancelledAt: endsAt,
        nextBillingAt: null,
        resourceVersion: nextVersion(sub.resourceVersion, now),
      },
    },
  ];
}

/** Cancels now, whatever the term: the account is going away (sign-up conversion). Nothing when already over. */
export function cancelSandboxSubscriptionNow(sub: SubscriptionSnapshot, now: Date): SandboxTransition[] {
  if (sub.status === 'cancelled' || sub.status === 'transferred') return [];
  return cancelledNow(sub, now);
}

function cancelledNow(sub: SubscriptionSnapshot, now: Date): SandboxTransition[] {
  return [
    {
      type: 'subscription_cancelled',
      subscription: {
        ...sub,
        status: 'cancelled',
        cancelledAt: now,
        nextBillingAt: null,
        resourceVersion: nextVersion(sub.resourceVersion, now),
      },
    },
  ];
}

/** Undo a scheduled cancellation, or reactivate a cancelled subscription with a new paid term (no trial). */
export function reactivateSandboxSubscription(sub: SubscriptionSnapshot, now: Date): SandboxTransition[] {
  const version = nextVersion(sub.resourceVersion, now);
  if (sub.status === 'non_renewing') {
    const isInTrial = sub.trialEnd !== null && sub.trialEnd > now;
    return [
      {
        type: 'subscription_scheduled_cancellation_removed',
        subscription: {
          ...sub,
          status: isInTrial ? 'in_trial' : 'active',
          cancelledAt: null,
          nextBillingAt: isInTrial ? sub.trialEnd : sub.currentTermEnd,
          resourceVersion: version,
        },
      },
    ];
  }
  if (sub.status === 'cancelled') {
    return [
      {
        type: 'subscription_reactivated',
        subscription: {
          ...sub,
          status: 'active',
          ...freshTerm(now, sub.period),
          cancelledAt: null,
          resourceVersion: version,
        },
      },
    ];
  }
  return [];
}

export function pauseSandboxSubscription(sub: SubscriptionSnapshot, now: Date): SandboxTransition[] {
  if (sub.status !== 'active') return [];
  return [
    {
      type: 'subscription_paused',
      subscription: {
        ...sub,
        status: 'paused',
        nextBillingAt: null,
        resourceVersion: nextVersion(sub.resourceVersion, now),
      },
    },
  ];
}

export function resumeSandboxSubscription(sub: SubscriptionSnapshot, now: Date): SandboxTransition[] {
  if (sub.status !== 'paused') return [];
  return [
    {
      type: 'subscription_resumed',
      subscription: {
        ...sub,
        status: 'active',
        ...freshTerm(now, sub.period),
        resourceVersion: nextVersion(sub.resourceVersion, now),
      },
    },
  ];
}

/**
 * Moves the subscription's clock to `now`: trials end (activated, or cancelled when a cancellation was
 * scheduled), terms renew, scheduled cancellations take effect. Answers every event on the way, in order.
 */
export function advanceSandboxSubscription(sub: SubscriptionSnapshot, now: Date): SandboxTransition[] {
  const events: SandboxTransition[] = [];
  let current = sub;
  // Bounded: a year of monthly renewals at most per step, so a huge jump cannot loop for long.
  for (let i = 0; i < 400; i += 1) {
    const boundary = current.status === 'in_trial' ? current.trialEnd : current.currentTermEnd;
    if (!boundary || boundary > now) break;
    const version = nextVersion(current.resourceVersion, now) + i;
    if (current.status === 'non_renewing') {
      current = {
        ...current,
        status: 'cancelled',
        cancelledAt: boundary,
        nextBillingAt: null,
        resourceVersion: version,
      };
      events.push({ type: 'subscription_cancelled', subscription: current });
      break;
    }
    if (current.status === 'in_trial') {
      current = {
        ...current,
        status: 'active',
        ...freshTerm(boundary, current.period),
        resourceVersion: version,
      };
      events.push({ type: 'subscription_activated', subscription: current });
      continue;
    }
    if (current.status === 'active') {
      current = { ...current, ...freshTerm(boundary, current.period), resourceVersion: version };
      events.push({ type: 'subscription_renewed', subscription: current });
      continue;
    }
    break;
  }
  return events;
}

/** A stored subscription row as the snapshot the sandbox's rules take. */
export function toSnapshot(row: SubscriptionRow): SubscriptionSnapshot {
  return {
    id: row.providerSubscriptionId,
    customerId: row.providerCustomerId,
    status: row.status,
    planId: row.planId,
    period: row.period,
    trialStart: row.trialStart,
    trialEnd: row.trialEnd,
    currentTermStart: row.currentTermStart,
    currentTermEnd: row.currentTermEnd,
    nextBillingAt: row.nextBillingAt,
    cancelledAt: row.cancelledAt,
    resourceVersion: row.resourceVersion,
  };
}
