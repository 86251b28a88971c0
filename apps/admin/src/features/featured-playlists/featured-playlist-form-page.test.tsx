import { configure, screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { adminUser, problem, sessionAs } from '../../test/api-fixtures';
import { server } from '../../test/msw-server';
import { renderAdminApp } from '../../test/render-admin-app';

configure({ asyncUtilTimeout: 5000 });

const VIDEO_ID = '00000000-0000-4000-8000-000000000001';
const PLAYLIST_ID = '00000000-0000-4000-8000-000000000099';
const video = {
  id: VIDEO_ID,
  kind: 'library',
  title: 'Pirouette drills',
  description: '<p>Turns</p>',
  shortDescription: 'Turns',
  category: null,
  instructor: null,
  levels: [],
  tags: [],
  keywords: [],
  products: [],
  releaseDate: '2026-01-01',
  isComingSoon: false,
  durationSeconds: 60,
  thumbnailUrl: null,
  videoUrl: null,
  trailerUrl: null,
  fileType: 'video',
  media: { state: 'ready', progress: 100, error: null, canRetry: false },
  updatedAt: '2026-01-01T00:00:00.000Z',
};
const created = {
  id: PLAYLIST_ID,
  type: 'FPL',
  name: 'Turns',
  description: 'All about turns',
  thumbnailUrl: null,
  customThumbnailUrl: null,
  videoCount: 0,
  totalDurationSeconds: 0,
  firstVideoId: null,
  ownerUserId: adminUser.id,
  studioOwnerId: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  videos: [],
};

describe('featured playlist form', { timeout: 30_000 }, () => {
  it('requires name, description and a video, shows the failure text, then creates the playlist', async () => {
    const sent: unknown[] = [];
    server.use(
      sessionAs(adminUser),
      http.get('/api/v1/admin/videos', () =>
        HttpResponse.json({ items: [video], total: 1, page: 1, pageSize: 20 }),
      ),
      http.get('/api/v1/playlists', () => HttpResponse.json({ items: [] })),
      http.post('/api/v1/admin/featured-playlists', async ({ request }) => {
        sent.push(await request.json());
        if (sent.length === 1) return problem(500, 'INTERNAL', 'Boom');
        return HttpResponse.json(created, { status: 201 });
      }),
    );
    const { user, currentPath } = renderAdminApp('/AdminDashboard/featured-playlist-form');
    const submit = await screen.findByRole('button', { name: 'Create playlist' });
    await user.click(submit);
    expect(screen.getByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Description is required')).toBeInTheDocument();
    expect(screen.getByText('At least one video must be selected')).toBeInTheDocument();
    expect(sent).toHaveLength(0);

    await user.type(screen.getByLabelText(/Name/), 'Turns');
    await user.type(screen.getByLabelText(/Description/), 'All about turns');
    await user.type(screen.getByRole('textbox', { name: 'Search videos' }), 'Pir');
    await user.click(await screen.findByRole('button', { name: 'Add Pirouette drills' }));
    // The picker keeps its search after a pick (issue 22 item 8).
    expect(screen.getByRole('textbox', { name: 'Search videos' })).toHaveValue('Pir');
    expect(screen.getByRole('button', { name: 'Add Pirouette drills' })).toHaveTextContent('Added');
    expect(screen.queryByText('At least one video must be selected')).not.toBeInTheDocument();
    await user.click(submit);
    // What failed and why; it stays until the next action (issue 22 item 14).
    const failure = 'Failed to create new playlist. Please try again later. Reason: Boom';
    expect(await screen.findByText(failure)).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 3500));
    expect(screen.getByText(failure)).toBeInTheDocument();

    await user.click(submit);
    expect(await screen.findByText('Playlist created successfully!')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText(failure)).not.toBeInTheDocument());
    expect(sent[1]).toEqual({
      name: 'Turns',
      description: 'All about turns',
      thumbnailUrl: null,
      videoIds: [VIDEO_ID],
    });
    // The list screen loads lazily: the address changes once it has.
    await waitFor(() => expect(currentPath()).toBe('/AdminDashboard/featured-playlist'));
  });
});
