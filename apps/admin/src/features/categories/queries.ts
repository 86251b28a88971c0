import { queryKeyOf, useApiClient } from '@dance/api-client';
import { adminCategoryEndpoints, catalogueEndpoints } from '@dance/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

export function useAdminCategories() {
  const client = useApiClient();
  return useQuery({
    queryKey: queryKeyOf(adminCategoryEndpoints.list),
    queryFn: () => client.call(adminCategoryEndpoints.list),
  });
}

function useInvalidateCategories() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeyOf(adminCategoryEndpoints.list) }),
      queryClient.invalidateQueries({ queryKey: queryKeyOf(catalogueEndpoints.categories) }),
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
