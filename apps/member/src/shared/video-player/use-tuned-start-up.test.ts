import { renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useTunedStartUp } from './use-tuned-start-up';

const withdraw = vi.fn();
const offerVideoElement = vi.fn((..._args: unknown[]) => withdraw);
const releaseVideoElement = vi.fn();
vi.mock('./hls-start', () => ({
  offerVideoElement: (...args: unknown[]) => offerVideoElement(...args),
  releaseVideoElement: (video: unknown) => releaseVideoElement(video),
}));

beforeEach(() => vi.clearAllMocks());

describe('useTunedStartUp', () => {
  it('offers the empty element while the playback answer is on its way, and withdraws it once it is here', () => {
    const video = document.createElement('video');
    const { rerender, unmount } = renderHook(
      ({ hasStream }) =>
        useTunedStartUp(
          { current: video },
          { hasStream, offerFor: 'video-1', autoPlayRef: { current: true } },
        ),
      { initialProps: { hasStream: false } },
    );
    expect(offerVideoElement).toHaveBeenCalledWith('video-1', video, true);

    rerender({ hasStream: true });
    expect(withdraw).toHaveBeenCalled();
    expect(offerVideoElement).toHaveBeenCalledTimes(1);

    unmount();
    expect(releaseVideoElement).toHaveBeenCalledWith(video);
  });

  it('offers nothing without a video to wait for', () => {
    const video = document.createElement('video');
    renderHook(() =>
      useTunedStartUp({ current: video }, { hasStream: false, autoPlayRef: { current: false } }),
    );
    expect(offerVideoElement).not.toHaveBeenCalled();
  });
});
