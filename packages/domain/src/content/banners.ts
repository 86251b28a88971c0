import { z } from 'zod';
import { ZBanner } from '../catalogue/contracts';
import { defineEndpoint } from '../http/endpoint';
import { text } from '../http/strings';
import { CONTENT_MESSAGES } from './messages';
import { dateString, linkString, ZContentIdParams } from './shared';

export const ZAdminBanner = z.object({
  id: z.string(),
  title: z.string(),
  imageUrl: z.string(),
  releaseDate: z.string(),
  isActive: z.boolean(),
  showImmediately: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TAdminBanner = z.infer<typeof ZAdminBanner>;

export const ZBannerInput = z
  .object({
    title: text({ error: CONTENT_MESSAGES.bannerTitleRequired })
      .trim()
      .min(1, CONTENT_MESSAGES.bannerTitleRequired)
      .max(150),
    imageUrl: text({ error: CONTENT_MESSAGES.bannerImageRequired })
      .trim()
      .min(1, CONTENT_MESSAGES.bannerImageRequired)
      .pipe(linkString(CONTENT_MESSAGES.bannerImageRequired)),
    /** Ignored when the banner shows immediately (then it may be left out). */
    releaseDate: dateString(CONTENT_MESSAGES.pickReleaseDate).optional(),
    isActive: z.boolean().default(true),
    showImmediately: z.boolean().default(false),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (!v.showImmediately && !v.releaseDate)
      ctx.addIssue({ code: 'custom', path: ['releaseDate'], message: CONTENT_MESSAGES.pickReleaseDate });
  });
export type TBannerInput = z.input<typeof ZBannerInput>;

const tags = ['admin: banners'];
const adminErrors = ['UNAUTHENTICATED', 'ROLE_MISMATCH'] as const;

export const bannerEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/admin/banners',
    summary: 'Every banner, newest first',
    tags,
    auth: 'admin',
    response: z.object({ items: z.array(ZAdminBanner) }),
    errors: [...adminErrors],
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/admin/banners/:id',
    summary: 'One banner (edit page)',
    tags,
    auth: 'admin',
    params: ZContentIdParams,
    response: ZAdminBanner,
    errors: ['VALIDATION_FAILED', ...adminErrors, 'NOT_FOUND'],
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/admin/banners',
    summary: 'Add a banner (image uploaded first through POST /files with purpose banner)',
    tags,
    auth: 'admin',
    body: ZBannerInput,
    response: ZAdminBanner,
    successStatus: 201,
    errors: ['VALIDATION_FAILED', ...adminErrors, 'CSRF_FAILED'],
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/admin/banners/:id',
    summary: 'Edit a banner',
    tags,
    auth: 'admin',
    params: ZContentIdParams,
    body: ZBannerInput,
    response: ZAdminBanner,
    errors: ['VALIDATION_FAILED', ...adminErrors, 'CSRF_FAILED', 'NOT_FOUND'],
  }),
  setStatus: defineEndpoint({
    method: 'PATCH',
    path: '/admin/banners/:id',
    summary: 'Publish or unpublish a banner',
    tags,
    auth: 'admin',
    params: ZContentIdParams,
    body: z.object({ isActive: z.boolean({ error: 'isActive must be true or false' }) }).strict(),
    response: ZAdminBanner,
    errors: ['VALIDATION_FAILED', ...adminErrors, 'CSRF_FAILED', 'NOT_FOUND'],
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/admin/banners/:id',
    summary: 'Delete a banner',
    tags,
    auth: 'admin',
    params: ZContentIdParams,
    response: z.object({ id: z.string() }),
    errors: ['VALIDATION_FAILED', ...adminErrors, 'CSRF_FAILED', 'NOT_FOUND'],
  }),
  active: defineEndpoint({
    method: 'GET',
    path: '/banners/active',
    summary: 'The banner members see: published and released (or shown immediately)',
    tags: ['banners'],
    auth: 'public',
    response: z.object({ banner: ZBanner.nullable() }),
    errors: [],
  }),
} as const;
