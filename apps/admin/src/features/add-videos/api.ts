import { useApiClient } from '@dance/api-client';
import { addVideoEndpoints, catalogueEndpoints, type TCreateVideoRequest } from '@dance/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

export const lookupKeys = {
  categories: ['lookup', 'categories'] as const,
  instructors: ['lookup', 'instructors'] as const,
  tags: (q: string) => ['lookup', 'tags', q] as const,
  products: (q: string) => ['lookup', 'products', q] as const,
};

export function useCategories() {
  const client = useApiClient();
  return useQuery({
    queryKey: lookupKeys.categories,
    queryFn: ({ signal }) => client.call(catalogueEndpoints.categories, { signal }),
    staleTime: 60_000,
  });
}

export function useInstructors() {
  const client = useApiClient();
  return useQuery({
    queryKey: lookupKeys.instructors,
    queryFn: ({ signal }) => client.call(catalogueEndpoints.instructors, { query: {}, signal }),
    staleTime: 60_000,
  });
}

/** Tag suggestions for the autocomplete (GET /tags?query=). */
export function useTagSuggestions(query: string) {
  const client = useApiClient();
  return useQuery({
    queryKey: lookupKeys.tags(query),
    queryFn: ({ signal }) =>
      client.call(catalogueEndpoints.tags, { query: { query: query || undefined }, signal }),
    staleTime: 30_000,
  });
}

/** Product suggestions for the autocomplete (GET /products?query=). */
export function useProductSuggestions(query: string) {
  const client = useApiClient();
  return useQuery({
    queryKey: lookupKeys.products(query),
    queryFn: ({ signal }) =>
      client.call(catalogueEndpoints.products, { query: { query: query || undefined }, signal }),
    staleTime: 30_000,
  });
}

/** Fetch by id: the video host's title, description, thumbnail, duration and link. */
export function useFetchVimeoVideo() {
  const client = useApiClient();
  return useMutation({
    mutationFn: (vimeoId: string) => client.call(addVideoEndpoints.vimeoVideo, { params: { vimeoId } }),
  });
}

export function useCreateVideo() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TCreateVideoRequest) => client.call(addVideoEndpoints.createVideo, { body }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['admin', 'videos'] });
      void queryClient.invalidateQueries({ queryKey: lookupKeys.instructors });
      void queryClient.invalidateQueries({ queryKey: ['lookup', 'tags'] });
    },
  });
}
