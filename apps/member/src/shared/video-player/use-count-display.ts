import { countAt, hasCounts, type TCountGrid } from '@dance/domain';
import { useCallback, useRef } from 'react';

/**
 * The count (1..8, or "&" on the half counts when asked) of the frame on screen. `onFrame` is called with
 * each presented frame's media time (useVideoFrames) and writes the element's text directly: no React render
 * between the frame and its count, so the count is never a frame late, whatever the speed.
 */
export function useCountDisplay(grid: TCountGrid | null, showAnd: boolean) {
  const ref = useRef<HTMLDivElement>(null);
  const onFrame = useCallback(
    (mediaTime: number) => {
      const element = ref.current;
      if (!element || !hasCounts(grid)) return;
      const { count, isAnd } = countAt(grid, mediaTime);
      const text = isAnd && showAnd ? '&' : String(count);
      if (element.textContent !== text) element.textContent = text;
    },
    [grid, showAnd],
  );
  return { ref, onFrame };
}
