import { describe, expect, it } from 'vitest';
import { nextReactionSort, ZOverviewQuery, ZReactionListQuery } from './insights';

describe('reaction list sorting (spec 3 §4, §9)', () => {
  it("starts each column in the spec's direction and toggles it on a repeated click", () => {
    expect(nextReactionSort('likes_desc', 'title')).toBe('title_asc');
    expect(nextReactionSort('title_asc', 'title')).toBe('title_desc');
    expect(nextReactionSort('title_desc', 'title')).toBe('title_asc');
    expect(nextReactionSort('title_asc', 'instructor')).toBe('instructor_asc');
    expect(nextReactionSort('title_asc', 'likes')).toBe('likes_desc');
    expect(nextReactionSort('likes_desc', 'likes')).toBe('likes_asc');
    expect(nextReactionSort('likes_desc', 'dislikes')).toBe('dislikes_desc');
    expect(nextReactionSort('likes_desc', 'date')).toBe('newest');
    expect(nextReactionSort('newest', 'date')).toBe('oldest');
    expect(nextReactionSort('oldest', 'date')).toBe('newest');
  });

  it('defaults to 20 a page, most liked first, and takes only the page sizes 10, 20, 50, 100', () => {
    expect(ZReactionListQuery.parse({})).toMatchObject({ pageSize: 20, sort: 'likes_desc', page: 1 });
    for (const size of ['10', '20', '50', '100'])
      expect(ZReactionListQuery.safeParse({ pageSize: size }).success).toBe(true);
    expect(ZReactionListQuery.safeParse({ pageSize: '25' }).success).toBe(false);
  });
});

describe('overview range', () => {
  it('takes 1 to 366 days, From on or before To', () => {
    expect(ZOverviewQuery.safeParse({ from: '2026-01-01', to: '2026-01-01' }).success).toBe(true);
    expect(ZOverviewQuery.safeParse({ from: '2026-01-01', to: '2027-01-01' }).success).toBe(true);
    expect(ZOverviewQuery.safeParse({ from: '2026-01-01', to: '2027-01-02' }).success).toBe(false);
    const reversed = ZOverviewQuery.safeParse({ from: '2026-02-01', to: '2026-01-01' });
    expect(reversed.error?.issues[0]?.message).toBe('Select a valid date range (From must be ≤ To).');
  });
});
