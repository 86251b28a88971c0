/**
 * The maths that lines a take up with the lesson (issue 20 item 4). A take is recorded while one run of a loop
 * plays: the lesson ran from `lessonStart` at `speed`, and `offsetSeconds` into the take the lesson was at
 * `lessonStart` (the recorder starts a moment before the lesson plays). One second of take is `speed` seconds
 * of lesson, so replayed beside the lesson at any speed the take plays at lessonRate / speed.
 */
export interface TakeTiming {
  /** Lesson time (s) the take's run started at: the loop's start. */
  lessonStart: number;
  /** Lesson time (s) the run ended at (the loop's end, or where it was stopped). */
  lessonEnd: number;
  /** The lesson's playback rate while the take was recorded (the ramp's, if a ramp was running). */
  speed: number;
  /** Take time (s) at which the lesson was at `lessonStart`, playing. */
  offsetSeconds: number;
}

/** Where the take should be when the lesson is at `lessonTime`. */
export function takeTimeAt(take: TakeTiming, lessonTime: number): number {
  return take.offsetSeconds + (lessonTime - take.lessonStart) / take.speed;
}

/** Where the lesson should be when the take is at `takeTime`. */
export function lessonTimeAt(take: TakeTiming, takeTime: number): number {
  return take.lessonStart + (takeTime - take.offsetSeconds) * take.speed;
}

/** The take's playback rate beside a lesson playing at `lessonRate`: the same part of the dance per second. */
export function takeRateFor(take: TakeTiming, lessonRate: number): number {
  return lessonRate / take.speed;
}

/**
 * The take time of the lesson's current frame, when the recorder started at `recordStartMs` and the lesson
 * presents `mediaTime` at `frameMs` (both on the performance clock): the take's offset.
 */
export function measureOffset(
  recordStartMs: number,
  frameMs: number,
  mediaTime: number,
  lessonStart: number,
  speed: number,
): number {
  return (frameMs - recordStartMs) / 1000 - (mediaTime - lessonStart) / speed;
}

/** A drift (s) the eye does not see: the take plays on at its rate. */
export const DRIFT_TOLERANCE_SECONDS = 0.04;
/**
 * A drift (s) worth a seek: below it the take catches up by playing up to 10% faster or slower (a seek in a
 * MediaRecorder file is slow, it has few key frames: seeking every few frames would freeze the take).
 */
export const SEEK_LIMIT_SECONDS = 0.35;
/** The most the take's rate is bent to catch up. */
export const MAX_CATCH_UP = 0.1;

export interface SyncStep {
  /** The take's playback rate (the lesson's over the recorded speed, bent a little to catch up a drift). */
  rate: number;
  /** Where to put the take now, or null when it is close enough (or catching up). */
  seekTo: number | null;
  /** The lesson is inside the part the take covers: the take plays (else it waits). */
  inRange: boolean;
}

/** What to do to the take so it shows the same moment of the dance as the lesson's frame. */
export function syncStep(
  take: TakeTiming,
  lessonTime: number,
  lessonRate: number,
  takeTime: number,
  takeDuration: number,
): SyncStep {
  const base = takeRateFor(take, lessonRate);
  const want = takeTimeAt(take, lessonTime);
  const inRange =
    lessonTime >= take.lessonStart - 0.01 && lessonTime <= take.lessonEnd && want < takeDuration;
  if (!inRange) {
    const edge = Math.max(0, Math.min(want, takeDuration - 0.05));
    return { rate: base, seekTo: Math.abs(edge - takeTime) > DRIFT_TOLERANCE_SECONDS ? edge : null, inRange };
  }
  const target = Math.max(0, want);
  const drift = target - takeTime;
  if (Math.abs(drift) > SEEK_LIMIT_SECONDS) return { rate: base, seekTo: target, inRange };
  if (Math.abs(drift) <= DRIFT_TOLERANCE_SECONDS) return { rate: base, seekTo: null, inRange };
  // Behind: a little faster; ahead: a little slower, in proportion, so it closes in about a second.
  const bend = Math.max(-MAX_CATCH_UP, Math.min(MAX_CATCH_UP, drift / Math.max(base, 0.25)));
  return { rate: base * (1 + bend), seekTo: null, inRange };
}

/**
 * The recording format: the first the browser's MediaRecorder supports. WebM (VP9, then VP8) in Chromium and
 * Firefox, MP4 (H.264) in Safari; video only (the camera's microphone would only record the lesson's music).
 */
export const TAKE_MIME_TYPES = [
  'video/webm;codecs=vp9',
  'video/webm;codecs=vp8',
  'video/webm',
  'video/mp4;codecs=avc1',
  'video/mp4',
] as const;

export function pickMimeType(isTypeSupported: (type: string) => boolean): string | null {
  return TAKE_MIME_TYPES.find((type) => isTypeSupported(type)) ?? null;
}

/** "1.2 MB", "840 KB": the storage the takes use. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024 * 1024) return `${(bytes / 1024 ** 3).toFixed(1)} GB`;
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 ** 2).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}
