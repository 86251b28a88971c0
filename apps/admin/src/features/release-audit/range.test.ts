import { describe, expect, it } from 'vitest';
import { customRange, fittingInterval, formatTick, quickRange, toLocalFields } from './range';

describe('release audit ranges', () => {
  it('quick ranges end now and go back 24 h, 7 d or 30 d', () => {
    const now = new Date('2026-11-25T17:00:00Z');
    expect(quickRange('24h', now)).toEqual({
      from: '2026-11-24T17:00:00.000Z',
      to: '2026-11-25T17:00:00.000Z',
    });
    expect(quickRange('7d', now).from).toBe('2026-11-18T17:00:00.000Z');
    expect(quickRange('30d', now).from).toBe('2026-10-26T17:00:00.000Z');
  });

  it('a custom range is New York wall-clock time, refused when From is after To', () => {
    expect(customRange('2026-11-01T00:00', '2026-11-02T00:00')).toEqual({
      from: '2026-11-01T04:00:00.000Z',
      to: '2026-11-02T05:00:00.000Z',
    });
    expect(customRange('2026-11-02T00:00', '2026-11-01T00:00')).toBeNull();
    expect(customRange('', '2026-11-01T00:00')).toBeNull();
    expect(toLocalFields({ from: '2026-11-01T04:00:00.000Z', to: '2026-11-02T05:00:00.000Z' })).toEqual({
      fromLocal: '2026-11-01T00:00',
      toLocal: '2026-11-02T00:00',
    });
  });

  it('falls back to an interval the range allows', () => {
    const week = quickRange('7d', new Date('2026-11-25T17:00:00Z'));
    expect(fittingInterval(week, 'minute')).toBe('hour');
    expect(fittingInterval(week, 'day')).toBe('day');
  });

  it('formats ticks in New York time and anything else as it is', () => {
    expect(formatTick('2026-11-05T05:00:00.000Z', 'day')).toBe('Nov 5');
    expect(formatTick('2026-11-05T05:00:00.000Z', 'hour')).toBe('Nov 5, 12 AM');
    expect(formatTick('auto', 'hour')).toBe('auto');
  });
});
