import { useEffect, useRef, useState } from 'react';
import { EMPTY_LOOP, type LoopState, stepLoop } from './practice-loop';

/**
 * The practice loop (A-B, a chapter or eight-counts) as it runs: `onTime` jumps back to A at B (after the
 * chosen pause, then `beforeRepeat`, the count-in, when given) and stops after the last repeat (the rules are
 * practice-loop.ts's). It is called on every presented frame, so the jump back is exact to a frame.
 */
export function usePracticeLoop(beforeRepeat?: (next: LoopState) => Promise<void> | null) {
  const beforeRepeatRef = useRef(beforeRepeat);
  beforeRepeatRef.current = beforeRepeat;
  const [loop, setLoop] = useState<LoopState>(EMPTY_LOOP);
  const loopRef = useRef(loop);
  loopRef.current = loop;
  const pauseTimer = useRef<number | null>(null);

  useEffect(
    () => () => {
      if (pauseTimer.current) window.clearTimeout(pauseTimer.current);
    },
    [],
  );

  function onTime(video: HTMLVideoElement) {
    const step = stepLoop(loopRef.current, video.currentTime);
    if (step.kind === 'finish') setLoop(step.next);
    if (step.kind === 'restart') {
      setLoop(step.next);
      loopRef.current = step.next;
      video.currentTime = step.to;
      // After the pause (if any), the count-in (if any), then play on.
      const countInThenPlay = () => {
        const counting = beforeRepeatRef.current?.(step.next) ?? null;
        if (counting) void counting.then(() => video.play());
        else void video.play();
      };
      if (step.pauseSeconds > 0) {
        video.pause();
        pauseTimer.current = window.setTimeout(countInThenPlay, step.pauseSeconds * 1000);
      } else if (beforeRepeatRef.current) {
        const counting = beforeRepeatRef.current(step.next);
        if (counting) {
          video.pause();
          void counting.then(() => video.play());
        }
      }
    }
  }

  return { loop, setLoop, onTime };
}
