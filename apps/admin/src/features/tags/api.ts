import { useApiClient } from '@dance/api-client';
import { adminTagEndpoints, type TUpdateTagRequest } from '@dance/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

const tagKeys = { all: ['admin', 'tags'] as const };

export function useAdminTags() {
  const client = useApiClient();
  return useQuery({ queryKey: tagKeys.all, queryFn: () => client.call(adminTagEndpoints.list) });
}

function useRefreshTagLists() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: tagKeys.all }),
      queryClient.invalidateQueries({ queryKey: ['catalogue', 'tags'] }),
      queryClient.invalidateQueries({ queryKey: ['admin', 'videos'] }),
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
      queryClient.setQueryData(tagKeys.all, data);
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
