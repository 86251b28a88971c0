import { z } from 'zod';
import { defineEndpoint } from '../http/endpoint';

/** Spec 3 §9: every sitemap entry changes weekly with priority 0.8. */
export const SITEMAP_CHANGEFREQ = 'weekly';
export const SITEMAP_PRIORITY = 0.8;
/** sitemaps.org: at most 50,000 URLs per sitemap file (and 50,000 files per index). */
export const SITEMAP_MAX_URLS = 50_000;

/**
 * The static pages of spec 3 §2's generated sitemap that anyone may open. Left out on purpose (decision 0032):
 * /account, /saved, /personal-playlist, /studio-playlist (a member's own pages) and the personal playlist views.
 */
export const SITEMAP_STATIC_PATHS = [
  '/',
  '/home',
  '/login',
  '/SignUp',
  '/Library',
  '/Lessons',
  '/Exercises',
  '/Acrossthefloor',
  '/AllVideos',
  '/all-playlist',
  '/featured-playlist',
  '/plans',
] as const;

/** Paths that never appear in the sitemap, whatever the data: a member's own pages. */
export const SITEMAP_PRIVATE_PREFIXES = [
  '/account',
  '/saved',
  '/personal-playlist',
  '/studio-playlist',
  '/History',
] as const;

export const sitemapEndpoints = {
  routes: defineEndpoint({
    method: 'GET',
    path: '/sitemap/routes',
    summary: 'The public routes of the member app listed in the sitemap (spec: getAllRoutes)',
    tags: ['catalogue'],
    auth: 'public',
    response: z.object({ routes: z.array(z.string()) }),
    errors: [],
  }),
} as const;

export const adminSitemapEndpoints = {
  get: defineEndpoint({
    method: 'GET',
    path: '/admin/sitemap',
    summary: 'The generated sitemap as crawlers read it: /sitemap.xml (file 0) or one of its parts',
    tags: ['admin'],
    auth: 'admin',
    query: z.object({ file: z.coerce.number().int().min(0).max(SITEMAP_MAX_URLS).default(0) }).strict(),
    response: z.object({
      /** The public address of the file shown. */
      url: z.string(),
      /** Number of sitemap files; the index is /sitemap.xml when there is more than one. */
      files: z.number().int(),
      entries: z.number().int(),
      xml: z.string(),
    }),
    errors: ['VALIDATION_FAILED', 'NOT_FOUND', 'UNAUTHENTICATED', 'ROLE_MISMATCH'],
  }),
} as const;
