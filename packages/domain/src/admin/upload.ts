import { z } from 'zod';
import { LEVELS } from '../constants';
import { defineEndpoint } from '../http/endpoint';
import { multilineText, text } from '../http/strings';
import { PLAYER_MESSAGES } from '../player/messages';

// The admin upload wizard (spec 3 §2, §4, §5, §7)

/** `playable`: the lowest rendition plays while the others are encoded (decision 0057). */
export const ZDirectUploadStatus = z.enum(['waiting', 'processing', 'playable', 'ready', 'errored']);
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
  /** The media asset to store as the video link (spec: muxVideoLink); given once playable. */
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

/** The upload wizard's media steps and the video it creates (the API's admin-upload module). */
export const adminUploadEndpoints = {
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
