import { describe, expect, it } from 'vitest';
import { effectiveSort, nextSort, pageWindow, sortTogglesFor } from './list-rules';

describe('TRC sort (spec 2 §3, §4)', () => {
  it('toggles when the same choice is picked again', () => {
    expect(nextSort('latest', 'date')).toBe('oldest');
    expect(nextSort('oldest', 'date')).toBe('latest');
    expect(nextSort('title_asc', 'title')).toBe('title_desc');
    expect(nextSort('title_desc', 'title')).toBe('title_asc');
    expect(nextSort('long_duration', 'duration')).toBe('short_duration');
    expect(nextSort('short_duration', 'duration')).toBe('long_duration');
  });

  it('starts a new choice in its first direction', () => {
    expect(nextSort('latest', 'title')).toBe('title_asc');
    expect(nextSort('title_desc', 'duration')).toBe('long_duration');
    expect(nextSort('oldest', 'title')).toBe('title_asc');
  });

  it('hides the duration sorts for PDF lists', () => {
    expect(sortTogglesFor(true).map((t) => t.key)).toEqual(['date', 'title']);
    expect(sortTogglesFor(false).map((t) => t.key)).toEqual(['date', 'title', 'duration']);
    expect(effectiveSort('long_duration', true)).toBe('latest');
    expect(effectiveSort('long_duration', false)).toBe('long_duration');
    expect(effectiveSort('shuffle', false)).toBe('latest');
  });
});

describe('TRC pagination window of 5 pages (spec 2 §9)', () => {
  it('centres on the current page', () => {
    expect(pageWindow(6, 20)).toEqual([4, 5, 6, 7, 8]);
  });

  it('shifts at the ends', () => {
    expect(pageWindow(1, 20)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(2, 20)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(20, 20)).toEqual([16, 17, 18, 19, 20]);
    expect(pageWindow(19, 20)).toEqual([16, 17, 18, 19, 20]);
  });

  it('shows every page when there are fewer than 5', () => {
    expect(pageWindow(2, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(1, 0)).toEqual([]);
    expect(pageWindow(9, 3)).toEqual([1, 2, 3]);
  });
});
