import { ApiClientProvider, createApiClient } from '@dance/api-client';
import type { TAdminCountGrid, TAdminVideo } from '@dance/domain';
import { UiProvider } from '@dance/ui';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { adminUser, sessionAs } from '../../test/api-fixtures';
import { server } from '../../test/msw-server';
import { CountGridEditor } from './count-grid-editor';

configure({ asyncUtilTimeout: 5000 });

const video: TAdminVideo = {
  id: '00000000-0000-4000-8000-000000000001',
  kind: 'library',
  title: 'Counted routine',
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
  videoUrl: '00000000-0000-4000-8000-0000000000aa',
  trailerUrl: null,
  fileType: 'video',
  media: { state: 'ready', progress: 100, error: null, canRetry: false },
  updatedAt: '2026-01-01T00:00:00.000Z',
};

function serve(initial: TAdminCountGrid) {
  const saved: unknown[] = [];
  server.use(
    sessionAs(adminUser),
    http.get('*/api/v1/admin/videos/:videoId/count-grid', () => HttpResponse.json(initial)),
    http.put('*/api/v1/admin/videos/:videoId/count-grid', async ({ request }) => {
      const body = (await request.json()) as { noCounts: boolean; sections: [] };
      saved.push(body);
      return HttpResponse.json({ grid: { ...body, source: 'admin' }, stream: null });
    }),
  );
  return saved;
}

/** The editor with the console's providers (the whole edit modal needs layout jsdom lacks). */
async function openCounts() {
  const user = userEvent.setup();
  render(
    <UiProvider>
      <QueryClientProvider client={new QueryClient()}>
        <ApiClientProvider client={createApiClient()}>
          <CountGridEditor videoId={video.id} />
        </ApiClientProvider>
      </QueryClientProvider>
    </UiProvider>,
  );
  await screen.findByText(/First "1"/);
  return user;
}

describe('the counts of a video in the edit form (issue 20)', () => {
  it('shows the detected BPM and first "1", nudges them, and saves the correction', async () => {
    const saved = serve({
      grid: {
        noCounts: false,
        source: 'detected',
        sections: [{ fromSeconds: 0, bpm: 119.6, downbeatSeconds: 1.24 }],
      },
      stream: null,
    });
    const user = await openCounts();
    expect(screen.getByLabelText('BPM')).toHaveValue('119.6');
    expect(screen.getByTestId('first-downbeat')).toHaveTextContent('First "1": 0:01.240');

    await user.click(screen.getByRole('button', { name: '+0.1 BPM' }));
    await user.click(screen.getByRole('button', { name: '+0.1 BPM' }));
    await user.click(screen.getByRole('button', { name: 'First "1" −10 ms' }));
    expect(screen.getByLabelText('BPM')).toHaveValue('119.8');
    expect(screen.getByTestId('first-downbeat')).toHaveTextContent('0:01.230');
    await user.click(screen.getByRole('button', { name: 'Save counts' }));
    await waitFor(() =>
      expect(saved).toEqual([
        { noCounts: false, sections: [{ fromSeconds: 0, bpm: 119.8, downbeatSeconds: 1.23 }] },
      ]),
    );
  });

  it('marks a video without music "no counts"', async () => {
    const saved = serve({
      grid: {
        noCounts: false,
        source: 'detected',
        sections: [{ fromSeconds: 0, bpm: 100, downbeatSeconds: 0.5 }],
      },
      stream: null,
    });
    const user = await openCounts();
    await user.click(screen.getByRole('switch', { name: 'No counts (a video without music)' }));
    expect(screen.queryByLabelText('BPM')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save counts' }));
    await waitFor(() => expect(saved).toEqual([{ noCounts: true, sections: [] }]));
  });
});
