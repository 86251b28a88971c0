import type { RouteObject } from 'react-router';

/** The business overview, the dashboard's first tab (child of /AdminDashboard). */
export const overviewRoutes: RouteObject[] = [
  { path: 'Overview', lazy: async () => ({ Component: (await import('./overview-page')).OverviewPage }) },
];
