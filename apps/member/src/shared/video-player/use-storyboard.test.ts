import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useStoryboard } from './use-storyboard';

const VTT = `WEBVTT

00:00:00.000 --> 00:00:02.000
storyboard.jpg#xywh=0,0,160,90
`;
const VTT_URL = '/api/v1/media/a/1/sig/storyboard.vtt';

afterEach(() => vi.unstubAllGlobals());

function stubFetch(response: Response | Error) {
  const fetchMock = vi.fn(() =>
    response instanceof Error ? Promise.reject(response) : Promise.resolve(response),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('useStoryboard', () => {
  it('waits for the first frame before it loads the previews', async () => {
    const fetchMock = stubFetch(new Response(VTT));
    const { result, rerender } = renderHook(({ isReady }) => useStoryboard(VTT_URL, isReady), {
      initialProps: { isReady: false },
    });
    expect(fetchMock).not.toHaveBeenCalled();

    rerender({ isReady: true });

    await waitFor(() => expect(result.current).toHaveLength(1));
    expect(fetchMock).toHaveBeenCalledWith(
      VTT_URL,
      expect.objectContaining({ signal: expect.any(AbortSignal) }),
    );
    expect(result.current[0]).toMatchObject({
      start: 0,
      end: 2,
      url: '/api/v1/media/a/1/sig/storyboard.jpg',
    });
  });

  it('has no previews without a storyboard or when it cannot be loaded', async () => {
    const fetchMock = stubFetch(new Error('offline'));
    const { result: none } = renderHook(() => useStoryboard(null, true));
    expect(none.current).toEqual([]);
    expect(fetchMock).not.toHaveBeenCalled();

    const { result: failed } = renderHook(() => useStoryboard(VTT_URL, true));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(failed.current).toEqual([]);
  });
});
