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

/** How far (s) the take may drift from where it should be before it is put back. */
export const DRIFT_LIMIT_SECONDS = 0.12;

export interface SyncStep {
  /** The take's playback rate. */
  rate: number;
  /** Where to put the take now, or null when it is close enough (or the lesson is outside the take). */
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
  const rate = takeRateFor(take, lessonRate);
  const want = takeTimeAt(take, lessonTime);
  const inRange =
    lessonTime >= take.lessonStart - 0.01 && lessonTime <= take.lessonEnd && want < takeDuration;
  if (!inRange) {
    const edge = Math.max(0, Math.min(want, takeDuration - 0.05));
    return { rate, seekTo: Math.abs(edge - takeTime) > DRIFT_LIMIT_SECONDS ? edge : null, inRange };
  }
  const target = Math.max(0, want);
  return { rate, seekTo: Math.abs(target - takeTime) > DRIFT_LIMIT_SECONDS ? target : null, inRange };
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
