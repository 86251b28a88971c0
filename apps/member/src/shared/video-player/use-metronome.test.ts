import type { TCountGrid } from '@dance/domain';
import { renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { scheduleClick } from './click-sound';
import { useMetronome } from './use-metronome';

vi.mock('./click-sound', () => ({ scheduleClick: vi.fn() }));

const grid: TCountGrid = {
  noCounts: false,
  source: 'detected',
  sections: [{ fromSeconds: 0, bpm: 120, downbeatSeconds: 0 }],
};
const video = (playbackRate: number, paused = false) => ({ playbackRate, paused }) as HTMLVideoElement;

beforeEach(() => vi.mocked(scheduleClick).mockClear());

describe('useMetronome', () => {
  it('schedules each beat once, just ahead, at the speed playing, accenting the "1"', () => {
    const { result } = renderHook(() => useMetronome(grid, true));
    result.current(3.5, video(1)); // next beat 4.0 is 0.5 s away: not yet
    expect(scheduleClick).not.toHaveBeenCalled();
    result.current(3.95, video(1));
    result.current(3.97, video(1)); // the same beat: not twice
    expect(vi.mocked(scheduleClick).mock.calls).toEqual([[expect.closeTo(0.05, 5), true]]);
    // At half speed the 0.06 s of music to the next beat last 0.12 s.
    result.current(4.44, video(0.5));
    expect(vi.mocked(scheduleClick).mock.calls[1]).toEqual([expect.closeTo(0.12, 5), false]);
  });

  it('stays quiet when off, paused, or without counts', () => {
    renderHook(() => useMetronome(grid, false)).result.current(3.95, video(1));
    renderHook(() => useMetronome(grid, true)).result.current(3.95, video(1, true));
    renderHook(() => useMetronome({ ...grid, noCounts: true }, true)).result.current(3.95, video(1));
    expect(scheduleClick).not.toHaveBeenCalled();
  });
});
