import { screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { adminUser, memberUser, problem, sessionAs } from '../../test/api-fixtures';
import { server } from '../../test/msw-server';
import { renderAdminApp } from '../../test/render-admin-app';

describe('the admin guard (spec 3 §4)', () => {
  it('sends a visitor without a session to /login with "Please Login Again"', async () => {
    server.use(sessionAs(null));
    const { currentPath } = renderAdminApp('/AdminDashboard/AllVideos');

    expect(await screen.findByText('Please Login Again')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'LogIn' })).toBeInTheDocument();
    expect(currentPath()).toBe('/login');
    expect(screen.queryByRole('navigation', { name: 'Admin sections' })).not.toBeInTheDocument();
  });

  it('refuses a member with "user role does not match" and sends them to /login', async () => {
    server.use(sessionAs(memberUser));
    const { currentPath } = renderAdminApp('/AdminDashboard/moderation');

    expect(await screen.findByText('user role does not match')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'LogIn' })).toBeInTheDocument();
    expect(currentPath()).toBe('/login');
    expect(screen.queryByText('Please Login Again')).not.toBeInTheDocument();
  });

  it('shows a loader while the session loads, then the console to an admin', async () => {
    let releaseSession: () => void = () => undefined;
    const isSessionReleased = new Promise<void>((resolve) => {
      releaseSession = resolve;
    });
    server.use(
      http.get('/api/v1/auth/session', async () => {
        await isSessionReleased;
        return HttpResponse.json({ user: adminUser, csrfToken: 'csrf-test' });
      }),
    );
    const { currentPath } = renderAdminApp('/AdminDashboard/No-Such-Screen');

    expect(await screen.findByRole('status', { name: 'Checking your session' })).toBeInTheDocument();
    releaseSession();

    const nav = await screen.findByRole('navigation', { name: 'Admin sections' });
    expect(nav).toBeInTheDocument();
    // No screen exists at this address: the honest not-found view, inside the layout.
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to All Videos' })).toHaveAttribute(
      'href',
      '/AdminDashboard/AllVideos',
    );
    expect(currentPath()).toBe('/AdminDashboard/No-Such-Screen');
    expect(screen.queryByText('Please Login Again')).not.toBeInTheDocument();
  });

  it('offers a retry when the session cannot be checked, and lets the admin in once it can', async () => {
    server.use(
      http.get(
        '/api/v1/auth/session',
        () => problem(503, 'OVERLOADED', 'The service is busy. Please try again in a moment.'),
        {
          once: true,
        },
      ),
      sessionAs(adminUser),
    );
    const { user, currentPath } = renderAdminApp('/AdminDashboard/AllVideos');

    expect(
      await screen.findByRole('heading', { name: 'We could not check your session' }),
    ).toBeInTheDocument();
    expect(screen.getByText('The service is busy. Please try again in a moment.')).toBeInTheDocument();
    expect(currentPath()).toBe('/AdminDashboard/AllVideos');

    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('navigation', { name: 'Admin sections' })).toBeInTheDocument();
    expect(screen.queryByText('Please Login Again')).not.toBeInTheDocument();
  });
});
