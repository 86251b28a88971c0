import { z } from 'zod';
import { commaList } from '../catalogue/contracts';
import { defineEndpoint } from '../http/endpoint';
import { searchText, text } from '../http/strings';
import { ZAdminPageNumber } from './common';

/** Spec 3 §8, §9: the reaction screens' texts and constants. */
export const REACTION_TEXTS = {
  empty: 'No reactions found.',
  listError: 'Error fetching reaction data',
  initialError: 'Error fetching initial data',
  statsError: 'Failed to fetch data. Please try again.',
  chooseGrouping: 'Please select a grouping option.',
  noData: 'No data for the selected filters.',
} as const;

/** Spec 3 §9: page sizes of the reaction table; 20 by default, kept in session storage. */
export const REACTION_PAGE_SIZES = [10, 20, 50, 100] as const;
export const REACTION_DEFAULT_PAGE_SIZE = 20;

/** Spec 3 §9: the sortable columns and the direction of a first click (counts and dates descending). */
export const REACTION_SORT_COLUMNS = {
  title: 'asc',
  instructor: 'asc',
  likes: 'desc',
  dislikes: 'desc',
  date: 'desc',
} as const;
export type TReactionSortColumn = keyof typeof REACTION_SORT_COLUMNS;

export const REACTION_SORTS = [
  'title_asc',
  'title_desc',
  'instructor_asc',
  'instructor_desc',
  'likes_desc',
  'likes_asc',
  'dislikes_desc',
  'dislikes_asc',
  'newest',
  'oldest',
] as const;
export type TReactionSort = (typeof REACTION_SORTS)[number];
export const REACTION_DEFAULT_SORT: TReactionSort = 'likes_desc';

/** The sort a click on a column gives: its default direction, or the other one when it is already sorted by it. */
export function nextReactionSort(current: TReactionSort, column: TReactionSortColumn): TReactionSort {
  const [col, dir] = splitReactionSort(current);
  const direction = col === column ? (dir === 'asc' ? 'desc' : 'asc') : REACTION_SORT_COLUMNS[column];
  if (column === 'date') return direction === 'desc' ? 'newest' : 'oldest';
  return `${column}_${direction}` as TReactionSort;
}

/** A sort as its column and direction (newest is the date descending, oldest ascending). */
export function splitReactionSort(sort: TReactionSort): [TReactionSortColumn, 'asc' | 'desc'] {
  if (sort === 'newest') return ['date', 'desc'];
  if (sort === 'oldest') return ['date', 'asc'];
  const [col, dir] = sort.split('_') as [TReactionSortColumn, 'asc' | 'desc'];
  return [col, dir];
}

export const ZReactionListQuery = z
  .object({
    search: searchText(100),
    page: ZAdminPageNumber,
    pageSize: z.coerce
      .number()
      .int()
      .refine((n) => (REACTION_PAGE_SIZES as readonly number[]).includes(n), 'pageSize is 10, 20, 50 or 100')
      .default(REACTION_DEFAULT_PAGE_SIZE),
    sort: z.enum(REACTION_SORTS).default(REACTION_DEFAULT_SORT),
    instructors: commaList(z.uuid(), 'instructor'),
    categories: commaList(z.uuid(), 'category'),
  })
  .strict();
export type TReactionListQuery = z.input<typeof ZReactionListQuery>;

/** Spec 3 §3 "Reaction row". */
export const ZReactionRow = z.object({
  id: z.string(),
  title: z.string(),
  categoryName: z.string().nullable(),
  instructorName: z.string().nullable(),
  likesCount: z.number().int(),
  dislikesCount: z.number().int(),
  dateAdded: z.string(),
});
export type TReactionRow = z.infer<typeof ZReactionRow>;

export const REACTION_GROUPINGS = ['category', 'instructor'] as const;
export type TReactionGrouping = (typeof REACTION_GROUPINGS)[number];

export const ZReactionStatsQuery = z
  .object({
    groupBy: z.enum(REACTION_GROUPINGS, { error: REACTION_TEXTS.chooseGrouping }),
    /** Only these categories or instructors (by the grouping); all when empty. */
    ids: commaList(z.uuid(), 'group'),
  })
  .strict();
export type TReactionStatsQuery = z.input<typeof ZReactionStatsQuery>;

/** The videos shown inside a group: its most liked, at most this many (the totals count them all). */
export const REACTION_STATS_ITEMS_PER_GROUP = 25;

/** Spec 3 §3 "Stats group": a category or instructor, its totals and its videos. */
export const ZReactionStatsGroup = z.object({
  id: z.string().nullable(),
  name: z.string(),
  totalLikes: z.number().int(),
  totalDislikes: z.number().int(),
  videoCount: z.number().int(),
  items: z.array(
    z.object({ id: z.string(), title: z.string(), likes: z.number().int(), dislikes: z.number().int() }),
  ),
});
export type TReactionStatsGroup = z.infer<typeof ZReactionStatsGroup>;

// ---------- the overview ----------

/** The longest range the overview answers: a year, day by day. */
export const OVERVIEW_MAX_DAYS = 366;
export const OVERVIEW_DEFAULT_DAYS = 90;

const dateOnly = text().regex(/^\d{4}-\d{2}-\d{2}$/, 'A date as YYYY-MM-DD');

export const ZOverviewQuery = z
  .object({ from: dateOnly, to: dateOnly })
  .strict()
  .superRefine((v, ctx) => {
    const from = Date.parse(`${v.from}T00:00:00Z`);
    const to = Date.parse(`${v.to}T00:00:00Z`);
    if (Number.isNaN(from) || Number.isNaN(to)) {
      ctx.addIssue({ code: 'custom', path: ['from'], message: 'A date as YYYY-MM-DD' });
      return;
    }
    if (from > to)
      ctx.addIssue({
        code: 'custom',
        path: ['from'],
        message: 'Select a valid date range (From must be ≤ To).',
      });
    else if ((to - from) / 86_400_000 + 1 > OVERVIEW_MAX_DAYS)
      ctx.addIssue({ code: 'custom', path: ['to'], message: `At most ${OVERVIEW_MAX_DAYS} days` });
  });
export type TOverviewQuery = z.input<typeof ZOverviewQuery>;

const int = z.number().int();

export const ZOverview = z.object({
  from: z.string(),
  to: z.string(),
  /** Members now, by plan and subscription status (each member's latest subscription). */
  membersByPlan: z.array(z.object({ planId: z.string(), status: z.string(), members: int })),
  /** Trials started in the range; of the trials that ended in the range, converted (paid on) and lapsed. */
  trials: z.object({ started: int, converted: int, lapsed: int }),
  /** Per week (Monday) of the range: subscriptions started, cancelled and the difference. */
  weekly: z.array(z.object({ week: z.string(), new: int, cancelled: int, net: int })),
  watchMinutesByDay: z.array(z.object({ day: z.string(), minutes: z.number() })),
  topByMinutes: z.array(z.object({ id: z.string(), title: z.string(), minutes: z.number() })),
  /** Completed viewers over viewers of the range, videos with at least OVERVIEW_MIN_VIEWERS viewers. */
  topByCompletion: z.array(
    z.object({ id: z.string(), title: z.string(), viewers: int, completed: int, completionRate: z.number() }),
  ),
  topByLikes: z.array(z.object({ id: z.string(), title: z.string(), likes: int })),
  studios: z.array(
    z.object({ id: z.string(), name: z.string(), planId: z.string().nullable(), seats: int, used: int }),
  ),
});
export type TOverview = z.infer<typeof ZOverview>;
export const OVERVIEW_TOP = 10;
export const OVERVIEW_MIN_VIEWERS = 3;

const adminErrors = ['UNAUTHENTICATED', 'ROLE_MISMATCH'] as const;

export const adminReactionEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/admin/reactions',
    summary:
      'Videos with their likes and dislikes: searched, filtered by instructors and categories, sorted, paged',
    tags: ['admin'],
    auth: 'admin',
    query: ZReactionListQuery,
    response: z.object({
      items: z.array(ZReactionRow),
      total: int,
      page: int,
      pageSize: int,
      totalPages: int,
    }),
    errors: ['VALIDATION_FAILED', ...adminErrors],
  }),
  stats: defineEndpoint({
    method: 'GET',
    path: '/admin/reactions/stats',
    summary: 'Likes and dislikes per category or per instructor, with the most liked videos of each',
    tags: ['admin'],
    auth: 'admin',
    query: ZReactionStatsQuery,
    response: z.object({ groupBy: z.enum(REACTION_GROUPINGS), groups: z.array(ZReactionStatsGroup) }),
    errors: ['VALIDATION_FAILED', ...adminErrors],
  }),
} as const;

export const adminOverviewEndpoints = {
  get: defineEndpoint({
    method: 'GET',
    path: '/admin/overview',
    summary:
      'The business overview for a date range: members, trials, weekly growth, watching, top videos, studios',
    tags: ['admin'],
    auth: 'admin',
    query: ZOverviewQuery,
    response: ZOverview,
    errors: ['VALIDATION_FAILED', ...adminErrors],
  }),
} as const;
