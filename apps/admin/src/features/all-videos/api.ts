import { useApiClient } from '@dance/api-client';
import {
  adminVideoEndpoints,
  catalogueEndpoints,
  type SortOption,
  type TUpdateAdminVideoRequest,
} from '@dance/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

export const adminVideoKeys = {
  all: ['admin', 'videos'] as const,
  list: (q: { search: string; sort: SortOption; page: number }) => ['admin', 'videos', q] as const,
};

export function useAdminVideos(q: { search: string; sort: SortOption; page: number }) {
  const client = useApiClient();
  return useQuery({
    queryKey: adminVideoKeys.list(q),
    queryFn: ({ signal }) =>
      client.call(adminVideoEndpoints.list, {
        query: { search: q.search || undefined, sort: q.sort, page: q.page },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useUpdateVideo() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: TUpdateAdminVideoRequest }) =>
      client.call(adminVideoEndpoints.update, { params: { videoId: id }, body }),
    // Saving reloads the list (spec 3 §4).
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminVideoKeys.all }),
  });
}

export function useDeleteVideo() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => client.call(adminVideoEndpoints.remove, { params: { videoId: id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminVideoKeys.all }),
  });
}

/** The pickers of the edit modal: categories, instructors, tags and products. */
export function useVideoFormOptions(isEnabled: boolean) {
  const client = useApiClient();
  const options = { enabled: isEnabled, staleTime: 60_000 };
  const categories = useQuery({
    queryKey: ['catalogue', 'categories'],
    queryFn: () => client.call(catalogueEndpoints.categories),
    ...options,
  });
  const instructors = useQuery({
    queryKey: ['catalogue', 'instructors'],
    queryFn: () => client.call(catalogueEndpoints.instructors, { query: {} }),
    ...options,
  });
  const tags = useQuery({
    queryKey: ['catalogue', 'tags'],
    queryFn: () => client.call(catalogueEndpoints.tags, { query: {} }),
    ...options,
  });
  const products = useQuery({
    queryKey: ['catalogue', 'products'],
    queryFn: () => client.call(catalogueEndpoints.products, { query: {} }),
    ...options,
  });
  return {
    categories: categories.data?.items ?? [],
    instructors: instructors.data?.items ?? [],
    tags: tags.data?.items ?? [],
    products: products.data?.items ?? [],
    isLoading: categories.isLoading || instructors.isLoading || tags.isLoading || products.isLoading,
  };
}
