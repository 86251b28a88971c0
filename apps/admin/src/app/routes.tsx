import { Navigate, Outlet, type RouteObject } from 'react-router';
import { PageLoader } from '../components/page-loader';
import { addVideoRoutes } from '../features/add-videos/routes';
import { bannerRoutes } from '../features/banners/routes';
import { featuredPlaylistRoutes } from '../features/featured-playlists/routes';
import { notificationRoutes } from '../features/notifications/routes';
import { popupRoutes } from '../features/popups/routes';
import { uploadWizardRoutes } from '../features/upload-wizard/routes';
import { AdminLayout } from '../shell/admin-layout';
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
            children: [
              { index: true, element: <Navigate to={ADMIN_HOME_PATH} replace /> },
              {
                path: 'AllVideos',
                lazy: async () => ({
                  Component: (await import('../features/all-videos/all-videos-page')).AllVideosPage,
                }),
              },
              {
                path: 'AddCategory',
                lazy: async () => ({
                  Component: (await import('../features/categories/categories-page')).CategoriesPage,
                }),
              },
              {
                path: 'TagManagement',
                lazy: async () => ({ Component: (await import('../features/tags/tags-page')).TagsPage }),
              },
              {
                path: 'Instructors',
                lazy: async () => ({
                  Component: (await import('../features/instructors/instructors-page')).InstructorsPage,
                }),
              },
              {
                path: 'AllUsers',
                lazy: async () => ({ Component: (await import('../features/users/users-page')).UsersPage }),
              },
              ...addVideoRoutes,
              ...bannerRoutes,
              ...featuredPlaylistRoutes,
              ...notificationRoutes,
              ...popupRoutes,
              ...uploadWizardRoutes,
            ],
          },
          {
            path: '*',
            lazy: async () => ({
              Component: (await import('../shell/admin-not-found-page')).AdminNotFoundPage,
            }),
          },
        ],
      },
    ],
  },
];
