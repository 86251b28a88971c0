import { MESSAGES, type TSessionUser, type TVideoCard } from '@dance/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiUrl, problem, sessionHandler, users, videoCard } from '../../test/fixtures';
import { preloadActivePopup, renderApp } from '../../test/render-app';
import { server } from '../../test/server';

const LESSONS = { id: 'c0000000-0000-4000-8000-000000000001', name: 'Lessons', routePath: '/Lessons' };
const CLASSES = { id: 'c0000000-0000-4000-8000-000000000004', name: 'Classes', routePath: '/classes' };

const card = (n: number, overrides: Partial<TVideoCard> = {}) =>
  videoCard(n, { categoryId: LESSONS.id, ...overrides });

/** The catalogue answers of a lessons page; `seen` collects the query strings of /videos. */
function catalogueHandlers(items: TVideoCard[], seen: URLSearchParams[] = []) {
  return [
    // The shell's member popup (another feature) asks on every page.
    http.get(apiUrl('/popups/active'), () => HttpResponse.json({ popup: null })),
    http.get(apiUrl('/categories'), () => HttpResponse.json({ items: [LESSONS, CLASSES] })),
    http.get(apiUrl('/tags'), () => HttpResponse.json({ items: [] })),
    http.get(apiUrl('/instructors'), () => HttpResponse.json({ items: [] })),
    http.get(apiUrl('/products'), () => HttpResponse.json({ items: [] })),
    http.get(apiUrl('/videos'), ({ request }) => {
      seen.push(new URL(request.url).searchParams);
      return HttpResponse.json({ items, total: items.length, page: 1, pageSize: 15 });
    }),
  ];
}

function renderLessons(user: TSessionUser | null, items = [card(1)], seen: URLSearchParams[] = []) {
  server.use(sessionHandler(user), ...catalogueHandlers(items, seen));
  return renderApp('/Lessons');
}

// The first render of the lazy page transforms its modules: do that once, before the timed waits.
beforeAll(async () => {
  await Promise.all([import('./library-page'), preloadActivePopup()]);
}, 30_000);

describe('saved toggle on a card', () => {
  it('without a session invites to sign up instead (no request, no toast; issue 22 item 7)', async () => {
    // Any save request would be unhandled and fail the test.
    const { user } = renderLessons(null);
    // The first render of the run transforms the lazy pages on the fly: allow it more time.
    await user.click(await screen.findByRole('button', { name: 'Save Lesson 1' }, { timeout: 15_000 }));
    const invite = await screen.findByRole('dialog', { name: MESSAGES.saveNeedsAccountTitle });
    expect(screen.queryByText(MESSAGES.videoSaved)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save Lesson 1' })).toHaveAttribute('aria-pressed', 'false');
    await user.click(within(invite).getByRole('button', { name: MESSAGES.saveNeedsAccountCancel }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('flips the flag once the server confirms, with the toast "Saved"', async () => {
    let saves = 0;
    server.use(
      http.put(apiUrl('/me/saved-videos/:id'), ({ params }) => {
        saves += 1;
        return HttpResponse.json({ videoId: params.id, isSaved: true });
      }),
    );
    const { user } = renderLessons(users.individual);
    await user.click(await screen.findByRole('button', { name: 'Save Lesson 1' }));
    expect(await screen.findByText(MESSAGES.videoSaved)).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Unsave Lesson 1' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(saves).toBe(1);
  });

  it('unsaves with the toast "Unsaved"', async () => {
    server.use(
      http.delete(apiUrl('/me/saved-videos/:id'), ({ params }) =>
        HttpResponse.json({ videoId: params.id, isSaved: false }),
      ),
    );
    const { user } = renderLessons(users.vip, [card(1, { isSaved: true })]);
    await user.click(await screen.findByRole('button', { name: 'Unsave Lesson 1' }));
    expect(await screen.findByText(MESSAGES.videoUnsaved)).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Save Lesson 1' })).toBeInTheDocument();
  });

  it('keeps the flag and says so when the server refuses', async () => {
    server.use(http.put(apiUrl('/me/saved-videos/:id'), () => problem(500, 'INTERNAL', 'boom')));
    const { user } = renderLessons(users.individual);
    await user.click(await screen.findByRole('button', { name: 'Save Lesson 1' }));
    expect(await screen.findByText(MESSAGES.savedUpdateFailed)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save Lesson 1' })).toHaveAttribute('aria-pressed', 'false');
  });
});

describe('library section state in the URL', () => {
  it('reads filters, sort and page from the URL and sends them to the API', async () => {
    const seen: URLSearchParams[] = [];
    server.use(sessionHandler(null), ...catalogueHandlers([card(1)], seen));
    renderApp('/Lessons?levels=Advanced&durations=15&sort=title_desc&page=2');
    await screen.findByRole('heading', { name: 'Lessons', level: 1 });
    await waitFor(() => expect(seen.length).toBeGreaterThan(0));
    const last = seen.at(-1)!;
    expect(last.get('category')).toBe(LESSONS.id);
    expect(last.get('levels')).toBe('Advanced');
    expect(last.get('durations')).toBe('15');
    expect(last.get('sort')).toBe('title_desc');
    expect(last.get('page')).toBe('2');
    expect(last.get('pageSize')).toBe('15');
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('title_desc');
  });

  it('applies filters from the panel into the URL and goes back to page 1', async () => {
    const seen: URLSearchParams[] = [];
    server.use(sessionHandler(null), ...catalogueHandlers([card(1)], seen));
    const { user, router } = renderApp('/Lessons?page=3');
    await user.click(await screen.findByRole('button', { name: 'Filters' }));
    const dialog = await screen.findByRole('dialog');
    // The panel renders just after the drawer opens (a deferred render, decision 0058).
    await user.click(await within(dialog).findByText('Intermediate'));
    await user.click(within(dialog).getByText('Under 5 min'));
    await user.click(within(dialog).getByRole('button', { name: /Apply/ }));
    await waitFor(() => expect(router.state.location.search).toContain('levels=Intermediate'));
    const params = new URLSearchParams(router.state.location.search);
    expect(params.get('durations')).toBe('5');
    expect(params.get('page')).toBeNull();
    await waitFor(() => expect(seen.at(-1)?.get('levels')).toBe('Intermediate'));
    expect(screen.getByRole('button', { name: 'Remove filter Intermediate' })).toBeInTheDocument();
  });

  it('does not offer the internal tags as filters, even to an admin whose API lists them (issue 22 item 8)', async () => {
    const tag = (n: number, name: string) => ({
      id: `f0000000-0000-4000-8000-00000000000${n}`,
      name,
      color: '#7048e8',
      priority: n,
    });
    server.use(
      sessionHandler({ ...users.individual, role: 'admin' }),
      http.get(apiUrl('/tags'), () =>
        HttpResponse.json({ items: [tag(1, 'Ballet'), tag(2, 'coming soon'), tag(3, 'CLASSES')] }),
      ),
      ...catalogueHandlers([card(1)]),
    );
    const { user } = renderApp('/Lessons');
    await user.click(await screen.findByRole('button', { name: 'Filters' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('Ballet')).toBeInTheDocument();
    expect(within(dialog).queryByText('coming soon')).not.toBeInTheDocument();
    expect(within(dialog).queryByText('CLASSES')).not.toBeInTheDocument();
  });

  it('shows "No Videos To Show" when nothing matches, and the instructor empty text', async () => {
    server.use(sessionHandler(null), ...catalogueHandlers([]));
    const { user } = renderApp('/Lessons?levels=Advanced');
    expect(await screen.findByText(MESSAGES.noVideosToShow)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Filters/ }));
    expect(await screen.findByText(MESSAGES.noInstructorFound)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.noProductsFound)).toBeInTheDocument();
  });

  it('Shuffle switches to a seeded shuffle', async () => {
    const seen: URLSearchParams[] = [];
    server.use(sessionHandler(null), ...catalogueHandlers([card(1)], seen));
    const { user, router } = renderApp('/Lessons');
    await user.click(await screen.findByRole('button', { name: 'Shuffle' }));
    await waitFor(() => expect(router.state.location.search).toMatch(/sort=shuffle&seed=\d+/));
    await waitFor(() => expect(seen.at(-1)?.get('seed')).toMatch(/^\d+$/));
  });
});

describe('a category added later (issue 22 item 11)', () => {
  it('has its own library page at its route path; an unknown address is still not found', async () => {
    const STRETCH = {
      id: 'c0000000-0000-4000-8000-000000000009',
      name: 'Stretching',
      routePath: '/Stretching',
    };
    const seen: URLSearchParams[] = [];
    server.use(
      sessionHandler(users.individual),
      // Before the defaults: the first matching answer wins.
      http.get(apiUrl('/categories'), () => HttpResponse.json({ items: [LESSONS, CLASSES, STRETCH] })),
      ...catalogueHandlers([card(1, { categoryId: STRETCH.id })], seen),
    );
    const view = renderApp('/Stretching');
    expect(
      await screen.findByRole('button', { name: 'Save Lesson 1' }, { timeout: 15_000 }),
    ).toBeInTheDocument();
    expect(screen.getByText('Stretching', { selector: 'h1' })).toBeInTheDocument();
    await waitFor(() => expect(seen.some((q) => q.get('category') === STRETCH.id)).toBe(true));
    view.unmount();

    renderApp('/Nowhere');
    expect(await screen.findByText(/doesn't exist or has moved/)).toBeInTheDocument();
  });
});
