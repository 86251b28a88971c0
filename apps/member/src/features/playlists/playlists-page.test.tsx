import {
  API_PREFIX,
  PLAYLIST_MESSAGES,
  type TPlaylistDetail,
  type TPlaylistSummary,
  type TPlaylistVideo,
  type TVideoCard,
} from '@dance/domain';
import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiUrl, problem, sessionHandler, users, videoCard } from '../../test/fixtures';
import { preloadActivePopup, renderApp } from '../../test/render-app';
import { server } from '../../test/server';

const uuid = (prefix: string, n: number) => `${prefix}0000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const OWNER = users.individual;

const card = (n: number, title: string) => videoCard(n, { id: uuid('a', n), title });

const WALTZ = card(1, 'Waltz Basics');
const TANGO = card(2, 'Tango Walks');
const SALSA = card(3, 'Salsa Turns');

function personal(n: number, name: string, videos: TVideoCard[]): TPlaylistDetail {
  const positioned: TPlaylistVideo[] = videos.map((v, i) => ({ ...v, position: i + 1 }));
  return {
    id: uuid('b', n),
    type: 'PPL',
    name,
    description: '',
    thumbnailUrl: null,
    customThumbnailUrl: null,
    videoCount: videos.length,
    totalDurationSeconds: videos.reduce((sum, v) => sum + v.durationSeconds, 0),
    firstVideoId: videos[0]?.id ?? null,
    ownerUserId: OWNER.id,
    studioOwnerId: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    videos: positioned,
  };
}

function summaryOf({ videos: _videos, ...summary }: TPlaylistDetail): TPlaylistSummary {
  return summary;
}

/** A write the page sent: method, path under the API prefix, and JSON body (null for none). */
interface Sent {
  method: string;
  path: string;
  body: unknown;
}
let sent: Sent[] = [];
async function record(request: Request) {
  const text = await request.clone().text();
  sent.push({
    method: request.method,
    path: new URL(request.url).pathname.slice(API_PREFIX.length),
    body: text ? JSON.parse(text) : null,
  });
}

/**
 * The member's personal playlists, read from `state.playlists` on every request (tests change it to model
 * the server after a write), and every write recorded in `sent`.
 */
function playlistApi(
  state: { playlists: TPlaylistDetail[] },
  answers: {
    create?: (body: { name: string; videoIds: string[] }) => Response;
    reorder?: () => Response;
    removeVideo?: (videoId: string) => Response;
  } = {},
) {
  const refuse = () => problem(500, 'INTERNAL', 'unexpected write');
  return [
    http.get(apiUrl('/playlists'), ({ request }) => {
      const type = new URL(request.url).searchParams.get('type');
      return HttpResponse.json({
        items: state.playlists.filter((p) => p.type === type).map(summaryOf),
      });
    }),
    http.get(apiUrl('/playlists/:playlistId'), ({ params }) => {
      const found = state.playlists.find((p) => p.id === params.playlistId);
      return found ? HttpResponse.json(found) : problem(404, 'NOT_FOUND', 'Playlist not found');
    }),
    http.post(apiUrl('/playlists'), async ({ request }) => {
      await record(request);
      return answers.create ? answers.create(sent.at(-1)!.body as never) : refuse();
    }),
    http.put(apiUrl('/playlists/:playlistId/order'), async ({ request }) => {
      await record(request);
      return answers.reorder ? answers.reorder() : refuse();
    }),
    http.delete(apiUrl('/playlists/:playlistId/videos/:videoId'), async ({ request, params }) => {
      await record(request);
      return answers.removeVideo ? answers.removeVideo(String(params.videoId)) : refuse();
    }),
  ];
}

function renderPersonal(
  state: { playlists: TPlaylistDetail[] },
  answers?: Parameters<typeof playlistApi>[1],
) {
  server.use(sessionHandler(OWNER), ...playlistApi(state, answers));
  return renderApp('/personal-playlist');
}

const pageTitle = () =>
  screen.findByRole('heading', { name: 'Personal Playlists', level: 1 }, { timeout: 15_000 });
/** The videos in the order shown, read from the reorder handles. */
const handleOrder = () =>
  screen.getAllByRole('button', { name: /^Move / }).map((b) => b.getAttribute('aria-label'));

beforeAll(async () => {
  await Promise.all([import('./playlists-page'), preloadActivePopup()]);
}, 30_000);
beforeEach(() => {
  sent = [];
});
afterEach(() => {
  notifications.clean();
  vi.restoreAllMocks();
});

describe('/personal-playlist', () => {
  it('invites a member without playlists to create one', async () => {
    renderPersonal({ playlists: [] });
    await pageTitle();
    expect(await screen.findByText(PLAYLIST_MESSAGES.createPersonal)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create playlist' })).toBeInTheDocument();
    expect(screen.queryByTestId('playlist-card')).not.toBeInTheDocument();
  });
});

describe('create dialog', () => {
  it('requires a name and a video before it sends anything, then creates the playlist', async () => {
    const state = { playlists: [] as TPlaylistDetail[] };
    const created = personal(9, 'Sunday Practice', [TANGO]);
    server.use(
      http.get(apiUrl('/videos'), () =>
        HttpResponse.json({ items: [SALSA, TANGO, WALTZ], total: 3, page: 1, pageSize: 100 }),
      ),
    );
    const { user } = renderPersonal(state, {
      create: () => {
        state.playlists = [created];
        return HttpResponse.json(created, { status: 201 });
      },
    });
    await pageTitle();
    await user.click(await screen.findByRole('button', { name: 'Create playlist' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Create playlist' }));

    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByText(PLAYLIST_MESSAGES.nameRequired)).toBeInTheDocument();
    expect(sent).toEqual([]);

    await user.type(dialog.getByRole('textbox', { name: 'Name' }), 'Sunday Practice');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByText(PLAYLIST_MESSAGES.videoRequired)).toBeInTheDocument();
    expect(dialog.queryByText(PLAYLIST_MESSAGES.nameRequired)).not.toBeInTheDocument();
    expect(sent).toEqual([]);

    // The search stays after a pick, so a second video from the same search is one click away (issue 22 item 8).
    const picker = dialog.getByPlaceholderText('Pick videos');
    await user.click(picker);
    await user.type(picker, 'Wal');
    await user.click(await screen.findByRole('option', { name: 'Tango Walks' }));
    expect(picker).toHaveValue('Wal');
    await user.click(await screen.findByRole('option', { name: 'Waltz Basics' }));
    await user.click(dialog.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(PLAYLIST_MESSAGES.created)).toBeInTheDocument();
    expect(sent).toEqual([
      {
        method: 'POST',
        path: '/playlists',
        body: { type: 'PPL', name: 'Sunday Practice', description: '', videoIds: [TANGO.id, WALTZ.id] },
      },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Create playlist' })).toBeNull());
    // The new playlist is selected and shown once the list is fetched again.
    expect(await screen.findByTestId('playlist-title')).toHaveTextContent('Sunday Practice');
  });
});

describe('reorder mode', () => {
  /**
   * jsdom lays nothing out: give each row of the list a box 100 px below the previous one, so the keyboard
   * sensor of dnd-kit has somewhere to move a row to.
   */
  function layOutRows() {
    const original = HTMLElement.prototype.getBoundingClientRect;
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      const row = this.closest('[data-testid="playlist-video"]');
      if (!row) return original.call(this);
      const index = [...row.parentElement!.children].indexOf(row);
      const top = index * 100;
      return DOMRect.fromRect({ x: 0, y: top, width: 600, height: 80 });
    });
  }

  it('puts the server order back and says "Error saving order" when the save fails', async () => {
    layOutRows();
    const playlist = personal(1, 'My Warm-ups', [WALTZ, TANGO, SALSA]);
    const { user } = renderPersonal(
      { playlists: [playlist] },
      { reorder: () => problem(500, 'INTERNAL', 'Boom') },
    );
    expect(await screen.findByTestId('playlist-title', {}, { timeout: 15_000 })).toHaveTextContent(
      'My Warm-ups',
    );
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    const serverOrder = ['Move Waltz Basics', 'Move Tango Walks', 'Move Salsa Turns'];
    expect(handleOrder()).toEqual(serverOrder);

    // Keyboard drag: Space picks the row up, ArrowDown moves it one place, Space drops it.
    const handle = screen.getByRole('button', { name: 'Move Waltz Basics' });
    handle.focus();
    // The sensor listens for the arrows from the next tick on: let user-event's pauses provide that.
    await user.keyboard('[Space]');
    await user.keyboard('[ArrowDown]');
    await user.keyboard('[Space]');
    await waitFor(() =>
      expect(handleOrder()).toEqual(['Move Tango Walks', 'Move Waltz Basics', 'Move Salsa Turns']),
    );

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(PLAYLIST_MESSAGES.saveOrderFailed)).toBeInTheDocument();
    expect(sent).toEqual([
      {
        method: 'PUT',
        path: `/playlists/${playlist.id}/order`,
        body: {
          positions: [
            { videoId: TANGO.id, position: 1 },
            { videoId: WALTZ.id, position: 2 },
            { videoId: SALSA.id, position: 3 },
          ],
        },
      },
    ]);
    await waitFor(() => expect(handleOrder()).toEqual(serverOrder));
    expect(screen.queryByText(PLAYLIST_MESSAGES.reordered)).not.toBeInTheDocument();
  });
});

describe('removing a video', () => {
  it('asks first: "No" keeps it, "Yes" deletes it with "Deleted successfully"', async () => {
    const playlist = personal(1, 'My Warm-ups', [WALTZ, TANGO, SALSA]);
    const after = personal(1, 'My Warm-ups', [WALTZ, SALSA]);
    const state = { playlists: [playlist] };
    const { user } = renderPersonal(state, {
      removeVideo: () => {
        state.playlists = [after];
        return HttpResponse.json(after);
      },
    });
    const list = within(await screen.findByRole('list', { name: 'Playlist videos' }, { timeout: 15_000 }));
    expect(list.getAllByTestId('playlist-video')).toHaveLength(3);

    await user.click(list.getByRole('button', { name: 'Remove Tango Walks' }));
    let confirmDialog = await screen.findByRole('dialog', { name: PLAYLIST_MESSAGES.removeTitle });
    expect(within(confirmDialog).getByText(PLAYLIST_MESSAGES.removeBody)).toBeInTheDocument();
    await user.click(within(confirmDialog).getByRole('button', { name: 'No' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: PLAYLIST_MESSAGES.removeTitle })).toBeNull(),
    );
    expect(sent).toEqual([]);
    expect(list.getByRole('link', { name: 'Tango Walks' })).toBeInTheDocument();

    await user.click(list.getByRole('button', { name: 'Remove Tango Walks' }));
    confirmDialog = await screen.findByRole('dialog', { name: PLAYLIST_MESSAGES.removeTitle });
    await user.click(within(confirmDialog).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText(PLAYLIST_MESSAGES.videoRemoved)).toBeInTheDocument();
    expect(sent).toEqual([
      { method: 'DELETE', path: `/playlists/${playlist.id}/videos/${TANGO.id}`, body: null },
    ]);
    await waitFor(() => expect(list.queryByRole('link', { name: 'Tango Walks' })).toBeNull());
    expect(list.getAllByTestId('playlist-video')).toHaveLength(2);
  });
});
