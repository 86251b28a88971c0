import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EMPTY_LOOP, loopSpeed } from './practice-loop';
import { usePracticeLoop } from './use-practice-loop';

/** Just what the loop touches of a media element. */
function fakeVideo(currentTime: number) {
  return { currentTime, pause: vi.fn(), play: vi.fn(() => Promise.resolve()) } as unknown as HTMLVideoElement;
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('usePracticeLoop', () => {
  it('jumps back to A at B, pauses for the chosen seconds, then plays on', () => {
    const { result } = renderHook(() => usePracticeLoop());
    act(() =>
      result.current.setLoop({ ...EMPTY_LOOP, a: 2, b: 5, repeats: 3, pauseSeconds: 1, label: 'A-B' }),
    );
    const video = fakeVideo(5);

    act(() => result.current.onTime(video));

    expect(video.currentTime).toBe(2);
    expect(video.pause).toHaveBeenCalled();
    expect(result.current.loop.done).toBe(1);
    expect(video.play).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1000));
    expect(video.play).toHaveBeenCalledTimes(1);
  });

  it('does nothing before B and stops after the last repeat', () => {
    const { result } = renderHook(() => usePracticeLoop());
    act(() => result.current.setLoop({ ...EMPTY_LOOP, a: 2, b: 5, repeats: 1, label: 'A-B' }));

    const early = fakeVideo(3);
    act(() => result.current.onTime(early));
    expect(early.currentTime).toBe(3);

    const atEnd = fakeVideo(5);
    act(() => result.current.onTime(atEnd));
    expect(atEnd.currentTime).toBe(5);
    expect(result.current.loop).toEqual(EMPTY_LOOP);
  });

  it('drops a pending resume when the player goes away', () => {
    const { result, unmount } = renderHook(() => usePracticeLoop());
    act(() => result.current.setLoop({ ...EMPTY_LOOP, a: 0, b: 4, pauseSeconds: 2, label: 'A-B' }));
    const video = fakeVideo(4);
    act(() => result.current.onTime(video));

    unmount();
    vi.advanceTimersByTime(2000);
    expect(video.play).not.toHaveBeenCalled();
  });

  it('counts in before each repeat: paused at A until the count-in resolves, then plays', async () => {
    let finish: () => void = () => {};
    const countIn = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const { result } = renderHook(() => usePracticeLoop(countIn));
    act(() => result.current.setLoop({ ...EMPTY_LOOP, a: 1, b: 5, label: '1 × 8' }));
    const video = fakeVideo(5);
    act(() => result.current.onTime(video));

    expect(video.currentTime).toBe(1);
    expect(video.pause).toHaveBeenCalled();
    expect(countIn).toHaveBeenCalledWith(expect.objectContaining({ a: 1, done: 1 }));
    expect(video.play).not.toHaveBeenCalled();
    await act(async () => finish());
    expect(video.play).toHaveBeenCalledTimes(1);
  });

  it('raises a ramped loop by a step each repeat (loopSpeed), up to full speed', () => {
    const { result } = renderHook(() => usePracticeLoop());
    const ramp = { from: 0.6, to: 1, step: 0.1 };
    act(() => result.current.setLoop({ ...EMPTY_LOOP, a: 1, b: 5, label: '1 × 8', ramp }));
    const speeds = [loopSpeed(result.current.loop, 1)];
    for (let run = 0; run < 5; run += 1) {
      act(() => result.current.onTime(fakeVideo(1.5)));
      act(() => result.current.onTime(fakeVideo(5)));
      speeds.push(loopSpeed(result.current.loop, 1));
    }
    expect(speeds).toEqual([0.6, 0.7, 0.8, 0.9, 1, 1]);
    // Without a loop running, the member's own speed.
    expect(loopSpeed(EMPTY_LOOP, 0.75)).toBe(0.75);
  });

  it('jumps on the last frame of the run: when the next frame (by the step between frames) would reach B', () => {
    const { result } = renderHook(() => usePracticeLoop());
    act(() => result.current.setLoop({ ...EMPTY_LOOP, a: 1, b: 5, label: '1 × 8' }));
    const frame = 1 / 24;
    // 1.5x at 24 fps: frames 62.5 ms apart in media time; the fixed 50 ms lead would show a frame past B.
    const video = fakeVideo(4.8);
    const times = [4.8, 4.8 + 1.5 * frame];
    act(() => result.current.onTime(video, times[0]));
    act(() => result.current.onTime(video, times[1]));
    expect(video.currentTime).toBe(4.8);
    // 4.9375: the next frame would be at 5.0: jump now.
    act(() => result.current.onTime(video, 4.9375));
    expect(video.currentTime).toBe(1);
    expect(result.current.loop.done).toBe(1);
  });

  it('counts one run per jump: frames of the old run still presented while the seek lands are not an end', () => {
    const { result } = renderHook(() => usePracticeLoop());
    act(() =>
      result.current.setLoop({
        ...EMPTY_LOOP,
        a: 1,
        b: 5,
        label: '1 × 8',
        ramp: { from: 0.8, to: 1, step: 0.1 },
      }),
    );
    const video = fakeVideo(4.96);
    act(() => result.current.onTime(video, 4.96));
    expect(video.currentTime).toBe(1);
    // Two frames the decoder had queued before the seek, at and past B: still the run that just ended.
    act(() => result.current.onTime(video, 4.99));
    act(() => result.current.onTime(video, 5.03));
    expect(result.current.loop.done).toBe(1);
    expect(loopSpeed(result.current.loop, 1)).toBe(0.9);
    // The first frame of the new run, then its end: the next speed, not one skipped.
    act(() => result.current.onTime(video, 1.0));
    act(() => result.current.onTime(video, 4.97));
    expect(result.current.loop.done).toBe(2);
    expect(loopSpeed(result.current.loop, 1)).toBe(1);
  });

  it('renders the new run after its first frame, and a stop meanwhile wins', () => {
    const { result } = renderHook(() => usePracticeLoop());
    act(() => result.current.setLoop({ ...EMPTY_LOOP, a: 1, b: 5, label: '1 × 8' }));
    let presented: (() => void) | null = null;
    const video = Object.assign(fakeVideo(5), {
      requestVideoFrameCallback: vi.fn((cb: () => void) => {
        presented = cb;
        return 1;
      }),
    }) as unknown as HTMLVideoElement;
    act(() => result.current.onTime(video));
    expect(video.currentTime).toBe(1);
    // The seek is issued; the count of runs is not rendered until the first frame of the new run shows.
    expect(result.current.loop.done).toBe(0);
    act(() => presented!());
    expect(result.current.loop.done).toBe(1);

    // Jumped again, then stopped before the frame came: the stop stands.
    act(() => result.current.onTime(video));
    video.currentTime = 5;
    act(() => result.current.onTime(video));
    act(() => result.current.setLoop(EMPTY_LOOP));
    act(() => presented!());
    expect(result.current.loop).toEqual(EMPTY_LOOP);
    // No frame at all (paused, hidden): rendered after 250 ms anyway.
    act(() => result.current.setLoop({ ...EMPTY_LOOP, a: 1, b: 5, label: '1 × 8' }));
    video.currentTime = 5;
    act(() => result.current.onTime(video));
    act(() => vi.advanceTimersByTime(250));
    expect(result.current.loop.done).toBe(1);
  });
});
