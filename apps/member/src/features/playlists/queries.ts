import { pathKey, queryKeyOf, useApiClient } from '@dance/api-client';
import {
  catalogueEndpoints,
  type PlaylistType,
  playlistEndpoints,
  type TAddToPlaylistsRequest,
  type TCreatePlaylistRequest,
  type TPlaylistDetail,
  type TUpdatePlaylistRequest,
  toPositions,
} from '@dance/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

/** Videos to pick from when creating a playlist (titles A-Z). */
const videoChoicesKey = queryKeyOf(catalogueEndpoints.listVideos, {
  query: { sort: 'title_asc', pageSize: 100 },
});

export function usePlaylists(type: PlaylistType, isEnabled = true) {
  const client = useApiClient();
  return useQuery({
    queryKey: queryKeyOf(playlistEndpoints.list, { query: { type } }),
    queryFn: ({ signal }) => client.call(playlistEndpoints.list, { query: { type }, signal }),
    enabled: isEnabled,
    retry: false,
  });
}

export function usePlaylist(id: string | null) {
  const client = useApiClient();
  return useQuery({
    queryKey: queryKeyOf(playlistEndpoints.get, { params: { playlistId: id ?? '' } }),
    queryFn: ({ signal }) => client.call(playlistEndpoints.get, { params: { playlistId: id ?? '' }, signal }),
    enabled: id !== null && id !== '',
    retry: false,
  });
}

/** Videos to pick from when creating a playlist (titles A-Z). */
export function useVideoChoices(isEnabled: boolean) {
  const client = useApiClient();
  return useQuery({
    queryKey: videoChoicesKey,
    queryFn: ({ signal }) =>
      client.call(catalogueEndpoints.listVideos, { query: { sort: 'title_asc', pageSize: 100 }, signal }),
    enabled: isEnabled,
    staleTime: 60_000,
  });
}

/** Every playlist list and detail, and the video choices (they were cached with the playlists before). */
function useInvalidatePlaylists() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: pathKey('/playlists') }),
      queryClient.invalidateQueries({ queryKey: videoChoicesKey }),
    ]);
}

export function useCreatePlaylist() {
  const client = useApiClient();
  const invalidate = useInvalidatePlaylists();
  return useMutation({
    mutationFn: (body: TCreatePlaylistRequest) => client.call(playlistEndpoints.create, { body }),
    onSuccess: invalidate,
  });
}

export function useUpdatePlaylist() {
  const client = useApiClient();
  const invalidate = useInvalidatePlaylists();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: TUpdatePlaylistRequest }) =>
      client.call(playlistEndpoints.update, { params: { playlistId: id }, body }),
    onSuccess: invalidate,
  });
}

export function useDeletePlaylist() {
  const client = useApiClient();
  const invalidate = useInvalidatePlaylists();
  return useMutation({
    mutationFn: (playlist: Pick<TPlaylistDetail, 'id' | 'type'>) =>
      playlist.type === 'FPL'
        ? client.call(playlistEndpoints.adminDeleteFeatured, { params: { playlistId: playlist.id } })
        : client.call(playlistEndpoints.remove, { params: { playlistId: playlist.id } }),
    onSuccess: invalidate,
  });
}

export function useRemoveVideo() {
  const client = useApiClient();
  const invalidate = useInvalidatePlaylists();
  return useMutation({
    mutationFn: ({ playlistId, videoId }: { playlistId: string; videoId: string }) =>
      client.call(playlistEndpoints.removeVideo, { params: { playlistId, videoId } }),
    onSuccess: invalidate,
  });
}

/** Saves an order (featured ones through the admin endpoint), then refetches. */
export function useSaveOrder() {
  const client = useApiClient();
  const invalidate = useInvalidatePlaylists();
  return useMutation({
    mutationFn: ({
      playlist,
      videoIds,
    }: {
      playlist: Pick<TPlaylistDetail, 'id' | 'type'>;
      videoIds: string[];
    }) => {
      const body = { positions: toPositions(videoIds) };
      const params = { playlistId: playlist.id };
      return playlist.type === 'FPL'
        ? client.call(playlistEndpoints.adminReorderFeatured, { params, body })
        : client.call(playlistEndpoints.reorder, { params, body });
    },
    onSuccess: invalidate,
  });
}

export function useAddToPlaylists() {
  const client = useApiClient();
  const invalidate = useInvalidatePlaylists();
  return useMutation({
    mutationFn: (body: TAddToPlaylistsRequest) => client.call(playlistEndpoints.addVideo, { body }),
    onSuccess: invalidate,
  });
}
