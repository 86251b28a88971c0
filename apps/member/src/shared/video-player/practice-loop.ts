import { rampSpeed, type TempoRamp } from '@dance/domain';

/** The A-B (or chapter) loop of the practice tools: where it runs, how often, and the pause between runs. */
export interface LoopState {
  a: number | null;
  b: number | null;
  /** How many times to play the section; 0 repeats until stopped. */
  repeats: number;
  /** Seconds to wait (paused) before each repeat: time to get back in position. */
  pauseSeconds: number;
  /** Runs completed so far. */
  done: number;
  /** Shown on the loop button: "A-B", the chapter's title or the eight-counts. */
  label: string | null;
  /** The tempo ramp (issue 20): the first run at `from`, a step faster each repeat up to `to`. */
  ramp: TempoRamp | null;
}

export const EMPTY_LOOP: LoopState = {
  a: null,
  b: null,
  repeats: 0,
  pauseSeconds: 0,
  done: 0,
  label: null,
  ramp: null,
};

export type LoopAction =
  | { kind: 'none' }
  | { kind: 'restart'; to: number; pauseSeconds: number; next: LoopState }
  | { kind: 'finish'; next: LoopState };

export const isLoopActive = (loop: LoopState) => loop.a !== null && loop.b !== null && loop.b > loop.a;

/**
 * What to do at `time`: nothing, jump back to A (maybe after a pause), or stop looping after the last run.
 * `lead` is how far ahead of B the jump is started: the media time of the next frame (decision 0055), so
 * the jump is issued while the last frame of the run is still on screen instead of a frame late.
 */
export function stepLoop(loop: LoopState, time: number, lead = 0.05): LoopAction {
  if (!isLoopActive(loop) || time < loop.b! - lead) return { kind: 'none' };
  const done = loop.done + 1;
  if (loop.repeats > 0 && done >= loop.repeats) return { kind: 'finish', next: EMPTY_LOOP };
  return { kind: 'restart', to: loop.a!, pauseSeconds: loop.pauseSeconds, next: { ...loop, done } };
}

/** The speed of the run in progress: the ramp's while a ramped loop runs, else the member's speed. */
export function loopSpeed(loop: LoopState, memberSpeed: number): number {
  return isLoopActive(loop) && loop.ramp ? rampSpeed(loop.ramp, loop.done) : memberSpeed;
}

/** Setting A or B: B before A swaps them, so the section is always forward. */
export function setLoopPoint(loop: LoopState, point: 'a' | 'b', time: number): LoopState {
  const next = { ...loop, [point]: time, done: 0, label: 'A-B' };
  if (next.a !== null && next.b !== null && next.b < next.a) return { ...next, a: next.b, b: next.a };
  return next;
}
