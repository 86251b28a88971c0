import { type RefObject, useCallback, useEffect, useRef } from 'react';
import { syncStep, type TakeTiming } from './take-sync';

/**
 * Keeps a take's video in step with the lesson (issue 20 item 4): the same moment of the dance on both, at the
 * lesson's speed (the take plays at lessonRate / the speed it was recorded at). Checked on every presented
 * lesson frame (`onFrame`) and on the lesson's play, pause, seek and rate changes; a small drift is caught
 * up by bending the take's rate (up to 10%), a drift over 0.35 s (a loop's jump back) is a seek aimed
 * where the take will be when the seek lands (seeks are timed), and outside the part the take covers it waits on its nearest frame.
 */
export function useTakeReplay(
  lessonRef: RefObject<HTMLVideoElement | null>,
  takeRef: RefObject<HTMLVideoElement | null>,
  take: (TakeTiming & { durationSeconds: number }) | null,
) {
  const takeInfo = useRef(take);
  takeInfo.current = take;
  /** How long the take's seeks take (s, averaged), and when the one under way started. */
  const seekLatency = useRef(0.1);
  const seekStartedAt = useRef<number | null>(null);

  const sync = useCallback(
    (lessonTime?: number) => {
      const lesson = lessonRef.current;
      const video = takeRef.current;
      const timing = takeInfo.current;
      if (!lesson || !video || !timing || video.readyState < 1) return;
      // MediaRecorder files often say Infinity: the take's own measure is the length.
      const duration = Number.isFinite(video.duration) ? video.duration : timing.durationSeconds;
      const step = syncStep(
        timing,
        lessonTime ?? lesson.currentTime,
        lesson.playbackRate,
        video.currentTime,
        duration,
      );
      if (Math.abs(video.playbackRate - step.rate) > 0.001) video.playbackRate = step.rate;
      // A seek under way: its target is where the take will be (seeking again would only restart it).
      // A seek takes time (more on a busy device): aim where the take should be when it lands.
      if (step.seekTo !== null && !video.seeking) {
        const ahead = step.inRange && !lesson.paused ? seekLatency.current * step.rate : 0;
        seekStartedAt.current = performance.now();
        video.currentTime = Math.min(step.seekTo + ahead, Math.max(0, duration - 0.05));
      }
      const shouldPlay = step.inRange && !lesson.paused;
      if (shouldPlay && video.paused) void video.play().catch(() => {});
      if (!shouldPlay && !video.paused) video.pause();
    },
    [lessonRef, takeRef],
  );

  useEffect(() => {
    const video = takeRef.current;
    if (!video || !take) return;
    const onSeeked = () => {
      if (seekStartedAt.current === null) return;
      const took = (performance.now() - seekStartedAt.current) / 1000;
      seekStartedAt.current = null;
      seekLatency.current = Math.min(1, 0.5 * seekLatency.current + 0.5 * took);
    };
    video.addEventListener('seeked', onSeeked);
    return () => video.removeEventListener('seeked', onSeeked);
  }, [takeRef, take]);

  useEffect(() => {
    const lesson = lessonRef.current;
    if (!lesson || !take) return;
    const onChange = () => sync();
    const events = ['play', 'pause', 'seeked', 'ratechange'] as const;
    for (const name of events) lesson.addEventListener(name, onChange);
    return () => {
      for (const name of events) lesson.removeEventListener(name, onChange);
    };
  }, [lessonRef, take, sync]);

  const onFrame = useCallback(
    (mediaTime: number) => {
      if (takeInfo.current) sync(mediaTime);
    },
    [sync],
  );

  return { onFrame, sync };
}
