import { queryKeyOf, useApiClient } from '@dance/api-client';
import { catalogueEndpoints } from '@dance/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';

// The catalogue's lookups for the admin's pickers (add video, upload wizard), cached by endpoint. The
// suggestions keep the last answer while the next is on its way, so the open list does not blink empty (and
// close under the pointer) at each keystroke.

export function useCategories() {
  const client = useApiClient();
  return useQuery({
    queryKey: queryKeyOf(catalogueEndpoints.categories),
    queryFn: ({ signal }) => client.call(catalogueEndpoints.categories, { signal }),
    staleTime: 60_000,
  });
}

export function useInstructors() {
  const client = useApiClient();
  return useQuery({
    queryKey: queryKeyOf(catalogueEndpoints.instructors, { query: {} }),
    queryFn: ({ signal }) => client.call(catalogueEndpoints.instructors, { query: {}, signal }),
    staleTime: 60_000,
  });
}

/** Tag suggestions for the autocomplete (GET /tags?query=). */
export function useTagSuggestions(query: string) {
  const client = useApiClient();
  return useQuery({
    queryKey: queryKeyOf(catalogueEndpoints.tags, { query: { query } }),
    queryFn: ({ signal }) =>
      client.call(catalogueEndpoints.tags, { query: { query: query || undefined }, signal }),
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
}

/** Product suggestions for the autocomplete (GET /products?query=). */
export function useProductSuggestions(query: string) {
  const client = useApiClient();
  return useQuery({
    queryKey: queryKeyOf(catalogueEndpoints.products, { query: { query } }),
    queryFn: ({ signal }) =>
      client.call(catalogueEndpoints.products, { query: { query: query || undefined }, signal }),
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
}
