import { pathKey, queryKeyOf, useApiClient } from '@dance/api-client';
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

/** Moves a category's videos to another (the step before removing it); video lists follow. */
export function useMoveCategoryVideos() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const invalidate = useInvalidateCategories();
  return useMutation({
    mutationFn: ({ id, toCategoryId }: { id: string; toCategoryId: string }) =>
      client.call(adminCategoryEndpoints.moveVideos, { params: { id }, body: { toCategoryId } }),
    onSuccess: () =>
      Promise.all([invalidate(), queryClient.invalidateQueries({ queryKey: pathKey('/admin/videos') })]),
  });
}
