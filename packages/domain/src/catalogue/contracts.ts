import { z } from 'zod';
import {
  DURATION_BUCKETS,
  LEVELS,
  LIBRARY_PAGE_SIZE,
  MAX_PAGE_SIZE,
  SEARCH_MIN_CHARS,
  SORT_OPTIONS,
} from '../constants';
import { defineEndpoint } from '../http/endpoint';
import { searchText, text } from '../http/strings';

export const ZTag = z.object({
  id: z.string(),
  name: z.string(),
  color: z.string(),
  priority: z.number().int(),
});
export type TTag = z.infer<typeof ZTag>;

export const ZCategory = z.object({ id: z.string(), name: z.string(), routePath: z.string().nullable() });
export type TCategory = z.infer<typeof ZCategory>;

export const ZInstructorSummary = z.object({
  id: z.string(),
  name: z.string(),
  imageUrl: z.string().nullable(),
});
export const ZProductSummary = z.object({
  id: z.string(),
  title: z.string(),
  subname: z.string(),
  imageUrl: z.string().nullable(),
});

/** What every video card needs (spec 1 §3 Video), in our clean names. */
export const ZVideoCard = z.object({
  id: z.string(),
  kind: z.enum(['library', 'class']),
  title: z.string(),
  shortDescription: z.string(),
  instructor: ZInstructorSummary.nullable(),
  categoryId: z.string().nullable(),
  durationSeconds: z.number().int(),
  thumbnailUrl: z.string().nullable(),
  releaseDate: z.string(),
  /** Released in the future: the card is greyed out and cannot be opened. */
  isComingSoon: z.boolean(),
  /** All tags, sorted by priority (cards show the first 3). */
  tags: z.array(ZTag),
  levels: z.array(z.enum(LEVELS)),
  fileType: z.enum(['video', 'pdf']),
  isSaved: z.boolean(),
});
export type TVideoCard = z.infer<typeof ZVideoCard>;

export const ZVideoPage = z.object({
  items: z.array(ZVideoCard),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type TVideoPage = z.infer<typeof ZVideoPage>;

/** A comma-joined list in the query string (spec 1 §9: library arrays are comma-joined). */
export const commaList = <T extends z.ZodType<string>>(item: T, what: string) =>
  text()
    .max(4000)
    .optional()
    .transform((v, ctx) => {
      const parts = (v ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      const out: z.output<T>[] = [];
      for (const part of parts) {
        const parsed = item.safeParse(part);
        if (!parsed.success) {
          ctx.addIssue({ code: 'custom', message: `Unknown ${what}: ${part}` });
          return z.NEVER;
        }
        out.push(parsed.data);
      }
      if (out.length > 50) {
        ctx.addIssue({ code: 'custom', message: `At most 50 ${what} values` });
        return z.NEVER;
      }
      return [...new Set(out)];
    });

const BUCKET_VALUES = DURATION_BUCKETS.map((b) => String(b.value)) as [string, ...string[]];

export const ZSort = z.enum([...SORT_OPTIONS, 'shuffle'], {
  error: `Unknown sort: use one of ${[...SORT_OPTIONS, 'shuffle'].join(', ')}`,
});
export type TSort = z.infer<typeof ZSort>;

export const ZVideoFilters = z.object({
  tags: commaList(z.uuid(), 'tag'),
  durations: commaList(z.enum(BUCKET_VALUES), 'duration bucket').transform((v) => v.map(Number)),
  levels: commaList(z.enum(LEVELS), 'level'),
  instructors: commaList(z.uuid(), 'instructor'),
  products: commaList(z.uuid(), 'product'),
});

const page = z.coerce
  .number({ error: 'page must be a whole number from 1' })
  .int('page must be a whole number from 1')
  .min(1, 'page must be a whole number from 1')
  .max(100_000)
  .default(1);
const pageSize = (fallback: number) =>
  z.coerce.number().int().min(1).max(MAX_PAGE_SIZE, `pageSize is at most ${MAX_PAGE_SIZE}`).default(fallback);

export const ZListVideosQuery = ZVideoFilters.extend({
  category: z.uuid('Unknown category').optional(),
  kind: z.enum(['library', 'class']).optional(),
  sort: ZSort.default('latest'),
  /** Seed of a shuffle, so its pages stay stable. */
  seed: z.coerce.number().int().min(0).max(2_147_483_647).optional(),
  page,
  pageSize: pageSize(LIBRARY_PAGE_SIZE),
}).strict();
export type TListVideosQuery = z.input<typeof ZListVideosQuery>;

export const ZSearchQuery = z
  .object({
    q: text().trim().min(SEARCH_MIN_CHARS, `Search needs at least ${SEARCH_MIN_CHARS} characters`).max(100),
    sort: z.enum(['relevance', ...SORT_OPTIONS]).default('relevance'),
    page,
    pageSize: pageSize(24),
  })
  .strict();
export type TSearchQuery = z.input<typeof ZSearchQuery>;

export const ZHomeGroup = z.object({ name: z.string(), videos: z.array(ZVideoCard) });
export const ZBanner = z.object({
  id: z.string(),
  title: z.string(),
  imageUrl: z.string(),
  releaseDate: z.string(),
});
export type TBanner = z.infer<typeof ZBanner>;
export const ZHome = z.object({ banner: ZBanner.nullable(), groups: z.array(ZHomeGroup) });
export type THome = z.infer<typeof ZHome>;

const ZLookupQuery = z.object({ query: searchText(100) }).strict();
/** A route's `:videoId`. */
export const ZVideoIdParams = z.object({ videoId: z.uuid('Unknown video') }).strict();

export const catalogueEndpoints = {
  home: defineEndpoint({
    method: 'GET',
    path: '/home',
    summary: 'Home: the active banner and the video rows (guest feed, or the member feed with saved flags)',
    tags: ['catalogue'],
    auth: 'public',
    response: ZHome,
    errors: [],
  }),
  categories: defineEndpoint({
    method: 'GET',
    path: '/categories',
    summary: 'Categories, in display order',
    tags: ['catalogue'],
    auth: 'public',
    response: z.object({ items: z.array(ZCategory) }),
    errors: [],
  }),
  tags: defineEndpoint({
    method: 'GET',
    path: '/tags',
    summary: 'Tags by priority; `query` narrows by name',
    tags: ['catalogue'],
    auth: 'public',
    query: ZLookupQuery,
    response: z.object({ items: z.array(ZTag) }),
    errors: ['VALIDATION_FAILED'],
  }),
  instructors: defineEndpoint({
    method: 'GET',
    path: '/instructors',
    summary: 'Instructors for filters; `query` narrows by name',
    tags: ['catalogue'],
    auth: 'public',
    query: ZLookupQuery,
    response: z.object({ items: z.array(ZInstructorSummary) }),
    errors: ['VALIDATION_FAILED'],
  }),
  products: defineEndpoint({
    method: 'GET',
    path: '/products',
    summary: 'Products for filters; `query` narrows by title or subname',
    tags: ['catalogue'],
    auth: 'public',
    query: ZLookupQuery,
    response: z.object({ items: z.array(ZProductSummary) }),
    errors: ['VALIDATION_FAILED'],
  }),
  listVideos: defineEndpoint({
    method: 'GET',
    path: '/videos',
    summary: 'Library and class videos: filters, sort and pages (class videos need a user type or admin)',
    tags: ['catalogue'],
    auth: 'public',
    query: ZListVideosQuery,
    response: ZVideoPage,
    errors: ['VALIDATION_FAILED', 'UNAUTHENTICATED', 'FORBIDDEN'],
  }),
  searchVideos: defineEndpoint({
    method: 'GET',
    path: '/videos/search',
    summary: 'Search titles, descriptions, instructors, tags and keywords; typo-tolerant, best matches first',
    tags: ['catalogue'],
    auth: 'public',
    query: ZSearchQuery,
    response: ZVideoPage,
    errors: ['VALIDATION_FAILED'],
  }),
  listSaved: defineEndpoint({
    method: 'GET',
    path: '/me/saved-videos',
    summary: "The member's saved videos with filters, sort and pages",
    tags: ['saved'],
    auth: 'session',
    query: ZListVideosQuery.omit({ category: true, kind: true }),
    response: ZVideoPage,
    errors: ['VALIDATION_FAILED', 'UNAUTHENTICATED'],
  }),
  savedIds: defineEndpoint({
    method: 'GET',
    path: '/me/saved-video-ids',
    summary: 'Ids of every video the member saved',
    tags: ['saved'],
    auth: 'session',
    response: z.object({ videoIds: z.array(z.string()) }),
    errors: ['UNAUTHENTICATED'],
  }),
  saveVideo: defineEndpoint({
    method: 'PUT',
    path: '/me/saved-videos/:videoId',
    summary: 'Save a video (idempotent)',
    tags: ['saved'],
    auth: 'session',
    params: ZVideoIdParams,
    response: z.object({ videoId: z.string(), isSaved: z.literal(true) }),
    errors: ['VALIDATION_FAILED', 'UNAUTHENTICATED', 'NOT_FOUND', 'CSRF_FAILED'],
  }),
  unsaveVideo: defineEndpoint({
    method: 'DELETE',
    path: '/me/saved-videos/:videoId',
    summary: 'Unsave a video (idempotent)',
    tags: ['saved'],
    auth: 'session',
    params: ZVideoIdParams,
    response: z.object({ videoId: z.string(), isSaved: z.literal(false) }),
    errors: ['VALIDATION_FAILED', 'UNAUTHENTICATED', 'CSRF_FAILED'],
  }),
} as const;
