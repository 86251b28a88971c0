import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLayoutEffect } from 'react';
import { type Location, MemoryRouter, useLocation } from 'react-router';
import { createAppApiClient, createAppQueryClient } from '../app/api';
import { AppProviders } from '../app/app-providers';
import { createAppNavigator } from '../app/navigator';
import { AppRoutes } from '../app/router';
import { registerSessionExpiredHandler } from '../app/session-expired';

/** Where the app is: `router.state.location`, kept current by a probe inside the router. */
interface RouterView {
  state: { location: Pick<Location, 'pathname' | 'search' | 'hash'> };
}

/** Renders the whole member app at a path, against the msw API of the test. */
export function renderApp(path: string) {
  const client = createAppApiClient(`${window.location.origin}/api/v1`);
  const queryClient = createAppQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } });
  const { navigate, NavigatorBridge } = createAppNavigator();
  registerSessionExpiredHandler(client, queryClient, navigate);
  const url = new URL(path, window.location.origin);
  const router: RouterView = {
    state: { location: { pathname: url.pathname, search: url.search, hash: url.hash } },
  };

  function LocationProbe() {
    const location = useLocation();
    useLayoutEffect(() => {
      router.state.location = location;
    }, [location]);
    return null;
  }

  const user = userEvent.setup();
  const view = render(
    <AppProviders client={client} queryClient={queryClient} env="test">
      <MemoryRouter initialEntries={[path]}>
        <NavigatorBridge />
        <LocationProbe />
        <AppRoutes />
      </MemoryRouter>
    </AppProviders>,
  );
  return { ...view, user, router, queryClient };
}

/** The layout's lazy popup chunk: tests load it first so their first render does not wait on it. */
export const preloadActivePopup = () => import('../features/popups/active-popup');
