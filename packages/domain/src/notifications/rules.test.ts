import { describe, expect, it } from 'vitest';
import { describeSchedule, latestWeeklyOccurrence, nextWeeklyOccurrence } from './rules';

describe('weekly schedule occurrences (America/New_York)', () => {
  it('follows New York wall time across the spring change of 2027 (EST to EDT on 2027-03-14)', () => {
    // Monday 07:30: 12:30 UTC in EST (2027-03-08), 11:30 UTC in EDT (2027-03-15).
    expect(latestWeeklyOccurrence([1], '07:30', new Date('2027-03-08T13:00:00Z'))?.toISOString()).toBe(
      '2027-03-08T12:30:00.000Z',
    );
    expect(latestWeeklyOccurrence([1], '07:30', new Date('2027-03-15T11:45:00Z'))?.toISOString()).toBe(
      '2027-03-15T11:30:00.000Z',
    );
    expect(nextWeeklyOccurrence([1], '07:30', new Date('2027-03-10T00:00:00Z'))?.toISOString()).toBe(
      '2027-03-15T11:30:00.000Z',
    );
  });

  it('picks the latest of several days, and none without days', () => {
    // Wednesday 2026-11-25 10:00 New York (15:00 UTC): of Monday and Friday 09:00 the latest is Monday.
    const now = new Date('2026-11-25T15:00:00Z');
    expect(latestWeeklyOccurrence([1, 5], '09:00', now)?.toISOString()).toBe('2026-11-23T14:00:00.000Z');
    expect(nextWeeklyOccurrence([1, 5], '09:00', now)?.toISOString()).toBe('2026-11-27T14:00:00.000Z');
    expect(latestWeeklyOccurrence([], '09:00', now)).toBeNull();
    expect(latestWeeklyOccurrence([1], '9:03', now)).toBeNull();
  });

  it('describes a schedule for the list', () => {
    expect(describeSchedule([5, 1], '18:05')).toBe('Mon, Fri at 6:05 PM');
    expect(describeSchedule([0], '00:00')).toBe('Sun at 12:00 AM');
  });
});
