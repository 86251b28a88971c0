import { z } from 'zod';
import { ZAdminPageNumber } from '../admin/common';
import { defineEndpoint } from '../http/endpoint';
import { multilineText, text } from '../http/strings';
import { COMMENT_MESSAGES } from './messages';

/** What a comment is about: a video of the library or TRC content (subjects register with the API's comments module). */
export const COMMENT_SUBJECT_TYPES = ['video', 'trc'] as const;
export const ZCommentSubjectType = z.enum(COMMENT_SUBJECT_TYPES);
export type TCommentSubjectType = z.infer<typeof ZCommentSubjectType>;

/** Longest comment, in characters; the composer shows a counter near it. */
export const COMMENT_MAX_LENGTH = 2000;
/** The composer shows the counter from this many characters on. */
export const COMMENT_COUNTER_FROM = 1500;
/** Images one comment may carry, and the largest one. */
export const COMMENT_MAX_IMAGES = 4;
export const COMMENT_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** Top-level comments a page carries (each with all its replies). */
export const COMMENT_PAGE_SIZE = 20;
/** The admin moderation lists (spec 3 §9). */
export const MODERATION_PAGE_SIZE = 10;

/** The live channel of a subject's comments (`app.live`, `followLive`). */
export const commentsChannel = (subjectType: TCommentSubjectType, subjectId: string) =>
  `comments:${subjectType}:${subjectId}`;

const ZSubjectId = text().trim().min(1).max(100);
const ZCommentContent = multilineText()
  .trim()
  .min(1, COMMENT_MESSAGES.empty)
  .max(COMMENT_MAX_LENGTH, `A comment is at most ${COMMENT_MAX_LENGTH} characters`);

/** An image of a comment as members see it. */
export const ZCommentImage = z.object({ id: z.string(), url: z.string(), pending: z.boolean() });

export const ZCommentAuthor = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  imageUrl: z.string().nullable(),
});

const commentFields = {
  id: z.string(),
  subjectType: ZCommentSubjectType,
  subjectId: z.string(),
  replyTo: z.string().nullable(),
  content: z.string(),
  createdAt: z.string(),
  editedAt: z.string().nullable(),
  /** Waiting for an admin: shown to its author (marked) and admins only. */
  pending: z.boolean(),
  author: ZCommentAuthor,
  images: z.array(ZCommentImage),
  /** The caller may edit and delete it (its author, or an admin). */
  canModify: z.boolean(),
};
export const ZComment = z.object(commentFields);
export type TComment = z.infer<typeof ZComment>;
/** A top-level comment with its replies, oldest reply first. */
export const ZCommentThread = z.object({ ...commentFields, replies: z.array(ZComment) });
export type TCommentThread = z.infer<typeof ZCommentThread>;

export const ZCommentListQuery = z
  .object({
    subjectType: ZCommentSubjectType,
    subjectId: ZSubjectId,
    /** The `nextCursor` of the previous page. */
    cursor: text().max(200).optional(),
    /** A comment to reach: the first page then runs down to it (spec 2 §2 `target`). */
    target: z.uuid('Unknown comment').optional(),
  })
  .strict();
export type TCommentListQuery = z.input<typeof ZCommentListQuery>;

export const ZCommentList = z.object({
  comments: z.array(ZCommentThread),
  /** Comments and replies the caller can see on the subject. */
  total: z.number().int(),
  nextCursor: z.string().nullable(),
  /** Whether new comments wait for an admin (spec 2 `commentState`). */
  commentValidation: z.boolean(),
});
export type TCommentList = z.infer<typeof ZCommentList>;

export const ZPostComment = z
  .object({
    subjectType: ZCommentSubjectType,
    subjectId: ZSubjectId,
    content: ZCommentContent,
    /** The comment replied to (a reply to a reply attaches to its top-level comment). */
    replyTo: z.uuid('Unknown comment').nullable().optional(),
    /** URLs answered by POST /files with purpose `comment-image`, uploaded by the caller. */
    images: z
      .array(text().max(500))
      .max(COMMENT_MAX_IMAGES, `At most ${COMMENT_MAX_IMAGES} images`)
      .optional(),
  })
  .strict();
export type TPostComment = z.input<typeof ZPostComment>;

export const ZEditComment = z.object({ content: ZCommentContent }).strict();
export const ZCommentIdParams = z.object({ commentId: z.uuid('Unknown comment') }).strict();

export const ZCommentWrite = z.object({ comment: ZComment, requiresValidation: z.boolean() });
export type TCommentWrite = z.infer<typeof ZCommentWrite>;

/** What a live channel of comments carries: ids only; followers refetch (comments can be pending or private). */
export const ZCommentLiveEvent = z.object({ commentId: z.string(), replyTo: z.string().nullable() });
export type TCommentLiveEvent = z.infer<typeof ZCommentLiveEvent>;
export const COMMENT_LIVE_EVENTS = ['comment-created', 'comment-updated', 'comment-deleted'] as const;

// ---- admin moderation ----

export const MODERATION_STATUSES = ['pending', 'approved', 'rejected'] as const;
export const ZModerationStatus = z.enum(MODERATION_STATUSES);
export type TModerationStatus = z.infer<typeof ZModerationStatus>;

/** Spec 3 §4: deleted is Rejected, requires validation is Pending, otherwise Approved. */
export function moderationStatusOf(item: {
  deleted: boolean;
  requiresValidation: boolean;
}): TModerationStatus {
  if (item.deleted) return 'rejected';
  if (item.requiresValidation) return 'pending';
  return 'approved';
}

const ZDay = text().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date such as 2026-01-31');
export const ZModerationQuery = z
  .object({
    status: ZModerationStatus.optional(),
    /** Inclusive days (UTC). */
    start: ZDay.optional(),
    end: ZDay.optional(),
    page: ZAdminPageNumber,
  })
  .strict();
export type TModerationQuery = z.input<typeof ZModerationQuery>;

const ZModerationSubject = z.object({
  type: ZCommentSubjectType,
  id: z.string(),
  title: z.string(),
  thumbnailUrl: z.string().nullable(),
  /** The member app's page of the subject, with `target` when given a comment. */
  memberPath: z.string(),
});
const ZModerationAuthor = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  muted: z.boolean(),
});
export const ZModerationComment = z.object({
  id: z.string(),
  content: z.string(),
  createdAt: z.string(),
  status: ZModerationStatus,
  isReply: z.boolean(),
  subject: ZModerationSubject,
  author: ZModerationAuthor,
});
export type TModerationComment = z.infer<typeof ZModerationComment>;
export const ZModerationImage = z.object({
  id: z.string(),
  url: z.string(),
  commentId: z.string(),
  createdAt: z.string(),
  status: ZModerationStatus,
  subject: ZModerationSubject,
  author: ZModerationAuthor,
});
export type TModerationImage = z.infer<typeof ZModerationImage>;

export const ZModerationDecision = z.object({ approve: z.boolean() }).strict();
export const ZModerationSettings = z.object({
  commentValidation: z.boolean(),
  /** Shown disabled (spec 3 §6): images are always moderated. */
  imageValidation: z.boolean(),
  blockedWords: z.array(z.string()),
  maxPerMinute: z.number().int(),
  maxPerDay: z.number().int(),
});
export type TModerationSettings = z.infer<typeof ZModerationSettings>;
export const ZUpdateModerationSettings = z
  .object({
    commentValidation: z.boolean().optional(),
    blockedWords: z
      .array(text().trim().toLowerCase().min(1).max(60))
      .max(500, 'At most 500 blocked words')
      .optional(),
    maxPerMinute: z.number().int().min(1).max(1000).optional(),
    maxPerDay: z.number().int().min(1).max(100_000).optional(),
  })
  .strict();
export type TUpdateModerationSettings = z.input<typeof ZUpdateModerationSettings>;
export const ZMuteParams = z.object({ userId: z.uuid('Unknown user') }).strict();
export const ZMuteBody = z.object({ muted: z.boolean() }).strict();

const adminErrors = ['UNAUTHENTICATED', 'ROLE_MISMATCH', 'CSRF_FAILED'] as const;
const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });

/** Community comments (spec 2 §3-§8) and their moderation (spec 3 §7 Moderation). */
export const commentEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/comments',
    summary:
      'A subject’s comments, newest first, each with its replies; paged by cursor, optionally down to a target',
    tags: ['community'],
    auth: 'session',
    query: ZCommentListQuery,
    response: ZCommentList,
    errors: ['VALIDATION_FAILED', 'UNAUTHENTICATED', 'NOT_FOUND'],
  }),
  post: defineEndpoint({
    method: 'POST',
    path: '/comments',
    summary: 'Post a comment or a reply; it may wait for an admin',
    tags: ['community'],
    auth: 'session',
    body: ZPostComment,
    response: ZCommentWrite,
    successStatus: 201,
    errors: [
      'VALIDATION_FAILED',
      'UNAUTHENTICATED',
      'CSRF_FAILED',
      'NOT_FOUND',
      'FORBIDDEN',
      'CONFLICT',
      'TOO_MANY_ATTEMPTS',
    ],
  }),
  edit: defineEndpoint({
    method: 'PATCH',
    path: '/comments/:commentId',
    summary: 'Edit a comment (its author or an admin); it may go back to waiting for an admin',
    tags: ['community'],
    auth: 'session',
    params: ZCommentIdParams,
    body: ZEditComment,
    response: ZCommentWrite,
    errors: ['VALIDATION_FAILED', 'UNAUTHENTICATED', 'CSRF_FAILED', 'NOT_FOUND', 'FORBIDDEN'],
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/comments/:commentId',
    summary: 'Delete a comment and its replies (its author or an admin)',
    tags: ['community'],
    auth: 'session',
    params: ZCommentIdParams,
    response: z.object({ id: z.string() }),
    errors: ['VALIDATION_FAILED', 'UNAUTHENTICATED', 'CSRF_FAILED', 'NOT_FOUND'],
  }),
  moderationComments: defineEndpoint({
    method: 'GET',
    path: '/admin/moderation/comments',
    summary: 'Comments for moderation, newest first, 10 a page, by status and date range',
    tags: ['admin'],
    auth: 'admin',
    query: ZModerationQuery,
    response: pageOf(ZModerationComment),
    errors: ['VALIDATION_FAILED', ...adminErrors],
  }),
  moderationImages: defineEndpoint({
    method: 'GET',
    path: '/admin/moderation/images',
    summary: 'Comment images for moderation, newest first, 10 a page, by status and date range',
    tags: ['admin'],
    auth: 'admin',
    query: ZModerationQuery,
    response: pageOf(ZModerationImage),
    errors: ['VALIDATION_FAILED', ...adminErrors],
  }),
  decideComment: defineEndpoint({
    method: 'POST',
    path: '/admin/moderation/comments/:commentId/decision',
    summary: 'Approve or decline (delete) a comment',
    tags: ['admin'],
    auth: 'admin',
    params: ZCommentIdParams,
    body: ZModerationDecision,
    response: ZModerationComment,
    errors: ['VALIDATION_FAILED', 'NOT_FOUND', ...adminErrors],
  }),
  decideImage: defineEndpoint({
    method: 'POST',
    path: '/admin/moderation/images/:imageId/decision',
    summary: 'Approve or decline (delete) a comment image',
    tags: ['admin'],
    auth: 'admin',
    params: z.object({ imageId: z.uuid('Unknown image') }).strict(),
    body: ZModerationDecision,
    response: ZModerationImage,
    errors: ['VALIDATION_FAILED', 'NOT_FOUND', ...adminErrors],
  }),
  settings: defineEndpoint({
    method: 'GET',
    path: '/admin/moderation/settings',
    summary: 'The moderation settings: validation switches, blocked words, posting limits',
    tags: ['admin'],
    auth: 'admin',
    response: ZModerationSettings,
    errors: [...adminErrors],
  }),
  updateSettings: defineEndpoint({
    method: 'PUT',
    path: '/admin/moderation/settings',
    summary: 'Change the comment validation switch, the blocked words or the posting limits',
    tags: ['admin'],
    auth: 'admin',
    body: ZUpdateModerationSettings,
    response: ZModerationSettings,
    errors: ['VALIDATION_FAILED', ...adminErrors],
  }),
  mute: defineEndpoint({
    method: 'PUT',
    path: '/admin/moderation/mutes/:userId',
    summary: 'Mute (or unmute) a member from commenting',
    tags: ['admin'],
    auth: 'admin',
    params: ZMuteParams,
    body: ZMuteBody,
    response: z.object({ userId: z.string(), muted: z.boolean() }),
    errors: ['VALIDATION_FAILED', 'NOT_FOUND', ...adminErrors],
  }),
} as const;
