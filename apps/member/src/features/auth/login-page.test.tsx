import { MESSAGES } from '@dance/domain';
import { screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { goToUrl } from '../../shared/go-to-url';
import { apiUrl, offContract, problem, sessionHandler, sessionOf, users } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';
import { server } from '../../test/server';

vi.mock('../../shared/go-to-url', () => ({ goToUrl: vi.fn() }));

describe('login', () => {
  it('has the LogIn heading, an email input, a password toggle and the links of the spec', async () => {
    server.use(sessionHandler(null));
    const { user } = renderApp('/Login');
    expect(await screen.findByRole('heading', { name: 'LogIn' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    const password = screen.getByLabelText('Password');
    expect(password).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forgot');
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/SignUp');
    expect(screen.getByRole('link', { name: 'Dance Training home' })).toHaveAttribute('href', '/');
  });

  it('asks for the email and the password, and clears each message on input', async () => {
    server.use(sessionHandler(null));
    const { user } = renderApp('/login');
    await user.click(await screen.findByRole('button', { name: 'LOG IN' }));
    expect(await screen.findByText(MESSAGES.emailRequired)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.passwordRequired)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email'), 'a');
    expect(screen.queryByText(MESSAGES.emailRequired)).not.toBeInTheDocument();
    expect(screen.getByText(MESSAGES.passwordRequired)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Password'), 'b');
    expect(screen.queryByText(MESSAGES.passwordRequired)).not.toBeInTheDocument();
  });

  it("shows the server's message when the login fails", async () => {
    server.use(
      sessionHandler(null),
      http.post(apiUrl('/auth/login'), () =>
        problem(401, 'INVALID_CREDENTIALS', MESSAGES.invalidCredentials),
      ),
    );
    const { user, router } = renderApp('/login');
    await user.type(await screen.findByLabelText('Email'), 'dancer@demo.test');
    await user.type(screen.getByLabelText('Password'), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'LOG IN' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.invalidCredentials);
    expect(router.state.location.pathname).toBe('/login');
  });

  it('refuses a user whose role is not user or admin', async () => {
    server.use(
      sessionHandler(null),
      http.post(apiUrl('/auth/login'), () =>
        HttpResponse.json(
          { user: { ...users.individual, role: 'superuser' }, csrfToken: 'x' },
          offContract('the login page refuses a role the API never sends'),
        ),
      ),
    );
    const { user, router } = renderApp('/login');
    await user.type(await screen.findByLabelText('Email'), 'odd@example.com');
    await user.type(screen.getByLabelText('Password'), 'Secret123');
    await user.click(screen.getByRole('button', { name: 'LOG IN' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.invalidUserType);
    expect(router.state.location.pathname).toBe('/login');
  });

  it('sends a member home, greeted by name', async () => {
    server.use(
      sessionHandler(null),
      http.post(apiUrl('/auth/login'), () => HttpResponse.json(sessionOf(users.individual))),
    );
    const { user, router } = renderApp('/login');
    await user.type(await screen.findByLabelText('Email'), 'dancer@demo.test');
    await user.type(screen.getByLabelText('Password'), 'Dance123!');
    await user.click(screen.getByRole('button', { name: 'LOG IN' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByRole('heading', { name: 'Welcome, Dana Dancer.' })).toBeInTheDocument();
  });

  it('sends an admin to the admin console', async () => {
    server.use(
      sessionHandler(null),
      http.post(apiUrl('/auth/login'), () => HttpResponse.json(sessionOf(users.admin))),
    );
    const { user } = renderApp('/login');
    await user.type(await screen.findByLabelText('Email'), 'admin@demo.test');
    await user.type(screen.getByLabelText('Password'), 'Dance123!');
    await user.click(screen.getByRole('button', { name: 'LOG IN' }));
    await waitFor(() =>
      expect(vi.mocked(goToUrl)).toHaveBeenCalledWith('http://localhost:5174/AdminDashboard/AllVideos'),
    );
  });
});
