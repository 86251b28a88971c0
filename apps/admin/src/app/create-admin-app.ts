import { type ApiClient, createApiClient, queryKeys } from '@dance/api-client';
import { MESSAGES } from '@dance/domain';
import type { QueryClient } from '@tanstack/react-query';
import type { createBrowserRouter, RouteObject } from 'react-router';
import { showAuthNotice } from '../features/auth/auth-notice';
import { LOGIN_PATH } from './paths';
import { createQueryClient } from './query-client';
import { adminRoutes } from './routes';

export type AdminRouter = ReturnType<typeof createBrowserRouter>;

export interface AdminApp {
  apiClient: ApiClient;
  queryClient: QueryClient;
  router: AdminRouter;
}

/**
 * Builds the console's long-lived objects once: the API client, the query cache and the router (a browser
 * router in the app, a memory router in tests), and wires the one reaction to a lost session.
 */
export function createAdminApp(createRouter: (routes: RouteObject[]) => AdminRouter): AdminApp {
  const apiClient = createApiClient();
  const queryClient = createQueryClient();
  const router = createRouter(adminRoutes);
  apiClient.setSessionExpiredHandler(() => {
    queryClient.clear();
    queryClient.setQueryData(queryKeys.session, null);
    showAuthNotice(MESSAGES.pleaseLoginAgain);
    void router.navigate(LOGIN_PATH, { replace: true });
  });
  return { apiClient, queryClient, router };
}
