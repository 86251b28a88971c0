import { screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { adminUser, invalidCredentials, memberUser, problem, sessionAs } from '../../test/api-fixtures';
import { server } from '../../test/msw-server';
import { renderAdminApp } from '../../test/render-admin-app';

async function openLogin() {
  const rendered = renderAdminApp('/login');
  await screen.findByRole('heading', { name: 'LogIn' });
  return rendered;
}

describe('the admin login form', () => {
  it('asks for the email and the password, and clears each message on input', async () => {
    server.use(sessionAs(null));
    const { user } = await openLogin();

    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Please fill in your email')).toBeInTheDocument();
    expect(screen.getByText('Please Enter your password')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Email'), 'a');
    expect(screen.queryByText('Please fill in your email')).not.toBeInTheDocument();
    expect(screen.getByText('Please Enter your password')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Password'), 'x');
    expect(screen.queryByText('Please Enter your password')).not.toBeInTheDocument();
  });

  it('shows and hides the password', async () => {
    server.use(sessionAs(null));
    const { user } = await openLogin();
    const password = screen.getByLabelText('Password');
    await user.type(password, 'Dance123!');
    expect(password).toHaveAttribute('type', 'password');

    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password).toHaveAttribute('type', 'password');
  });

  it("shows the server's message when the login fails", async () => {
    server.use(sessionAs(null), http.post('/api/v1/auth/login', invalidCredentials));
    const { user, currentPath } = await openLogin();

    await user.type(screen.getByLabelText('Email'), 'admin@demo.test');
    await user.type(screen.getByLabelText('Password'), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password');
    expect(currentPath()).toBe('/login');
  });

  it('puts field messages from a rejected request under their fields', async () => {
    server.use(
      sessionAs(null),
      http.post('/api/v1/auth/login', () =>
        problem(400, 'VALIDATION_FAILED', 'Some fields are not valid.', {
          fields: { email: 'Please enter a valid email address' },
        }),
      ),
    );
    const { user } = await openLogin();

    await user.type(screen.getByLabelText('Email'), 'admin@demo.test');
    await user.type(screen.getByLabelText('Password'), 'Dance123!');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Some fields are not valid.');
  });

  it('lands an admin on /AdminDashboard/AllVideos', async () => {
    let loginBody: unknown = null;
    server.use(
      sessionAs(null),
      http.post('/api/v1/auth/login', async ({ request }) => {
        loginBody = await request.json();
        return HttpResponse.json({ user: adminUser, csrfToken: 'csrf-test' });
      }),
    );
    const { user, currentPath } = await openLogin();

    await user.type(screen.getByLabelText('Email'), 'admin@demo.test');
    await user.type(screen.getByLabelText('Password'), 'Dance123!');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    expect(await screen.findByRole('navigation', { name: 'Admin sections' })).toBeInTheDocument();
    expect(currentPath()).toBe('/AdminDashboard/AllVideos');
    expect(screen.getByRole('link', { name: 'All Videos' })).toHaveAttribute('aria-current', 'page');
    expect(loginBody).toEqual({ email: 'admin@demo.test', password: 'Dance123!' });
  });

  it('logs a member out again, says "user role does not match" and stays on /login', async () => {
    let logoutCsrf: string | null = null;
    server.use(
      sessionAs(null),
      http.post('/api/v1/auth/login', () =>
        HttpResponse.json({ user: memberUser, csrfToken: 'csrf-member' }),
      ),
      http.post('/api/v1/auth/logout', ({ request }) => {
        logoutCsrf = request.headers.get('x-csrf-token');
        return HttpResponse.json({ ok: true });
      }),
    );
    const { user, currentPath } = await openLogin();

    await user.type(screen.getByLabelText('Email'), 'dancer@demo.test');
    await user.type(screen.getByLabelText('Password'), 'Dance123!');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    expect(await screen.findByText('user role does not match')).toBeInTheDocument();
    await waitFor(() => expect(logoutCsrf).toBe('csrf-member'));
    expect(currentPath()).toBe('/login');
    expect(screen.getByRole('heading', { name: 'LogIn' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Admin sections' })).not.toBeInTheDocument();
  });

  it('sends an admin who is already signed in straight to All Videos, also from /Login', async () => {
    server.use(sessionAs(adminUser));
    const { currentPath } = renderAdminApp('/Login');

    expect(await screen.findByRole('navigation', { name: 'Admin sections' })).toBeInTheDocument();
    expect(currentPath()).toBe('/AdminDashboard/AllVideos');
  });
});
