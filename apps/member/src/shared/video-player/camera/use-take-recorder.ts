import fixWebmDuration from 'fix-webm-duration';
import { useCallback, useEffect, useRef, useState } from 'react';
import { measureOffset, pickMimeType, type TakeTiming } from './take-sync';

export interface RecordedTake {
  timing: TakeTiming;
  durationSeconds: number;
  mimeType: string;
  recording: Blob;
}

interface Run {
  recorder: MediaRecorder;
  chunks: Blob[];
  lessonStart: number;
  lessonEnd: number;
  speed: number;
  /** performance.now() when the recorder started. */
  startMs: number | null;
  offset: number | null;
  /** The last lesson time seen while recording, and when (performance.now()). */
  last: number | null;
  lastMs: number;
  keep: boolean;
}

/** The longest take: a loop of a whole video at a slow speed is not meant to fill the device. */
const MAX_TAKE_SECONDS = 600;

/** The recording format this browser supports, or null when it cannot record. */
export function supportedTakeType(): string | null {
  if (typeof MediaRecorder === 'undefined') return null;
  return pickMimeType((type) => MediaRecorder.isTypeSupported(type));
}

/**
 * Records one run of the loop from the camera (issue 20 item 4): `record` starts the recorder, then the
 * player plays the loop from its start; `onFrame` (every presented lesson frame) notes when the lesson passed
 * the loop's start (the take's offset) and stops at the loop's end, or where the lesson jumped or paused.
 */
export function useTakeRecorder(
  stream: MediaStream | null,
  onTake: (take: RecordedTake) => void,
  onDiscard?: () => void,
) {
  const [isRecording, setIsRecording] = useState(false);
  const run = useRef<Run | null>(null);
  const onTakeRef = useRef(onTake);
  onTakeRef.current = onTake;
  const onDiscardRef = useRef(onDiscard);
  onDiscardRef.current = onDiscard;

  const finish = useCallback((keep: boolean) => {
    const current = run.current;
    if (!current) return;
    run.current = null;
    current.keep = keep && current.offset !== null;
    setIsRecording(false);
    if (current.recorder.state !== 'inactive') current.recorder.stop();
  }, []);

  /** Starts recording a run of lessonStart..lessonEnd at `speed`; resolves once the recorder runs. */
  const record = useCallback(
    (lessonStart: number, lessonEnd: number, speed: number): Promise<boolean> => {
      const mimeType = supportedTakeType();
      if (!stream || mimeType === null || run.current) return Promise.resolve(false);
      // A key frame every second (where the browser takes the option): the replay's seeks land quickly.
      const options = { mimeType, videoBitsPerSecond: 2_500_000, videoKeyFrameIntervalDuration: 1000 };
      const recorder = new MediaRecorder(stream, options);
      const current: Run = {
        recorder,
        chunks: [],
        lessonStart,
        lessonEnd,
        speed,
        startMs: null,
        offset: null,
        last: null,
        lastMs: 0,
        keep: false,
      };
      run.current = current;
      setIsRecording(true);
      recorder.addEventListener('dataavailable', (event) => {
        if (event.data.size > 0) current.chunks.push(event.data);
      });
      recorder.addEventListener('stop', () => {
        if (!current.keep || current.startMs === null || current.offset === null) {
          onDiscardRef.current?.();
          return;
        }
        const durationSeconds = (performance.now() - current.startMs) / 1000;
        const type = recorder.mimeType || mimeType;
        const timing = {
          lessonStart: current.lessonStart,
          lessonEnd: Math.min(current.lessonEnd, current.last ?? current.lessonEnd),
          speed: current.speed,
          offsetSeconds: current.offset,
        };
        const recording = new Blob(current.chunks, { type });
        // MediaRecorder's WebM has no duration: without one the browser cannot seek in it (the replay must).
        const seekable = type.startsWith('video/webm')
          ? fixWebmDuration(recording, durationSeconds * 1000, { logger: false })
          : Promise.resolve(recording);
        void seekable
          .catch(() => recording)
          .then((blob) => onTakeRef.current({ timing, durationSeconds, mimeType: type, recording: blob }));
      });
      return new Promise((resolve) => {
        recorder.addEventListener(
          'start',
          () => {
            current.startMs = performance.now();
            resolve(true);
          },
          { once: true },
        );
        recorder.addEventListener('error', () => {
          finish(false);
          resolve(false);
        });
        recorder.start(1000);
      });
    },
    [stream, finish],
  );

  const onFrame = useCallback(
    (mediaTime: number, video: HTMLVideoElement) => {
      const current = run.current;
      if (!current || current.startMs === null || video.paused) return;
      const now = performance.now();
      if (current.offset === null) {
        // Waiting for the lesson to play from the loop's start.
        if (mediaTime >= current.lessonStart - 0.05 && mediaTime < current.lessonEnd) {
          current.offset = Math.max(
            0,
            measureOffset(current.startMs, now, mediaTime, current.lessonStart, current.speed),
          );
          current.last = mediaTime;
          current.lastMs = now;
        }
        return;
      }
      const last = current.last ?? mediaTime;
      // A jump: back, or further forward than the time since the last frame played (a busy device presents
      // few frames, so the gap alone says nothing).
      const played = ((now - current.lastMs) / 1000) * current.speed;
      const jumped = mediaTime < last - 0.25 || mediaTime > last + played + 1;
      if (jumped || mediaTime >= current.lessonEnd - 0.05) {
        if (!jumped) current.last = mediaTime;
        finish(true);
        return;
      }
      current.last = mediaTime;
      current.lastMs = now;
      if ((now - current.startMs) / 1000 > MAX_TAKE_SECONDS) finish(true);
    },
    [finish],
  );

  /** The lesson paused: the take ends there (what was recorded lines up to that point). */
  const onLessonPause = useCallback(() => {
    if (run.current?.offset !== null) finish(true);
  }, [finish]);

  // The camera went away, or the player did: nothing half-recorded is kept.
  useEffect(() => {
    if (!stream) finish(false);
  }, [stream, finish]);
  useEffect(() => () => finish(false), [finish]);

  return { isRecording, record, onFrame, onLessonPause, stop: () => finish(true) };
}
