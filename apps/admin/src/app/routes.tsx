import { Navigate, Outlet, type RouteObject } from 'react-router';
import { PageLoader } from '../components/page-loader';
import { addVideoRoutes } from '../features/add-videos/routes';
import { bannerRoutes } from '../features/banners/routes';
import { featuredPlaylistRoutes } from '../features/featured-playlists/routes';
import { moderationRoutes } from '../features/moderation/routes';
import { notificationRoutes } from '../features/notifications/routes';
import { overviewRoutes } from '../features/overview/routes';
import { popupRoutes } from '../features/popups/routes';
import { productRoutes } from '../features/products/routes';
import { reactionRoutes } from '../features/reactions/routes';
import { releaseAuditRoutes } from '../features/release-audit/routes';
import { sitemapRoutes } from '../features/sitemap/routes';
import { trcRoutes } from '../features/trc/routes';
import { uploadWizardRoutes } from '../features/upload-wizard/routes';
import { AdminLayout } from '../shell/admin-layout';
import { ADMIN_HOME_PATH, DASHBOARD_HOME_PATH } from './paths';
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
              // The dashboard's home is its first tab, the overview; login still lands on All Videos (spec 3 §2).
              { index: true, element: <Navigate to={DASHBOARD_HOME_PATH} replace /> },
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
              ...moderationRoutes,
              ...notificationRoutes,
              ...popupRoutes,
              ...releaseAuditRoutes,
              ...productRoutes,
              ...trcRoutes,
              ...uploadWizardRoutes,
              ...overviewRoutes,
              ...reactionRoutes,
            ],
          },
          ...sitemapRoutes,
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
