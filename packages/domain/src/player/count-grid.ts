import { z } from 'zod';

/**
 * The count grid of a video (issue 20): dancers count music in eights. Each section has one tempo and a
 * downbeat (a "1"); a tempo change starts a new section whose counts restart at its own downbeat.
 */
export const ZCountSection = z
  .object({
    /** Where the section starts in the video (seconds). */
    fromSeconds: z.number().min(0).max(86_400),
    bpm: z.number().min(30).max(300),
    /** The time of a "1" of this section (the first downbeat), on or after fromSeconds. */
    downbeatSeconds: z.number().min(0).max(86_400),
  })
  .strict();
export type TCountSection = z.infer<typeof ZCountSection>;

export const ZCountGrid = z
  .object({
    /** A video without music: the player offers no counts. */
    noCounts: z.boolean(),
    /** Sorted by fromSeconds; the first starts at 0. Empty when noCounts or nothing was detected. */
    sections: z.array(ZCountSection).max(64),
    /** Who set it: the beat tracker, or an admin's correction (a later detection never overwrites it). */
    source: z.enum(['detected', 'admin']),
  })
  .strict();
export type TCountGrid = z.infer<typeof ZCountGrid>;

/** Beats in an eight-count. */
export const COUNTS = 8;

/** Seconds per beat of a section. */
export const beatSeconds = (section: TCountSection) => 60 / section.bpm;

/** Whether the grid has counts to show. */
export const hasCounts = (grid: TCountGrid | null | undefined): grid is TCountGrid =>
  !!grid && !grid.noCounts && grid.sections.length > 0;

/** The section playing at `time` (the first one before its start). */
export function sectionAt(grid: TCountGrid, time: number): TCountSection {
  let current = grid.sections[0]!;
  for (const section of grid.sections) if (section.fromSeconds <= time + 1e-6) current = section;
  return current;
}

export interface CountAt {
  /** 1..8 */
  count: number;
  /** In the second half of the beat (the "and"). */
  isAnd: boolean;
}

/** The count (1..8) at `time`; beats before a section's downbeat count backwards from it (pick-ups). */
export function countAt(grid: TCountGrid, time: number): CountAt {
  const section = sectionAt(grid, time);
  const beats = (time - section.downbeatSeconds) / beatSeconds(section) + 1e-6;
  const beat = Math.floor(beats);
  return { count: (((beat % COUNTS) + COUNTS) % COUNTS) + 1, isAnd: beats - beat >= 0.5 };
}

/**
 * The start times of every eight-count up to `duration`, across tempo changes: each section's eight-counts
 * run from its downbeat (and back to its start for pick-ups) until the next section starts.
 */
export function eightCountStarts(grid: TCountGrid, duration: number): number[] {
  if (!hasCounts(grid)) return [];
  const starts: number[] = [];
  grid.sections.forEach((section, i) => {
    const end = Math.min(duration, grid.sections[i + 1]?.fromSeconds ?? duration);
    const bar = beatSeconds(section) * COUNTS;
    // The first eight-count start at or after the section's start.
    let k = Math.ceil((section.fromSeconds - section.downbeatSeconds) / bar - 1e-6);
    for (
      let t = section.downbeatSeconds + k * bar;
      t < end - 1e-6;
      k += 1, t = section.downbeatSeconds + k * bar
    )
      starts.push(Math.max(0, t));
  });
  return starts;
}

/** Index of the eight-count playing at `time` in `starts` (-1 before the first). */
export function eightCountIndexAt(starts: number[], time: number): number {
  let index = -1;
  for (let i = 0; i < starts.length; i += 1) if (starts[i]! <= time + 0.02) index = i;
  return index;
}

/** Where a step by eight-counts lands: 0 is the start of the current one, -1 the one before, +1 the next. */
export function stepEightCount(starts: number[], time: number, step: number): number | null {
  if (starts.length === 0) return null;
  const index = eightCountIndexAt(starts, time);
  if (index < 0) return step > 0 ? starts[0]! : 0;
  return starts[Math.max(0, Math.min(starts.length - 1, index + step))]!;
}

/** The loop of `n` eight-counts from the one playing at `time`: [a, b) seconds, or null without counts. */
export function eightCountLoop(
  starts: number[],
  duration: number,
  time: number,
  n: number,
): { a: number; b: number } | null {
  if (starts.length === 0 || n < 1) return null;
  const index = Math.max(0, eightCountIndexAt(starts, time));
  const a = starts[index]!;
  const b = starts[index + n] ?? duration;
  return b > a ? { a, b } : null;
}

/** The four beats before `at` in the section playing just before it (the "5, 6, 7, 8" count-in). */
export function countInBeats(grid: TCountGrid, at: number): { time: number; count: number }[] {
  const section = sectionAt(grid, Math.max(0, at - 0.01));
  const beat = beatSeconds(section);
  return [4, 3, 2, 1].map((k) => ({ time: at - k * beat, count: COUNTS - k + 1 }));
}

/** The seconds of one beat at `time` as heard at `rate` (the count-in and metronome follow the speed). */
export const beatSecondsAt = (grid: TCountGrid, time: number, rate: number) =>
  beatSeconds(sectionAt(grid, time)) / rate;

/** The next beat time strictly after `time` (for the metronome). */
export function nextBeatAfter(grid: TCountGrid, time: number): number {
  const section = sectionAt(grid, time);
  const beat = beatSeconds(section);
  const next =
    section.downbeatSeconds + (Math.floor((time - section.downbeatSeconds) / beat + 1e-6) + 1) * beat;
  const following = grid.sections.find((s) => s.fromSeconds > time + 1e-6);
  return following && next >= following.fromSeconds - 1e-6
    ? nextBeatAfter(grid, following.fromSeconds - 1e-6)
    : next;
}

/**
 * The tempo ramp of a loop: it starts at `from` and rises by `step` each repeat up to `to` (pitch kept by
 * the player). Returns the speed of run `run` (0-based), rounded to hundredths.
 */
export interface TempoRamp {
  from: number;
  to: number;
  step: number;
}

export const RAMP_LIMITS = { min: 0.25, max: 2, minStep: 0.05 } as const;

export function rampSpeed(ramp: TempoRamp, run: number): number {
  const step = Math.max(RAMP_LIMITS.minStep, Math.abs(ramp.step));
  const from = Math.min(ramp.from, ramp.to);
  const speed = Math.min(ramp.to, from + step * Math.max(0, run));
  return Math.round(speed * 100) / 100;
}

/** Runs until the ramp reaches full speed (the number of repeats below `to`, plus the one at it). */
export function rampRuns(ramp: TempoRamp): number {
  const step = Math.max(RAMP_LIMITS.minStep, Math.abs(ramp.step));
  return Math.ceil((ramp.to - Math.min(ramp.from, ramp.to)) / step - 1e-9) + 1;
}

/** Checks an admin's grid: sections in order, the first from 0, each downbeat inside the video. */
export function checkCountGrid(grid: TCountGrid): string | null {
  if (grid.noCounts) return null;
  if (grid.sections.length === 0) return 'Give the tempo and the first "1", or mark the video "no counts".';
  if (grid.sections[0]!.fromSeconds !== 0) return 'The first section starts at 0:00.';
  for (let i = 1; i < grid.sections.length; i += 1)
    if (grid.sections[i]!.fromSeconds <= grid.sections[i - 1]!.fromSeconds)
      return 'Sections must be in time order.';
  return null;
}

/** A BPM from tapped times (seconds): the median interval, so one late tap does not skew it. */
export function bpmFromTaps(taps: number[]): number | null {
  if (taps.length < 4) return null;
  const gaps = taps
    .slice(1)
    .map((t, i) => t - taps[i]!)
    .filter((g) => g > 0.15 && g < 2)
    .sort((a, b) => a - b);
  if (gaps.length < 3) return null;
  const mid = gaps[Math.floor(gaps.length / 2)]!;
  return Math.round((60 / mid) * 10) / 10;
}
