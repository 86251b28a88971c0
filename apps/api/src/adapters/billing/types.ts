import type { BillingPeriod, PlanId, SubscriptionStatus } from '@dance/domain';

export type BillingProviderKind = 'sandbox' | 'chargebee';

/** A subscription as the provider reports it, in our names (dates are instants). */
export interface SubscriptionSnapshot {
  id: string;
  customerId: string;
  status: SubscriptionStatus;
  planId: PlanId;
  period: BillingPeriod;
  trialStart: Date | null;
  trialEnd: Date | null;
  currentTermStart: Date | null;
  currentTermEnd: Date | null;
  nextBillingAt: Date | null;
  cancelledAt: Date | null;
  /** Increases with every change; orders late and duplicated events. */
  resourceVersion: number;
}

/** One provider event, parsed: the webhooks and the sandbox both feed the state machine with these. */
export interface BillingEvent {
  provider: BillingProviderKind;
  id: string;
  type: string;
  occurredAt: Date;
  subscription: SubscriptionSnapshot | null;
  payload: unknown;
}

export interface BillingCustomerInput {
  /** Our customer id at the provider: the user id, `studio-{userId}` for studio owners. */
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  /** The ads tracking id (cf_tid); null when none. */
  trackingId: string | null;
}

export interface CheckoutInput {
  userId: string;
  customerId: string;
  planId: PlanId;
  period: BillingPeriod;
  /** 0 when no trial applies (studio plans, a used trial, a change of plan). */
  trialDays: number;
  /** Set for a change of plan: the provider's id of the active subscription. */
  existingSubscriptionId: string | null;
  redirectUrl: string;
  cancelUrl: string;
}

/** The billing provider behind one interface: Chargebee in production, the sandbox as the embedded default. */
export interface BillingProvider {
  readonly kind: BillingProviderKind;
  /** Registers the customer with the provider (once per member). */
  createCustomer(customer: BillingCustomerInput): Promise<void>;
  /** A hosted checkout for a new subscription or a change of plan; answers its URL. */
  createCheckout(input: CheckoutInput): Promise<{ url: string }>;
  /** A customer portal session; answers its URL. */
  createPortalSession(input: { userId: string; customerId: string; redirectUrl: string }): Promise<{
    url: string;
  }>;
  /**
   * Cancels a subscription now (not at the end of its term), for an account that is going away (sign-up
   * conversion, decision 0018). Throws BillingProviderError when the provider refuses or cannot be reached.
   */
  cancelSubscriptionNow(input: { subscriptionId: string; customerId: string }): Promise<void>;
}

export class BillingProviderError extends Error {
  override name = 'BillingProviderError';
}
