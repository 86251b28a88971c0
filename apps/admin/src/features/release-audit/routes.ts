import type { RouteObject } from 'react-router';

/** The release audit (child of /AdminDashboard). */
export const releaseAuditRoutes: RouteObject[] = [
  {
    path: 'release-audit',
    lazy: async () => ({ Component: (await import('./release-audit-page')).ReleaseAuditPage }),
  },
];
