import { pathKey, queryKeyOf, useApiClient } from '@dance/api-client';
import { productEndpoints } from '@dance/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

export function useAdminProducts() {
  const client = useApiClient();
  return useQuery({
    queryKey: queryKeyOf(productEndpoints.list),
    queryFn: () => client.call(productEndpoints.list),
  });
}

/** Sync with Shopify; the list and the pickers' products follow. */
export function useSyncProducts() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => client.call(productEndpoints.sync),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeyOf(productEndpoints.list) }),
        queryClient.invalidateQueries({ queryKey: pathKey('/products') }),
      ]),
  });
}
