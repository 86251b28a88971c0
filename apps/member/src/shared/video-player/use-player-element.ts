import { type RefObject, useCallback, useLayoutEffect, useRef } from 'react';
import { adoptWarmVideo } from './hls-start';
import { screenPoster } from './poster';

/** The longest "first frame shown" waits for the frame's callback after `loadeddata`. */
const FIRST_FRAME_WAIT_MS = 500;

/** The media events the player listens to on its element. */
export interface PlayerElementEvents {
  onClick: (video: HTMLVideoElement) => void;
  /** The first frame is on screen (after its paint; an adopted element that had it decoded included). */
  onLoadedData: (video: HTMLVideoElement) => void;
  onError: (video: HTMLVideoElement) => void;
  onPlay: (video: HTMLVideoElement) => void;
  onPause: (video: HTMLVideoElement) => void;
  onEnded: (video: HTMLVideoElement) => void;
  onTimeUpdate: (video: HTMLVideoElement) => void;
  onDurationChange: (video: HTMLVideoElement) => void;
  onVolumeChange: (video: HTMLVideoElement) => void;
  onRateChange: (video: HTMLVideoElement) => void;
}

interface PlayerElementOptions {
  /** The video whose element warmed on intent the player adopts (decision 0061). */
  videoId: string | undefined;
  autoPlayRef: RefObject<boolean | undefined>;
  className: string;
  posterUrl: string | null;
  /** Asked for when the element is made without posterUrl. */
  posterOnMount?: () => string | null;
  isMirrored: boolean;
  title: string;
  subtitles: { url: string; lang: string; label: string }[];
  events: PlayerElementEvents;
}

/**
 * The player's <video> element, made here rather than rendered by React, so that the element the warm-up
 * prepared on intent (a detached <video> with its stream buffered and its first frame decoded) can be adopted
 * as it is: MSE buffers cannot move between elements, and React cannot render an element it did not make.
 * The element lives as long as the player (moved, not recreated, when its frame remounts); returns the ref of
 * the box it goes into.
 */
export function usePlayerElement(
  videoRef: RefObject<HTMLVideoElement | null>,
  options: PlayerElementOptions,
) {
  const latest = useRef(options);
  latest.current = options;

  // A ref callback runs in the commit, before layout effects: the element is there for every hook's effects.
  const hostRef = useCallback(
    (host: HTMLDivElement | null) => {
      if (!host) return;
      if (!videoRef.current) {
        const { videoId, autoPlayRef, className, posterOnMount } = latest.current;
        const posterUrl = latest.current.posterUrl ?? posterOnMount?.() ?? null;
        const video = videoId
          ? adoptWarmVideo(videoId, Boolean(autoPlayRef.current))
          : document.createElement('video');
        video.className = className;
        video.playsInline = true;
        video.preload = 'auto';
        video.dataset.testid = 'player-video';
        if (posterUrl && !video.getAttribute('poster')) video.poster = screenPoster(posterUrl);
        videoRef.current = video;
      }
      host.append(videoRef.current);
    },
    [videoRef],
  );

  // Attributes that follow the props (the poster is only ever set: a stream swap keeps the picture).
  const { posterUrl, isMirrored, title } = options;
  useLayoutEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    if (posterUrl && video.getAttribute('poster') !== screenPoster(posterUrl))
      video.poster = screenPoster(posterUrl);
    video.style.transform = isMirrored ? 'scaleX(-1)' : '';
    video.dataset.mirrored = String(isMirrored);
    video.setAttribute('aria-label', title);
  }, [videoRef, posterUrl, isMirrored, title]);

  // Subtitle tracks, as <track> children.
  const subtitlesKey = JSON.stringify(options.subtitles);
  useLayoutEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    const subtitles = JSON.parse(subtitlesKey) as PlayerElementOptions['subtitles'];
    for (const track of [...video.querySelectorAll('track')]) track.remove();
    for (const s of subtitles) {
      const track = document.createElement('track');
      track.kind = 'subtitles';
      track.src = s.url;
      track.srclang = s.lang;
      track.label = s.label;
      video.append(track);
    }
  }, [videoRef, subtitlesKey]);

  // Listeners, added once; they call the latest handlers.
  useLayoutEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    const on = (name: keyof PlayerElementEvents) => () => latest.current.events[name](video);
    // The first frame counts once on screen, and what waits for it renders after that paint: sooner, its
    // rendering would hold up the very frame it waits for.
    let isShown = false;
    const timers: number[] = [];
    const shown = () => {
      if (isShown) return;
      isShown = true;
      latest.current.events.onLoadedData(video);
    };
    const onFirstFrame = () => {
      if ('requestVideoFrameCallback' in video)
        video.requestVideoFrameCallback(() => timers.push(window.setTimeout(shown)));
      // A paused element may present no frame callback: the first frame is shown by then anyway.
      timers.push(window.setTimeout(shown, FIRST_FRAME_WAIT_MS));
    };
    const listeners: [string, () => void][] = [
      ['click', on('onClick')],
      ['loadeddata', onFirstFrame],
      ['error', on('onError')],
      ['play', on('onPlay')],
      ['pause', on('onPause')],
      ['ended', on('onEnded')],
      ['timeupdate', on('onTimeUpdate')],
      ['durationchange', on('onDurationChange')],
      ['volumechange', on('onVolumeChange')],
      ['ratechange', on('onRateChange')],
    ];
    for (const [name, listener] of listeners) video.addEventListener(name, listener);
    // An adopted element had its duration and first frame before these listeners.
    if (Number.isFinite(video.duration)) latest.current.events.onDurationChange(video);
    if (!video.paused) latest.current.events.onPlay(video);
    if (video.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA) onFirstFrame();
    return () => {
      for (const [name, listener] of listeners) video.removeEventListener(name, listener);
      for (const timer of timers) window.clearTimeout(timer);
    };
  }, [videoRef]);

  return hostRef;
}
