import { queryKeyOf, useApiClient } from '@dance/api-client';
import { billingEndpoints } from '@dance/domain';
import { useMutation, useQuery } from '@tanstack/react-query';

// The subscription is read by the plans pages and the account page alike, like the viewer (use-viewer.ts).

export const subscriptionKey = queryKeyOf(billingEndpoints.subscription);

/**
 * The subscription state every gate reads (GET /account/subscription). A 401 here goes through the api
 * client's session-expired handler, which clears the session (spec 1 §4).
 */
export function useSubscriptionState(options: { isEnabled: boolean; pollMs?: number }) {
  const client = useApiClient();
  return useQuery({
    queryKey: subscriptionKey,
    queryFn: ({ signal }) => client.call(billingEndpoints.subscription, { signal }),
    enabled: options.isEnabled,
    refetchInterval: options.pollMs ?? false,
    staleTime: 0,
    retry: false,
  });
}

export function useOpenPortal() {
  const client = useApiClient();
  return useMutation({ mutationFn: () => client.call(billingEndpoints.portal) });
}
