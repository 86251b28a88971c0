import { useEffect, useRef, useState } from 'react';
import { EMPTY_LOOP, type LoopState, stepLoop } from './practice-loop';

/**
 * The practice loop (A-B or a chapter) as it runs: `onTime` jumps back to A at B (after the chosen pause)
 * and stops after the last repeat (the rules are practice-loop.ts's).
 */
export function usePracticeLoop() {
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
      if (step.pauseSeconds > 0) {
        video.pause();
        pauseTimer.current = window.setTimeout(() => void video.play(), step.pauseSeconds * 1000);
      }
    }
  }

  return { loop, setLoop, onTime };
}
