import { routeGates } from '@dance/domain';
import { PageLoader } from '@dance/ui';
import { type ComponentType, type LazyExoticComponent, lazy, Suspense } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { GateRoute } from '../features/auth/gate-route';
import { HomePage } from '../features/home/home-page';
import { AppLayout } from '../shell/app-layout';
import { RouteError } from '../shell/route-error';

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
const AccountPage = lazy(() =>
  import('../features/account/account-page').then((m) => ({ default: m.AccountPage })),
);
const NotFoundPage = lazy(() =>
  import('../features/not-found/not-found-page').then((m) => ({ default: m.NotFoundPage })),
);

function renderLazy(Page: LazyExoticComponent<ComponentType>) {
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
    errorElement: <RouteError />,
    children: [
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
          {
            path: 'account',
            element: <GateRoute gate={routeGates.account}>{renderLazy(AccountPage)}</GateRoute>,
          },
          // Gated routes whose features arrive later: the redirect for guests already holds.
          {
            path: 'saved',
            element: <GateRoute gate={routeGates.saved}>{renderLazy(NotFoundPage)}</GateRoute>,
          },
          {
            path: 'classes',
            element: <GateRoute gate={routeGates.classes}>{renderLazy(NotFoundPage)}</GateRoute>,
          },
          {
            path: 'personal-playlist',
            element: <GateRoute gate={routeGates.personalPlaylists}>{renderLazy(NotFoundPage)}</GateRoute>,
          },
          {
            path: 'studio-playlist',
            element: <GateRoute gate={routeGates.studioPlaylists}>{renderLazy(NotFoundPage)}</GateRoute>,
          },
          { path: '*', element: renderLazy(NotFoundPage) },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(appRoutes);
}
