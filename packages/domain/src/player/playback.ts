import { z } from 'zod';
import { ZTag, ZVideoIdParams } from '../catalogue/contracts';
import { LEVELS } from '../constants';
import { defineEndpoint } from '../http/endpoint';
import { text } from '../http/strings';
import { normalizeContentType } from './content-type';
import { ZCountGrid } from './count-grid';
import { ZReactionValue } from './reactions';

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
  /** The count grid (issue 20); null while not analysed. */
  countGrid: ZCountGrid.nullable(),
  /**
   * What a start from 0 asks for first, signed like hlsUrl: the lowest rendition's playlist and its first
   * segment, so the player can fetch them beside the master playlist instead of after it (decision 0069).
   * Null when the provider does not say (Mux).
   */
  start: z.object({ playlistUrl: z.string(), segmentUrl: z.string() }).nullable(),
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

/** The player page and its stream (the API's playback module). */
export const playbackEndpoints = {
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
} as const;
