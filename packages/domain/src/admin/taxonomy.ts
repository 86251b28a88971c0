import { z } from 'zod';
import { defineEndpoint } from '../http/endpoint';
import { text } from '../http/strings';
import { MESSAGES } from '../messages';
import { ZDeleted, ZHexColor, ZIdParams } from './common';

/** Spec 3 §5: a category starts with a letter and is saved with that letter capitalised. */
export function capitalizeCategory(name: string): string {
  const trimmed = name.trim().replace(/\s+/g, ' ');
  return trimmed.charAt(0).toLocaleUpperCase() + trimmed.slice(1);
}
export const startsWithLetter = (name: string) => /^\p{L}/u.test(name.trim());

const CATEGORY_REQUIRED = 'Please enter a category name';

export const ZCreateCategoryRequest = z
  .object({
    name: text({ error: CATEGORY_REQUIRED })
      .trim()
      .min(1, { error: CATEGORY_REQUIRED, abort: true })
      .max(60, 'At most 60 characters')
      .refine(startsWithLetter, MESSAGES.categoryFirstCharNotLetter)
      .transform(capitalizeCategory),
  })
  .strict();
export type TCreateCategoryRequest = z.input<typeof ZCreateCategoryRequest>;

/**
 * Member paths a category page may not take (spec 1 §2's pages): a new category's page is its name without
 * spaces or signs ("Across the floor" -> /Acrossthefloor), numbered when taken.
 */
export const RESERVED_MEMBER_PATHS = [
  'allvideos',
  'library',
  'classes',
  'plans',
  'studioplans',
  'login',
  'signup',
  'studiosignup',
  'account',
  'forgot',
  'reset-password',
  'set-password',
  'confirm-email',
  'playerpage',
  'search',
  'saved',
  'history',
  'personal-playlist',
  'studio-playlist',
  'featured-playlist',
  'all-playlist',
  'upgrade',
  'home',
  'api',
  'dev',
  'files',
  'media',
] as const;

export function categoryRoutePath(name: string, taken: readonly string[]): string {
  const base = name.normalize('NFKD').replace(/[^\p{L}\p{N}]/gu, '') || 'Category';
  const used = new Set([...RESERVED_MEMBER_PATHS, ...taken.map((p) => p.replace(/^\/+/, '').toLowerCase())]);
  let candidate = base;
  for (let n = 2; used.has(candidate.toLowerCase()); n += 1) candidate = `${base}${n}`;
  return `/${candidate}`;
}

/** Where a category's videos appear for members, said when it is added (issue 22 item 11). */
export const categoryPlacesText = (name: string, routePath: string | null) =>
  routePath
    ? `Its videos appear on ${routePath}, as a section of /AllVideos and as a row on the home page.`
    : `"${name}" has no page of its own: its videos appear in /Library with every library video.`;

export const ZMoveCategoryVideosRequest = z
  .object({ toCategoryId: z.uuid('Choose the category to move the videos to') })
  .strict();
export type TMoveCategoryVideosRequest = z.input<typeof ZMoveCategoryVideosRequest>;

export const categoryHoldsVideosText = (name: string, count: number) =>
  `"${name}" still holds ${count === 1 ? '1 video' : `${count} videos`}. Move them to another category first.`;

export const ZAdminCategory = z.object({
  id: z.string(),
  name: z.string(),
  routePath: z.string().nullable(),
  videoCount: z.number().int(),
});
export type TAdminCategory = z.infer<typeof ZAdminCategory>;

const TAG_REQUIRED = 'Please enter a tag name';

export const ZCreateTagRequest = z
  .object({
    name: text({ error: TAG_REQUIRED })
      .trim()
      .min(1, { error: TAG_REQUIRED, abort: true })
      .max(40, 'At most 40 characters')
      .transform((n) => n.replace(/\s+/g, ' ')),
    color: ZHexColor.optional(),
  })
  .strict();
export type TCreateTagRequest = z.input<typeof ZCreateTagRequest>;

/** A tag's colour or its priority (1 up to the number of tags; the others shift to stay unique and dense). */
export const ZUpdateTagRequest = z
  .object({
    color: ZHexColor.optional(),
    priority: z
      .number({ error: 'Priority must be a whole number from 1' })
      .int('Priority must be a whole number from 1')
      .min(1, 'Priority must be a whole number from 1')
      .optional(),
  })
  .strict()
  .refine((v) => v.color !== undefined || v.priority !== undefined, 'Send a colour or a priority');
export type TUpdateTagRequest = z.input<typeof ZUpdateTagRequest>;

export const ZAdminTag = z.object({
  id: z.string(),
  name: z.string(),
  color: z.string(),
  priority: z.number().int(),
  videoCount: z.number().int(),
});
export type TAdminTag = z.infer<typeof ZAdminTag>;

const adminErrors = ['UNAUTHENTICATED', 'ROLE_MISMATCH', 'CSRF_FAILED'] as const;

export const adminCategoryEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/admin/categories',
    summary: 'Categories with their video counts',
    tags: ['admin'],
    auth: 'admin',
    response: z.object({ items: z.array(ZAdminCategory) }),
    errors: adminErrors,
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/admin/categories',
    summary: 'Add a category (first character a letter, capitalised; names are unique, case-insensitive)',
    tags: ['admin'],
    auth: 'admin',
    body: ZCreateCategoryRequest,
    response: ZAdminCategory,
    successStatus: 201,
    errors: ['VALIDATION_FAILED', 'CONFLICT', ...adminErrors],
  }),
  moveVideos: defineEndpoint({
    method: 'POST',
    path: '/admin/categories/:id/move-videos',
    summary: "Move a category's videos to another category (before removing it)",
    tags: ['admin'],
    auth: 'admin',
    params: ZIdParams,
    body: ZMoveCategoryVideosRequest,
    response: z.object({ moved: z.number().int(), message: z.string() }),
    errors: ['VALIDATION_FAILED', 'NOT_FOUND', ...adminErrors],
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/admin/categories/:id',
    summary: 'Remove an empty category (one that still holds videos is refused until they are moved)',
    tags: ['admin'],
    auth: 'admin',
    params: ZIdParams,
    response: ZDeleted,
    errors: ['VALIDATION_FAILED', 'NOT_FOUND', 'CONFLICT', ...adminErrors],
  }),
} as const;

export const adminTagEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/admin/tags',
    summary: 'Tags by priority, with their video counts',
    tags: ['admin'],
    auth: 'admin',
    response: z.object({ items: z.array(ZAdminTag) }),
    errors: adminErrors,
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/admin/tags',
    summary: 'Add a tag at the lowest priority ("Tag already exists" on a duplicate, case-insensitive)',
    tags: ['admin'],
    auth: 'admin',
    body: ZCreateTagRequest,
    response: ZAdminTag,
    successStatus: 201,
    errors: ['VALIDATION_FAILED', 'CONFLICT', ...adminErrors],
  }),
  update: defineEndpoint({
    method: 'PATCH',
    path: '/admin/tags/:id',
    summary: "Set a tag's colour or priority (priorities stay unique and dense)",
    tags: ['admin'],
    auth: 'admin',
    params: ZIdParams,
    body: ZUpdateTagRequest,
    response: z.object({ items: z.array(ZAdminTag) }),
    errors: ['VALIDATION_FAILED', 'NOT_FOUND', ...adminErrors],
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/admin/tags/:id',
    summary: 'Delete a tag: removed from every video, the priorities after it close the gap',
    tags: ['admin'],
    auth: 'admin',
    params: ZIdParams,
    response: ZDeleted,
    errors: ['VALIDATION_FAILED', 'NOT_FOUND', ...adminErrors],
  }),
} as const;
