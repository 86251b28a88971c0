import { LEGACY_PLAYER_ROUTES, playerPath } from '@dance/domain';
import { Navigate, useParams, useSearchParams } from 'react-router';

/**
 * The legacy playlist views (spec 2 §2, links in old emails and the sitemap):
 * /featured-playlist-view/{playlist}/{video} (or ?playlist=&id=) replace themselves with the player route.
 */
export function LegacyPlayerRedirect({ route }: { route: keyof typeof LEGACY_PLAYER_ROUTES }) {
  const params = useParams();
  const [search] = useSearchParams();
  const playlistId = params.playlist ?? search.get('playlist') ?? search.get('playlistId');
  const videoId = params.id ?? search.get('id') ?? search.get('v');
  if (!videoId) return <Navigate to="/" replace />;
  return <Navigate to={playerPath(videoId, LEGACY_PLAYER_ROUTES[route], playlistId)} replace />;
}
