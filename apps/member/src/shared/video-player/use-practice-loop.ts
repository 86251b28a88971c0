import { type SetStateAction, useEffect, useRef, useState } from 'react';
import { EMPTY_LOOP, type LoopState, stepLoop } from './practice-loop';

/** The lead of a jump when the frame rate is not known yet (a frame at 20 fps). */
const DEFAULT_LEAD = 0.05;

/**
 * The practice loop (A-B, a chapter or eight-counts) as it runs: `onTime` jumps back to A at B (after the
 * chosen pause, then `beforeRepeat`, the count-in, when given) and stops after the last repeat (the rules are
 * practice-loop.ts's). It is called on every presented frame, so the jump back is exact to a frame.
 *
 * The jump without a stall (decision 0055): it is issued on the last frame of the run (when the next frame's
 * media time, predicted from the step between the last two frames, would reach B), and the re-render the
 * new run count causes waits until the first frame after the jump is on screen, so the main thread is free
 * while the browser seeks.
 */
export function usePracticeLoop(beforeRepeat?: (next: LoopState) => Promise<void> | null) {
  const beforeRepeatRef = useRef(beforeRepeat);
  beforeRepeatRef.current = beforeRepeat;
  const [loop, setLoopState] = useState<LoopState>(EMPTY_LOOP);
  // A run started whose render waits for its first frame: it is the loop until then.
  const pending = useRef<LoopState | null>(null);
  const loopRef = useRef(loop);
  loopRef.current = pending.current ?? loop;
  const pauseTimer = useRef<number | null>(null);

  useEffect(
    () => () => {
      if (pauseTimer.current) window.clearTimeout(pauseTimer.current);
    },
    [],
  );

  const lastFrame = useRef<number | null>(null);
  // Set by a jump back until a frame inside the loop is seen: frames the decoder had queued before the seek
  // can still be presented at B, and counting them would end a second run (a ramp would skip a speed).
  const jumping = useRef(false);

  /** Replaces a run waiting for its render. */
  const replaceLoop = (next: SetStateAction<LoopState>) => {
    pending.current = null;
    setLoopState(next);
  };
  /** A change from outside (set, stop) also ends a jump in progress. */
  const setLoop = (next: SetStateAction<LoopState>) => {
    jumping.current = false;
    replaceLoop(next);
  };

  /** Renders the new run once its first frame is on screen (or after 250 ms, paused or hidden). */
  function renderAfterFirstFrame(video: HTMLVideoElement, next: LoopState) {
    pending.current = next;
    let timer = 0;
    const commit = () => {
      window.clearTimeout(timer);
      if (pending.current !== next) return;
      pending.current = null;
      setLoopState(next);
    };
    timer = window.setTimeout(commit, 250);
    video.requestVideoFrameCallback(commit);
  }

  /** `mediaTime`: the media time of the frame presented now (requestVideoFrameCallback), when known. */
  function onTime(video: HTMLVideoElement, mediaTime?: number) {
    const time = mediaTime ?? video.currentTime;
    let lead = DEFAULT_LEAD;
    if (mediaTime !== undefined) {
      const frameStep = lastFrame.current === null ? 0 : mediaTime - lastFrame.current;
      lastFrame.current = mediaTime;
      // The next frame's media time is this one's plus the last step (at any speed); a seek or a pause in
      // between gives no step.
      if (frameStep > 0 && frameStep < 0.25) lead = frameStep;
    }
    const current = loopRef.current;
    if (jumping.current) {
      if (current.b !== null && time >= current.b - lead) return;
      jumping.current = false;
    }
    const step = stepLoop(current, time, lead);
    if (step.kind === 'finish') replaceLoop(step.next);
    if (step.kind === 'restart') {
      loopRef.current = step.next;
      lastFrame.current = null;
      jumping.current = true;
      video.currentTime = step.to;
      // After the pause (if any), the count-in (if any), then play on.
      const countInThenPlay = () => {
        const counting = beforeRepeatRef.current?.(step.next) ?? null;
        if (counting) void counting.then(() => video.play());
        else void video.play();
      };
      if (step.pauseSeconds > 0) {
        replaceLoop(step.next);
        video.pause();
        pauseTimer.current = window.setTimeout(countInThenPlay, step.pauseSeconds * 1000);
        return;
      }
      const counting = beforeRepeatRef.current?.(step.next) ?? null;
      if (counting) {
        replaceLoop(step.next);
        video.pause();
        void counting.then(() => video.play());
      } else if ('requestVideoFrameCallback' in video) renderAfterFirstFrame(video, step.next);
      else replaceLoop(step.next);
    }
  }

  return { loop, setLoop, onTime };
}
