import { useApiClient } from '@dance/api-client';
import { adminCategoryEndpoints } from '@dance/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

const categoryKeys = { all: ['admin', 'categories'] as const };

export function useAdminCategories() {
  const client = useApiClient();
  return useQuery({ queryKey: categoryKeys.all, queryFn: () => client.call(adminCategoryEndpoints.list) });
}

function useInvalidateCategories() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: categoryKeys.all }),
      queryClient.invalidateQueries({ queryKey: ['catalogue', 'categories'] }),
    ]);
}

export function useAddCategory() {
  const client = useApiClient();
  const invalidate = useInvalidateCategories();
  return useMutation({
    mutationFn: (name: string) => client.call(adminCategoryEndpoints.create, { body: { name } }),
    onSuccess: invalidate,
  });
}

export function useRemoveCategory() {
  const client = useApiClient();
  const invalidate = useInvalidateCategories();
  return useMutation({
    mutationFn: (id: string) => client.call(adminCategoryEndpoints.remove, { params: { id } }),
    onSuccess: invalidate,
  });
}
