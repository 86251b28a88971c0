import { Navigate, Outlet, type RouteObject } from 'react-router';
import { PageLoader } from '../components/page-loader';
import { AdminLayout } from '../features/shell/admin-layout';
import { ADMIN_HOME_PATH } from './paths';
import { RouteErrorPage } from './route-error-page';

/**
 * The console's routes. Matching ignores case, so the spec's spellings (/Login, /AdminDashBoard/Instructors,
 * popup/Popup, TRC-approval/trc-approval) all reach the same screen. A section's screens live in
 * src/features/<section>/ and join the AdminDashboard children below as lazy routes; until then their
 * addresses fall to the not-found view inside the layout.
 */
export const adminRoutes: RouteObject[] = [
  {
    id: 'root',
    element: <Outlet />,
    HydrateFallback: () => <PageLoader isFullScreen />,
    errorElement: <RouteErrorPage />,
    children: [
      {
        path: 'login',
        lazy: async () => ({ Component: (await import('../features/auth/login-page')).LoginPage }),
      },
      { index: true, element: <Navigate to={ADMIN_HOME_PATH} replace /> },
      {
        element: <AdminLayout />,
        children: [
          {
            path: 'AdminDashboard',
            children: [{ index: true, element: <Navigate to={ADMIN_HOME_PATH} replace /> }],
          },
          {
            path: '*',
            lazy: async () => ({
              Component: (await import('../features/shell/admin-not-found-page')).AdminNotFoundPage,
            }),
          },
        ],
      },
    ],
  },
];
