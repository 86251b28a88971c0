import type { RouteObject } from 'react-router';

/** The notifications page (child of /AdminDashboard). */
export const notificationRoutes: RouteObject[] = [
  {
    path: 'notification',
    lazy: async () => ({ Component: (await import('./notifications-page')).NotificationsPage }),
  },
];
