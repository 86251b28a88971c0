import { createElement } from 'react';
import { Navigate, type RouteObject } from 'react-router';

/** The video-type chooser and the two add-video screens (children of /AdminDashboard). */
export const addVideoRoutes: RouteObject[] = [
  { path: 'add-video', lazy: async () => ({ Component: (await import('./video-type-page')).VideoTypePage }) },
  { path: 'Check', lazy: async () => ({ Component: (await import('./vimeo-add-page')).VimeoAddPage }) },
  // The spec's other name of the same screen (spec 3 §2: "also reached as AddVideos(vimeo)").
  {
    path: 'AddVideos(vimeo)',
    element: createElement(Navigate, { to: '/AdminDashboard/Check', replace: true }),
  },
  {
    path: 'AddClassVideos',
    lazy: async () => ({ Component: (await import('./class-video-page')).ClassVideoPage }),
  },
];
