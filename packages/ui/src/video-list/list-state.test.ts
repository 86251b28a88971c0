import { describe, expect, it } from 'vitest';
import { EMPTY_FILTERS, readListState, writeListState } from './list-state';

const TAG_A = '0b6f0d3e-1c2d-4e5f-8a9b-0c1d2e3f4a5b';
const TAG_B = '1b6f0d3e-1c2d-4e5f-8a9b-0c1d2e3f4a5b';

describe('list state in the URL', () => {
  it('reads filters, sort, seed and page', () => {
    const params = new URLSearchParams(
      `tags=${TAG_A},${TAG_B}&durations=5,16&levels=Beginner&sort=shuffle&seed=42&page=3`,
    );
    expect(readListState(params)).toEqual({
      filters: { ...EMPTY_FILTERS, tags: [TAG_A, TAG_B], durations: [5, 16], levels: ['Beginner'] },
      sort: 'shuffle',
      seed: 42,
      page: 3,
    });
  });

  it('defaults to latest, page 1, no filters', () => {
    expect(readListState(new URLSearchParams())).toEqual({
      filters: EMPTY_FILTERS,
      sort: 'latest',
      seed: undefined,
      page: 1,
    });
  });

  it('drops what the API would refuse: unknown sort, bucket, level, malformed ids, bad pages', () => {
    const params = new URLSearchParams('tags=nope&durations=7,10&levels=Expert&sort=popular&page=-2');
    const state = readListState(params);
    expect(state.filters).toEqual({ ...EMPTY_FILTERS, durations: [10] });
    expect(state.sort).toBe('latest');
    expect(state.page).toBe(1);
    expect(readListState(new URLSearchParams('page=2.5')).page).toBe(1);
  });

  it('keeps sections apart with a namespace and leaves the other parameters alone', () => {
    const params = new URLSearchParams(`lessons.levels=Advanced&exercises.page=2&search_query=x`);
    expect(readListState(params, { namespace: 'lessons' }).filters.levels).toEqual(['Advanced']);
    expect(readListState(params, { namespace: 'lessons' }).page).toBe(1);
    expect(readListState(params, { namespace: 'exercises' }).page).toBe(2);
    const next = writeListState(
      params,
      { filters: { ...EMPTY_FILTERS, tags: [TAG_A] }, sort: 'title_asc', seed: undefined, page: 4 },
      { namespace: 'lessons' },
    );
    expect(next.get('lessons.tags')).toBe(TAG_A);
    expect(next.get('lessons.levels')).toBeNull();
    expect(next.get('lessons.sort')).toBe('title_asc');
    expect(next.get('lessons.page')).toBe('4');
    expect(next.get('exercises.page')).toBe('2');
    expect(next.get('search_query')).toBe('x');
  });

  it('writes short links: defaults are left out, the seed only with shuffle', () => {
    const next = writeListState(new URLSearchParams('sort=oldest&page=3&seed=5'), {
      filters: EMPTY_FILTERS,
      sort: 'latest',
      seed: 9,
      page: 1,
    });
    expect(next.toString()).toBe('');
    const shuffled = writeListState(new URLSearchParams(), {
      filters: EMPTY_FILTERS,
      sort: 'shuffle',
      seed: 9,
      page: 1,
    });
    expect(shuffled.toString()).toBe('sort=shuffle&seed=9');
  });

  it('round-trips', () => {
    const state = {
      filters: {
        ...EMPTY_FILTERS,
        levels: ['Intermediate' as const],
        products: [TAG_B],
        instructors: [TAG_A],
      },
      sort: 'long_duration' as const,
      seed: undefined,
      page: 2,
    };
    expect(readListState(writeListState(new URLSearchParams(), state))).toEqual(state);
  });

  it('search lists default to relevance', () => {
    const sorts = ['relevance', 'latest'] as const;
    expect(readListState(new URLSearchParams(), { defaultSort: 'relevance', sorts }).sort).toBe('relevance');
    expect(readListState(new URLSearchParams('sort=shuffle'), { defaultSort: 'relevance', sorts }).sort).toBe(
      'relevance',
    );
  });
});
