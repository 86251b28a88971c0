import { MEDIA_STATE_TEXTS, type TAdminVideo, type TAdminVideoMedia } from '@dance/domain';
import { configure, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { adminUser, sessionAs } from '../../test/api-fixtures';
import { server } from '../../test/msw-server';
import { renderAdminApp } from '../../test/render-admin-app';

configure({ asyncUtilTimeout: 5000 });

const videoWith = (n: number, title: string, media: TAdminVideoMedia): TAdminVideo => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  kind: 'library',
  title,
  description: '',
  shortDescription: '',
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
  media,
  updatedAt: '2026-01-01T00:00:00.000Z',
});

describe('All Videos: the media state of each card (issue 22 item 1)', () => {
  it('shows preparing with progress, ready, and a failure with its reason and Retry', async () => {
    let retried = '';
    let failed = videoWith(3, 'Broken import', {
      state: 'failed',
      progress: 2,
      error: 'No video with id 424242 in the media library.',
      canRetry: true,
    });
    server.use(
      sessionAs(adminUser),
      http.get('*/api/v1/admin/videos', () =>
        HttpResponse.json({
          items: [
            videoWith(1, 'Imported adagio', {
              state: 'preparing',
              progress: 40,
              error: null,
              canRetry: false,
            }),
            videoWith(2, 'Ready routine', { state: 'ready', progress: 100, error: null, canRetry: false }),
            failed,
            // Decision 0057: the 360p plays while the other renditions are encoded.
            videoWith(4, 'Half-done routine', {
              state: 'playable',
              progress: 55,
              error: null,
              canRetry: false,
            }),
          ],
          total: 4,
          page: 1,
          pageSize: 20,
        }),
      ),
      http.post('*/api/v1/admin/videos/:videoId/media/retry', ({ params }) => {
        retried = String(params.videoId);
        failed = { ...failed, media: { state: 'preparing', progress: 0, error: null, canRetry: false } };
        return HttpResponse.json(failed.media);
      }),
    );
    const { user } = renderAdminApp('/AdminDashboard/AllVideos');
    const preparing = await screen.findByRole('article', { name: 'Imported adagio' });
    expect(within(preparing).getByText(MEDIA_STATE_TEXTS.preparing)).toBeInTheDocument();
    expect(within(preparing).getByText('40%')).toBeInTheDocument();
    expect(
      within(preparing).getByRole('progressbar', { name: 'Preparing Imported adagio' }),
    ).toBeInTheDocument();
    const playable = screen.getByRole('article', { name: 'Half-done routine' });
    expect(within(playable).getByText(MEDIA_STATE_TEXTS.playable)).toBeInTheDocument();
    expect(within(playable).getByText('55%')).toBeInTheDocument();
    expect(within(playable).getByTestId('media-state')).toHaveAttribute('data-state', 'playable');
    const ready = screen.getByRole('article', { name: 'Ready routine' });
    expect(within(ready).getByText(MEDIA_STATE_TEXTS.ready)).toBeInTheDocument();
    const broken = screen.getByRole('article', { name: 'Broken import' });
    expect(within(broken).getByText('No video with id 424242 in the media library.')).toBeInTheDocument();
    await user.click(within(broken).getByRole('button', { name: 'Retry: Broken import' }));
    await waitFor(() => expect(retried).toBe(failed.id));
    expect(await screen.findByText(MEDIA_STATE_TEXTS.retried)).toBeInTheDocument();
  });
});

describe('the spec alias of Add Videos from vimeo', () => {
  it('opens /AdminDashboard/Check from AddVideos(vimeo)', async () => {
    server.use(sessionAs(adminUser));
    const { currentPath } = renderAdminApp('/AdminDashboard/AddVideos(vimeo)');
    // The form itself is exercised in the browser (apps/admin/e2e/import-and-play.spec.ts).
    await waitFor(() => expect(currentPath()).toBe('/AdminDashboard/Check'));
    expect(screen.queryByText('Page not found')).toBeNull();
  });
});
