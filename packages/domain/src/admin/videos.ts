import { z } from 'zod';
import { ZTag, ZVideoIdParams } from '../catalogue/contracts';
import { LEVELS, SEARCH_MIN_CHARS, SORT_OPTIONS } from '../constants';
import { defineEndpoint } from '../http/endpoint';
import { multilineText, text } from '../http/strings';
import { ZCountGrid } from '../player/count-grid';
import { ZStream } from '../player/playback';
import { ZAdminPageNumber, ZAdminPageSize, ZDeleted } from './common';

export const ADMIN_VIDEO_SEARCH_MESSAGE = `Search needs at least ${SEARCH_MIN_CHARS} characters`;
export const RELEASE_DATE_REQUIRED_MESSAGE = 'Please pick a release date';
export const RELEASE_DATE_PAST_MESSAGE = 'The release date cannot be before today.';

/** Spec 3 §5: the list searches when the term is empty or longer than 2 characters. */
export const canRunVideoSearch = (term: string) => {
  const trimmed = term.trim();
  return trimmed.length === 0 || trimmed.length >= SEARCH_MIN_CHARS;
};

export const ZAdminVideosQuery = z
  .object({
    search: text()
      .trim()
      .max(100, 'Search is at most 100 characters')
      .optional()
      .refine((s) => s === undefined || canRunVideoSearch(s), ADMIN_VIDEO_SEARCH_MESSAGE),
    sort: z
      .enum(SORT_OPTIONS, { error: `Unknown sort: use one of ${SORT_OPTIONS.join(', ')}` })
      .default('latest'),
    page: ZAdminPageNumber,
    pageSize: ZAdminPageSize,
  })
  .strict();
export type TAdminVideosQuery = z.input<typeof ZAdminVideosQuery>;

/** Where a video's media stands (decision 0033): what the admin's card shows, with a retry when it failed. */
export const MEDIA_STATES = ['preparing', 'playable', 'ready', 'failed', 'missing'] as const;
export const ZAdminVideoMedia = z.object({
  state: z.enum(MEDIA_STATES),
  /** 0..100 while preparing (and while playable). */
  progress: z.number().int(),
  /** Why it failed (or why there is nothing to play). */
  error: z.string().nullable(),
  /** Whether "Retry" can prepare it again (an import, a kept upload, or a link that names a source). */
  canRetry: z.boolean(),
});
export type TAdminVideoMedia = z.infer<typeof ZAdminVideoMedia>;

export const MEDIA_STATE_TEXTS = {
  preparing: 'Preparing',
  ready: 'Ready to play',
  /** Decision 0057: the lowest rendition plays while the others are encoded. */
  playable: 'Playable · finishing higher qualities',
  failed: 'Failed',
  missing: 'No playable media',
  retry: 'Retry',
  retried: 'Preparing the video again',
  missingReason: 'The video link is not an upload or an import, so members cannot play it.',
} as const;

export const ZAdminVideo = z.object({
  id: z.string(),
  kind: z.enum(['library', 'class']),
  title: z.string(),
  /** Rich text (sanitised HTML). */
  description: z.string(),
  shortDescription: z.string(),
  category: z.object({ id: z.string(), name: z.string() }).nullable(),
  instructor: z.object({ id: z.string(), name: z.string() }).nullable(),
  levels: z.array(z.enum(LEVELS)),
  /** Tags by priority. */
  tags: z.array(ZTag),
  keywords: z.array(z.string()),
  products: z.array(z.object({ id: z.string(), title: z.string(), subname: z.string() })),
  releaseDate: z.string(),
  isComingSoon: z.boolean(),
  durationSeconds: z.number().int(),
  thumbnailUrl: z.string().nullable(),
  videoUrl: z.string().nullable(),
  trailerUrl: z.string().nullable(),
  fileType: z.enum(['video', 'pdf']),
  /** The main video's media (the trailer's is prepared alongside). */
  media: ZAdminVideoMedia,
  updatedAt: z.string(),
});
export type TAdminVideo = z.infer<typeof ZAdminVideo>;

export const ZAdminVideoPage = z.object({
  items: z.array(ZAdminVideo),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type TAdminVideoPage = z.infer<typeof ZAdminVideoPage>;

/** Trims, drops blanks and duplicates (case-insensitive): tags, products and keywords ignore them (spec 3 §5). */
const uniqueTrimmed = (values: string[]) => {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of values) {
    const value = raw.trim();
    const key = value.toLowerCase();
    if (!value || seen.has(key)) continue;
    seen.add(key);
    out.push(value);
  }
  return out;
};

const uuidList = (what: string) =>
  z
    .array(z.uuid(`Unknown ${what}`), { error: `${what} must be a list` })
    .max(50, `At most 50 ${what}s`)
    .transform((ids) => [...new Set(ids)]);

/**
 * The edit modal's body: everything but the video link, the trailer link and the duration, which are
 * read-only while editing (spec 3 §4). Unknown keys are refused.
 */
export const ZUpdateAdminVideoRequest = z
  .object({
    title: text({ error: 'Title is required' })
      .trim()
      .min(1, { error: 'Title is required', abort: true })
      .max(200, 'At most 200 characters'),
    description: multilineText().max(50_000, 'The description is too long').default(''),
    shortDescription: multilineText().trim().max(1000, 'At most 1000 characters').default(''),
    categoryId: z.uuid('Unknown category').nullable(),
    instructorId: z.uuid('Unknown instructor').nullable(),
    levels: z
      .array(z.enum(LEVELS, { error: 'Levels are Beginner, Intermediate or Advanced' }))
      .max(3)
      .transform((levels) => LEVELS.filter((l) => levels.includes(l))),
    tagIds: uuidList('tag'),
    productIds: uuidList('product'),
    keywords: z
      .array(text().max(60, 'A keyword is at most 60 characters'))
      .max(50, 'At most 50 keywords')
      .transform(uniqueTrimmed),
    releaseDate: text({ error: RELEASE_DATE_REQUIRED_MESSAGE }).regex(
      /^\d{4}-\d{2}-\d{2}$/,
      RELEASE_DATE_REQUIRED_MESSAGE,
    ),
  })
  .strict();
export type TUpdateAdminVideoRequest = z.input<typeof ZUpdateAdminVideoRequest>;

/** The count grid of a video's media, with a signed stream to tap along to (issue 20). */
export const ZAdminCountGrid = z.object({
  /** Null while the media was not analysed (or has no media). */
  grid: ZCountGrid.nullable(),
  /** Null when the media is not ready to play. */
  stream: ZStream.nullable(),
});
export type TAdminCountGrid = z.infer<typeof ZAdminCountGrid>;

export const adminVideoEndpoints = {
  countGrid: defineEndpoint({
    method: 'GET',
    path: '/admin/videos/:videoId/count-grid',
    summary: "The video's count grid (BPM, first downbeat, tempo sections) and a stream to tap along to",
    tags: ['admin'],
    auth: 'admin',
    params: ZVideoIdParams,
    response: ZAdminCountGrid,
    errors: ['VALIDATION_FAILED', 'UNAUTHENTICATED', 'ROLE_MISMATCH', 'NOT_FOUND'],
  }),
  saveCountGrid: defineEndpoint({
    method: 'PUT',
    path: '/admin/videos/:videoId/count-grid',
    summary:
      'Correct the count grid (tapped or nudged), or mark the video "no counts"; kept over new detections',
    tags: ['admin'],
    auth: 'admin',
    params: ZVideoIdParams,
    body: ZCountGrid.omit({ source: true }),
    response: ZAdminCountGrid,
    errors: ['VALIDATION_FAILED', 'UNAUTHENTICATED', 'ROLE_MISMATCH', 'CSRF_FAILED', 'NOT_FOUND', 'CONFLICT'],
  }),
  list: defineEndpoint({
    method: 'GET',
    path: '/admin/videos',
    summary: 'Admin video list: every video (released or not), searched, sorted, 20 a page',
    tags: ['admin'],
    auth: 'admin',
    query: ZAdminVideosQuery,
    response: ZAdminVideoPage,
    errors: ['VALIDATION_FAILED', 'UNAUTHENTICATED', 'ROLE_MISMATCH'],
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/admin/videos/:videoId',
    summary: 'Save the edit modal (video link, trailer link and duration are not editable)',
    tags: ['admin'],
    auth: 'admin',
    params: ZVideoIdParams,
    body: ZUpdateAdminVideoRequest,
    response: ZAdminVideo,
    errors: ['VALIDATION_FAILED', 'UNAUTHENTICATED', 'ROLE_MISMATCH', 'CSRF_FAILED', 'NOT_FOUND'],
  }),
  retryMedia: defineEndpoint({
    method: 'POST',
    path: '/admin/videos/:videoId/media/retry',
    summary: "Prepare a video's media again after it failed (imports are fetched again, uploads reprocessed)",
    tags: ['admin'],
    auth: 'admin',
    params: ZVideoIdParams,
    response: ZAdminVideoMedia,
    errors: ['VALIDATION_FAILED', 'UNAUTHENTICATED', 'ROLE_MISMATCH', 'CSRF_FAILED', 'NOT_FOUND', 'CONFLICT'],
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/admin/videos/:videoId',
    summary: 'Delete a video (and its saves)',
    tags: ['admin'],
    auth: 'admin',
    params: ZVideoIdParams,
    response: ZDeleted,
    errors: ['VALIDATION_FAILED', 'UNAUTHENTICATED', 'ROLE_MISMATCH', 'CSRF_FAILED', 'NOT_FOUND'],
  }),
} as const;
