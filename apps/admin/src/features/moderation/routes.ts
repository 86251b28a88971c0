import type { RouteObject } from 'react-router';

/** /AdminDashboard/moderation (spec 3 §2): comments and images waiting for an admin, and the settings. */
export const moderationRoutes: RouteObject[] = [
  {
    path: 'moderation',
    lazy: async () => ({ Component: (await import('./moderation-page')).ModerationPage }),
  },
];
