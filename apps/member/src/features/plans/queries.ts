import { useApiClient } from '@dance/api-client';
import { type BillingPeriod, billingEndpoints, type PlanId } from '@dance/domain';
import { useMutation } from '@tanstack/react-query';
import { readTrackingId } from '../../shared/stored-plan';

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
