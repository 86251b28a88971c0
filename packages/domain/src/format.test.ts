import { describe, expect, it } from 'vitest';
import { formatDuration } from './format';

describe('formatDuration (spec 1 §9)', () => {
  it.each([
    [0, '0s'],
    [42, '42s'],
    [60, '1:00'],
    [65, '1:05'],
    [599, '9:59'],
    [3599, '59:59'],
    [3600, '1h 0m'],
    [5025, '1h 23m'],
    [-5, '0s'],
    [61.9, '1:01'],
  ])('%s seconds shows %s', (seconds, expected) => {
    expect(formatDuration(seconds)).toBe(expected);
  });
});
