import { describe, expect, it } from 'vitest';
import {
  bpmFromTaps,
  checkCountGrid,
  countAt,
  countInBeats,
  eightCountLoop,
  eightCountStarts,
  nextBeatAfter,
  rampRuns,
  rampSpeed,
  stepEightCount,
  type TCountGrid,
} from './count-grid';

// 120 BPM (0.5 s a beat, 4 s an eight-count), first "1" at 1.0 s.
const steady: TCountGrid = {
  noCounts: false,
  source: 'detected',
  sections: [{ fromSeconds: 0, bpm: 120, downbeatSeconds: 1 }],
};
// 120 BPM until 17 s, then 96 BPM (0.625 s a beat, 5 s an eight-count) with its "1" at 17.2 s.
const changing: TCountGrid = {
  ...steady,
  sections: [
    { fromSeconds: 0, bpm: 120, downbeatSeconds: 1 },
    { fromSeconds: 17, bpm: 96, downbeatSeconds: 17.2 },
  ],
};

describe('countAt', () => {
  it('counts 1 to 8 from the downbeat, with the "and" on the second half of a beat', () => {
    expect(countAt(steady, 1)).toEqual({ count: 1, isAnd: false });
    expect(countAt(steady, 1.25)).toEqual({ count: 1, isAnd: true });
    expect(countAt(steady, 1.5)).toEqual({ count: 2, isAnd: false });
    expect(countAt(steady, 4.8)).toEqual({ count: 8, isAnd: true });
    expect(countAt(steady, 5)).toEqual({ count: 1, isAnd: false });
  });
  it('counts pick-ups before the first downbeat backwards from it', () => {
    expect(countAt(steady, 0.5)).toEqual({ count: 8, isAnd: false });
    expect(countAt(steady, 0)).toEqual({ count: 7, isAnd: false });
  });
  it('restarts the counts at the new section after a tempo change', () => {
    expect(countAt(changing, 17.2).count).toBe(1);
    expect(countAt(changing, 17.2 + 0.625 * 3).count).toBe(4);
    expect(countAt(changing, 16.9).count).toBe(8);
  });
});

describe('eightCountStarts', () => {
  it('lists every eight-count in the video', () => {
    expect(eightCountStarts(steady, 14)).toEqual([1, 5, 9, 13]);
  });
  it('follows the tempo change: the old grid until the new section, then the new one', () => {
    expect(eightCountStarts(changing, 30)).toEqual([1, 5, 9, 13, 17.2, 22.2, 27.2]);
  });
  it('has none for a video marked "no counts"', () => {
    expect(eightCountStarts({ ...steady, noCounts: true }, 30)).toEqual([]);
  });
});

describe('stepping by eight-counts', () => {
  const starts = eightCountStarts(changing, 30);
  it('goes to the start of the current one, back one and forward one', () => {
    expect(stepEightCount(starts, 7, 0)).toBe(5);
    expect(stepEightCount(starts, 7, -1)).toBe(1);
    expect(stepEightCount(starts, 7, 1)).toBe(9);
  });
  it('crosses the tempo change both ways and stops at the ends', () => {
    expect(stepEightCount(starts, 15, 1)).toBe(17.2);
    expect(stepEightCount(starts, 18, -1)).toBe(13);
    expect(stepEightCount(starts, 28, 1)).toBe(27.2);
    expect(stepEightCount(starts, 0.5, -1)).toBe(0);
    expect(stepEightCount(starts, 0.5, 1)).toBe(1);
    expect(stepEightCount([], 3, 1)).toBeNull();
  });
});

describe('eightCountLoop', () => {
  const starts = eightCountStarts(changing, 30);
  it('loops the current eight-count or N from here', () => {
    expect(eightCountLoop(starts, 30, 6, 1)).toEqual({ a: 5, b: 9 });
    expect(eightCountLoop(starts, 30, 6, 2)).toEqual({ a: 5, b: 13 });
  });
  it('loops across the tempo change and to the end of the video', () => {
    expect(eightCountLoop(starts, 30, 14, 2)).toEqual({ a: 13, b: 22.2 });
    expect(eightCountLoop(starts, 30, 28, 2)).toEqual({ a: 27.2, b: 30 });
  });
});

describe('count-in and metronome', () => {
  it('clicks 5, 6, 7, 8 on the four beats before the loop start', () => {
    expect(countInBeats(steady, 5)).toEqual([
      { time: 3, count: 5 },
      { time: 3.5, count: 6 },
      { time: 4, count: 7 },
      { time: 4.5, count: 8 },
    ]);
  });
  it('finds the next beat, jumping to the new grid at a tempo change', () => {
    expect(nextBeatAfter(steady, 1.1)).toBeCloseTo(1.5);
    expect(nextBeatAfter(changing, 16.8)).toBeCloseTo(17.2);
    expect(nextBeatAfter(changing, 17.3)).toBeCloseTo(17.825);
  });
});

describe('tempo ramp', () => {
  it('rises by the step each repeat up to full speed', () => {
    const ramp = { from: 0.6, to: 1, step: 0.1 };
    expect([0, 1, 2, 3, 4, 5, 9].map((run) => rampSpeed(ramp, run))).toEqual([0.6, 0.7, 0.8, 0.9, 1, 1, 1]);
    expect(rampRuns(ramp)).toBe(5);
  });
  it('never steps by less than 0.05 and never ends above its target', () => {
    expect(rampSpeed({ from: 0.5, to: 0.75, step: 0 }, 3)).toBe(0.65);
    expect(rampSpeed({ from: 0.5, to: 0.75, step: 0.2 }, 2)).toBe(0.75);
  });
});

describe('admin corrections', () => {
  it('checks the sections', () => {
    expect(checkCountGrid(changing)).toBeNull();
    expect(checkCountGrid({ ...steady, sections: [] })).toMatch(/no counts/);
    expect(checkCountGrid({ ...steady, noCounts: true, sections: [] })).toBeNull();
    expect(checkCountGrid({ ...changing, sections: [...changing.sections].reverse() })).not.toBeNull();
  });
  it('turns taps into a BPM with the median gap', () => {
    expect(bpmFromTaps([0, 0.5, 1, 1.5, 2.2, 2.5])).toBe(120);
    expect(bpmFromTaps([0, 0.5])).toBeNull();
  });
});
