import type { RouteObject } from 'react-router';

/** The reaction list and its statistics (children of /AdminDashboard). */
export const reactionRoutes: RouteObject[] = [
  {
    path: 'Reaction',
    children: [
      { index: true, lazy: async () => ({ Component: (await import('./reactions-page')).ReactionsPage }) },
      {
        path: 'reaction-stats',
        lazy: async () => ({ Component: (await import('./reaction-stats-page')).ReactionStatsPage }),
      },
    ],
  },
];
