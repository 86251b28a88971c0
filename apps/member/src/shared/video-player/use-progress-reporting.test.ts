import { PLAYER_LIMITS } from '@dance/domain';
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useProgressReporting } from './use-progress-reporting';

function fakeVideo(state: { currentTime: number; duration: number; paused: boolean }) {
  return { current: state as unknown as HTMLVideoElement };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('useProgressReporting', () => {
  it('reports every interval while playing, on pagehide and on unmount', () => {
    const onProgress = vi.fn();
    const videoRef = fakeVideo({ currentTime: 12, duration: 100, paused: false });
    const { unmount } = renderHook(() => useProgressReporting(videoRef, onProgress));

    act(() => vi.advanceTimersByTime(PLAYER_LIMITS.progressSaveIntervalMs));
    expect(onProgress).toHaveBeenLastCalledWith(12, 100);

    window.dispatchEvent(new Event('pagehide'));
    expect(onProgress).toHaveBeenCalledTimes(2);

    unmount();
    expect(onProgress).toHaveBeenCalledTimes(3);
  });

  it('stays quiet while paused on the interval, and before the video has started', () => {
    const onProgress = vi.fn();
    const paused = fakeVideo({ currentTime: 30, duration: 100, paused: true });
    renderHook(() => useProgressReporting(paused, onProgress));
    act(() => vi.advanceTimersByTime(PLAYER_LIMITS.progressSaveIntervalMs));
    expect(onProgress).not.toHaveBeenCalled();

    const notStarted = fakeVideo({ currentTime: 0, duration: 100, paused: false });
    const { result } = renderHook(() => useProgressReporting(notStarted, onProgress));
    result.current();
    expect(onProgress).not.toHaveBeenCalled();
  });

  it('the returned report (used on pause) sends the position right away', () => {
    const onProgress = vi.fn();
    const videoRef = fakeVideo({ currentTime: 42, duration: Number.NaN, paused: true });
    const { result } = renderHook(() => useProgressReporting(videoRef, onProgress));
    result.current();
    expect(onProgress).not.toHaveBeenCalled();

    (videoRef.current as { duration: number }).duration = 60;
    result.current();
    expect(onProgress).toHaveBeenCalledWith(42, 60);
  });
});
