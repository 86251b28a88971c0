import { describe, expect, it } from 'vitest';
import {
  DRIFT_TOLERANCE_SECONDS,
  formatBytes,
  lessonTimeAt,
  MAX_CATCH_UP,
  measureOffset,
  pickMimeType,
  SEEK_LIMIT_SECONDS,
  syncStep,
  takeRateFor,
  takeTimeAt,
} from './take-sync';

// A run of 2.0 s to 6.0 s recorded at 0.5x; the lesson reached 2.0 s 0.4 s into the take.
const take = { lessonStart: 2, lessonEnd: 6, speed: 0.5, offsetSeconds: 0.4 };

describe('take sync maths', () => {
  it("maps the take's start to the loop's start and one take second to `speed` lesson seconds", () => {
    expect(takeTimeAt(take, 2)).toBeCloseTo(0.4);
    expect(takeTimeAt(take, 3)).toBeCloseTo(2.4);
    expect(takeTimeAt(take, 6)).toBeCloseTo(8.4);
    expect(lessonTimeAt(take, 2.4)).toBeCloseTo(3);
    for (const t of [2, 2.5, 4.1, 5.9]) expect(lessonTimeAt(take, takeTimeAt(take, t))).toBeCloseTo(t);
  });

  it('plays the take at the lesson speed divided by the recorded speed', () => {
    expect(takeRateFor(take, 0.5)).toBe(1);
    expect(takeRateFor(take, 1)).toBe(2);
    expect(takeRateFor({ ...take, speed: 1 }, 0.75)).toBe(0.75);
    // A take recorded at full speed, replayed while a ramp plays the lesson at 0.6x.
    expect(takeRateFor({ ...take, speed: 1 }, 0.6)).toBeCloseTo(0.6);
  });

  it('measures the offset from the recorder start and a presented lesson frame', () => {
    // The recorder started at 1000 ms; at 1900 ms the lesson showed 2.1 s at 0.5x: 0.2 s after 2.0 s.
    expect(measureOffset(1000, 1900, 2.1, 2, 0.5)).toBeCloseTo(0.7);
    expect(measureOffset(0, 500, 2, 2, 1)).toBeCloseTo(0.5);
  });

  it('leaves a small drift alone, catches up a larger one by bending the rate, and seeks past the limit', () => {
    // At lesson 3.0 s the take should be at 2.4 s.
    const near = syncStep(take, 3, 0.5, 2.4 + DRIFT_TOLERANCE_SECONDS / 2, 9);
    expect(near).toEqual({ rate: 1, seekTo: null, inRange: true });
    const behind = syncStep(take, 3, 0.5, 2.3, 9);
    expect(behind.seekTo).toBeNull();
    expect(behind.rate).toBeGreaterThan(1);
    expect(behind.rate).toBeLessThanOrEqual(1 + MAX_CATCH_UP);
    const ahead = syncStep(take, 3, 0.5, 2.5, 9);
    expect(ahead.seekTo).toBeNull();
    expect(ahead.rate).toBeLessThan(1);
    expect(ahead.rate).toBeGreaterThanOrEqual(1 - MAX_CATCH_UP);
    // A loop's jump back: a seek, at the plain rate.
    const far = syncStep(take, 3, 1, 2.4 + SEEK_LIMIT_SECONDS + 0.5, 9);
    expect(far.rate).toBe(2);
    expect(far.seekTo).toBeCloseTo(2.4);
    expect(far.inRange).toBe(true);
  });

  it('waits outside the part the take covers, on its nearest frame', () => {
    const before = syncStep(take, 1, 0.5, 3, 9);
    expect(before.inRange).toBe(false);
    expect(before.seekTo).toBe(0);
    const after = syncStep(take, 7, 0.5, 1, 9);
    expect(after.inRange).toBe(false);
    expect(after.seekTo).toBeCloseTo(8.95);
    // Past the recording's end (stopped early): waits on its last frame.
    expect(syncStep(take, 5.9, 0.5, 1, 5).inRange).toBe(false);
  });

  it('records in the first format the browser supports, or says it cannot', () => {
    expect(pickMimeType(() => true)).toBe('video/webm;codecs=vp9');
    expect(pickMimeType((t) => t.startsWith('video/mp4'))).toBe('video/mp4;codecs=avc1');
    expect(pickMimeType((t) => t === 'video/webm')).toBe('video/webm');
    expect(pickMimeType(() => false)).toBeNull();
  });

  it('shows storage in KB, MB and GB', () => {
    expect(formatBytes(10)).toBe('1 KB');
    expect(formatBytes(840 * 1024)).toBe('840 KB');
    expect(formatBytes(1.25 * 1024 * 1024)).toBe('1.3 MB');
    expect(formatBytes(3 * 1024 ** 3)).toBe('3.0 GB');
  });
});
