import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { apiUrl, problem, sessionHandler, users, videoCard } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';
import { server } from '../../test/server';

const card = (n: number) =>
  videoCard(n, {
    id: `b0000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    title: `Turn sequence ${n}`,
    durationSeconds: 600,
  });

const inProgress = [card(1), card(2)];

function homeHandlers(historyCalls: URLSearchParams[]) {
  return [
    http.get(apiUrl('/popups/active'), () => HttpResponse.json({ popup: null })),
    http.get(apiUrl('/home'), () =>
      HttpResponse.json({
        banner: null,
        groups: [
          { name: 'Continue Watching', videos: inProgress },
          { name: 'Recent Releases', videos: [card(3)] },
        ],
      }),
    ),
    http.get(apiUrl('/me/history'), ({ request }) => {
      historyCalls.push(new URL(request.url).searchParams);
      return HttpResponse.json({
        items: [
          { video: inProgress[0], positionSeconds: 150, durationSeconds: 600, progress: 0.25 },
          { video: inProgress[1], positionSeconds: 420, durationSeconds: 600, progress: 0.7 },
        ].map((item) => ({ ...item, isCompleted: false, watchedAt: '2026-01-02T10:00:00.000Z' })),
        total: 2,
        page: 1,
        pageSize: 12,
      });
    }),
  ];
}

describe('home: Continue Watching', () => {
  it('comes first for a member, each card with how far they watched (from the progress API)', async () => {
    const historyCalls: URLSearchParams[] = [];
    server.use(sessionHandler(users.individual), ...homeHandlers(historyCalls));
    renderApp('/');

    const row = await screen.findByRole('list', { name: 'Continue Watching' });
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings.indexOf('Continue Watching')).toBeLessThan(headings.indexOf('Recent Releases'));
    expect(await within(row).findByRole('progressbar', { name: 'Watched 25%' })).toBeInTheDocument();
    expect(within(row).getByRole('progressbar', { name: 'Watched 70%' })).toBeInTheDocument();
    expect(historyCalls[0]?.get('inProgress')).toBe('true');
    // Other rows carry no progress bar.
    const recent = screen.getByRole('list', { name: 'Recent Releases' });
    expect(within(recent).queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('asks for no progress when the member has nothing in progress', async () => {
    const historyCalls: URLSearchParams[] = [];
    server.use(
      sessionHandler(users.individual),
      // Handlers given first win: this home answer replaces the one of homeHandlers.
      http.get(apiUrl('/home'), () =>
        HttpResponse.json({ banner: null, groups: [{ name: 'Recent Releases', videos: [card(3)] }] }),
      ),
      ...homeHandlers(historyCalls),
    );
    renderApp('/');
    await screen.findByRole('list', { name: 'Recent Releases' });
    expect(screen.queryByRole('heading', { name: 'Continue Watching' })).not.toBeInTheDocument();
    expect(historyCalls).toHaveLength(0);
  });
});

describe('home: the welcome banner while the session loads', () => {
  it('holds the place of the banner this device had last (hidden), then shows the real one', async () => {
    localStorage.setItem('home.welcome-viewer', 'member');
    let answerSession: () => void = () => {};
    const sessionAnswered = new Promise<void>((resolve) => {
      answerSession = resolve;
    });
    server.use(
      http.get(apiUrl('/auth/session'), async () => {
        await sessionAnswered;
        return problem(401, 'UNAUTHENTICATED', 'Please login first');
      }),
      ...homeHandlers([]),
    );
    const { container } = renderApp('/');

    // The member banner's shape, unseen and out of the accessibility tree: no heading, no links.
    const placeholder = () =>
      [...container.querySelectorAll('[aria-hidden="true"][inert]')].find((element) =>
        element.textContent?.includes('Welcome, Alexandra Martinez.'),
      );
    await waitFor(() => expect(placeholder()).toBeDefined());
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();

    answerSession();
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'Join The Community and Access Exclusive Content',
      }),
    ).toBeInTheDocument();
    expect(placeholder()).toBeUndefined();
    // A guest this time: the next visit's placeholder takes the guest banner's shape.
    await waitFor(() => expect(localStorage.getItem('home.welcome-viewer')).toBe('guest'));
  });
});
