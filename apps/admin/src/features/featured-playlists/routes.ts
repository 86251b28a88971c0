import type { RouteObject } from 'react-router';

/** Featured playlist list and form (children of /AdminDashboard); the form edits with ?id=. */
export const featuredPlaylistRoutes: RouteObject[] = [
  {
    path: 'featured-playlist',
    lazy: async () => ({ Component: (await import('./featured-playlists-page')).FeaturedPlaylistsPage }),
  },
  {
    path: 'featured-playlist-form',
    lazy: async () => ({
      Component: (await import('./featured-playlist-form-page')).FeaturedPlaylistFormPage,
    }),
  },
];
