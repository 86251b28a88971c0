import { ApiClientProvider, createApiClient } from '@dance/api-client';
import { MEDIA_STATE_TEXTS, type TDirectUploadState } from '@dance/domain';
import { UiProvider } from '@dance/ui';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { adminUser, sessionAs } from '../test/api-fixtures';
import { server } from '../test/msw-server';
import { type VideoSource, VideoSourceField } from './video-source-field';

/** The field as the wizard holds it: the video source in state. */
function Field() {
  const [value, setValue] = useState<VideoSource | null>(null);
  return <VideoSourceField label="Video" title="Half-done routine" value={value} onChange={setValue} />;
}

configure({ asyncUtilTimeout: 15_000 });

const uploadId = '00000000-0000-4000-8000-0000000000aa';
const stateOf = (status: TDirectUploadState['status'], progress: number): TDirectUploadState => ({
  uploadId,
  status,
  progress,
  videoLink: status === 'playable' || status === 'ready' ? uploadId : null,
  playbackId: status === 'playable' || status === 'ready' ? uploadId : null,
  durationSeconds: 75,
  error: null,
});

describe('the upload wizard: playable before ready (decision 0057)', () => {
  it('hands the video over once playable, then follows it to ready', { timeout: 60_000 }, async () => {
    const answers = [stateOf('processing', 10), stateOf('playable', 40), stateOf('ready', 100)];
    let polls = 0;
    server.use(
      sessionAs(adminUser),
      http.post('*/api/v1/admin/direct-upload', () =>
        HttpResponse.json(
          { uploadId, provider: 'local', url: `/api/v1/uploads/local/${uploadId}/9999999999/sig` },
          { status: 201 },
        ),
      ),
      http.put('*/api/v1/uploads/local/*', () => HttpResponse.json({ ok: true })),
      http.get('*/api/v1/admin/direct-upload/:id', () => {
        const answer = answers[Math.min(polls, answers.length - 1)]!;
        polls += 1;
        return HttpResponse.json(answer);
      }),
    );
    const user = userEvent.setup();
    render(
      <UiProvider>
        <QueryClientProvider client={new QueryClient()}>
          <ApiClientProvider client={createApiClient()}>
            <Field />
          </ApiClientProvider>
        </QueryClientProvider>
      </UiProvider>,
    );
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    await user.upload(input, new File([new Uint8Array(64)], 'routine.mp4', { type: 'video/mp4' }));
    await user.click(screen.getByRole('button', { name: 'Upload' }));

    const handedOver = await screen.findByTestId('video-ready', {}, { timeout: 20_000 });
    expect(handedOver).toHaveAttribute('data-state', 'playable');
    expect(handedOver).toHaveTextContent(MEDIA_STATE_TEXTS.playable);
    expect(screen.getByRole('progressbar', { name: MEDIA_STATE_TEXTS.playable })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('video-ready')).toHaveAttribute('data-state', 'ready'), {
      timeout: 20_000,
    });
    expect(screen.getByTestId('video-ready')).toHaveTextContent('Video ready · 1:15');
    const pollsAtReady = polls;
    await new Promise((r) => setTimeout(r, 4_500));
    // Ready ends the polling.
    expect(polls).toBe(pollsAtReady);
  });
});
