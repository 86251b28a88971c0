import { queryKeyOf, useApiClient } from '@dance/api-client';
import { adminReactionEndpoints, type TReactionGrouping, type TReactionSort } from '@dance/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';

export interface ReactionListParams {
  search: string;
  page: number;
  pageSize: number;
  sort: TReactionSort;
  instructors: string[];
  categories: string[];
}

export function useReactionList(p: ReactionListParams) {
  const client = useApiClient();
  const query = {
    search: p.search || undefined,
    page: p.page,
    pageSize: p.pageSize,
    sort: p.sort,
    instructors: p.instructors.length ? p.instructors.join(',') : undefined,
    categories: p.categories.length ? p.categories.join(',') : undefined,
  };
  return useQuery({
    queryKey: queryKeyOf(adminReactionEndpoints.list, { query }),
    queryFn: ({ signal }) => client.call(adminReactionEndpoints.list, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useReactionStats(groupBy: TReactionGrouping | null, ids: string[]) {
  const client = useApiClient();
  const query = { groupBy: groupBy ?? 'category', ids: ids.length ? ids.join(',') : undefined };
  return useQuery({
    queryKey: queryKeyOf(adminReactionEndpoints.stats, { query }),
    queryFn: ({ signal }) => client.call(adminReactionEndpoints.stats, { query, signal }),
    enabled: groupBy !== null,
    placeholderData: keepPreviousData,
  });
}
