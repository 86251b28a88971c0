import { pathKey, queryKeyOf, useApiClient } from '@dance/api-client';
import { adminUserEndpoints, type TAdminUsersQuery, type TUpdateAdminUserRequest } from '@dance/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

export function useAdminUsers(q: {
  search: string;
  page: number;
  kind?: TAdminUsersQuery['kind'];
  status?: TAdminUsersQuery['status'];
}) {
  const client = useApiClient();
  return useQuery({
    queryKey: queryKeyOf(adminUserEndpoints.list, { query: q }),
    queryFn: ({ signal }) =>
      client.call(adminUserEndpoints.list, {
        query: { search: q.search || undefined, page: q.page, kind: q.kind, status: q.status },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useUpdateUser() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: TUpdateAdminUserRequest }) =>
      client.call(adminUserEndpoints.update, { params: { userId: id }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: pathKey('/admin/users') }),
  });
}

export function useDeleteUser() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => client.call(adminUserEndpoints.remove, { params: { userId: id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: pathKey('/admin/users') }),
  });
}

export function useDeleteUsers() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userIds: string[]) => client.call(adminUserEndpoints.bulkDelete, { body: { userIds } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: pathKey('/admin/users') }),
  });
}
