import { useApiClient } from '@dance/api-client';
import { type BillingPeriod, billingEndpoints, type PlanId } from '@dance/domain';
import { useMutation, useQuery } from '@tanstack/react-query';
import { readTrackingId } from './stored-plan';

export const billingKeys = {
  subscription: ['billing', 'subscription'] as const,
};

/**
 * The subscription state every gate reads (GET /account/subscription). A 401 here goes through the api
 * client's session-expired handler, which clears the session (spec 1 §4).
 */
export function useSubscriptionState(options: { isEnabled: boolean; pollMs?: number }) {
  const client = useApiClient();
  return useQuery({
    queryKey: billingKeys.subscription,
    queryFn: ({ signal }) => client.call(billingEndpoints.subscription, { signal }),
    enabled: options.isEnabled,
    refetchInterval: options.pollMs ?? false,
    staleTime: 0,
    retry: false,
  });
}

/** Leaves the app for the hosted page (Chargebee's or the sandbox's). */
export function goToHostedPage(url: string) {
  window.location.assign(url);
}

export function useStartCheckout() {
  const client = useApiClient();
  return useMutation({
    mutationFn: (plan: { planId: PlanId; period: BillingPeriod }) => {
      const trackingId = readTrackingId();
      return client.call(billingEndpoints.checkout, {
        body: { ...plan, ...(trackingId ? { trackingId } : {}) },
      });
    },
  });
}

export function useOpenPortal() {
  const client = useApiClient();
  return useMutation({ mutationFn: () => client.call(billingEndpoints.portal) });
}
