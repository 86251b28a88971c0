import { PLAYER_LIMITS } from '@dance/domain';
import type Hls from 'hls.js';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { createStream, holdBufferUntilPlay, loadHls, retireStream, takePreloaded } from './hls-start';
import { whenPosterShown } from './poster-first';

export interface QualityLevel {
  index: number;
  height: number;
}

interface HlsSourceOptions {
  hlsUrl: string | null;
  startAt: number | null;
  /** The signed URLs expired mid-watch (a 403 on a segment). */
  onExpired?: () => void;
  /** Read when the source is attached: play as soon as frames arrive. */
  autoPlayRef: RefObject<boolean | undefined>;
}

/**
 * The video's source: hls.js with a carried-over bandwidth estimate (no probe download), or native HLS.
 * Also the quality menu's renditions (Auto is -1) and the height playing now.
 */
export function useHlsSource(videoRef: RefObject<HTMLVideoElement | null>, options: HlsSourceOptions) {
  const { hlsUrl, startAt, onExpired, autoPlayRef } = options;
  const hlsRef = useRef<Hls | null>(null);
  const [levels, setLevels] = useState<QualityLevel[]>([]);
  const [level, setLevel] = useState(-1);
  const [playingHeight, setPlayingHeight] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const video = videoRef.current;
    if (!video || !hlsUrl) return;
    let isCancelled = false;
    setError(null);
    setLevels([]);
    setLevel(-1);
    const start = startAt ?? 0;
    // Opened by its address, the page shows its poster before hls.js and the stream start (decision 0066).
    const hlsLoaded = whenPosterShown(video).then(loadHls);
    void hlsLoaded.then((HlsClass) => {
      if (isCancelled) return;
      if (HlsClass.isSupported()) {
        // The stream the playback answer already started loading (tuned start-up), else a new one.
        const preloaded = takePreloaded(hlsUrl, video);
        const hls = preloaded?.hls ?? createStream(HlsClass, startAt);
        hlsRef.current = hls;
        const showLevels = (list: { height: number }[]) =>
          setLevels(
            list
              .map((l, index) => ({ index, height: l.height }))
              .filter((l) => l.height <= PLAYER_LIMITS.maxResolution)
              .sort((a, b) => b.height - a.height),
          );
        if (hls.levels.length > 0) showLevels(hls.levels);
        hls.on(HlsClass.Events.MANIFEST_PARSED, (_event, data) => showLevels(data.levels));
        if (hls.currentLevel >= 0) setPlayingHeight(hls.levels[hls.currentLevel]?.height ?? null);
        hls.on(HlsClass.Events.LEVEL_SWITCHED, (_event, data) =>
          setPlayingHeight(hls.levels[data.level]?.height ?? null),
        );
        hls.on(HlsClass.Events.ERROR, (_event, data) => {
          if (!data.fatal) return;
          const status = data.response?.code;
          if (data.type === HlsClass.ErrorTypes.NETWORK_ERROR && status === 403) {
            onExpired?.();
          } else if (data.type === HlsClass.ErrorTypes.MEDIA_ERROR) {
            hls.recoverMediaError();
          } else {
            setError('An error occurred while fetching the video.');
          }
        });
        if (!preloaded) hls.loadSource(hlsUrl);
        if (!preloaded?.isAttached) hls.attachMedia(video);
        // Opened without playing (an address): only the start is fetched until Play.
        if (!autoPlayRef.current) holdBufferUntilPlay(hls, video);
      } else if (video.canPlayType('application/vnd.apple.mpegurl')) {
        video.src = hlsUrl;
        if (start > 0)
          video.addEventListener('loadedmetadata', () => (video.currentTime = start), { once: true });
      } else {
        setError('This browser cannot play this video.');
        return;
      }
      // play() now rather than the autoplay attribute: playback starts with the first buffered frames
      // instead of waiting until the browser thinks it has "enough" data. Refused by the browser's autoplay
      // policy, the player simply stays paused on its poster.
      if (autoPlayRef.current) void video.play().catch(() => {});
    });
    return () => {
      isCancelled = true;
      const hls = hlsRef.current;
      if (hls) {
        retireStream(hls);
        hlsRef.current = null;
      }
    };
  }, [videoRef, hlsUrl, startAt, onExpired, autoPlayRef]);

  function chooseLevel(index: number) {
    const hls = hlsRef.current;
    if (!hls) return;
    hls.currentLevel = index;
    setLevel(index);
  }

  return { levels, level, chooseLevel, playingHeight, error };
}
