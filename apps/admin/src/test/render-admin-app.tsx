import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { AdminApp } from '../app/admin-app';
import { createAdminApp } from '../app/create-admin-app';

/** The whole console (providers, guard, layout, lazy routes) at one address, on a memory router. */
export function renderAdminApp(path: string) {
  const app = createAdminApp((routes) => createMemoryRouter(routes, { initialEntries: [path] }));
  const user = userEvent.setup();
  const view = render(<AdminApp {...app} env="test" />);
  return { ...view, app, user, currentPath: () => app.router.state.location.pathname };
}
