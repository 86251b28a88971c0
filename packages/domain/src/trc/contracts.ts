import { z } from 'zod';
import { ZIdParams } from '../admin/common';
import { ZInstructorSummary, ZProductSummary, ZTag, ZVideoFilters } from '../catalogue/contracts';
import { DURATION_BUCKETS, LEVELS, MAX_PAGE_SIZE, SORT_OPTIONS } from '../constants';
import { dateString, optionalLink } from '../content/shared';
import { defineEndpoint } from '../http/endpoint';
import { multilineText, text, urlText } from '../http/strings';
import { ZInstructorDetail, ZProductTile, ZStream } from '../player/playback';
import { ZReactionBody, ZReactionValue } from '../player/reactions';
import { normalizeTrcLink, TRC_LINK_MAX } from './link';
import { TRC_MESSAGES } from './messages';
import { TRC_ACCESS, TRC_ACCESS_STATUSES, TRC_GRANTS } from './policy';

// ---------------------------------------------------------------------------------------------------------
// Constants (spec 2 §9, spec 3 §9)
// ---------------------------------------------------------------------------------------------------------

/** The three TRC categories, fixed (their slugs are the /trc/{route} paths and the category ids). */
export const TRC_CATEGORIES = [
  { id: 'lesson-plans', name: 'Lesson Plans', navLabel: 'LESSON PLANS', screenLabel: 'LESSON PLANS' },
  { id: 'videos', name: 'Videos', navLabel: 'VIDEOS', screenLabel: 'TRC VIDEO' },
  { id: 'resources', name: 'Resources', navLabel: 'RESOURCES', screenLabel: 'RESOURCES' },
] as const;
export const TRC_CATEGORY_IDS = ['lesson-plans', 'videos', 'resources'] as const;
export type TrcCategoryId = (typeof TRC_CATEGORY_IDS)[number];
export const ZTrcCategoryId = z.enum(TRC_CATEGORY_IDS, { error: 'Unknown TRC category' });

export const TRC_FILE_TYPES = ['video', 'pdf'] as const;
export type TrcFileType = (typeof TRC_FILE_TYPES)[number];
/** The list filter "type" of spec 2 §9. */
export const TRC_CONTENT_TYPES = ['all', 'pdf', 'video'] as const;

/** Application roles: the form offers instructor and studio-owner; dancer comes only from the user-type mapping. */
export const TRC_ROLES = ['instructor', 'studio-owner', 'dancer'] as const;
export type TrcRole = (typeof TRC_ROLES)[number];
export const TRC_FORM_ROLES = ['instructor', 'studio-owner'] as const;
export const TRC_ROLE_LABELS: Record<TrcRole, string> = {
  instructor: 'Instructor',
  'studio-owner': 'Studio Owner',
  dancer: 'Dancer',
};
export const ZTrcRole = z.enum(TRC_ROLES, { error: 'Unknown role' });

export const TRC_PAGE_SIZE = 15;
export const TRC_HOME_ROW_SIZE = 12;
export const TRC_PAGINATION_WINDOW = 5;
export const TRC_FILTER_DEBOUNCE_MS = 500;
export const TRC_SEARCH_MIN_CHARS = 3;
export const TRC_PDF_ZOOM = { min: 0.5, max: 3, step: 0.1, renderDebounceMs: 150, pageGap: 20 } as const;
export const TRC_MAX_PDF_BYTES = 50 * 1024 * 1024;
/** Related items shown; equipment tiles shown (spec 2 §2). */
export const TRC_EQUIPMENT_SHOWN = 6;
/** The tab scroll offset (spec 2 §2). */
export const TRC_TAB_SCROLL_OFFSET = 80;
/** The admin form polls an upload every 4 s (spec 3 §4). */
export const TRC_UPLOAD_POLL_MS = 4000;

/** Roles preselected from the user (spec 2 §5): Dance Instructor, Dancer/Parent, studio-owner. */
export function trcRolesForUser(user: { userType: string | null; signupRole: string | null }): TrcRole[] {
  if (user.userType === 'studio-owner') return ['studio-owner'];
  if (user.signupRole === 'dance-instructor') return ['instructor'];
  if (user.signupRole === 'dancer-parent') return ['dancer'];
  return [];
}

/** The TRC search rule (spec 2 §5): trimmed, at least 3 characters, letters, digits and spaces only. */
export function trcSearchError(input: string): string | null {
  const value = input.trim();
  if (value.length < TRC_SEARCH_MIN_CHARS) return TRC_MESSAGES.searchTooShort;
  if (!/^[\p{L}\p{N} ]+$/u.test(value)) return TRC_MESSAGES.searchInvalid;
  return null;
}

/** Rich text with no visible text (tags, &nbsp;, whitespace) counts as empty (spec 3 §5). */
export function isRichTextEmpty(html: string): boolean {
  const visible = html
    .replace(/<(img|video|iframe)\b/gi, 'x<')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;|&#160;|\u00a0/gi, '')
    .trim();
  return visible.length === 0;
}

// ---------------------------------------------------------------------------------------------------------
// Access (member)
// ---------------------------------------------------------------------------------------------------------

export const ZTrcAccessStatus = z.enum(TRC_ACCESS_STATUSES);

/** One application (member's own view and admin list row). */
export const ZTrcApplication = z.object({
  id: z.string(),
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  /** Stored form: a full URL (a handle becomes its Instagram profile URL). */
  link: z.string(),
  roles: z.array(ZTrcRole),
  gain: z.string(),
  status: ZTrcAccessStatus,
  createdAt: z.string(),
  updatedAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type TTrcApplication = z.infer<typeof ZTrcApplication>;

/** GET /trc/access: where the caller stands (the guard's one call), their application and the form's prefill. */
export const ZTrcAccessState = z.object({
  access: z.enum(TRC_ACCESS),
  grant: z.enum(TRC_GRANTS).nullable(),
  status: ZTrcAccessStatus.nullable(),
  application: ZTrcApplication.nullable(),
  /** Read-only name and email from the session, and the roles preselected from the user type. */
  prefill: z.object({ name: z.string(), email: z.string(), roles: z.array(ZTrcRole) }),
});
export type TTrcAccessState = z.infer<typeof ZTrcAccessState>;

/**
 * The request and resubmit form. Name and email are NOT sent: the server takes them from the session (the
 * fields are read-only). `link` is what the member typed; the server stores the normalised URL.
 */
export const ZTrcAccessRequest = z
  .object({
    link: text({ error: TRC_MESSAGES.invalidLink })
      .trim()
      .max(TRC_LINK_MAX, TRC_MESSAGES.invalidLink)
      .transform((v, ctx) => {
        const normalized = normalizeTrcLink(v);
        if (normalized === null) {
          ctx.addIssue({ code: 'custom', message: TRC_MESSAGES.invalidLink });
          return z.NEVER;
        }
        return normalized;
      }),
    roles: z
      .array(ZTrcRole, { error: TRC_MESSAGES.roleRequired })
      .min(1, TRC_MESSAGES.roleRequired)
      .max(TRC_ROLES.length)
      .transform((r) => [...new Set(r)]),
    gain: multilineText().trim().max(2000, 'At most 2000 characters').optional().default(''),
  })
  .strict();
export type TTrcAccessRequest = z.input<typeof ZTrcAccessRequest>;

// ---------------------------------------------------------------------------------------------------------
// Browsing (member, needs granted access)
// ---------------------------------------------------------------------------------------------------------

export const ZTrcCategory = z.object({ id: ZTrcCategoryId, name: z.string() });

/** A TRC card (lists, home rows, related): 16:9 thumbnail, title, tags, duration or pages. */
export const ZTrcCard = z.object({
  id: z.string(),
  title: z.string(),
  fileType: z.enum(TRC_FILE_TYPES),
  /** The first category: the card links to /trc/{category}/{id}. */
  category: ZTrcCategoryId,
  categories: z.array(ZTrcCategoryId),
  thumbnailUrl: z.string().nullable(),
  durationSeconds: z.number().int().nullable(),
  pages: z.number().int().nullable(),
  /** Sorted by priority (cards show 3). */
  tags: z.array(ZTag),
  instructor: ZInstructorSummary.nullable(),
  releaseDate: z.string(),
});
export type TTrcCard = z.infer<typeof ZTrcCard>;

export const ZTrcPage = z.object({
  items: z.array(ZTrcCard),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type TTrcPage = z.infer<typeof ZTrcPage>;

/** The search text of a list or trc-result: the spec's rule, with its messages. */
export const ZTrcSearch = text()
  .trim()
  .max(100, 'Search is at most 100 characters')
  .refine((v) => trcSearchError(v) === null, {
    error: (issue) => trcSearchError(String(issue.input)) ?? TRC_MESSAGES.searchInvalid,
  });

const ZPage = z.coerce
  .number({ error: 'page must be a whole number from 1' })
  .int('page must be a whole number from 1')
  .min(1, 'page must be a whole number from 1')
  .max(100_000)
  .default(1);

export const ZTrcSort = z.enum(SORT_OPTIONS, {
  error: `Unknown sort: use one of ${SORT_OPTIONS.join(', ')}`,
});

/** GET /trc/content: a category (or all), the content type, filters, search, sort and page. */
export const ZTrcListQuery = ZVideoFilters.extend({
  category: ZTrcCategoryId.optional(),
  type: z.enum(TRC_CONTENT_TYPES).default('all'),
  search: ZTrcSearch.optional(),
  sort: ZTrcSort.default('latest'),
  page: ZPage,
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(TRC_PAGE_SIZE),
}).strict();
export type TTrcListQuery = z.input<typeof ZTrcListQuery>;

export const ZTrcHome = z.object({
  rows: z.array(z.object({ category: ZTrcCategory, items: z.array(ZTrcCard) })),
});
export type TTrcHome = z.infer<typeof ZTrcHome>;

export const ZTrcFilterOptions = z.object({
  tags: z.array(ZTag),
  instructors: z.array(ZInstructorSummary),
  products: z.array(ZProductSummary),
  levels: z.array(z.enum(LEVELS)),
  durations: z.array(z.object({ value: z.number().int(), label: z.string() })),
});
export type TTrcFilterOptions = z.infer<typeof ZTrcFilterOptions>;
export const TRC_DURATION_FILTERS = DURATION_BUCKETS.map((b) => ({ value: b.value, label: b.label }));

export const ZTrcDetail = ZTrcCard.extend({
  /** Sanitised HTML. */
  about: z.string(),
  instructor: ZInstructorDetail.nullable(),
  levels: z.array(z.enum(LEVELS)),
  products: z.array(ZProductTile),
  related: z.array(ZTrcCard),
  /** The download button shows only where the team allows it. */
  allowDownload: z.boolean(),
  reaction: ZReactionValue.nullable(),
  likeCount: z.number().int(),
  dislikeCount: z.number().int(),
  updatedAt: z.string(),
});
export type TTrcDetail = z.infer<typeof ZTrcDetail>;

export const ZTrcPlayback = z.object({ contentId: z.string(), source: ZStream, expiresAt: z.string() });
export type TTrcPlayback = z.infer<typeof ZTrcPlayback>;

/**
 * A PDF's signed, expiring URLs. `url` is served inline with the sandboxing CSP (for pdf.js, same origin);
 * `downloadUrl` (attachment) only where the item allows downloads; `firstPageUrl` the first page as an image
 * (WebP, drawn from the PDF at 1.5 times its size in points), shown while the PDF itself opens.
 */
/** The first-page image is the page drawn at this many pixels per PDF point (918 x 1188 for US Letter). */
export const TRC_FIRST_PAGE_SCALE = 1.5;

export const ZTrcDocument = z.object({
  contentId: z.string(),
  url: z.string(),
  downloadUrl: z.string().nullable(),
  firstPageUrl: z.string(),
  pages: z.number().int(),
  sizeBytes: z.number().int(),
  expiresAt: z.string(),
});
export type TTrcDocument = z.infer<typeof ZTrcDocument>;

export const ZTrcReactionState = z.object({
  contentId: z.string(),
  reaction: ZReactionValue.nullable(),
  likeCount: z.number().int(),
  dislikeCount: z.number().int(),
});

/** The raw route that streams a PDF for a signed URL (not a JSON endpoint): GET {API_PREFIX}{path}?e=&s=. */
export const TRC_DOCUMENT_FILE_PATH = '/trc/files/:documentId';

// ---------------------------------------------------------------------------------------------------------
// Admin
// ---------------------------------------------------------------------------------------------------------

export const ZTrcApplicationsQuery = z
  .object({
    status: ZTrcAccessStatus.optional(),
    role: ZTrcRole.optional(),
    search: text().trim().max(100, 'Search is at most 100 characters').optional(),
    page: ZPage,
    pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(20),
  })
  .strict();
export type TTrcApplicationsQuery = z.input<typeof ZTrcApplicationsQuery>;

export const ZTrcApplicationPage = z.object({
  items: z.array(ZTrcApplication),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

export const ZTrcDecision = z
  .object({ status: z.enum(['approved', 'rejected'], { error: 'status must be approved or rejected' }) })
  .strict();

/** An admin content card (list) and the edit form's record. */
export const ZTrcAdminCard = z.object({
  id: z.string(),
  title: z.string(),
  fileType: z.enum(TRC_FILE_TYPES),
  categories: z.array(ZTrcCategoryId),
  thumbnailUrl: z.string().nullable(),
  durationSeconds: z.number().int().nullable(),
  pages: z.number().int().nullable(),
  releaseDate: z.string(),
  /** Released (release date reached, 12:00 AM America/New_York): members see it. */
  isReleased: z.boolean(),
  updatedAt: z.string(),
});
export type TTrcAdminCard = z.infer<typeof ZTrcAdminCard>;

export const ZTrcAdminContent = ZTrcAdminCard.extend({
  /** Sanitised HTML. */
  about: z.string(),
  videoAssetId: z.string().nullable(),
  documentId: z.string().nullable(),
  /** The uploaded PDF's original name, for the form. */
  documentName: z.string().nullable(),
  allowDownload: z.boolean(),
  tagIds: z.array(z.string()),
  productIds: z.array(z.string()),
  instructorId: z.string().nullable(),
  relatedIds: z.array(z.string()),
  levels: z.array(z.enum(LEVELS)),
});
export type TTrcAdminContent = z.infer<typeof ZTrcAdminContent>;

const ids = (what: string) =>
  z
    .array(z.uuid(`Unknown ${what}`))
    .max(50)
    .default([]);

/**
 * The TRC content form (spec 3 §5). A video is uploaded through the upload pipeline first (its media asset id),
 * a PDF through POST /admin/trc/documents (or from a URL); the release date may not be before today (New York)
 * when it is set or changed (checked by the server against its clock).
 */
export const ZTrcContentInput = z
  .object({
    title: text({ error: TRC_MESSAGES.titleRequired }).trim().min(1, TRC_MESSAGES.titleRequired).max(200),
    about: multilineText({ error: TRC_MESSAGES.aboutRequired })
      .max(100_000)
      .refine((v) => !isRichTextEmpty(v), TRC_MESSAGES.aboutRequired),
    fileType: z.enum(TRC_FILE_TYPES, { error: TRC_MESSAGES.fileTypeRequired }),
    videoAssetId: z.uuid(TRC_MESSAGES.videoRequired).nullable().default(null),
    durationSeconds: z
      .number({ error: TRC_MESSAGES.durationPositive })
      .nullable()
      .default(null)
      .transform((v) => (v === null ? null : Math.floor(v))),
    documentId: z.uuid(TRC_MESSAGES.pdfRequired).nullable().default(null),
    pages: z
      .number({ error: TRC_MESSAGES.pagesPositive })
      .int(TRC_MESSAGES.pagesPositive)
      .nullable()
      .default(null),
    allowDownload: z.boolean().default(false),
    thumbnailUrl: optionalLink(),
    tagIds: ids('tag'),
    productIds: ids('product'),
    instructorId: z.uuid('Unknown instructor').nullable().default(null),
    categories: z
      .array(ZTrcCategoryId, { error: TRC_MESSAGES.categoryRequired })
      .min(1, TRC_MESSAGES.categoryRequired)
      .max(TRC_CATEGORY_IDS.length)
      .transform((c) => [...new Set(c)]),
    relatedIds: ids('related item'),
    levels: z.array(z.enum(LEVELS)).max(LEVELS.length).default([]),
    releaseDate: dateString('Please pick a release date'),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.fileType === 'video') {
      if (!v.videoAssetId)
        ctx.addIssue({ code: 'custom', path: ['videoAssetId'], message: TRC_MESSAGES.videoRequired });
      if (v.durationSeconds === null || v.durationSeconds <= 0)
        ctx.addIssue({ code: 'custom', path: ['durationSeconds'], message: TRC_MESSAGES.durationPositive });
    } else {
      if (!v.documentId)
        ctx.addIssue({ code: 'custom', path: ['documentId'], message: TRC_MESSAGES.pdfRequired });
      if (v.pages === null || v.pages <= 0)
        ctx.addIssue({ code: 'custom', path: ['pages'], message: TRC_MESSAGES.pagesPositive });
    }
  })
  // Switching the file type clears the other type's fields (spec 3 §4): the server keeps only this type's.
  .transform((v) =>
    v.fileType === 'video'
      ? { ...v, documentId: null, pages: null, allowDownload: false }
      : { ...v, videoAssetId: null, durationSeconds: null },
  );
export type TTrcContentInput = z.input<typeof ZTrcContentInput>;

export const ZTrcAdminListQuery = z
  .object({
    type: z.enum(TRC_CONTENT_TYPES).default('all'),
    search: text().trim().max(100, 'Search is at most 100 characters').optional(),
  })
  .strict();

/** An uploaded (or fetched) PDF, private: only signed URLs serve it. */
export const ZTrcDocumentUpload = z.object({
  documentId: z.string(),
  name: z.string(),
  pages: z.number().int(),
  sizeBytes: z.number().int(),
});
export type TTrcDocumentUpload = z.infer<typeof ZTrcDocumentUpload>;

/** The raw multipart route for a PDF upload (field `file`), admin only: POST {API_PREFIX}{path}. */
export const TRC_DOCUMENT_UPLOAD_PATH = '/admin/trc/documents';

export const ZTrcIdParams = ZIdParams;

const memberTags = ['trc'];
const adminTags = ['admin: trc'];
const sessionErrors = ['UNAUTHENTICATED', 'SESSION_EXPIRED'] as const;
const adminErrors = ['UNAUTHENTICATED', 'ROLE_MISMATCH'] as const;

export const trcEndpoints = {
  accessState: defineEndpoint({
    method: 'GET',
    path: '/trc/access',
    summary: 'Where the caller stands with the TRC (the guard), their application and the form prefill',
    tags: memberTags,
    auth: 'session',
    response: ZTrcAccessState,
    errors: [...sessionErrors],
  }),
  requestAccess: defineEndpoint({
    method: 'POST',
    path: '/trc/access',
    summary: 'Request TRC access (no application yet, or a rejected one): the request becomes pending',
    tags: memberTags,
    auth: 'session',
    body: ZTrcAccessRequest,
    response: ZTrcAccessState,
    successStatus: 201,
    errors: ['VALIDATION_FAILED', ...sessionErrors, 'CSRF_FAILED', 'CONFLICT'],
  }),
  resubmit: defineEndpoint({
    method: 'PUT',
    path: '/trc/access',
    summary: 'Edit and resubmit a pending (or rejected) request: it is pending again',
    tags: memberTags,
    auth: 'session',
    body: ZTrcAccessRequest,
    response: ZTrcAccessState,
    errors: ['VALIDATION_FAILED', ...sessionErrors, 'CSRF_FAILED', 'CONFLICT'],
  }),
  categories: defineEndpoint({
    method: 'GET',
    path: '/trc/categories',
    summary: 'The TRC categories',
    tags: memberTags,
    auth: 'session',
    response: z.object({ items: z.array(ZTrcCategory) }),
    errors: [...sessionErrors, 'FORBIDDEN'],
  }),
  home: defineEndpoint({
    method: 'GET',
    path: '/trc/home',
    summary: 'The TRC index: one row per category (released items, newest first)',
    tags: memberTags,
    auth: 'session',
    response: ZTrcHome,
    errors: [...sessionErrors, 'FORBIDDEN'],
  }),
  filters: defineEndpoint({
    method: 'GET',
    path: '/trc/filters',
    summary: 'Filter options (tags, instructors, products used by released TRC items; levels; durations)',
    tags: memberTags,
    auth: 'session',
    response: ZTrcFilterOptions,
    errors: [...sessionErrors, 'FORBIDDEN'],
  }),
  list: defineEndpoint({
    method: 'GET',
    path: '/trc/content',
    summary: 'Released TRC items by category and type, with filters, search, sort and page',
    tags: memberTags,
    auth: 'session',
    query: ZTrcListQuery,
    response: ZTrcPage,
    errors: ['VALIDATION_FAILED', ...sessionErrors, 'FORBIDDEN'],
  }),
  detail: defineEndpoint({
    method: 'GET',
    path: '/trc/content/:id',
    summary: 'One released TRC item with instructor, products, related items and reactions',
    tags: memberTags,
    auth: 'session',
    params: ZTrcIdParams,
    response: ZTrcDetail,
    errors: ['VALIDATION_FAILED', ...sessionErrors, 'FORBIDDEN', 'NOT_FOUND'],
  }),
  playback: defineEndpoint({
    method: 'GET',
    path: '/trc/content/:id/playback',
    summary: 'Signed, expiring stream URLs of a TRC video',
    tags: memberTags,
    auth: 'session',
    params: ZTrcIdParams,
    response: ZTrcPlayback,
    errors: ['VALIDATION_FAILED', ...sessionErrors, 'FORBIDDEN', 'NOT_FOUND', 'MEDIA_NOT_READY'],
  }),
  document: defineEndpoint({
    method: 'GET',
    path: '/trc/content/:id/document',
    summary: 'Signed, expiring URLs of a TRC PDF (download URL only where allowed)',
    tags: memberTags,
    auth: 'session',
    params: ZTrcIdParams,
    response: ZTrcDocument,
    errors: ['VALIDATION_FAILED', ...sessionErrors, 'FORBIDDEN', 'NOT_FOUND'],
  }),
  react: defineEndpoint({
    method: 'PUT',
    path: '/trc/content/:id/reaction',
    summary: 'Like, dislike or clear (null) the member’s reaction to a TRC item',
    tags: memberTags,
    auth: 'session',
    params: ZTrcIdParams,
    body: ZReactionBody,
    response: ZTrcReactionState,
    errors: ['VALIDATION_FAILED', ...sessionErrors, 'CSRF_FAILED', 'FORBIDDEN', 'NOT_FOUND'],
  }),
  // Admin: approval
  adminApplications: defineEndpoint({
    method: 'GET',
    path: '/admin/trc/applications',
    summary: 'TRC access requests, newest first, by status, role and search (name, email, link)',
    tags: adminTags,
    auth: 'admin',
    query: ZTrcApplicationsQuery,
    response: ZTrcApplicationPage,
    errors: ['VALIDATION_FAILED', ...adminErrors],
  }),
  adminDecide: defineEndpoint({
    method: 'POST',
    path: '/admin/trc/applications/:id/decision',
    summary: 'Approve or reject a pending TRC request (mails the applicant, audited)',
    tags: adminTags,
    auth: 'admin',
    params: ZTrcIdParams,
    body: ZTrcDecision,
    response: ZTrcApplication,
    errors: ['VALIDATION_FAILED', ...adminErrors, 'CSRF_FAILED', 'NOT_FOUND', 'CONFLICT'],
  }),
  // Admin: content
  adminList: defineEndpoint({
    method: 'GET',
    path: '/admin/trc/content',
    summary: 'Every TRC item (released or not), newest first, by type and search',
    tags: adminTags,
    auth: 'admin',
    query: ZTrcAdminListQuery,
    response: z.object({ items: z.array(ZTrcAdminCard) }),
    errors: ['VALIDATION_FAILED', ...adminErrors],
  }),
  adminOptions: defineEndpoint({
    method: 'GET',
    path: '/admin/trc/content-options',
    summary: 'Every TRC item as a related-picker option',
    tags: adminTags,
    auth: 'admin',
    response: z.object({
      items: z.array(z.object({ id: z.string(), title: z.string(), fileType: z.enum(TRC_FILE_TYPES) })),
    }),
    errors: [...adminErrors],
  }),
  adminGet: defineEndpoint({
    method: 'GET',
    path: '/admin/trc/content/:id',
    summary: 'One TRC item (edit form)',
    tags: adminTags,
    auth: 'admin',
    params: ZTrcIdParams,
    response: ZTrcAdminContent,
    errors: ['VALIDATION_FAILED', ...adminErrors, 'NOT_FOUND'],
  }),
  adminCreate: defineEndpoint({
    method: 'POST',
    path: '/admin/trc/content',
    summary: 'Add TRC content (audited)',
    tags: adminTags,
    auth: 'admin',
    body: ZTrcContentInput,
    response: ZTrcAdminContent,
    successStatus: 201,
    errors: ['VALIDATION_FAILED', ...adminErrors, 'CSRF_FAILED'],
  }),
  adminUpdate: defineEndpoint({
    method: 'PUT',
    path: '/admin/trc/content/:id',
    summary: 'Edit TRC content (audited)',
    tags: adminTags,
    auth: 'admin',
    params: ZTrcIdParams,
    body: ZTrcContentInput,
    response: ZTrcAdminContent,
    errors: ['VALIDATION_FAILED', ...adminErrors, 'CSRF_FAILED', 'NOT_FOUND'],
  }),
  adminRemove: defineEndpoint({
    method: 'DELETE',
    path: '/admin/trc/content/:id',
    summary: 'Delete TRC content (audited)',
    tags: adminTags,
    auth: 'admin',
    params: ZTrcIdParams,
    response: z.object({ id: z.string() }),
    errors: ['VALIDATION_FAILED', ...adminErrors, 'CSRF_FAILED', 'NOT_FOUND'],
  }),
  adminDocumentFromUrl: defineEndpoint({
    method: 'POST',
    path: '/admin/trc/documents/from-url',
    summary: 'Fetch a PDF from a public https URL, count its pages and keep it privately',
    tags: adminTags,
    auth: 'admin',
    body: z.object({ url: urlText({ error: TRC_MESSAGES.pdfFetchFailed }).max(2000) }).strict(),
    response: ZTrcDocumentUpload,
    successStatus: 201,
    errors: [
      'VALIDATION_FAILED',
      ...adminErrors,
      'CSRF_FAILED',
      'PAYLOAD_TOO_LARGE',
      'UNSUPPORTED_MEDIA_TYPE',
    ],
  }),
} as const;
