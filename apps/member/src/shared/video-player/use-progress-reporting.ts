import { PLAYER_LIMITS } from '@dance/domain';
import { type RefObject, useCallback, useEffect, useRef } from 'react';

/**
 * Reports the position every 10 s while playing, when the page or tab goes away and on unmount; the
 * returned `reportProgress` is for the pause. Nothing is reported before the video has started.
 */
export function useProgressReporting(
  videoRef: RefObject<HTMLVideoElement | null>,
  onProgress?: (positionSeconds: number, durationSeconds: number) => void,
) {
  const progressRef = useRef(onProgress);
  progressRef.current = onProgress;

  const reportProgress = useCallback(() => {
    const video = videoRef.current;
    if (video && video.currentTime > 0 && Number.isFinite(video.duration))
      progressRef.current?.(video.currentTime, video.duration);
  }, [videoRef]);

  useEffect(() => {
    const timer = window.setInterval(() => {
      if (videoRef.current && !videoRef.current.paused) reportProgress();
    }, PLAYER_LIMITS.progressSaveIntervalMs);
    const onHide = () => reportProgress();
    window.addEventListener('pagehide', onHide);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener('pagehide', onHide);
      reportProgress();
    };
  }, [videoRef, reportProgress]);

  return reportProgress;
}
