import { pathKey, queryKeyOf, useApiClient } from '@dance/api-client';
import {
  adminVideoEndpoints,
  playlistEndpoints,
  type TFeaturedPlaylistRequest,
  toPositions,
} from '@dance/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

export function useFeaturedPlaylists() {
  const client = useApiClient();
  return useQuery({
    queryKey: queryKeyOf(playlistEndpoints.list, { query: { type: 'FPL' } }),
    queryFn: ({ signal }) => client.call(playlistEndpoints.list, { query: { type: 'FPL' }, signal }),
  });
}

export function useFeaturedPlaylist(id: string | undefined) {
  const client = useApiClient();
  return useQuery({
    queryKey: queryKeyOf(playlistEndpoints.get, { params: { playlistId: id ?? '' } }),
    queryFn: ({ signal }) => client.call(playlistEndpoints.get, { params: { playlistId: id! }, signal }),
    enabled: Boolean(id),
    retry: false,
  });
}

export function useSaveFeaturedPlaylist() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: TFeaturedPlaylistRequest }) =>
      id
        ? client.call(playlistEndpoints.adminUpdateFeatured, { params: { playlistId: id }, body })
        : client.call(playlistEndpoints.adminCreateFeatured, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: pathKey('/playlists') }),
  });
}

export function useDeleteFeaturedPlaylist() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      client.call(playlistEndpoints.adminDeleteFeatured, { params: { playlistId: id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: pathKey('/playlists') }),
  });
}

/** Saves a new order, then refetches the list and the playlist (spec 3 §4). */
export function useSaveFeaturedOrder() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, videoIds }: { id: string; videoIds: string[] }) =>
      client.call(playlistEndpoints.adminReorderFeatured, {
        params: { playlistId: id },
        body: { positions: toPositions(videoIds) },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: pathKey('/playlists') }),
  });
}

/** The catalogue the form picks videos from (every video, searched by title). */
export function useVideoChoices(search: string) {
  const client = useApiClient();
  return useQuery({
    queryKey: queryKeyOf(adminVideoEndpoints.list, { query: { search, pageSize: 20 } }),
    queryFn: ({ signal }) =>
      client.call(adminVideoEndpoints.list, {
        query: { search: search || undefined, sort: 'latest', page: 1, pageSize: 20 },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}
