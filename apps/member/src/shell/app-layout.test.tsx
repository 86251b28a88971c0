import { MESSAGES, type TSessionUser } from '@dance/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { apiUrl, problem, sessionHandler, users } from '../test/fixtures';
import { renderApp } from '../test/render-app';
import { server } from '../test/server';

async function renderAs(user: TSessionUser | null, path = '/') {
  server.use(sessionHandler(user));
  const view = renderApp(path);
  // Wait for the session: the header shows the profile menu or the guest's sign-up button.
  if (user) await screen.findByRole('button', { name: /^Open profile menu/ });
  else await screen.findByRole('link', { name: 'Log in' });
  return view;
}

function sidebar() {
  return within(screen.getAllByRole('navigation', { name: 'Main' })[0]!);
}

describe('header', () => {
  it('gives guests a login icon and SIGN UP, and no UPGRADE', async () => {
    await renderAs(null);
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    const signUpLinks = screen.getAllByRole('link', { name: 'SIGN UP' });
    expect(signUpLinks.every((link) => link.getAttribute('href') === '/SignUp')).toBe(true);
    expect(screen.queryByRole('link', { name: 'UPGRADE' })).not.toBeInTheDocument();
    expect(
      screen.getByRole('heading', { name: 'Join The Community and Access Exclusive Content' }),
    ).toBeInTheDocument();
  });

  it.each([
    ['a subscribed member without a user type', true, users.subscribedNoType],
    ['an individual member', false, users.individual],
    ['a member without a subscription', false, users.newbie],
    ['a VIP member', false, users.vip],
    ['a studio owner', false, users.studioOwner],
    ['a sub-user', false, users.subuser],
    ['an admin', false, users.admin],
  ])('%s sees UPGRADE: %s', async (_kind, isShown, user) => {
    await renderAs(user);
    const upgrade = screen.queryByRole('link', { name: 'UPGRADE' });
    if (isShown) expect(upgrade).toHaveAttribute('href', '/plans');
    else expect(upgrade).not.toBeInTheDocument();
  });

  it('searches only with at least 3 characters, on Enter or the button', async () => {
    const { user, router } = await renderAs(null);
    const box = screen.getAllByRole('searchbox', { name: 'Search videos' })[0]!;
    await user.type(box, 'ta{Enter}');
    expect(router.state.location.pathname).toBe('/');
    // Not silently: the field says why (issue 22 item 7).
    expect(screen.getAllByText('Please enter at least 3 characters')[0]).toBeInTheDocument();
    await user.type(box, 'p');
    await user.click(screen.getAllByRole('button', { name: 'Search' })[0]!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/result'));
    expect(router.state.location.search).toBe('?search_query=tap');
  });

  it('searches on Tab too', async () => {
    const { user, router } = await renderAs(null);
    await user.type(screen.getAllByRole('searchbox', { name: 'Search videos' })[0]!, 'ballet');
    await user.tab();
    await waitFor(() => expect(router.state.location.search).toBe('?search_query=ballet'));
  });

  it('logs out from the profile menu and lands on /login', async () => {
    server.use(http.post(apiUrl('/auth/logout'), () => HttpResponse.json({ ok: true })));
    localStorage.setItem('autoSubscribePlan', 'standard-yearly');
    const { user, router } = await renderAs(users.individual);
    await user.click(screen.getByRole('button', { name: /^Open profile menu/ }));
    expect(screen.getByRole('menuitem', { name: 'My account' })).toHaveAttribute('href', '/account');
    expect(screen.getByRole('menuitem', { name: 'History' })).toHaveAttribute('href', '/History');
    await user.click(screen.getByRole('menuitem', { name: 'Logout' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(localStorage.getItem('autoSubscribePlan')).toBeNull();
  });
});

describe('sidebar', () => {
  it('lists the entries of the spec in order, with Help & Support opening a new tab', async () => {
    await renderAs(null);
    const nav = sidebar();
    const labels = nav
      .getAllByRole('link')
      .map((link) => link.textContent?.replace('(opens in a new tab)', '').trim());
    expect(labels).toEqual([
      'HOME',
      'Playlists',
      'CLASSES',
      'SAVED',
      'PLANS',
      'MY ACCOUNT',
      'Teacher Resource Center',
      'Help & Support',
    ]);
    expect(nav.getByRole('link', { name: /Help & Support/ })).toHaveAttribute('target', '_blank');
    expect(nav.getByRole('button', { name: 'LIBRARY' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('offers a member their History after SAVED (issue 22 item 8), and the footer shows this year', async () => {
    await renderAs(users.individual);
    const labels = sidebar()
      .getAllByRole('link')
      .map((link) => link.textContent?.replace('(opens in a new tab)', '').trim());
    expect(labels.slice(labels.indexOf('SAVED'), labels.indexOf('SAVED') + 2)).toEqual(['SAVED', 'HISTORY']);
    expect(sidebar().getByRole('link', { name: 'HISTORY' })).toHaveAttribute('href', '/History');
    expect(screen.getByText(new RegExp(`© ${new Date().getFullYear()} Dance Training`))).toBeInTheDocument();
  });

  it.each([
    ['guests', true, null],
    ['individual members', true, users.individual],
    ['studio owners', true, users.studioOwner],
    ['sub-users', true, users.subuser],
    ['VIP members', true, users.vip],
    ['admins', false, users.admin],
  ])('%s see PLANS: %s', async (_kind, isShown, user) => {
    await renderAs(user);
    const plans = sidebar().queryByRole('link', { name: 'PLANS' });
    if (isShown) expect(plans).toHaveAttribute('href', '/plans');
    else expect(plans).not.toBeInTheDocument();
  });

  it('expands and collapses LIBRARY', async () => {
    const { user } = await renderAs(null);
    const library = sidebar().getByRole('button', { name: 'LIBRARY' });
    await user.click(library);
    expect(library).toHaveAttribute('aria-expanded', 'true');
    const items = ['All Videos', 'Lessons', 'Exercises', 'Across the floor', 'Library'];
    // The sub-items slide open, so they appear a moment after the click.
    for (const name of items) expect(await sidebar().findByRole('link', { name })).toBeInTheDocument();
    expect(sidebar().getByRole('link', { name: 'Across the floor' })).toHaveAttribute(
      'href',
      '/Acrossthefloor',
    );
    await user.click(library);
    expect(library).toHaveAttribute('aria-expanded', 'false');
  });

  it.each(['/AllVideos', '/Lessons', '/Exercises', '/Acrossthefloor', '/Library'])(
    'opens LIBRARY by itself on %s and marks the page',
    async (path) => {
      await renderAs(null, path);
      expect(sidebar().getByRole('button', { name: 'LIBRARY' })).toHaveAttribute('aria-expanded', 'true');
      const current = sidebar()
        .getAllByRole('link')
        .find((link) => link.getAttribute('aria-current') === 'page');
      expect(current).toHaveAttribute('href', path);
    },
  );
});

describe('route gates', () => {
  it.each(['/saved', '/classes'])('sends a guest from %s to /SignUp', async (path) => {
    const { router } = await renderAs(null, path);
    await waitFor(() => expect(router.state.location.pathname).toBe('/SignUp'));
  });

  it('sends a guest from /personal-playlist home and from /account to /login', async () => {
    const first = await renderAs(null, '/personal-playlist');
    await waitFor(() => expect(first.router.state.location.pathname).toBe('/'));
    first.unmount();
    const second = await renderAs(null, '/account');
    await waitFor(() => expect(second.router.state.location.pathname).toBe('/login'));
  });

  it('lets a member through /saved', async () => {
    const { router } = await renderAs(users.individual, '/saved');
    expect(await screen.findByRole('heading', { name: 'Saved videos' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/saved');
  });

  it('shows a loader, not the guest UI, while the session loads', async () => {
    let release: () => void = () => {};
    server.use(
      http.get(apiUrl('/auth/session'), async () => {
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        return problem(401, 'UNAUTHENTICATED', 'Please login first');
      }),
    );
    renderApp('/');
    expect((await screen.findAllByRole('status')).length).toBeGreaterThan(0);
    expect(screen.queryByRole('link', { name: 'SIGN UP' })).not.toBeInTheDocument();
    release();
    expect(await screen.findByRole('heading', { name: /Join The Community/ })).toBeInTheDocument();
  });
});

describe('lost session', () => {
  it('clears the user, says "Please Login Again" and goes to /login', async () => {
    server.use(
      http.put(apiUrl('/account/password'), () =>
        problem(401, 'SESSION_EXPIRED', 'Your session has expired'),
      ),
    );
    const { user, router } = await renderAs(users.individual, '/account');
    await user.type(await screen.findByLabelText('Current password'), 'Dance123!');
    await user.type(screen.getByLabelText('New password'), 'Dance1234!');
    await user.type(screen.getByLabelText('Confirm new password'), 'Dance1234!');
    await user.click(screen.getByRole('button', { name: 'UPDATE PASSWORD' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByText(MESSAGES.pleaseLoginAgain)).toBeInTheDocument();
  });
});

describe('sidebar beside the page', () => {
  // The shell's root: the element holding the fixed header.
  const root = () => document.querySelector('header')?.parentElement as HTMLElement;

  it('is collapsed on the player page at once (no sliding), and slides only when the member toggles it', async () => {
    const { user } = await renderAs(users.vip, '/PlayerPage?v=v1');
    expect(root()).toHaveAttribute('data-collapsed');
    expect(root()).not.toHaveAttribute('data-animated');
    await user.click(screen.getByRole('button', { name: 'Toggle menu' }));
    expect(root()).not.toHaveAttribute('data-collapsed');
    expect(root()).toHaveAttribute('data-animated');
    // Another kind of page: open, as it always is there, and without the slide.
    await user.click(sidebar().getByRole('link', { name: 'HOME' }));
    await waitFor(() => expect(root()).not.toHaveAttribute('data-animated'));
    expect(root()).not.toHaveAttribute('data-collapsed');
  });
});
