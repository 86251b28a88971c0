import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { usePracticeTime } from './use-practice-time';

/** A video element stand-in: an event target whose paused/ended the test sets. */
function fakeVideo() {
  const target = new EventTarget() as EventTarget & { paused: boolean; ended: boolean };
  target.paused = true;
  target.ended = false;
  return target;
}

let visibility: DocumentVisibilityState = 'visible';
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout', 'performance'] });
  visibility = 'visible';
  vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('usePracticeTime', () => {
  it('reports playing time every 30 s, not paused or hidden time, and the rest on pagehide and unmount', () => {
    const onPractice = vi.fn();
    const video = fakeVideo();
    const ref = { current: video as unknown as HTMLVideoElement };
    const { unmount } = renderHook(() => usePracticeTime(ref, onPractice));

    // Paused for a minute: nothing.
    act(() => vi.advanceTimersByTime(60_000));
    expect(onPractice).not.toHaveBeenCalled();

    video.paused = false;
    video.dispatchEvent(new Event('play'));
    act(() => vi.advanceTimersByTime(30_000));
    expect(onPractice).toHaveBeenCalledWith(30);

    // In the background for two minutes: the 5 s before hiding are sent on hiding, the rest not counted.
    act(() => vi.advanceTimersByTime(5_000));
    visibility = 'hidden';
    document.dispatchEvent(new Event('visibilitychange'));
    expect(onPractice).toHaveBeenLastCalledWith(5);
    act(() => vi.advanceTimersByTime(120_000));
    expect(onPractice).toHaveBeenCalledTimes(2);
    visibility = 'visible';
    document.dispatchEvent(new Event('visibilitychange'));

    // Buffering does not count either.
    act(() => vi.advanceTimersByTime(4_000));
    video.dispatchEvent(new Event('waiting'));
    act(() => vi.advanceTimersByTime(20_000));
    video.dispatchEvent(new Event('playing'));
    act(() => vi.advanceTimersByTime(3_000));
    window.dispatchEvent(new Event('pagehide'));
    expect(onPractice).toHaveBeenLastCalledWith(7);

    act(() => vi.advanceTimersByTime(2_000));
    unmount();
    expect(onPractice).toHaveBeenLastCalledWith(2);
    expect(onPractice).toHaveBeenCalledTimes(4);
  });
});
