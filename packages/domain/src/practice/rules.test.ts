import { describe, expect, it } from 'vitest';
import { creditedSeconds, dayIn, PRACTICE_LIMITS, streaks, weekStart } from './rules';

describe('practice rules', () => {
  it('credits no more than elapsed (plus slack), one report, or what is left of the day', () => {
    expect(creditedSeconds({ claimed: 30, sinceLastReport: 31, alreadyToday: 0 })).toBe(30);
    expect(creditedSeconds({ claimed: 300, sinceLastReport: 10, alreadyToday: 0 })).toBe(15);
    expect(creditedSeconds({ claimed: 300, sinceLastReport: null, alreadyToday: 0 })).toBe(300);
    expect(creditedSeconds({ claimed: 900, sinceLastReport: 3600, alreadyToday: 0 })).toBe(
      PRACTICE_LIMITS.maxReportSeconds,
    );
    expect(
      creditedSeconds({
        claimed: 60,
        sinceLastReport: 60,
        alreadyToday: PRACTICE_LIMITS.maxSecondsPerDay - 20,
      }),
    ).toBe(20);
    expect(
      creditedSeconds({
        claimed: 60,
        sinceLastReport: 60,
        alreadyToday: PRACTICE_LIMITS.maxSecondsPerDay + 5,
      }),
    ).toBe(0);
  });

  it('counts the current streak from today, or from yesterday before today is practised', () => {
    const days = ['2026-02-27', '2026-02-28', '2026-03-01', '2026-03-03', '2026-03-04'];
    expect(streaks(days, '2026-03-04')).toEqual({ current: 2, longest: 3 });
    expect(streaks(days, '2026-03-05')).toEqual({ current: 2, longest: 3 });
    expect(streaks(days, '2026-03-06')).toEqual({ current: 0, longest: 3 });
    expect(streaks([], '2026-03-06')).toEqual({ current: 0, longest: 0 });
  });

  it('starts weeks on Monday and reads days in the given time zone', () => {
    expect(weekStart('2026-03-04')).toBe('2026-03-02');
    expect(weekStart('2026-03-08')).toBe('2026-03-02');
    expect(weekStart('2026-03-09')).toBe('2026-03-09');
    const instant = new Date('2026-03-03T05:00:00Z');
    expect(dayIn(instant, 'UTC')).toBe('2026-03-03');
    expect(dayIn(instant, 'America/Los_Angeles')).toBe('2026-03-02');
    expect(dayIn(instant, 'Asia/Tokyo')).toBe('2026-03-03');
  });
});
