import { type RefObject, useEffect, useLayoutEffect } from 'react';
import { offerVideoElement, releaseVideoElement } from './hls-start';

/**
 * While the playback answer is on its way, the empty element is offered to the tuned start-up, which
 * attaches the stream as soon as the answer arrives (hls-start.ts); the element is released on unmount.
 */
export function useTunedStartUp(
  videoRef: RefObject<HTMLVideoElement | null>,
  options: { hasStream: boolean; offerFor?: string; autoPlayRef: RefObject<boolean | undefined> },
) {
  const { hasStream, offerFor, autoPlayRef } = options;
  useLayoutEffect(() => {
    const video = videoRef.current;
    if (hasStream || !offerFor || !video) return;
    return offerVideoElement(offerFor, video, Boolean(autoPlayRef.current));
  }, [videoRef, hasStream, offerFor, autoPlayRef]);
  useEffect(() => {
    const video = videoRef.current;
    return () => {
      if (video) releaseVideoElement(video);
    };
  }, [videoRef]);
}
