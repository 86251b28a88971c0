import { countAt, hasCounts, nextBeatAfter, type TCountGrid } from '@dance/domain';
import { useCallback, useRef } from 'react';
import { scheduleClick } from './click-sound';

/** How far ahead a click is scheduled on the audio clock (a frame or two, so a seek never leaves a stray one). */
const LOOK_AHEAD_SECONDS = 0.12;

/**
 * The metronome: a click on every beat of the grid as the video plays, at its speed (a beat of the music
 * lasts beat / rate seconds of real time). Clicks are scheduled from the frame callbacks, just ahead.
 */
export function useMetronome(grid: TCountGrid | null, enabled: boolean) {
  const scheduled = useRef<number | null>(null);
  return useCallback(
    (mediaTime: number, video: HTMLVideoElement) => {
      if (!enabled || !hasCounts(grid) || video.paused) return;
      const beat = nextBeatAfter(grid, mediaTime);
      if (beat === scheduled.current) return;
      const delay = (beat - mediaTime) / (video.playbackRate || 1);
      if (delay > LOOK_AHEAD_SECONDS) return;
      scheduled.current = beat;
      scheduleClick(delay, countAt(grid, beat + 0.001).count === 1);
    },
    [grid, enabled],
  );
}
