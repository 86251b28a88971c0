/** The LIBRARY sub-items of the sidebar (spec 1 §2), in their public URL spelling. */
export const LIBRARY_ITEMS = [
  { label: 'All Videos', to: '/AllVideos' },
  { label: 'Lessons', to: '/Lessons' },
  { label: 'Exercises', to: '/Exercises' },
  { label: 'Across the floor', to: '/Acrossthefloor' },
  { label: 'Library', to: '/Library' },
] as const;

/** Routes match case-insensitively, so the sidebar's highlighting does too. */
export function isSamePath(pathname: string, to: string): boolean {
  return pathname.replace(/\/+$/, '').toLowerCase() === to.toLowerCase();
}

export function isLibraryPath(pathname: string): boolean {
  return LIBRARY_ITEMS.some((item) => isSamePath(pathname, item.to));
}

export function isHomePath(pathname: string): boolean {
  return pathname === '/' || isSamePath(pathname, '/home');
}

/** The playlist pages of spec 1 §2: the sidebar's "Playlists" entry stays lit on each of them. */
export const PLAYLIST_PATHS = [
  '/all-playlist',
  '/featured-playlist',
  '/personal-playlist',
  '/studio-playlist',
];

export function isPlaylistPath(pathname: string): boolean {
  return PLAYLIST_PATHS.some((to) => isSamePath(pathname, to));
}

export function isPlayerPath(pathname: string): boolean {
  return isSamePath(pathname, '/PlayerPage');
}

/** Every Teacher Resource Center page (/trc and below): the sidebar's TRC entry stays lit on each. */
export function isTrcPath(pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '').toLowerCase();
  return path === '/trc' || path.startsWith('/trc/');
}
