import { PLAYLIST_MESSAGES, type TPlaylistSummary, type TSessionUser } from '@dance/domain';
import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { apiUrl, problem, sessionHandler, users, videoCard } from '../../test/fixtures';
import { preloadActivePopup, renderApp } from '../../test/render-app';
import { server } from '../../test/server';

const LESSONS = { id: 'c0000000-0000-4000-8000-000000000001', name: 'Lessons', routePath: '/Lessons' };

const VIDEO = videoCard(1, { title: 'Waltz Basics', categoryId: LESSONS.id });

function summary(n: number, type: TPlaylistSummary['type'], name: string): TPlaylistSummary {
  return {
    id: `b0000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    type,
    name,
    description: '',
    thumbnailUrl: null,
    customThumbnailUrl: null,
    videoCount: 1,
    totalDurationSeconds: 300,
    firstVideoId: VIDEO.id,
    ownerUserId: null,
    studioOwnerId: null,
    createdAt: '2026-01-01T00:00:00.000Z',
  };
}

const PERSONAL = summary(1, 'PPL', 'My Warm-ups');
const STUDIO = summary(2, 'SPL', 'Studio Monday Class');

/**
 * The /Lessons page with one video card, and the playlist API the dialog uses: `asked` collects the list types
 * requested, `added` the bodies of POST /playlists/add-video.
 */
function renderLessons(user: TSessionUser) {
  const asked: string[] = [];
  const added: unknown[] = [];
  server.use(
    sessionHandler(user),
    http.get(apiUrl('/categories'), () => HttpResponse.json({ items: [LESSONS] })),
    http.get(apiUrl('/videos'), () => HttpResponse.json({ items: [VIDEO], total: 1, page: 1, pageSize: 15 })),
    http.get(apiUrl('/playlists'), ({ request }) => {
      const type = new URL(request.url).searchParams.get('type');
      asked.push(String(type));
      if (type === 'PPL') return HttpResponse.json({ items: [PERSONAL] });
      if (type === 'SPL') return HttpResponse.json({ items: [STUDIO] });
      return problem(403, 'FORBIDDEN', 'Not allowed');
    }),
    http.post(apiUrl('/playlists/add-video'), async ({ request }) => {
      added.push(await request.json());
      return HttpResponse.json({ addedTo: [PERSONAL.id], created: null });
    }),
  );
  return { ...renderApp('/Lessons'), asked, added };
}

async function openDialog(user: ReturnType<typeof renderLessons>['user']) {
  await user.click(
    await screen.findByRole('button', { name: 'Add Waltz Basics to playlist' }, { timeout: 15_000 }),
  );
  const dialog = within(await screen.findByRole('dialog', { name: 'Add to playlist' }, { timeout: 15_000 }));
  // The personal list has arrived once its checkbox shows.
  await dialog.findByRole('checkbox', { name: PERSONAL.name });
  return dialog;
}

beforeAll(async () => {
  await Promise.all([
    import('../../features/library/library-page'),
    import('./add-to-playlist-dialog'),
    preloadActivePopup(),
  ]);
}, 30_000);
afterEach(() => {
  notifications.clean();
});

describe('add-to-playlist dialog', () => {
  it('asks for a playlist or a new name before it sends anything', async () => {
    const { user, added } = renderLessons(users.individual);
    const dialog = await openDialog(user);
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByText(PLAYLIST_MESSAGES.pickPlaylistOrName)).toBeInTheDocument();
    expect(added).toEqual([]);
    expect(screen.getByRole('dialog', { name: 'Add to playlist' })).toBeInTheDocument();
  });

  it('adds the video to the chosen playlist', async () => {
    const { user, added } = renderLessons(users.individual);
    const dialog = await openDialog(user);
    await user.click(dialog.getByRole('checkbox', { name: PERSONAL.name }));
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(PLAYLIST_MESSAGES.added)).toBeInTheDocument();
    expect(added).toEqual([{ videoId: VIDEO.id, playlistIds: [PERSONAL.id] }]);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add to playlist' })).toBeNull());
  });

  it.each([
    ['a studio owner', users.studioOwner],
    ['a sub-user', users.subuser],
  ])('offers %s the studio playlists and a studio playlist by name', async (_kind, member) => {
    const { user, asked, added } = renderLessons(member);
    const dialog = await openDialog(user);
    expect(dialog.getByText('Studio playlists')).toBeInTheDocument();
    expect(await dialog.findByRole('checkbox', { name: STUDIO.name })).toBeInTheDocument();
    expect(asked.sort()).toEqual(['PPL', 'SPL']);
    expect(dialog.getByRole('radiogroup', { name: 'New playlist type' })).toBeInTheDocument();

    await user.type(dialog.getByRole('textbox', { name: 'New playlist' }), 'Friday Class');
    await user.click(dialog.getByRole('radio', { name: 'Studio' }));
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(PLAYLIST_MESSAGES.createdAndAdded)).toBeInTheDocument();
    expect(added).toEqual([
      { videoId: VIDEO.id, playlistIds: [], newPlaylist: { type: 'SPL', name: 'Friday Class' } },
    ]);
  });

  it.each([
    ['a VIP', users.vip],
    ['an individual member', users.individual],
  ])('offers %s personal playlists only', async (_kind, member) => {
    const { user, asked } = renderLessons(member);
    const dialog = await openDialog(user);
    expect(dialog.getByText('Personal playlists')).toBeInTheDocument();
    expect(dialog.queryByText('Studio playlists')).not.toBeInTheDocument();
    expect(dialog.queryByRole('checkbox', { name: STUDIO.name })).not.toBeInTheDocument();
    expect(dialog.queryByRole('radiogroup', { name: 'New playlist type' })).not.toBeInTheDocument();
    expect(dialog.queryByRole('radio', { name: 'Studio' })).not.toBeInTheDocument();
    expect(asked).toEqual(['PPL']);
  });
});
