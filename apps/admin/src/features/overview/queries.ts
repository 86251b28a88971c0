import { queryKeyOf, useApiClient } from '@dance/api-client';
import { adminOverviewEndpoints } from '@dance/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';

export function useOverview(range: { from: string; to: string } | null) {
  const client = useApiClient();
  const query = range ?? { from: '', to: '' };
  return useQuery({
    queryKey: queryKeyOf(adminOverviewEndpoints.get, { query }),
    queryFn: ({ signal }) => client.call(adminOverviewEndpoints.get, { query, signal }),
    enabled: range !== null,
    placeholderData: keepPreviousData,
  });
}
