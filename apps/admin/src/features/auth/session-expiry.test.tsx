import { authEndpoints } from '@dance/domain';
import { screen } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { adminUser, sessionAs, unauthenticated } from '../../test/api-fixtures';
import { server } from '../../test/msw-server';
import { renderAdminApp } from '../../test/render-admin-app';

// Its own file: the login screen's code is not loaded yet, so the guard re-renders during the navigation.
describe('a session lost while the console is open', () => {
  it('answers a session lost later with one "Please Login Again" and /login', async () => {
    server.use(sessionAs(adminUser));
    const { app, currentPath } = renderAdminApp('/AdminDashboard/AllVideos');
    await screen.findByRole('navigation', { name: 'Admin sections' });

    server.use(http.get('/api/v1/auth/session', unauthenticated));
    await expect(app.apiClient.call(authEndpoints.session)).rejects.toThrow();

    expect(await screen.findByRole('heading', { name: 'LogIn' })).toBeInTheDocument();
    expect(currentPath()).toBe('/login');
    expect(screen.getAllByText('Please Login Again')).toHaveLength(1);
  });
});
