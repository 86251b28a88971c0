import type { Level, THome, TListVideosQuery, TSearchQuery, TVideoCard, TVideoPage } from '@dance/domain';
import {
  keepPreviousData,
  type QueryClient,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { ApiClient } from './client';
import { useApiClient } from './context';
import { catalogueRoutes } from './routes';

/** The filter dimensions as lists; the query string carries them comma-joined (spec 1 §9). */
interface FilterLists {
  tags?: string[];
  durations?: number[];
  levels?: Level[];
  instructors?: string[];
  products?: string[];
}
type FilterKey = keyof FilterLists;

export type TVideoListParams = Omit<TListVideosQuery, FilterKey> & FilterLists;
export type TSavedListParams = Omit<TVideoListParams, 'category' | 'kind'>;

/** Joins the filter lists the way the query string carries them. */
function toQuery<T extends FilterLists>(
  params: T,
): Omit<T, FilterKey> & Record<FilterKey, string | undefined> {
  const join = (values: readonly (string | number)[] | undefined) =>
    values?.length ? values.join(',') : undefined;
  return {
    ...params,
    tags: join(params.tags),
    durations: join(params.durations),
    levels: join(params.levels),
    instructors: join(params.instructors),
    products: join(params.products),
  };
}

/** Query keys of the catalogue; every key starts with 'catalogue' so a save can refresh them all. */
export const catalogueKeys = {
  all: ['catalogue'] as const,
  home: ['catalogue', 'home'] as const,
  categories: ['catalogue', 'categories'] as const,
  tags: ['catalogue', 'tags'] as const,
  instructors: (query: string) => ['catalogue', 'instructors', query] as const,
  products: (query: string) => ['catalogue', 'products', query] as const,
  videos: (query: TVideoListParams) => ['catalogue', 'videos', query] as const,
  search: (query: TSearchQuery) => ['catalogue', 'search', query] as const,
  saved: (query: TSavedListParams) => ['catalogue', 'saved', query] as const,
  savedAll: ['catalogue', 'saved'] as const,
};

// Look-up lists change rarely: keep them for the visit.
const LOOKUP_STALE_MS = 5 * 60_000;

/** The home and categories queries, shared by their hooks and the app's start-up prefetch. */
export const homeQueryOptions = (client: ApiClient) =>
  queryOptions({
    queryKey: catalogueKeys.home,
    queryFn: ({ signal }) => client.call(catalogueRoutes.home, { signal }),
  });

export const categoriesQueryOptions = (client: ApiClient) =>
  queryOptions({
    queryKey: catalogueKeys.categories,
    queryFn: ({ signal }) => client.call(catalogueRoutes.categories, { signal }),
    staleTime: LOOKUP_STALE_MS,
  });

export function useHome() {
  return useQuery(homeQueryOptions(useApiClient()));
}

export function useCategories() {
  return useQuery({ ...categoriesQueryOptions(useApiClient()), select: (data) => data.items });
}

export function useTags({ isEnabled = true }: { isEnabled?: boolean } = {}) {
  const client = useApiClient();
  return useQuery({
    queryKey: catalogueKeys.tags,
    queryFn: ({ signal }) => client.call(catalogueRoutes.tags, { query: {}, signal }),
    staleTime: LOOKUP_STALE_MS,
    select: (data) => data.items,
    enabled: isEnabled,
  });
}

/** Instructors for the filter; `query` narrows by name (the caller debounces it). */
export function useInstructors(query: string, { isEnabled = true }: { isEnabled?: boolean } = {}) {
  const client = useApiClient();
  return useQuery({
    queryKey: catalogueKeys.instructors(query),
    queryFn: ({ signal }) =>
      client.call(catalogueRoutes.instructors, { query: query ? { query } : {}, signal }),
    staleTime: LOOKUP_STALE_MS,
    placeholderData: keepPreviousData,
    enabled: isEnabled,
    select: (data) => data.items,
  });
}

/** Products for the filter; `query` narrows by title or subname (the caller debounces it). */
export function useProducts(query: string, { isEnabled = true }: { isEnabled?: boolean } = {}) {
  const client = useApiClient();
  return useQuery({
    queryKey: catalogueKeys.products(query),
    queryFn: ({ signal }) => client.call(catalogueRoutes.products, { query: query ? { query } : {}, signal }),
    staleTime: LOOKUP_STALE_MS,
    placeholderData: keepPreviousData,
    enabled: isEnabled,
    select: (data) => data.items,
  });
}

/** A page of library or class videos. The previous page stays on screen while the next one loads. */
/** A page of the video list, shared by its hook and the app's start-up prefetch of a library page. */
export const videosQueryOptions = (client: ApiClient, query: TVideoListParams) =>
  queryOptions({
    queryKey: catalogueKeys.videos(query),
    queryFn: ({ signal }) => client.call(catalogueRoutes.listVideos, { query: toQuery(query), signal }),
  });

export function useVideos(query: TVideoListParams, { isEnabled = true }: { isEnabled?: boolean } = {}) {
  const client = useApiClient();
  return useQuery({
    ...videosQueryOptions(client, query),
    placeholderData: keepPreviousData,
    enabled: isEnabled,
  });
}

export function useSearchVideos(query: TSearchQuery, { isEnabled = true }: { isEnabled?: boolean } = {}) {
  const client = useApiClient();
  return useQuery({
    queryKey: catalogueKeys.search(query),
    queryFn: ({ signal }) => client.call(catalogueRoutes.searchVideos, { query, signal }),
    placeholderData: keepPreviousData,
    enabled: isEnabled,
  });
}

export function useSavedVideos(query: TSavedListParams, { isEnabled = true }: { isEnabled?: boolean } = {}) {
  const client = useApiClient();
  return useQuery({
    queryKey: catalogueKeys.saved(query),
    queryFn: ({ signal }) => client.call(catalogueRoutes.listSaved, { query: toQuery(query), signal }),
    placeholderData: keepPreviousData,
    enabled: isEnabled,
  });
}

function setFlag(card: TVideoCard, videoId: string, isSaved: boolean): TVideoCard {
  return card.id === videoId && card.isSaved !== isSaved ? { ...card, isSaved } : card;
}

/** Writes a confirmed saved flag into every cached list and home row that shows the video. */
export function applySavedFlag(queryClient: QueryClient, videoId: string, isSaved: boolean) {
  queryClient.setQueriesData<TVideoPage | THome>({ queryKey: catalogueKeys.all }, (data) => {
    if (!data || typeof data !== 'object') return data;
    if ('items' in data && Array.isArray(data.items) && 'total' in data) {
      return { ...data, items: data.items.map((card) => setFlag(card, videoId, isSaved)) };
    }
    if ('groups' in data) {
      return {
        ...data,
        groups: data.groups.map((g) => ({ ...g, videos: g.videos.map((c) => setFlag(c, videoId, isSaved)) })),
      };
    }
    return data;
  });
}

/**
 * Saves or unsaves a video. The flag changes only once the server confirms (spec 1 §4): the cached
 * cards are updated from the answer, then the saved list and the home rows are refreshed.
 */
export function useSetSaved() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      videoId,
      isSaved,
    }: {
      videoId: string;
      isSaved: boolean;
    }): Promise<{ videoId: string; isSaved: boolean }> =>
      isSaved
        ? client.call(catalogueRoutes.saveVideo, { params: { videoId } })
        : client.call(catalogueRoutes.unsaveVideo, { params: { videoId } }),
    onSuccess: (answer) => {
      applySavedFlag(queryClient, answer.videoId, answer.isSaved);
      void queryClient.invalidateQueries({ queryKey: catalogueKeys.savedAll });
      void queryClient.invalidateQueries({ queryKey: catalogueKeys.home });
    },
  });
}
