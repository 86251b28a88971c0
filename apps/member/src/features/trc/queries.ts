import { type ApiClient, pathKey, queryKeyOf, useApiClient } from '@dance/api-client';
import {
  type TReactionValue,
  type TTrcAccessRequest,
  type TTrcAccessState,
  type TTrcDetail,
  type TTrcDocument,
  type TTrcListQuery,
  trcEndpoints,
} from '@dance/domain';
import {
  keepPreviousData,
  type QueryClient,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useEffect, useRef } from 'react';

/** Where the viewer stands (the guard's one call); every TRC answer sits under /trc. */
export const trcAccessKey = queryKeyOf(trcEndpoints.accessState);
const trcKey = pathKey('/trc');

export function useTrcAccess(isEnabled = true) {
  const client = useApiClient();
  return useQuery({
    queryKey: trcAccessKey,
    queryFn: ({ signal }) => client.call(trcEndpoints.accessState, { signal }),
    enabled: isEnabled,
    retry: false,
    staleTime: 30_000,
  });
}

/** New request (POST) or edit-and-resubmit (PUT); the answer is the new standing, kept for the guard. */
export function useSendAccessRequest(mode: 'request' | 'resubmit') {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TTrcAccessRequest) =>
      client.call(mode === 'request' ? trcEndpoints.requestAccess : trcEndpoints.resubmit, { body }),
    onSuccess: (state: TTrcAccessState) => queryClient.setQueryData(trcAccessKey, state),
  });
}

export function useTrcHome() {
  const client = useApiClient();
  return useQuery({
    queryKey: queryKeyOf(trcEndpoints.home),
    queryFn: ({ signal }) => client.call(trcEndpoints.home, { signal }),
  });
}

export function useTrcFilterOptions() {
  const client = useApiClient();
  return useQuery({
    queryKey: queryKeyOf(trcEndpoints.filters),
    queryFn: ({ signal }) => client.call(trcEndpoints.filters, { signal }),
    staleTime: 5 * 60_000,
  });
}

export function useTrcList(query: TTrcListQuery, isEnabled = true) {
  const client = useApiClient();
  return useQuery({
    queryKey: queryKeyOf(trcEndpoints.list, { query: { ...query } }),
    queryFn: ({ signal }) => client.call(trcEndpoints.list, { query, signal }),
    enabled: isEnabled,
    placeholderData: keepPreviousData,
  });
}

const detailKey = (id: string) => queryKeyOf(trcEndpoints.detail, { params: { id } });

export function useTrcDetail(id: string) {
  const client = useApiClient();
  return useQuery({
    queryKey: detailKey(id),
    queryFn: ({ signal }) => client.call(trcEndpoints.detail, { params: { id }, signal }),
    enabled: id !== '',
    retry: false,
  });
}

/** The guard's check, asked for ahead of the guard (a guest's 401 is kept as an error, never a lost session). */
export function prefetchTrcAccess(queryClient: QueryClient, client: ApiClient) {
  void queryClient.prefetchQuery({
    queryKey: trcAccessKey,
    queryFn: ({ signal }) => client.call(trcEndpoints.accessState, { signal }),
    retry: false,
    staleTime: 30_000,
  });
}

/** A prefetch in the last few seconds (the app's start, then the guard's layout) is not asked for again. */
const PREFETCH_FRESH_MS = 10_000;

/**
 * Starts a lesson plan's details and its PDF's signed URL (the guard's check and the page's chunk load meanwhile):
 * the page's own queries then find them under the same keys. A member without access gets 403s and no data.
 * `onSigned` gets the signed URLs when they arrive (unless `isCurrent` says the page has moved on).
 */
export function prefetchLessonPlan(
  queryClient: QueryClient,
  client: ApiClient,
  id: string,
  onSigned?: (document: TTrcDocument) => void,
  isCurrent: () => boolean = () => true,
) {
  void queryClient.prefetchQuery({
    queryKey: detailKey(id),
    queryFn: ({ signal }) => client.call(trcEndpoints.detail, { params: { id }, signal }),
    retry: false,
    staleTime: PREFETCH_FRESH_MS,
  });
  const documentKey = queryKeyOf(trcEndpoints.document, { params: { id } });
  void queryClient
    .prefetchQuery({
      queryKey: documentKey,
      queryFn: ({ signal }) => client.call(trcEndpoints.document, { params: { id }, signal }),
      retry: false,
      staleTime: 60_000,
    })
    .then(() => {
      const signed = queryClient.getQueryData<TTrcDocument>(documentKey);
      if (isCurrent() && signed) onSigned?.(signed);
    });
}

/** prefetchLessonPlan for the page's lesson plan, from a component. */
export function usePrefetchLessonPlan(id: string | null, onSigned?: (document: TTrcDocument) => void) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const onSignedRef = useRef(onSigned);
  onSignedRef.current = onSigned;
  useEffect(() => {
    if (!id) return;
    let isCurrent = true;
    prefetchLessonPlan(
      queryClient,
      client,
      id,
      (signed) => onSignedRef.current?.(signed),
      () => isCurrent,
    );
    return () => {
      isCurrent = false;
    };
  }, [client, queryClient, id]);
}

/** Signed stream URLs of a TRC video; asked again on MEDIA_NOT_READY until the media is ready. */
export function useTrcPlayback(id: string, isEnabled: boolean) {
  const client = useApiClient();
  return useQuery({
    queryKey: queryKeyOf(trcEndpoints.playback, { params: { id } }),
    queryFn: ({ signal }) => client.call(trcEndpoints.playback, { params: { id }, signal }),
    enabled: isEnabled,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    refetchInterval: (query) =>
      (query.state.error as { code?: string } | null)?.code === 'MEDIA_NOT_READY' ? 4000 : false,
  });
}

/** Signed PDF URLs, asked for when the viewer opens (they expire, so never kept long). */
export function useTrcDocument(id: string, isEnabled: boolean) {
  const client = useApiClient();
  return useQuery({
    queryKey: queryKeyOf(trcEndpoints.document, { params: { id } }),
    queryFn: ({ signal }) => client.call(trcEndpoints.document, { params: { id }, signal }),
    enabled: isEnabled,
    retry: false,
    staleTime: 60_000,
    gcTime: 60_000,
  });
}

export function useTrcReaction(id: string) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reaction: TReactionValue | null) =>
      client.call(trcEndpoints.react, { params: { id }, body: { reaction } }),
    onSuccess: (state) =>
      queryClient.setQueryData<TTrcDetail>(detailKey(id), (old) =>
        old
          ? { ...old, reaction: state.reaction, likeCount: state.likeCount, dislikeCount: state.dislikeCount }
          : old,
      ),
  });
}

/** After logout or a change of standing, every TRC answer is stale. */
export function useInvalidateTrc() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: trcKey });
}
