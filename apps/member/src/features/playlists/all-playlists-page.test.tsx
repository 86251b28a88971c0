import { PLAYLIST_MESSAGES, type TPlaylistSummary, type TSessionUser } from '@dance/domain';
import { screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiUrl, problem, sessionHandler, users } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';
import { server } from '../../test/server';

function summary(n: number, type: TPlaylistSummary['type'], overrides: Partial<TPlaylistSummary> = {}) {
  return {
    id: `b0000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    type,
    name: `Playlist ${n}`,
    description: '',
    thumbnailUrl: null,
    customThumbnailUrl: null,
    videoCount: 3,
    totalDurationSeconds: 600,
    firstVideoId: `a0000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    ownerUserId: null,
    studioOwnerId: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  } satisfies TPlaylistSummary;
}

const FEATURED = summary(1, 'FPL', { name: 'Beginner Essentials' });
const PERSONAL = summary(2, 'PPL', { name: 'My Warm-ups' });
const STUDIO = summary(3, 'SPL', { name: 'Studio Monday Class' });

/** The list answers by type; `asked` records which types were requested. */
function playlistHandlers(
  lists: Partial<Record<TPlaylistSummary['type'], TPlaylistSummary[] | 'error'>>,
  asked: string[] = [],
) {
  return http.get(apiUrl('/playlists'), ({ request }) => {
    const type = new URL(request.url).searchParams.get('type') as TPlaylistSummary['type'];
    asked.push(type);
    const list = lists[type];
    if (list === 'error') return problem(500, 'INTERNAL', 'Boom');
    if (list === undefined) return problem(403, 'FORBIDDEN', 'Not allowed');
    return HttpResponse.json({ items: list });
  });
}

function renderHub(
  user: TSessionUser | null,
  lists: Parameters<typeof playlistHandlers>[0],
  asked?: string[],
) {
  server.use(sessionHandler(user), playlistHandlers(lists, asked));
  return renderApp('/all-playlist');
}

const section = async (name: string) =>
  within((await screen.findByRole('heading', { name, level: 2 }, { timeout: 15_000 })).closest('section')!);

beforeAll(async () => {
  await import('./all-playlists-page');
}, 30_000);

describe('/all-playlist', () => {
  it('shows a guest the featured playlists only, each card linking to its page and the player', async () => {
    const asked: string[] = [];
    renderHub(null, { FPL: [FEATURED] }, asked);
    const featured = await section('Featured Playlists');
    expect(await featured.findByRole('link', { name: /^Beginner Essentials/ })).toHaveAttribute(
      'href',
      `/featured-playlist?id=${FEATURED.id}`,
    );
    expect(featured.getByRole('link', { name: 'Play Beginner Essentials' })).toHaveAttribute(
      'href',
      `/PlayerPage?v=${FEATURED.firstVideoId}&type=FPL&playlistId=${FEATURED.id}`,
    );
    expect(screen.queryByRole('heading', { name: 'Personal Playlists' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Studio Playlists' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/SignUp');
    expect(asked).toEqual(['FPL']);
  });

  it('says "No Featured playlists exist" when there are none', async () => {
    renderHub(null, { FPL: [] });
    const featured = await section('Featured Playlists');
    expect(await featured.findByText(PLAYLIST_MESSAGES.noFeatured)).toBeInTheDocument();
    expect(featured.queryByRole('link', { name: /View all/ })).not.toBeInTheDocument();
  });

  it('adds the personal playlists for a member, with the spec text when there are none', async () => {
    const asked: string[] = [];
    renderHub(users.individual, { FPL: [FEATURED], PPL: [] }, asked);
    const personal = await section('Personal Playlists');
    expect(await personal.findByText(PLAYLIST_MESSAGES.createPersonal)).toBeInTheDocument();
    expect(personal.getByRole('button', { name: 'Create playlist' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Studio Playlists' })).not.toBeInTheDocument();
    expect(asked.sort()).toEqual(['FPL', 'PPL']);
  });

  it.each([
    ['a studio owner', users.studioOwner],
    ['a sub-user', users.subuser],
  ])('adds the studio playlists for %s', async (_kind, user) => {
    renderHub(user, { FPL: [FEATURED], PPL: [PERSONAL], SPL: [STUDIO] });
    const personal = await section('Personal Playlists');
    expect(await personal.findByRole('link', { name: /^My Warm-ups/ })).toHaveAttribute(
      'href',
      `/personal-playlist?id=${PERSONAL.id}`,
    );
    const studio = await section('Studio Playlists');
    expect(await studio.findByRole('link', { name: /^Studio Monday Class/ })).toHaveAttribute(
      'href',
      `/studio-playlist?id=${STUDIO.id}`,
    );
    expect(studio.getByRole('link', { name: 'Play Studio Monday Class' })).toHaveAttribute(
      'href',
      `/PlayerPage?v=${STUDIO.firstVideoId}&type=SPL&playlistId=${STUDIO.id}`,
    );
    expect(studio.getByRole('link', { name: 'View all Studio Playlists' })).toHaveAttribute(
      'href',
      '/studio-playlist',
    );
    // Headings in the order of the spec: featured, personal, studio.
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Featured Playlists',
      'Personal Playlists',
      'Studio Playlists',
    ]);
  });

  it('says which list failed, and keeps showing the others', async () => {
    renderHub(users.studioOwner, { FPL: [FEATURED], PPL: 'error', SPL: [STUDIO] });
    const personal = await section('Personal Playlists');
    expect(await personal.findByRole('alert')).toHaveTextContent(PLAYLIST_MESSAGES.fetchPersonalFailed);
    const studio = await section('Studio Playlists');
    expect(await studio.findByRole('link', { name: /^Studio Monday Class/ })).toBeInTheDocument();
  });

  it('is where the sidebar "Playlists" leads, and that entry stays marked on each playlist page', async () => {
    const { unmount } = renderHub(null, { FPL: [FEATURED] });
    await section('Featured Playlists');
    const nav = within(screen.getAllByRole('navigation', { name: 'Main' })[0]!);
    const entry = nav.getByRole('link', { name: 'Playlists' });
    expect(entry).toHaveAttribute('href', '/all-playlist');
    expect(entry).toHaveAttribute('aria-current', 'page');
    unmount();
    server.use(
      http.get(apiUrl('/playlists/:id'), () =>
        HttpResponse.json({ ...FEATURED, videos: [] }, { status: 200 }),
      ),
    );
    renderApp('/featured-playlist');
    await screen.findByRole('heading', { name: 'Featured Playlists', level: 1 }, { timeout: 15_000 });
    const again = within(screen.getAllByRole('navigation', { name: 'Main' })[0]!);
    expect(again.getByRole('link', { name: 'Playlists' })).toHaveAttribute('aria-current', 'page');
  });
});
