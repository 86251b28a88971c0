import { type RefObject, useEffect, useRef } from 'react';

/**
 * Calls `onFrame` with the media time of every frame the video presents (requestVideoFrameCallback), so
 * what follows the picture (the count, a loop's end, the metronome) is exact to the frame at any speed.
 * Browsers without it get an animation frame and currentTime instead.
 */
export function useVideoFrames(
  videoRef: RefObject<HTMLVideoElement | null>,
  onFrame: (mediaTime: number, video: HTMLVideoElement) => void,
  enabled = true,
) {
  const callback = useRef(onFrame);
  callback.current = onFrame;

  useEffect(() => {
    const video = videoRef.current;
    if (!video || !enabled) return;
    let handle = 0;
    let stopped = false;
    // What is on screen now, before the next frame comes (or while paused).
    callback.current(video.currentTime, video);
    if ('requestVideoFrameCallback' in video) {
      const tick = (_now: number, metadata: VideoFrameCallbackMetadata) => {
        if (stopped) return;
        callback.current(metadata.mediaTime, video);
        handle = video.requestVideoFrameCallback(tick);
      };
      handle = video.requestVideoFrameCallback(tick);
      // A paused video presents no frames: a seek while paused still moves the count.
      const onSeeked = () => callback.current(video.currentTime, video);
      video.addEventListener('seeked', onSeeked);
      return () => {
        stopped = true;
        video.cancelVideoFrameCallback(handle);
        video.removeEventListener('seeked', onSeeked);
      };
    }
    const tick = () => {
      if (stopped) return;
      callback.current((video as HTMLVideoElement).currentTime, video as HTMLVideoElement);
      handle = requestAnimationFrame(tick);
    };
    handle = requestAnimationFrame(tick);
    return () => {
      stopped = true;
      cancelAnimationFrame(handle);
    };
  }, [videoRef, enabled]);
}
