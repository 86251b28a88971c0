import { routeGates } from '@dance/domain';
import { PageLoader } from '@dance/ui';
import type { RouteObject } from 'react-router';
import { GateRoute } from '../auth/gate-route';
import { LegacyPlayerRedirect } from './legacy-redirect';

/**
 * The player's routes, each page its own chunk (hls.js loads later still, when a video opens):
 * /PlayerPage, /History and the legacy playlist views that redirect to the player.
 */
export const playerRoutes: RouteObject[] = [
  {
    path: 'PlayerPage',
    lazy: () => import('./player-page').then((m) => ({ Component: m.PlayerPage })),
    hydrateFallbackElement: <PageLoader />,
  },
  {
    path: 'History',
    lazy: () =>
      import('./history-page').then((m) => ({
        Component: () => (
          <GateRoute gate={routeGates.account}>
            <m.HistoryPage />
          </GateRoute>
        ),
      })),
  },
  ...(['featured-playlist-view', 'personal-playlist-view', 'studio-playlist-view'] as const).flatMap(
    (route) => [
      { path: route, element: <LegacyPlayerRedirect route={route} /> },
      { path: `${route}/:playlist/:id`, element: <LegacyPlayerRedirect route={route} /> },
    ],
  ),
];
