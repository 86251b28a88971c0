import { pathKey, queryKeyOf, useApiClient } from '@dance/api-client';
import { adminTagEndpoints, catalogueEndpoints, type TUpdateTagRequest } from '@dance/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

export function useAdminTags() {
  const client = useApiClient();
  return useQuery({
    queryKey: queryKeyOf(adminTagEndpoints.list),
    queryFn: () => client.call(adminTagEndpoints.list),
  });
}

function useRefreshTagLists() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeyOf(adminTagEndpoints.list) }),
      queryClient.invalidateQueries({ queryKey: queryKeyOf(catalogueEndpoints.tags) }),
      queryClient.invalidateQueries({ queryKey: pathKey('/admin/videos') }),
    ]);
}

export function useAddTag() {
  const client = useApiClient();
  const refresh = useRefreshTagLists();
  return useMutation({
    mutationFn: (body: { name: string; color?: string }) => client.call(adminTagEndpoints.create, { body }),
    onSuccess: refresh,
  });
}

export function useUpdateTag() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const refresh = useRefreshTagLists();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: TUpdateTagRequest }) =>
      client.call(adminTagEndpoints.update, { params: { id }, body }),
    // The answer is the whole list in its new order: show it at once, then refresh the rest.
    onSuccess: (data) => {
      queryClient.setQueryData(queryKeyOf(adminTagEndpoints.list), data);
      return refresh();
    },
    onError: refresh,
  });
}

export function useDeleteTag() {
  const client = useApiClient();
  const refresh = useRefreshTagLists();
  return useMutation({
    mutationFn: (id: string) => client.call(adminTagEndpoints.remove, { params: { id } }),
    onSuccess: refresh,
    onError: refresh,
  });
}
