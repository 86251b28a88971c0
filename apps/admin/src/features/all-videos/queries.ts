import { pathKey, queryKeyOf, useApiClient } from '@dance/api-client';
import {
  adminInstructorEndpoints,
  adminVideoEndpoints,
  catalogueEndpoints,
  type SortOption,
  type TCountGrid,
  type TUpdateAdminVideoRequest,
} from '@dance/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

export function useAdminVideos(q: { search: string; sort: SortOption; page: number }) {
  const client = useApiClient();
  return useQuery({
    queryKey: queryKeyOf(adminVideoEndpoints.list, { query: q }),
    queryFn: ({ signal }) =>
      client.call(adminVideoEndpoints.list, {
        query: { search: q.search || undefined, sort: q.sort, page: q.page },
        signal,
      }),
    placeholderData: keepPreviousData,
    // While a video's media is being prepared, the cards follow its progress (decision 0033).
    refetchInterval: (query) =>
      query.state.data?.items.some((v) => v.media.state === 'preparing') ? MEDIA_POLL_MS : false,
  });
}

const MEDIA_POLL_MS = 3000;

/** Retry on a card whose media failed: prepared again, and the list follows it. */
export function useRetryVideoMedia() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => client.call(adminVideoEndpoints.retryMedia, { params: { videoId: id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: pathKey('/admin/videos') }),
  });
}

export function useUpdateVideo() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: TUpdateAdminVideoRequest }) =>
      client.call(adminVideoEndpoints.update, { params: { videoId: id }, body }),
    // Saving reloads the list (spec 3 §4).
    onSuccess: () => queryClient.invalidateQueries({ queryKey: pathKey('/admin/videos') }),
  });
}

export function useDeleteVideo() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => client.call(adminVideoEndpoints.remove, { params: { videoId: id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: pathKey('/admin/videos') }),
  });
}

/** The pickers of the edit modal: categories, instructors, tags and products. */
export function useVideoFormOptions(isEnabled: boolean) {
  const client = useApiClient();
  const options = { enabled: isEnabled, staleTime: 60_000 };
  const categories = useQuery({
    queryKey: queryKeyOf(catalogueEndpoints.categories),
    queryFn: () => client.call(catalogueEndpoints.categories),
    ...options,
  });
  const instructors = useQuery({
    queryKey: queryKeyOf(catalogueEndpoints.instructors, { query: {} }),
    queryFn: () => client.call(catalogueEndpoints.instructors, { query: {} }),
    ...options,
  });
  const tags = useQuery({
    queryKey: queryKeyOf(catalogueEndpoints.tags, { query: {} }),
    queryFn: () => client.call(catalogueEndpoints.tags, { query: {} }),
    ...options,
  });
  const products = useQuery({
    queryKey: queryKeyOf(catalogueEndpoints.products, { query: {} }),
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

/** Every instructor, for the edit modal's picker (the public list is capped for pickers). */
export function useAllInstructors(isEnabled: boolean) {
  const client = useApiClient();
  return useQuery({
    queryKey: queryKeyOf(adminInstructorEndpoints.list),
    queryFn: () => client.call(adminInstructorEndpoints.list),
    enabled: isEnabled,
    staleTime: 60_000,
  });
}

/** The video's count grid and a stream to tap along to (issue 20). */
export function useCountGrid(videoId: string | null) {
  const client = useApiClient();
  return useQuery({
    queryKey: queryKeyOf(adminVideoEndpoints.countGrid, { params: { videoId: videoId ?? '' } }),
    queryFn: ({ signal }) =>
      client.call(adminVideoEndpoints.countGrid, { params: { videoId: videoId! }, signal }),
    enabled: videoId !== null,
  });
}

export function useSaveCountGrid(videoId: string) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Omit<TCountGrid, 'source'>) =>
      client.call(adminVideoEndpoints.saveCountGrid, { params: { videoId }, body }),
    onSuccess: (data) =>
      queryClient.setQueryData(queryKeyOf(adminVideoEndpoints.countGrid, { params: { videoId } }), data),
  });
}
