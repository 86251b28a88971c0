import { type ContentType, selectNextUp, type TVideoCard } from '@dance/domain';
import { usePlaylist } from '../features/playlists/queries';

export const isPlaylistContext = (type: ContentType, playlistId: string | null): playlistId is string =>
  (type === 'PPL' || type === 'SPL' || type === 'FPL') && playlistId !== null && playlistId !== '';

/**
 * NEXT UP in playlist context (spec 2 §2, §4): the playlist's videos after the current one, in playlist
 * order; refetched with the playlist, so a reorder or removal elsewhere shows up here.
 */
export function usePlaylistNextUp(
  type: ContentType,
  playlistId: string | null,
  videoId: string,
): { isPlaylist: boolean; items: TVideoCard[] | null; isError: boolean } {
  const isPlaylist = isPlaylistContext(type, playlistId);
  const playlist = usePlaylist(isPlaylist ? playlistId : null);
  return {
    isPlaylist,
    items: playlist.data ? selectNextUp(playlist.data.videos, videoId) : null,
    isError: playlist.isError,
  };
}
