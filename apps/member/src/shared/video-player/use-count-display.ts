import { type CountAt, countAt, hasCounts, type TCountGrid } from '@dance/domain';
import { useCallback, useRef, useState } from 'react';

/**
 * The count (1..8 and the "and") of the frame on screen: `onFrame` is called with each presented frame's
 * media time (useVideoFrames) and re-renders only when the count changes.
 */
export function useCountDisplay(grid: TCountGrid | null) {
  const [count, setCount] = useState<CountAt | null>(null);
  const last = useRef<string>('');
  const onFrame = useCallback(
    (mediaTime: number) => {
      const next = hasCounts(grid) ? countAt(grid, mediaTime) : null;
      const key = next ? `${next.count}${next.isAnd}` : '';
      if (key === last.current) return;
      last.current = key;
      setCount(next);
    },
    [grid],
  );
  return { count, onFrame };
}
