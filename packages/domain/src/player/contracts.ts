import { z } from 'zod';
import { ZTag, ZVideoCard } from '../catalogue/contracts';
import { LEVELS, MAX_PAGE_SIZE } from '../constants';
import { defineEndpoint } from '../http/endpoint';
import { multilineText, text } from '../http/strings';
import { normalizeContentType, RECOMMENDATION_HEADINGS } from './content-type';
import { PLAYER_MESSAGES } from './messages';

const ZVideoIdParams = z.object({ videoId: z.uuid('Unknown video') }).strict();

export const ZChapterView = z.object({
  title: z.string(),
  timeSeconds: z.number().int(),
  thumbnailUrl: z.string().nullable(),
});
export type TChapterView = z.infer<typeof ZChapterView>;

export const ZSubtitleTrack = z.object({ lang: z.string(), label: z.string(), url: z.string() });
export type TSubtitleTrack = z.infer<typeof ZSubtitleTrack>;

/** One playable stream: a signed HLS URL and its companions, all expiring together. */
export const ZStream = z.object({
  provider: z.enum(['local', 'mux']),
  hlsUrl: z.string(),
  posterUrl: z.string().nullable(),
  /** WebVTT whose cues point into a sprite with #xywh= (scrubbing previews). */
  storyboardUrl: z.string().nullable(),
  subtitles: z.array(ZSubtitleTrack),
  durationSeconds: z.number(),
  maxResolution: z.number().int(),
});
export type TStream = z.infer<typeof ZStream>;

export const ZContentTypeParam = text()
  .max(20)
  .optional()
  .transform((v) => normalizeContentType(v));

export const ZPlayback = z.object({
  videoId: z.string(),
  /**
   * full: the video plays; upgrade: a class video for a viewer without a user type (trailer only);
   * trailer: a class released later (trailer only, no source, until the release).
   */
  access: z.enum(['full', 'upgrade', 'trailer']),
  source: ZStream.nullable(),
  trailer: ZStream.nullable(),
  chapters: z.array(ZChapterView),
  /** Where to resume (null: from the start). */
  resumeAtSeconds: z.number().nullable(),
  /** When the signed URLs stop working (ISO instant); the player asks again before then. */
  expiresAt: z.string(),
});
export type TPlayback = z.infer<typeof ZPlayback>;

const ZPlayerSocial = z.object({ platform: z.string(), url: z.string() });
export const ZInstructorDetail = z.object({
  id: z.string(),
  name: z.string(),
  bio: z.string(),
  imageUrl: z.string().nullable(),
  socials: z.array(ZPlayerSocial),
});
export const ZProductTile = z.object({
  id: z.string(),
  title: z.string(),
  subname: z.string(),
  imageUrl: z.string().nullable(),
  /** The product page in the shop. */
  buyUrl: z.string(),
});
export type TProductTile = z.infer<typeof ZProductTile>;

export const ZReactionValue = z.enum(['like', 'dislike']);
export type TReactionValue = z.infer<typeof ZReactionValue>;

export const ZVideoDetail = z.object({
  id: z.string(),
  kind: z.enum(['library', 'class']),
  title: z.string(),
  description: z.string(),
  shortDescription: z.string(),
  instructor: ZInstructorDetail.nullable(),
  tags: z.array(ZTag),
  levels: z.array(z.enum(LEVELS)),
  products: z.array(ZProductTile),
  chapters: z.array(ZChapterView),
  durationSeconds: z.number().int(),
  thumbnailUrl: z.string().nullable(),
  releaseDate: z.string(),
  isComingSoon: z.boolean(),
  hasTrailer: z.boolean(),
  isSaved: z.boolean(),
  reaction: ZReactionValue.nullable(),
  likeCount: z.number().int(),
  dislikeCount: z.number().int(),
});
export type TVideoDetail = z.infer<typeof ZVideoDetail>;

export const ZReactionBody = z.object({ reaction: ZReactionValue.nullable() }).strict();
export const ZReactionState = z.object({
  videoId: z.string(),
  reaction: ZReactionValue.nullable(),
  likeCount: z.number().int(),
  dislikeCount: z.number().int(),
});
export type TReactionState = z.infer<typeof ZReactionState>;

export const ZProgressBody = z
  .object({
    positionSeconds: z.number().min(0).max(86_400),
    durationSeconds: z.number().min(0).max(86_400),
  })
  .strict();
export const ZProgressState = z.object({
  videoId: z.string(),
  positionSeconds: z.number(),
  durationSeconds: z.number(),
  isCompleted: z.boolean(),
});

export const ZHistoryItem = z.object({
  video: ZVideoCard,
  positionSeconds: z.number(),
  durationSeconds: z.number(),
  /** 0..1 */
  progress: z.number(),
  isCompleted: z.boolean(),
  watchedAt: z.string(),
});
export type THistoryItem = z.infer<typeof ZHistoryItem>;
export const ZHistoryPage = z.object({
  items: z.array(ZHistoryItem),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type THistoryPage = z.infer<typeof ZHistoryPage>;

export const ZPlayerPreferences = z
  .object({
    isMirrored: z.boolean(),
    playbackRate: z.number().min(0.25).max(2),
  })
  .strict();
export type TPlayerPreferences = z.infer<typeof ZPlayerPreferences>;

export const ZRecommendations = z.object({
  heading: z.enum(RECOMMENDATION_HEADINGS),
  items: z.array(ZVideoCard),
});
export type TRecommendations = z.infer<typeof ZRecommendations>;

// Admin upload wizard (spec 3 §2, §4, §5, §7)

export const ZDirectUploadStatus = z.enum(['waiting', 'processing', 'ready', 'errored']);
export const ZDirectUpload = z.object({
  uploadId: z.string(),
  provider: z.enum(['local', 'mux']),
  /** The browser PUTs the file here (Mux: a storage URL; local: a signed API URL). */
  url: z.string(),
});
export type TDirectUpload = z.infer<typeof ZDirectUpload>;
export const ZDirectUploadState = z.object({
  uploadId: z.string(),
  status: ZDirectUploadStatus,
  /** 0..100 while processing. */
  progress: z.number().int(),
  /** The media asset to store as the video link (spec: muxVideoLink). */
  videoLink: z.string().nullable(),
  playbackId: z.string().nullable(),
  durationSeconds: z.number().nullable(),
  error: z.string().nullable(),
});
export type TDirectUploadState = z.infer<typeof ZDirectUploadState>;

export const ZMuxAsset = z.object({
  title: z.string(),
  videoLink: z.string(),
  playbackId: z.string(),
  durationSeconds: z.number(),
  thumbnailUrl: z.string().nullable(),
});
export type TMuxAsset = z.infer<typeof ZMuxAsset>;

export const ZChapterInput = z
  .object({
    title: text().max(200),
    timecode: text().max(12),
    thumbnailUrl: text().max(2000).nullish(),
  })
  .strict();

const ZDate = text().regex(/^\d{4}-\d{2}-\d{2}$/, 'Please pick a release date');

export const ZUploadVideoBody = z
  .object({
    title: text().trim().min(1, PLAYER_MESSAGES.titleRequired).max(200),
    videoLink: text().trim().min(1, PLAYER_MESSAGES.addVideoToContinue).max(200),
    trailerLink: text().trim().max(200).nullish(),
    thumbnailUrl: text().trim().max(2000).nullish(),
    description: multilineText().max(20_000).default(''),
    shortDescription: multilineText().max(500).default(''),
    instructorId: z.uuid().nullish(),
    categoryId: z.uuid().nullish(),
    levels: z.array(z.enum(LEVELS)).min(1, PLAYER_MESSAGES.pleaseSelectLevel).max(3),
    tagIds: z.array(z.uuid()).max(50).default([]),
    productIds: z.array(z.uuid()).max(50).default([]),
    keywords: z.array(text().trim().min(1).max(60)).max(50).default([]),
    releaseDate: ZDate,
    isClass: z.boolean().default(false),
    chapters: z.array(ZChapterInput).max(100).default([]),
  })
  .strict();
export type TUploadVideoBody = z.input<typeof ZUploadVideoBody>;

export const playerEndpoints = {
  videoDetail: defineEndpoint({
    method: 'GET',
    path: '/videos/:videoId',
    summary: 'The player page: the video with instructor, tags, products, chapters, reactions and saved flag',
    tags: ['player'],
    auth: 'session',
    params: ZVideoIdParams,
    response: ZVideoDetail,
    errors: ['VALIDATION_FAILED', 'UNAUTHENTICATED', 'SESSION_EXPIRED', 'NOT_FOUND'],
  }),
  playback: defineEndpoint({
    method: 'GET',
    path: '/videos/:videoId/playback',
    summary:
      'Signed, expiring stream URLs (HLS, storyboard, subtitles), chapters and the resume point; enforces plan and class access',
    tags: ['player'],
    auth: 'session',
    params: ZVideoIdParams,
    query: z.object({ type: ZContentTypeParam }).strict(),
    response: ZPlayback,
    errors: [
      'VALIDATION_FAILED',
      'UNAUTHENTICATED',
      'SESSION_EXPIRED',
      'SUBSCRIPTION_REQUIRED',
      'FORBIDDEN',
      'NOT_FOUND',
      'MEDIA_NOT_READY',
    ],
  }),
  setReaction: defineEndpoint({
    method: 'PUT',
    path: '/videos/:videoId/reaction',
    summary: 'Like, dislike or clear (null) the member’s reaction',
    tags: ['player'],
    auth: 'session',
    params: ZVideoIdParams,
    body: ZReactionBody,
    response: ZReactionState,
    errors: ['VALIDATION_FAILED', 'UNAUTHENTICATED', 'CSRF_FAILED', 'NOT_FOUND'],
  }),
  recommendations: defineEndpoint({
    method: 'GET',
    path: '/videos/:videoId/recommendations',
    summary: 'The slider under the player: ALL CLASSES, RECOMMENDED or NEXT UP by context',
    tags: ['player'],
    auth: 'session',
    params: ZVideoIdParams,
    query: z.object({ type: ZContentTypeParam, playlistId: text().max(64).optional() }).strict(),
    response: ZRecommendations,
    errors: ['VALIDATION_FAILED', 'UNAUTHENTICATED', 'NOT_FOUND'],
  }),
  saveProgress: defineEndpoint({
    method: 'PUT',
    path: '/me/progress/:videoId',
    summary: 'Where the member is in a video (saved periodically and on leave)',
    tags: ['player'],
    auth: 'session',
    params: ZVideoIdParams,
    body: ZProgressBody,
    response: ZProgressState,
    errors: ['VALIDATION_FAILED', 'UNAUTHENTICATED', 'CSRF_FAILED', 'NOT_FOUND'],
  }),
  history: defineEndpoint({
    method: 'GET',
    path: '/me/history',
    summary: 'Watched videos, most recent first, with progress',
    tags: ['player'],
    auth: 'session',
    query: z
      .object({
        page: z.coerce.number().int().min(1).max(100_000).default(1),
        pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(24),
        inProgress: z
          .enum(['true', 'false'])
          .optional()
          .transform((v) => v === 'true'),
      })
      .strict(),
    response: ZHistoryPage,
    errors: ['VALIDATION_FAILED', 'UNAUTHENTICATED'],
  }),
  removeHistory: defineEndpoint({
    method: 'DELETE',
    path: '/me/history/:videoId',
    summary: 'Forget a video in the history',
    tags: ['player'],
    auth: 'session',
    params: ZVideoIdParams,
    response: z.object({ videoId: z.string() }),
    errors: ['VALIDATION_FAILED', 'UNAUTHENTICATED', 'CSRF_FAILED'],
  }),
  getPreferences: defineEndpoint({
    method: 'GET',
    path: '/me/player-preferences',
    summary: 'Mirror and speed, remembered per member across devices',
    tags: ['player'],
    auth: 'session',
    response: ZPlayerPreferences,
    errors: ['UNAUTHENTICATED'],
  }),
  setPreferences: defineEndpoint({
    method: 'PUT',
    path: '/me/player-preferences',
    summary: 'Remember mirror and speed',
    tags: ['player'],
    auth: 'session',
    body: ZPlayerPreferences,
    response: ZPlayerPreferences,
    errors: ['VALIDATION_FAILED', 'UNAUTHENTICATED', 'CSRF_FAILED'],
  }),

  createDirectUpload: defineEndpoint({
    method: 'POST',
    path: '/admin/direct-upload',
    summary: 'Create a direct upload from a title; the browser PUTs the file to the answered URL',
    tags: ['admin-upload'],
    auth: 'admin',
    body: z.object({ title: text().trim().min(1, PLAYER_MESSAGES.titleRequired).max(200) }).strict(),
    response: ZDirectUpload,
    successStatus: 201,
    errors: ['VALIDATION_FAILED', 'UNAUTHENTICATED', 'ROLE_MISMATCH', 'CSRF_FAILED', 'UPSTREAM_FAILED'],
  }),
  directUploadStatus: defineEndpoint({
    method: 'GET',
    path: '/admin/direct-upload/:uploadId',
    summary:
      'Status of a direct upload (polled every 4 s): ready gives the video link, duration and playback id',
    tags: ['admin-upload'],
    auth: 'admin',
    params: z.object({ uploadId: text().min(1).max(100) }).strict(),
    response: ZDirectUploadState,
    errors: ['UNAUTHENTICATED', 'ROLE_MISMATCH', 'NOT_FOUND', 'UPSTREAM_FAILED'],
  }),
  muxAsset: defineEndpoint({
    method: 'GET',
    path: '/admin/mux-asset',
    summary: 'Import an existing asset by id (a Mux asset id, or a local media id on the embedded provider)',
    tags: ['admin-upload'],
    auth: 'admin',
    query: z.object({ assetId: text().trim().min(1).max(100) }).strict(),
    response: ZMuxAsset,
    errors: ['VALIDATION_FAILED', 'UNAUTHENTICATED', 'ROLE_MISMATCH', 'NOT_FOUND', 'MEDIA_NOT_READY'],
  }),
  chapterThumbnail: defineEndpoint({
    method: 'POST',
    path: '/admin/chapter-thumbnails',
    summary: 'A chapter thumbnail at a time code (seconds) of a ready video',
    tags: ['admin-upload'],
    auth: 'admin',
    body: z
      .object({
        playbackId: text().trim().max(100).optional(),
        timecode: z.number().int().min(0).max(86_400).optional(),
      })
      .strict(),
    response: z.object({ thumbnailUrl: z.string() }),
    errors: [
      'VALIDATION_FAILED',
      'UNAUTHENTICATED',
      'ROLE_MISMATCH',
      'CSRF_FAILED',
      'NOT_FOUND',
      'MEDIA_NOT_READY',
    ],
  }),
  uploadVideo: defineEndpoint({
    method: 'POST',
    path: '/admin/upload-video',
    summary:
      'Create a video from an uploaded asset with its chapters (classes get CLASSES, and "coming soon" when released later)',
    tags: ['admin-upload'],
    auth: 'admin',
    body: ZUploadVideoBody,
    response: z.object({ id: z.string() }),
    successStatus: 201,
    errors: ['VALIDATION_FAILED', 'UNAUTHENTICATED', 'ROLE_MISMATCH', 'CSRF_FAILED', 'MEDIA_NOT_READY'],
  }),
} as const;
