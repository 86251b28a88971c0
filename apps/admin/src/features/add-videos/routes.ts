import type { RouteObject } from 'react-router';

/** The video-type chooser and the two add-video screens (children of /AdminDashboard). */
export const addVideoRoutes: RouteObject[] = [
  { path: 'add-video', lazy: async () => ({ Component: (await import('./video-type-page')).VideoTypePage }) },
  { path: 'Check', lazy: async () => ({ Component: (await import('./vimeo-add-page')).VimeoAddPage }) },
  {
    path: 'AddClassVideos',
    lazy: async () => ({ Component: (await import('./class-video-page')).ClassVideoPage }),
  },
];
