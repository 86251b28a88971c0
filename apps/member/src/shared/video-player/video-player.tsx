import {
  chapterIndexAt,
  eightCountLoop,
  eightCountStarts,
  formatClock,
  hasCounts,
  PLAYER_LIMITS,
  PLAYER_MESSAGES,
  responsiveImage,
  stepEightCount,
  type TChapterView,
  type TStream,
} from '@dance/domain';
import { ActionIcon, Button, Group, Menu, Stack, Text, Tooltip } from '@mantine/core';
import IconArrowsHorizontal from '@tabler/icons-react/dist/esm/icons/IconArrowsHorizontal.mjs';
import IconBadgeCc from '@tabler/icons-react/dist/esm/icons/IconBadgeCc.mjs';
import IconMaximize from '@tabler/icons-react/dist/esm/icons/IconMaximize.mjs';
import IconPlayerPauseFilled from '@tabler/icons-react/dist/esm/icons/IconPlayerPauseFilled.mjs';
import IconPlayerPlayFilled from '@tabler/icons-react/dist/esm/icons/IconPlayerPlayFilled.mjs';
import IconSettings from '@tabler/icons-react/dist/esm/icons/IconSettings.mjs';
import IconVolume from '@tabler/icons-react/dist/esm/icons/IconVolume.mjs';
import IconVolumeOff from '@tabler/icons-react/dist/esm/icons/IconVolumeOff.mjs';
import {
  type KeyboardEvent,
  type PointerEvent,
  type RefObject,
  startTransition,
  useCallback,
  useEffect,
  useRef,
  useState,
} from 'react';
import { PracticeCamera } from './camera/practice-camera';
import { ChunkFailed } from './chunk-failed';
import { chunkWithTheStream, useChunkWithTheStream } from './chunk-with-the-stream';
import { type CountSettings, DEFAULT_COUNT_SETTINGS } from './count-settings';
import { playerKeyAction } from './player-keys';
import { EMPTY_LOOP, isLoopActive, loopSpeed, setLoopPoint } from './practice-loop';
import { findCue } from './storyboard';
import { useCountDisplay } from './use-count-display';
import { useCountIn } from './use-count-in';
import { useHlsSource } from './use-hls-source';
import { useMetronome } from './use-metronome';
import { usePlaybackRate } from './use-playback-rate';
import { usePlayerElement } from './use-player-element';
import { usePracticeLoop } from './use-practice-loop';
import { usePracticeTime } from './use-practice-time';
import { useProgressReporting } from './use-progress-reporting';
import { useStoryboard } from './use-storyboard';
import { useTunedStartUp } from './use-tuned-start-up';
import { useVideoFrames } from './use-video-frames';
import classes from './video-player.module.css';

/** The practice tools' own chunk (decision 0066). */
const practiceToolsChunk = chunkWithTheStream(() => import('./practice-tools'));

export interface VideoPlayerProps {
  /** Null while the playback answer is on its way: the player shows its empty frame and "loading....". */
  stream: TStream | null;
  /**
   * The video this player waits for: its empty element is offered to the tuned start-up, which attaches
   * the stream as soon as the playback answer arrives (hls-start.ts).
   */
  offerFor?: string;
  /** The poster when the element is made without a stream (the answer may have arrived meanwhile). */
  posterOnMount?: () => string | null;
  /**
   * The poster as an image under the element, for a page the server rendered (decision 0072): its markup has no
   * <video> (usePlayerElement makes it), and this is what the page paints before the app's code has run.
   */
  firstScreenPoster?: string | null;
  chapters: TChapterView[];
  startAt: number | null;
  isMirrored: boolean;
  playbackRate: number;
  onPreferencesChange: (prefs: { isMirrored: boolean; playbackRate: number }) => void;
  /** Called every 10 s while playing, on pause and when the player goes away. */
  onProgress?: (positionSeconds: number, durationSeconds: number) => void;
  /** Seconds practised since the last call (playing and visible; see use-practice-time.ts). */
  onPractice?: (seconds: number) => void;
  /** The signed URLs expired mid-watch: ask for fresh ones. */
  onExpired?: () => void;
  /** Start playing as soon as frames arrive (opened from a card click, or the next video of a playlist). */
  autoPlay?: boolean;
  /** The first frame is here (or the video failed): the page may load what waited for it. */
  onReady?: () => void;
  title: string;
  /** The video played to its end (a playlist moves on to the next video). */
  onEnded?: () => void;
  /** The lesson's id: with it the player offers practising beside the camera and the takes of this video. */
  videoId?: string;
}

/** The frame step of `,` and `.` (the ladder encodes at 30 fps). */
const FRAME_RATE = 30;

/**
 * Seconds past a beat that a step or a loop lands on: inside the first frame on or after the beat (frames last
 * 33 to 42 ms, and a stream's frames may sit a few ms off the audio's beat).
 */
const ON_THE_BEAT = 0.03;

/** The longest the player's tools wait for the first frame. */
const READY_WAIT_MS = 3000;

const ARROWS = new Set(['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown']);

/**
 * The player of spec 2 §2 with the practice tools: hls.js (native HLS where hls.js is unsupported), quality
 * (Auto and each rendition), subtitles, chapters on the timeline, storyboard previews while scrubbing,
 * speed with pitch kept, mirror, A-B or chapter loops with a repeat count and a pause. Media keys (Space, K,
 * J, L, F, M, C, `,` and `.`, see player-keys.ts); arrow-key hotkeys are off (spec 2 §9); every control is a
 * button reachable with Tab.
 */
export function VideoPlayer(props: VideoPlayerProps) {
  const { stream, chapters, startAt, isMirrored, playbackRate, onPreferencesChange, onProgress, onExpired } =
    props;
  const videoRef = useRef<HTMLVideoElement>(null);
  const frameRef = useRef<HTMLDivElement>(null);
  const [subtitle, setSubtitle] = useState<string | null>(null);
  const [isPlaying, setIsPlaying] = useState(false);
  const [isMuted, setIsMuted] = useState(false);
  const [time, setTime] = useState(0);
  const [duration, setDuration] = useState(stream?.durationSeconds ?? 0);
  const [buffered, setBuffered] = useState(0);
  const [hover, setHover] = useState<{ x: number; time: number } | null>(null);
  const isFullscreen = useIsFullscreen(frameRef);
  const autoPlayRef = useRef(props.autoPlay);
  autoPlayRef.current = props.autoPlay;
  // Video first (decision 0061): until the first frame, the player renders its frame and poster only; the
  // controls, practice tools, camera bar, chapters, storyboard and thumbnails come with the first frame (below
  // or over the frame: nothing on screen moves), at the latest after READY_WAIT_MS. These updates come from a
  // timer, a media event and a chunk's arrival, so they are transitions (decision 0073): the tools render in
  // slices and commit apart from the page's details, not all in one task of 0.4-0.6 s on a slow phone.
  const [isReady, setIsReady] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => startTransition(() => setIsReady(true)), READY_WAIT_MS);
    return () => window.clearTimeout(timer);
  }, []);
  // The practice tools' code is asked for when the stream starts, so it is here by the first frame; the page
  // is told the video is ready once both are, so its details never render above tools still to come.
  const tools = useChunkWithTheStream(practiceToolsChunk);
  const [hasFirstFrame, setHasFirstFrame] = useState(false);
  const readyRef = useRef(props.onReady);
  readyRef.current = props.onReady;
  const markReady = useCallback(() => {
    startTransition(() => {
      setIsReady(true);
      setHasFirstFrame(true);
    });
  }, []);
  useEffect(() => {
    if (hasFirstFrame && tools !== null) readyRef.current?.();
  }, [hasFirstFrame, tools]);

  const hlsUrl = stream?.hlsUrl ?? null;
  if (stream && duration === 0 && stream.durationSeconds > 0) setDuration(stream.durationSeconds);

  // First: the element must exist before the other hooks' effects run.
  const videoHostRef = usePlayerElement(videoRef, {
    videoId: props.videoId,
    autoPlayRef,
    className: classes.video ?? '',
    posterUrl: stream?.posterUrl ?? null,
    posterOnMount: props.posterOnMount,
    isMirrored,
    title: props.title,
    subtitles: stream?.subtitles ?? [],
    events: {
      onClick: togglePlay,
      onLoadedData: markReady,
      onError: markReady,
      onPlay: () => setIsPlaying(true),
      onEnded: () => props.onEnded?.(),
      onPause: () => {
        setIsPlaying(false);
        reportProgress();
      },
      onTimeUpdate,
      onDurationChange: (video) => Number.isFinite(video.duration) && setDuration(video.duration),
      onVolumeChange: (video) => setIsMuted(video.muted),
      onRateChange: (video) => keepPlaybackRate({ currentTarget: video }),
    },
  });
  useTunedStartUp(videoRef, { hasStream: stream !== null, offerFor: props.offerFor, autoPlayRef });
  const { levels, level, chooseLevel, playingHeight, error } = useHlsSource(videoRef, {
    hlsUrl,
    startAt,
    onExpired,
    autoPlayRef,
  });
  const storyboard = useStoryboard(stream?.storyboardUrl ?? null, isReady);
  // Counting in eights (issue 20): the count of the frame on screen, the metronome, the count-in.
  const grid = hasCounts(stream?.countGrid) ? stream.countGrid : null;
  const [countSettings, setCountSettings] = useState<CountSettings>(DEFAULT_COUNT_SETTINGS);
  const [showKeys, setShowKeys] = useState(false);
  const { ref: countRef, onFrame: showCount } = useCountDisplay(grid, countSettings.showAnd);
  const clickBeat = useMetronome(grid, countSettings.metronome);
  const { counting, countIn } = useCountIn();
  const {
    loop,
    setLoop,
    onTime: stepPracticeLoop,
  } = usePracticeLoop((next) =>
    grid && countSettings.countIn && next.a !== null
      ? countIn(grid, next.a, loopSpeed(next, playbackRate))
      : null,
  );
  // Preferences that follow the member: mirror (a CSS transform) and speed (pitch preserved); a ramped loop
  // plays at the ramp's speed for its run.
  const speed = loopSpeed(loop, playbackRate);
  const keepPlaybackRate = usePlaybackRate(videoRef, speed);
  const reportProgress = useProgressReporting(videoRef, onProgress);
  usePracticeTime(videoRef, props.onPractice);
  // Practising beside the camera (issue 20 item 4) follows the lesson's frames too: a take's run and replay.
  const cameraFrame = useRef<((mediaTime: number, video: HTMLVideoElement) => void) | null>(null);
  useVideoFrames(
    videoRef,
    (mediaTime, video) => {
      showCount(mediaTime);
      clickBeat(mediaTime, video);
      cameraFrame.current?.(mediaTime, video);
      stepPracticeLoop(video, mediaTime);
    },
    stream !== null,
  );

  function onTimeUpdate() {
    const video = videoRef.current;
    if (!video) return;
    setTime(video.currentTime);
    if (video.buffered.length) setBuffered(video.buffered.end(video.buffered.length - 1));
    stepPracticeLoop(video);
  }

  const eightCounts = grid ? eightCountStarts(grid, duration) : [];

  function stepCounts(step: -1 | 0 | 1) {
    const video = videoRef.current;
    const to = video ? stepEightCount(eightCounts, video.currentTime, step) : null;
    // Just past the beat, so the frame shown is the one on the "1", not the last one before it.
    if (to !== null) seek(to + ON_THE_BEAT);
  }

  /** Loops the chosen number of eight-counts from the current one (with the ramp); again stops it. */
  function toggleCountsLoop() {
    if (loop.label?.endsWith('× 8')) {
      setLoop(EMPTY_LOOP);
      return;
    }
    const video = videoRef.current;
    const range = video
      ? eightCountLoop(eightCounts, duration, video.currentTime, countSettings.loopCounts)
      : null;
    if (!range) return;
    const ramp =
      countSettings.rampStep > 0
        ? {
            from: Math.min(countSettings.rampFrom, playbackRate),
            to: playbackRate,
            step: countSettings.rampStep,
          }
        : null;
    setLoop((l) => ({
      ...l,
      a: range.a + ON_THE_BEAT,
      b: range.b,
      done: 0,
      ramp,
      label: `${countSettings.loopCounts} × 8`,
    }));
    seek(range.a + ON_THE_BEAT);
  }

  function togglePlay() {
    const video = videoRef.current;
    if (!video) return;
    if (video.paused) void video.play().catch(() => {});
    else video.pause();
  }

  function seek(to: number) {
    const video = videoRef.current;
    if (!video) return;
    video.currentTime = Math.max(0, Math.min(to, (video.duration || duration) - 0.1));
    setTime(video.currentTime);
  }

  function chooseSubtitle(lang: string | null) {
    const video = videoRef.current;
    if (!video) return;
    for (const track of Array.from(video.textTracks)) {
      track.mode = lang !== null && track.language === lang ? 'showing' : 'disabled';
    }
    setSubtitle(lang);
  }

  function toggleFullscreen() {
    const frame = frameRef.current;
    if (!frame) return;
    if (document.fullscreenElement) void document.exitFullscreen();
    else void frame.requestFullscreen?.();
  }

  function toggleMute() {
    if (videoRef.current) videoRef.current.muted = !videoRef.current.muted;
  }

  // The media keys (player-keys.ts), on the whole page while the player is open; the handler is read from a
  // ref so the listener is added once.
  const onPageKey = (event: globalThis.KeyboardEvent) => {
    const video = videoRef.current;
    const action = stream && video ? playerKeyAction(event) : null;
    if (!action || !video) return;
    event.preventDefault();
    if (action.kind === 'toggle-play') togglePlay();
    else if (action.kind === 'jump') seek(video.currentTime + action.seconds);
    else if (action.kind === 'fullscreen') toggleFullscreen();
    else if (action.kind === 'mute') toggleMute();
    else if (action.kind === 'subtitles')
      chooseSubtitle(subtitle === null ? (stream?.subtitles[0]?.lang ?? null) : null);
    else if (action.kind === 'frame' && video.paused) seek(video.currentTime + action.frames / FRAME_RATE);
    else if (action.kind === 'eight-count') stepCounts(action.step);
    else if (action.kind === 'loop-counts') toggleCountsLoop();
    else if (action.kind === 'help') setShowKeys(true);
  };
  const pageKeyRef = useRef(onPageKey);
  pageKeyRef.current = onPageKey;
  useEffect(() => {
    const listener = (event: globalThis.KeyboardEvent) => pageKeyRef.current(event);
    document.addEventListener('keydown', listener);
    return () => document.removeEventListener('keydown', listener);
  }, []);

  function timeAt(event: PointerEvent<HTMLDivElement>) {
    const rect = event.currentTarget.getBoundingClientRect();
    const ratio = Math.max(0, Math.min(1, (event.clientX - rect.left) / rect.width));
    return { x: event.clientX - rect.left, time: ratio * duration };
  }

  // Arrow keys do nothing here (spec 2 §9: hotkeys disabled); Tab, Enter and Space still work.
  function blockArrows(event: KeyboardEvent) {
    if (ARROWS.has(event.key)) event.preventDefault();
  }

  function onSliderKey(event: KeyboardEvent<HTMLDivElement>) {
    const moves: Record<string, number> = { Home: -duration, End: duration, PageUp: 10, PageDown: -10 };
    if (event.key in moves) {
      event.preventDefault();
      const delta = moves[event.key]!;
      seek(Math.abs(delta) === duration ? (delta < 0 ? 0 : duration) : time + delta);
    }
  }

  function loopChapter(index: number) {
    const chapter = chapters[index];
    if (!chapter) return;
    const end = chapters[index + 1]?.timeSeconds ?? duration;
    setLoop((l) => ({ ...l, a: chapter.timeSeconds, b: end, done: 0, label: chapter.title }));
    seek(chapter.timeSeconds);
  }

  // The menus open over the page (a portal), not inside the frame that would clip them on a phone; in full
  // screen only the frame is shown, so they open inside it. They flip, shift and shrink (then scroll) to fit.
  // Their items are Tab stops: a speed or a quality is picked with Tab and Enter, no arrow keys (spec 2 §9).
  const menuProps = {
    position: 'top-end',
    menuItemTabIndex: 0,
    withinPortal: true,
    portalProps: isFullscreen && frameRef.current ? { target: frameRef.current } : undefined,
    middlewares: { flip: true, shift: true, size: { padding: 8 } },
  } as const;

  const currentChapter = chapterIndexAt(chapters, time);
  const hoverCue = hover ? findCue(storyboard, hover.time) : null;
  const hoverChapter = hover ? chapters[chapterIndexAt(chapters, hover.time)] : undefined;
  const percent = (t: number) => `${duration > 0 ? (t / duration) * 100 : 0}%`;
  const levelLabel =
    level === -1
      ? `Auto${playingHeight ? ` (${playingHeight}p)` : ''}`
      : `${levels.find((l) => l.index === level)?.height ?? ''}p`;

  const lessonFrame = (
    // biome-ignore lint/a11y/noStaticElementInteractions: only stops arrow keys from reaching the page
    <div
      ref={frameRef}
      // With the poster image under it, the element lets it show until its own poster or first frame paints.
      className={props.firstScreenPoster ? `${classes.frame} ${classes.posterUnder}` : classes.frame}
      onKeyDown={blockArrows}
      data-testid="player-frame"
    >
      {props.firstScreenPoster && (
        // The same variant as the element's poster (screenPoster: the narrowest covering the screen's width).
        <img
          {...responsiveImage(props.firstScreenPoster)}
          sizes="100vw"
          className={classes.video}
          alt=""
          fetchPriority="high"
          data-testid="first-screen-poster"
        />
      )}
      {/* The <video> itself is made (or adopted from the warm-up) by usePlayerElement, over that image. */}
      <div ref={videoHostRef} />
      {grid && (
        <div
          ref={countRef}
          className={classes.count}
          hidden={counting !== null}
          data-testid="count-display"
          aria-hidden
        />
      )}
      {grid && counting !== null && (
        <div className={classes.count} data-counting-in data-testid="count-in" aria-hidden>
          {counting}
        </div>
      )}
      {error && (
        <div className={classes.overlay} role="alert">
          {error}
        </div>
      )}
      {!stream && <div className={classes.overlay}>{PLAYER_MESSAGES.loading}</div>}
      {stream && isReady && (
        <div className={classes.controls}>
          <div
            className={classes.timeline}
            role="slider"
            tabIndex={0}
            aria-label="Seek"
            aria-valuemin={0}
            aria-valuemax={Math.round(duration)}
            aria-valuenow={Math.round(time)}
            aria-valuetext={`${formatClock(time)} of ${formatClock(duration)}`}
            onKeyDown={onSliderKey}
            onPointerMove={(e) => setHover(timeAt(e))}
            onPointerLeave={() => setHover(null)}
            onPointerDown={(e) => {
              e.currentTarget.setPointerCapture(e.pointerId);
              seek(timeAt(e).time);
            }}
            onPointerUp={(e) => e.currentTarget.releasePointerCapture(e.pointerId)}
            data-testid="player-timeline"
          >
            <div className={classes.track}>
              <div className={classes.buffered} style={{ width: percent(buffered) }} />
              <div className={classes.played} style={{ width: percent(time) }} />
              {isLoopActive(loop) && (
                <div
                  className={classes.loopRange}
                  style={{ left: percent(loop.a!), width: percent(loop.b! - loop.a!) }}
                  data-testid="loop-range"
                >
                  <span className={classes.loopEdge} data-edge="a" aria-hidden>
                    A
                  </span>
                  <span className={classes.loopEdge} data-edge="b" aria-hidden>
                    B
                  </span>
                </div>
              )}
              {chapters.map((c) => (
                <span
                  key={c.timeSeconds}
                  className={classes.marker}
                  style={{ left: percent(c.timeSeconds) }}
                  title={c.title}
                />
              ))}
            </div>
            {hover && (
              <div className={classes.preview} style={{ left: hover.x }} data-testid="storyboard-preview">
                {hoverCue && (
                  <div
                    className={classes.previewImage}
                    style={{
                      width: hoverCue.width,
                      height: hoverCue.height,
                      backgroundImage: `url("${hoverCue.url}")`,
                      backgroundPosition: `-${hoverCue.x}px -${hoverCue.y}px`,
                    }}
                  />
                )}
                <span>
                  {hoverChapter ? `${hoverChapter.title} · ` : ''}
                  {formatClock(hover.time)}
                </span>
              </div>
            )}
          </div>
          <Group justify="space-between" wrap="nowrap" gap={4} px={8} pb={6}>
            <Group gap={4} wrap="nowrap">
              <ActionIcon
                variant="subtle"
                color="white"
                onClick={togglePlay}
                aria-label={isPlaying ? 'Pause' : 'Play'}
              >
                {isPlaying ? <IconPlayerPauseFilled size={20} /> : <IconPlayerPlayFilled size={20} />}
              </ActionIcon>
              <ActionIcon
                variant="subtle"
                color="white"
                onClick={toggleMute}
                aria-label={isMuted ? 'Unmute' : 'Mute'}
              >
                {isMuted ? <IconVolumeOff size={20} /> : <IconVolume size={20} />}
              </ActionIcon>
              <Text c="white" fz="sm" className={classes.clock} data-testid="player-clock">
                {formatClock(time)} / {formatClock(duration)}
              </Text>
            </Group>
            <Group gap={4} wrap="nowrap">
              <Menu {...menuProps}>
                <Menu.Target>
                  <Button variant="subtle" color="white" size="compact-sm" aria-label={`Speed ${speed}x`}>
                    {speed}x
                  </Button>
                </Menu.Target>
                <Menu.Dropdown className={classes.menu}>
                  <Menu.Label>Speed</Menu.Label>
                  {PLAYER_LIMITS.speeds.map((rate) => (
                    <Menu.Item
                      key={rate}
                      onClick={() => onPreferencesChange({ isMirrored, playbackRate: rate })}
                      fw={rate === playbackRate ? 700 : 400}
                    >
                      {rate}x
                    </Menu.Item>
                  ))}
                </Menu.Dropdown>
              </Menu>
              <Tooltip label={isMirrored ? 'Mirror on' : 'Mirror'} withinPortal={false}>
                <ActionIcon
                  variant={isMirrored ? 'filled' : 'subtle'}
                  color={isMirrored ? 'pink' : 'white'}
                  onClick={() => onPreferencesChange({ isMirrored: !isMirrored, playbackRate })}
                  aria-label="Mirror"
                  aria-pressed={isMirrored}
                >
                  <IconArrowsHorizontal size={20} />
                </ActionIcon>
              </Tooltip>
              <Menu {...menuProps}>
                <Menu.Target>
                  <ActionIcon
                    variant={subtitle ? 'filled' : 'subtle'}
                    color={subtitle ? 'pink' : 'white'}
                    aria-label="Subtitles"
                  >
                    <IconBadgeCc size={20} />
                  </ActionIcon>
                </Menu.Target>
                <Menu.Dropdown className={classes.menu}>
                  <Menu.Label>Subtitles</Menu.Label>
                  <Menu.Item onClick={() => chooseSubtitle(null)} fw={subtitle === null ? 700 : 400}>
                    Off
                  </Menu.Item>
                  {stream.subtitles.map((s) => (
                    <Menu.Item
                      key={s.url}
                      onClick={() => chooseSubtitle(s.lang)}
                      fw={subtitle === s.lang ? 700 : 400}
                    >
                      {s.label}
                    </Menu.Item>
                  ))}
                </Menu.Dropdown>
              </Menu>
              <Menu {...menuProps}>
                <Menu.Target>
                  <ActionIcon variant="subtle" color="white" aria-label={`Quality: ${levelLabel}`}>
                    <IconSettings size={20} />
                  </ActionIcon>
                </Menu.Target>
                <Menu.Dropdown className={classes.menu}>
                  <Menu.Label>Quality</Menu.Label>
                  <Menu.Item onClick={() => chooseLevel(-1)} fw={level === -1 ? 700 : 400}>
                    Auto{playingHeight && level === -1 ? ` (${playingHeight}p)` : ''}
                  </Menu.Item>
                  {levels.map((l) => (
                    <Menu.Item
                      key={l.index}
                      onClick={() => chooseLevel(l.index)}
                      fw={level === l.index ? 700 : 400}
                    >
                      {l.height}p
                    </Menu.Item>
                  ))}
                </Menu.Dropdown>
              </Menu>
              <ActionIcon variant="subtle" color="white" onClick={toggleFullscreen} aria-label="Full screen">
                <IconMaximize size={20} />
              </ActionIcon>
            </Group>
          </Group>
        </div>
      )}
    </div>
  );
  // The practice tools come with the first frame (their code loads with the stream, decision 0066).
  const practiceTools =
    tools === 'failed' ? (
      <ChunkFailed message={PLAYER_MESSAGES.practiceToolsFailed} />
    ) : (
      tools && (
        <tools.PracticeTools
          counts={
            stream && grid
              ? {
                  settings: countSettings,
                  onChange: setCountSettings,
                  onStep: stepCounts,
                  onLoopCounts: toggleCountsLoop,
                  isLooping: isLoopActive(loop) && !!loop.label?.endsWith('× 8'),
                  speed,
                  onShowKeys: () => setShowKeys(true),
                }
              : null
          }
          isKeysHelpOpen={showKeys}
          onKeysHelpClose={() => setShowKeys(false)}
          loopBar={
            stream
              ? {
                  loop,
                  chapters,
                  onSetPoint: (point) =>
                    setLoop((l) => setLoopPoint(l, point, videoRef.current?.currentTime ?? time)),
                  onLoopChapter: loopChapter,
                  onChange: setLoop,
                }
              : null
          }
        />
      )
    );

  return (
    <Stack gap="sm">
      {stream && props.videoId ? (
        <PracticeCamera
          videoId={props.videoId}
          lessonRef={videoRef}
          loop={loop}
          speed={speed}
          onLoopRange={(a, b, label) => setLoop((l) => ({ ...l, a, b, done: 0, ramp: null, label }))}
          frameHook={cameraFrame}
          tools={isReady && practiceTools}
          isBarShown={isReady}
          isToolsFailed={tools === 'failed'}
        >
          {lessonFrame}
        </PracticeCamera>
      ) : (
        <>
          {lessonFrame}
          {isReady && practiceTools}
        </>
      )}

      {isReady && chapters.length > 0 && (
        <nav aria-label="Chapters">
          <ol className={classes.chapters}>
            {chapters.map((c, i) => (
              <li key={c.timeSeconds}>
                <button
                  type="button"
                  className={classes.chapter}
                  data-active={i === currentChapter || undefined}
                  onClick={() => {
                    seek(c.timeSeconds);
                    void videoRef.current?.play().catch(() => {});
                  }}
                >
                  {c.thumbnailUrl && (
                    <img
                      src={isReady ? c.thumbnailUrl : undefined}
                      alt=""
                      width={96}
                      height={54}
                      loading="lazy"
                    />
                  )}
                  <span>
                    <Text fz="sm" fw={600} lineClamp={1}>
                      {c.title}
                    </Text>
                    <Text fz="xs" c="dimmed">
                      {formatClock(c.timeSeconds)}
                    </Text>
                  </span>
                </button>
              </li>
            ))}
          </ol>
        </nav>
      )}
    </Stack>
  );
}

/** Whether the frame is shown full screen (the menus then open inside it). */
function useIsFullscreen(frameRef: RefObject<HTMLDivElement | null>): boolean {
  const [isFullscreen, setIsFullscreen] = useState(false);
  useEffect(() => {
    const onChange = () => setIsFullscreen(document.fullscreenElement === frameRef.current);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, [frameRef]);
  return isFullscreen;
}
