import { routeGates } from '@dance/domain';
import { PageLoader } from '@dance/ui';
import { lazy, Suspense } from 'react';
import type { RouteObject } from 'react-router';
import { GateRoute } from '../../app/gate-route';
import { preloadable } from '../../app/preloadable';
import { LegacyPlayerRedirect } from './legacy-redirect';

/** Preloadable: a player page the server rendered is hydrated once its chunk is here (decision 0072). */
export const PlayerPage = preloadable(() => import('./player-page').then((m) => ({ default: m.PlayerPage })));
const HistoryPage = lazy(() => import('./history-page').then((m) => ({ default: m.HistoryPage })));

/**
 * The player's routes, each page its own chunk (hls.js loads later still, when a video opens):
 * /PlayerPage, /History and the legacy playlist views that redirect to the player.
 */
export const playerRoutes: RouteObject[] = [
  {
    path: 'PlayerPage',
    element: (
      <Suspense fallback={<PageLoader />}>
        <PlayerPage />
      </Suspense>
    ),
  },
  {
    path: 'History',
    element: (
      <GateRoute gate={routeGates.account}>
        <Suspense fallback={<PageLoader />}>
          <HistoryPage />
        </Suspense>
      </GateRoute>
    ),
  },
  ...(['featured-playlist-view', 'personal-playlist-view', 'studio-playlist-view'] as const).flatMap(
    (route) => [
      { path: route, element: <LegacyPlayerRedirect route={route} /> },
      { path: `${route}/:playlist/:id`, element: <LegacyPlayerRedirect route={route} /> },
    ],
  ),
];
