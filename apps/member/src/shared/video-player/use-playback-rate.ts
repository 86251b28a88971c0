import { type RefObject, useEffect } from 'react';

/**
 * The member's speed with the pitch kept; `onRateChange` puts it back when a source change resets it.
 */
export function usePlaybackRate(videoRef: RefObject<HTMLVideoElement | null>, playbackRate: number) {
  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    video.preservesPitch = true;
    video.playbackRate = playbackRate;
  }, [videoRef, playbackRate]);

  return (event: { currentTarget: HTMLVideoElement }) => {
    if (event.currentTarget.playbackRate !== playbackRate) event.currentTarget.playbackRate = playbackRate;
  };
}
