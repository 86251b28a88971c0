import { useCategories } from '@dance/api-client';
import { routeGates } from '@dance/domain';
import { PageLoader } from '@dance/ui';
import { type ComponentType, type LazyExoticComponent, lazy, Suspense } from 'react';
import { type RouteObject, useLocation, useRoutes } from 'react-router';
import { HomePage } from '../features/home/home-page';
import { PlayerPage, playerRoutes } from '../features/player/routes';
import { trcRoutes } from '../features/trc/routes';
import { AppLayout } from '../shell/app-layout';
import { RouteErrorBoundary } from '../shell/route-error';
import { GateRoute } from './gate-route';
import { LIBRARY_PATH, PLAYER_PATH } from './prefetch';
import { preloadable } from './preloadable';

// Everything but the shell and home is its own chunk, so the first page stays small.
const AuthLayout = lazy(() =>
  import('../features/auth/auth-layout').then((m) => ({ default: m.AuthLayout })),
);
const LoginPage = lazy(() => import('../features/auth/login-page').then((m) => ({ default: m.LoginPage })));
const SignUpPage = lazy(() =>
  import('../features/auth/sign-up-page').then((m) => ({ default: m.SignUpPage })),
);
const StudioSignUpPage = lazy(() =>
  import('../features/auth/studio-sign-up-page').then((m) => ({ default: m.StudioSignUpPage })),
);
const ForgotPasswordPage = lazy(() =>
  import('../features/auth/forgot-password-page').then((m) => ({ default: m.ForgotPasswordPage })),
);
const ResetPasswordPage = lazy(() =>
  import('../features/auth/reset-password-page').then((m) => ({ default: m.ResetPasswordPage })),
);
const SetPasswordPage = lazy(() =>
  import('../features/auth/set-password-page').then((m) => ({ default: m.SetPasswordPage })),
);
const PracticePage = lazy(() =>
  import('../features/practice/practice-page').then((m) => ({ default: m.PracticePage })),
);
const AccountPage = lazy(() =>
  import('../features/account/account-page').then((m) => ({ default: m.AccountPage })),
);
const UnsubscribePage = lazy(() =>
  import('../features/account/unsubscribe-page').then((m) => ({ default: m.UnsubscribePage })),
);
const ConfirmEmailPage = lazy(() =>
  import('../features/account/confirm-email-page').then((m) => ({ default: m.ConfirmEmailPage })),
);
const PlansPage = lazy(() => import('../features/plans/plans-page').then((m) => ({ default: m.PlansPage })));
const StudioPlansPage = lazy(() =>
  import('../features/plans/studio-plans-page').then((m) => ({ default: m.StudioPlansPage })),
);
const NotFoundPage = lazy(() =>
  import('../features/not-found/not-found-page').then((m) => ({ default: m.NotFoundPage })),
);
const LibraryPage = preloadable(() =>
  import('../features/library/library-page').then((m) => ({ default: m.LibraryPage })),
);

/** Loads the lazy page of a server-rendered address before it is hydrated (main.tsx). */
export function preloadServerRenderedRoute(pathname: string): Promise<void> {
  if (LIBRARY_PATH.test(pathname)) return LibraryPage.preload();
  if (PLAYER_PATH.test(pathname)) return PlayerPage.preload();
  return Promise.resolve();
}
const SearchPage = lazy(() =>
  import('../features/search/search-page').then((m) => ({ default: m.SearchPage })),
);
const SavedPage = lazy(() => import('../features/saved/saved-page').then((m) => ({ default: m.SavedPage })));
const ClassesPage = lazy(() =>
  import('../features/classes/classes-page').then((m) => ({ default: m.ClassesPage })),
);

const playlistsPage = (name: 'FeaturedPlaylistsPage' | 'PersonalPlaylistsPage' | 'StudioPlaylistsPage') =>
  lazy(() => import('../features/playlists/playlists-page').then((m) => ({ default: m[name] })));
const FeaturedPlaylistsPage = playlistsPage('FeaturedPlaylistsPage');
const PersonalPlaylistsPage = playlistsPage('PersonalPlaylistsPage');
const StudioPlaylistsPage = playlistsPage('StudioPlaylistsPage');
const AllPlaylistsPage = lazy(() =>
  import('../features/playlists/all-playlists-page').then((m) => ({ default: m.AllPlaylistsPage })),
);

function renderLazy(Page: LazyExoticComponent<ComponentType> | ComponentType) {
  return (
    <Suspense fallback={<PageLoader />}>
      <Page />
    </Suspense>
  );
}

/**
 * The member routes. React Router matches paths case-insensitively, so `/login` also serves `/Login`
 * and `/SignUp` also serves `/signup` (spec 1 §2 keeps both spellings).
 */
export const appRoutes: RouteObject[] = [
  {
    element: renderLazy(AuthLayout),
    children: [
      { path: 'login', element: renderLazy(LoginPage) },
      { path: 'SignUp', element: renderLazy(SignUpPage) },
      { path: 'StudioSignUp', element: renderLazy(StudioSignUpPage) },
      { path: 'forgot', element: renderLazy(ForgotPasswordPage) },
      { path: 'reset_password/:id/:token', element: renderLazy(ResetPasswordPage) },
      { path: 'set-password/:id', element: renderLazy(SetPasswordPage) },
    ],
  },
  {
    element: <AppLayout />,
    children: [
      { index: true, element: <HomePage /> },
      { path: 'home', element: <HomePage /> },
      { path: 'confirm-email/:userId/:token', element: renderLazy(ConfirmEmailPage) },
      { path: 'unsubscribe', element: renderLazy(UnsubscribePage) },
      ...playerRoutes,
      ...trcRoutes,
      // The library pages of spec 1 §2 (one page component reads which one from the path).
      ...['AllVideos', 'Lessons', 'Exercises', 'Acrossthefloor', 'Library'].map((path) => ({
        path,
        element: renderLazy(LibraryPage),
      })),
      { path: 'result', element: renderLazy(SearchPage) },
      // Plans: /Plans, /plans and /plan (routes match case-insensitively); /studioPlans.
      { path: 'plans', element: renderLazy(PlansPage) },
      { path: 'plan', element: renderLazy(PlansPage) },
      { path: 'studioPlans', element: renderLazy(StudioPlansPage) },
      {
        path: 'practice',
        element: <GateRoute gate={routeGates.account}>{renderLazy(PracticePage)}</GateRoute>,
      },
      {
        path: 'account',
        element: <GateRoute gate={routeGates.account}>{renderLazy(AccountPage)}</GateRoute>,
      },
      // Gated routes whose features arrive later: the redirect for guests already holds.
      {
        path: 'saved',
        element: <GateRoute gate={routeGates.saved}>{renderLazy(SavedPage)}</GateRoute>,
      },
      {
        path: 'classes',
        element: <GateRoute gate={routeGates.classes}>{renderLazy(ClassesPage)}</GateRoute>,
      },
      {
        path: 'personal-playlist',
        element: (
          <GateRoute gate={routeGates.personalPlaylists}>{renderLazy(PersonalPlaylistsPage)}</GateRoute>
        ),
      },
      {
        path: 'studio-playlist',
        element: <GateRoute gate={routeGates.studioPlaylists}>{renderLazy(StudioPlaylistsPage)}</GateRoute>,
      },
      { path: 'featured-playlist', element: renderLazy(FeaturedPlaylistsPage) },
      { path: 'all-playlist', element: renderLazy(AllPlaylistsPage) },
      // A category added later has a page of its own at its route path (issue 22 item 11); any other
      // address is not found.
      { path: '*', element: <CategoryOrNotFound /> },
    ],
  },
];

function CategoryOrNotFound() {
  const { pathname } = useLocation();
  const categories = useCategories();
  const path = pathname.replace(/\/+$/, '').toLowerCase();
  if (categories.isPending) return <PageLoader />;
  const isCategory = (categories.data ?? []).some(
    (c) => c.routePath !== null && c.routePath.toLowerCase() === path && path !== '/classes',
  );
  return renderLazy(isCategory ? LibraryPage : NotFoundPage);
}

/**
 * The member pages for the current address, under the error page. A declarative router: the app uses
 * no loaders or actions, and the data router's code would add about 16 kB gzip to the first page.
 */
export function AppRoutes() {
  const element = useRoutes(appRoutes);
  const { pathname } = useLocation();
  return <RouteErrorBoundary resetKey={pathname}>{element}</RouteErrorBoundary>;
}
