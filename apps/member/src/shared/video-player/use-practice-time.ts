import { PRACTICE_LIMITS } from '@dance/domain';
import { type RefObject, useEffect, useRef } from 'react';

/** How often the hook samples whether the member is practising. */
const TICK_MS = 1000;

/**
 * Measures the time actually practised (issue 20 item 5): wall-clock time while the video plays, at any
 * speed and through loops, but not while paused, ended, buffering or with the tab in the background (Page
 * Visibility API). Whole seconds are handed to `onPractice` every PRACTICE_LIMITS.reportEverySeconds, and at
 * once when the page is hidden or left (pagehide) and when the player goes away.
 */
export function usePracticeTime(
  videoRef: RefObject<HTMLVideoElement | null>,
  onPractice: ((seconds: number) => void) | undefined,
) {
  const callback = useRef(onPractice);
  callback.current = onPractice;

  useEffect(() => {
    let pendingMs = 0;
    let last = performance.now();
    let wasPractising = false;
    let isBuffering = false;

    const isPractising = () => {
      const video = videoRef.current;
      return (
        video !== null &&
        !video.paused &&
        !video.ended &&
        !isBuffering &&
        document.visibilityState === 'visible'
      );
    };
    /** Adds the time since the last sample if the member was practising through it. */
    const sample = () => {
      const now = performance.now();
      if (wasPractising) pendingMs += now - last;
      last = now;
      wasPractising = isPractising();
    };
    const flush = () => {
      sample();
      const seconds = Math.min(Math.floor(pendingMs / 1000), PRACTICE_LIMITS.maxReportSeconds);
      if (seconds < 1) return;
      pendingMs -= seconds * 1000;
      callback.current?.(seconds);
    };
    const onTick = () => {
      sample();
      if (pendingMs >= PRACTICE_LIMITS.reportEverySeconds * 1000) flush();
    };
    const onWaiting = () => {
      sample();
      isBuffering = true;
      wasPractising = false;
    };
    const onPlaying = () => {
      isBuffering = false;
      sample();
    };
    const onVisibility = () => (document.visibilityState === 'hidden' ? flush() : sample());

    const video = videoRef.current;
    const timer = window.setInterval(onTick, TICK_MS);
    video?.addEventListener('play', sample);
    video?.addEventListener('pause', sample);
    video?.addEventListener('ended', sample);
    video?.addEventListener('waiting', onWaiting);
    video?.addEventListener('playing', onPlaying);
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pagehide', flush);
    return () => {
      window.clearInterval(timer);
      video?.removeEventListener('play', sample);
      video?.removeEventListener('pause', sample);
      video?.removeEventListener('ended', sample);
      video?.removeEventListener('waiting', onWaiting);
      video?.removeEventListener('playing', onPlaying);
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, [videoRef]);
}
