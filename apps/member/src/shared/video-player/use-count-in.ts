import { beatSecondsAt, COUNTS, type TCountGrid } from '@dance/domain';
import { useCallback, useEffect, useRef, useState } from 'react';
import { scheduleClick } from './click-sound';

/**
 * The count-in before a loop repeats: "5, 6, 7, 8" clicked through Web Audio at the loop's tempo and speed,
 * shown big over the video; resolves on the "1". `counting` is the number on show (null when none).
 */
export function useCountIn() {
  const [counting, setCounting] = useState<number | null>(null);
  const timers = useRef<number[]>([]);
  useEffect(
    () => () => {
      for (const timer of timers.current) window.clearTimeout(timer);
    },
    [],
  );

  const countIn = useCallback((grid: TCountGrid, at: number, rate: number) => {
    const beat = beatSecondsAt(grid, at, rate);
    return new Promise<void>((resolve) => {
      for (let i = 0; i < 4; i += 1) {
        scheduleClick(i * beat, true);
        timers.current.push(window.setTimeout(() => setCounting(COUNTS - 3 + i), i * beat * 1000));
      }
      timers.current.push(
        window.setTimeout(
          () => {
            setCounting(null);
            timers.current = [];
            resolve();
          },
          4 * beat * 1000,
        ),
      );
    });
  }, []);

  return { counting, countIn };
}
