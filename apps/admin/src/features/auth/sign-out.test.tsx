import { screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { adminUser, sessionAs } from '../../test/api-fixtures';
import { server } from '../../test/msw-server';
import { renderAdminApp } from '../../test/render-admin-app';

// Its own file: the login screen's code is not loaded yet, so the guard re-renders during the navigation.
describe('Logout in the user menu (spec 3 §2)', () => {
  it('logs out from the user menu: /login, no "Please Login Again", and the guard refuses afterwards', async () => {
    let logoutCalls = 0;
    server.use(
      sessionAs(adminUser),
      http.post('/api/v1/auth/logout', () => {
        logoutCalls += 1;
        server.use(sessionAs(null));
        return HttpResponse.json({ ok: true });
      }),
    );
    const { app, user, currentPath } = renderAdminApp('/AdminDashboard/AllVideos');

    // The page's lazy chunk first (a slow machine loads it after the shell), so the menu opens on a settled page.
    await screen.findByRole('heading', { name: 'All Videos' }, { timeout: 15_000 });
    // The menu opens in the same render as the click: component tests run Mantine without transitions
    // (renderAdminApp), whose timers a loaded machine stretched past a retried click that closed it again.
    await user.click(screen.getByRole('button', { name: /^Account menu for Ada Admin/ }));
    const logout = await screen.findByRole('menuitem', { name: 'Logout' });
    await user.click(logout);

    expect(await screen.findByRole('heading', { name: 'LogIn' })).toBeInTheDocument();
    expect(currentPath()).toBe('/login');
    expect(logoutCalls).toBe(1);
    expect(screen.queryByText('Please Login Again')).not.toBeInTheDocument();

    await app.router.navigate('/AdminDashboard/AllVideos');
    expect(await screen.findByText('Please Login Again')).toBeInTheDocument();
    await waitFor(() => expect(currentPath()).toBe('/login'));
  }, 60_000);
});
