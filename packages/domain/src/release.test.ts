import { describe, expect, it } from 'vitest';
import { addDays, fromNewYorkLocal, releaseInstant, todayInNewYork, toNewYorkLocal } from './release';

describe('release time (12:00 AM America/New_York)', () => {
  it('is 05:00 UTC in winter (EST) and 04:00 UTC in summer (EDT)', () => {
    expect(releaseInstant('2026-01-15').toISOString()).toBe('2026-01-15T05:00:00.000Z');
    expect(releaseInstant('2026-07-04').toISOString()).toBe('2026-07-04T04:00:00.000Z');
  });
  it('handles the DST switch days', () => {
    expect(releaseInstant('2026-03-08').toISOString()).toBe('2026-03-08T05:00:00.000Z');
    expect(releaseInstant('2026-11-01').toISOString()).toBe('2026-11-01T04:00:00.000Z');
  });
  it('knows today in New York, which lags UTC in the evening', () => {
    expect(todayInNewYork(new Date('2026-11-21T03:30:00Z'))).toBe('2026-11-20');
    expect(todayInNewYork(new Date('2026-11-21T06:00:00Z'))).toBe('2026-11-21');
  });
  it('adds days across months', () => {
    expect(addDays('2026-12-30', 3)).toBe('2027-01-02');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });
  it('refuses a malformed date', () => {
    expect(() => releaseInstant('11/21/2026')).toThrow();
  });
});

describe('New York wall-clock times', () => {
  it('round-trips an instant across the daylight-saving changes', () => {
    expect(toNewYorkLocal(new Date('2026-03-08T05:00:00Z'))).toBe('2026-03-08T00:00');
    expect(toNewYorkLocal(new Date('2026-07-01T16:30:00Z'))).toBe('2026-07-01T12:30');
    expect(fromNewYorkLocal('2026-07-01T12:30')?.toISOString()).toBe('2026-07-01T16:30:00.000Z');
    expect(fromNewYorkLocal('2026-12-01T00:00')?.toISOString()).toBe('2026-12-01T05:00:00.000Z');
    expect(fromNewYorkLocal('yesterday')).toBeNull();
  });
});
