import { z } from 'zod';
import { defineEndpoint } from '../http/endpoint';
import { text } from '../http/strings';
import { ZUserType } from '../users/user';
import { PLAN_FAMILIES, ZBillingPeriod, ZPlanId } from './plans';
import { ZSubscriptionStatus } from './status';

export const ZSubscriptionDetails = z.object({
  /** The provider's subscription id (spec's subData.SubscribtionId). */
  id: z.string(),
  provider: z.enum(['sandbox', 'chargebee']),
  status: ZSubscriptionStatus,
  statusLabel: z.string(),
  planId: ZPlanId,
  planTitle: z.string(),
  period: ZBillingPeriod,
  periodLabel: z.string(),
  trialEnd: z.string().nullable(),
  nextBillingAt: z.string().nullable(),
  currentTermEnd: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  seats: z.number().int(),
});
export type TSubscriptionDetails = z.infer<typeof ZSubscriptionDetails>;

/** The one subscription state every gate reads (UPGRADE, PLANS, plan buttons, the player). */
export const ZSubscriptionState = z.object({
  /** in_trial, active or non_renewing (for a sub-user: the studio's subscription). */
  isActive: z.boolean(),
  /** How access is held. */
  accessVia: z.enum(['own', 'studio', 'admin', 'none']),
  subscriptionId: z.string().nullable(),
  isTrialAvailed: z.boolean(),
  /** Plan families whose free trial this member already used (one per family, ever). */
  trialUsedFamilies: z.array(z.enum(PLAN_FAMILIES)),
  userType: ZUserType.nullable(),
  /** The member's own latest subscription, or the studio's for a sub-user; null when there is none. */
  subscription: ZSubscriptionDetails.nullable(),
  /** The member may open the customer portal (own subscription or customer record). */
  canManage: z.boolean(),
});
export type TSubscriptionState = z.infer<typeof ZSubscriptionState>;

const ZTrackingId = text()
  .trim()
  .max(100)
  .regex(/^[A-Za-z0-9_.-]*$/, 'Invalid tracking id');

export const ZCheckoutRequest = z
  .object({ planId: ZPlanId, period: ZBillingPeriod, trackingId: ZTrackingId.optional() })
  .strict();
export type TCheckoutRequest = z.infer<typeof ZCheckoutRequest>;

export const ZHostedPageResponse = z.object({
  /** Absolute (Chargebee) or same-origin (sandbox) URL of the hosted page. */
  url: z.string(),
  provider: z.enum(['sandbox', 'chargebee']),
});
export type THostedPageResponse = z.infer<typeof ZHostedPageResponse>;

export const billingEndpoints = {
  subscription: defineEndpoint({
    method: 'GET',
    path: '/account/subscription',
    summary: "The session user's subscription state (the studio's for a sub-user); isActive computed here",
    tags: ['billing'],
    auth: 'session',
    response: ZSubscriptionState,
    errors: ['UNAUTHENTICATED'],
  }),
  checkout: defineEndpoint({
    method: 'POST',
    path: '/billing/checkout-sessions',
    summary: 'Open the hosted checkout for a plan: a new subscription, or a change of the active one',
    tags: ['billing'],
    auth: 'session',
    body: ZCheckoutRequest,
    response: ZHostedPageResponse,
    successStatus: 201,
    errors: [
      'VALIDATION_FAILED',
      'UNAUTHENTICATED',
      'CSRF_FAILED',
      'FORBIDDEN',
      'ALREADY_SUBSCRIBED',
      'BILLING_PROVIDER_ERROR',
    ],
  }),
  portal: defineEndpoint({
    method: 'POST',
    path: '/billing/portal-sessions',
    summary: 'Open the customer portal (MANAGE SUBSCRIPTION)',
    tags: ['billing'],
    auth: 'session',
    response: ZHostedPageResponse,
    successStatus: 201,
    errors: ['UNAUTHENTICATED', 'CSRF_FAILED', 'FORBIDDEN', 'NOT_FOUND', 'BILLING_PROVIDER_ERROR'],
  }),
} as const;
