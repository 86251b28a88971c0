import { describe, expect, it } from 'vitest';
import { countOf, formatDuration } from './format';

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

describe('countOf', () => {
  it('puts the noun in the right number', () => {
    expect(countOf(0, 'video')).toBe('0 videos');
    expect(countOf(1, 'video')).toBe('1 video');
    expect(countOf(2, 'video')).toBe('2 videos');
    expect(countOf(1, 'person', 'people')).toBe('1 person');
  });
});
