import { z } from 'zod';
import { LEVELS } from '../constants';
import { defineEndpoint } from '../http/endpoint';
import { multilineText, text } from '../http/strings';
import { CONTENT_MESSAGES } from './messages';
import { dateString, linkString, optionalLink } from './shared';

export const VIDEO_TYPES = [
  { value: 'class', label: 'Classes', path: '/AdminDashboard/AddClassVideos' },
  { value: 'library', label: 'Library', path: '/AdminDashboard/Check' },
] as const;

/** A video of the video host (Vimeo, or the local media library), as the add-video forms use it. */
export const ZVimeoVideo = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  thumbnailUrl: z.string().nullable(),
  durationSeconds: z.number().int(),
  /** The player link (Vimeo's player_embed_url; a /media/... path for the local library). */
  videoUrl: z.string(),
  /** Vimeo tags, offered as keywords. */
  keywords: z.array(z.string()),
});
export type TVimeoVideo = z.infer<typeof ZVimeoVideo>;

export const ZVimeoIdParams = z
  .object({
    vimeoId: text()
      .trim()
      .regex(/^\d{1,15}(:[0-9a-f]{1,20})?$/i, 'Enter a Vimeo video id (digits, e.g. 76979871)'),
  })
  .strict();

/** Keywords, tags and products ignore blank and duplicate input (spec 3 §5). */
export function addUnique(list: readonly string[], value: string): { list: string[]; isAdded: boolean } {
  const trimmed = value.trim();
  if (!trimmed || list.some((v) => v.toLowerCase() === trimmed.toLowerCase()))
    return { list: [...list], isAdded: false };
  return { list: [...list, trimmed], isAdded: true };
}

const ids = (what: string) =>
  z
    .array(z.uuid(`Unknown ${what}`))
    .max(50, `At most 50 ${what}s`)
    .default([]);

export const ZCreateVideoRequest = z
  .object({
    kind: z.enum(['library', 'class'], { error: CONTENT_MESSAGES.selectVideoType }),
    title: text({ error: 'Please enter a title' }).trim().min(1, 'Please enter a title').max(200),
    /** Rich text: the server keeps only safe markup. */
    description: multilineText().max(100_000).default(''),
    shortDescription: multilineText().trim().max(500).default(''),
    categoryId: z.uuid('Unknown category').nullable().optional(),
    instructorId: z.uuid('Unknown instructor').nullable().optional(),
    /** A new instructor added from the form (used when no instructor is selected). */
    newInstructorName: text().trim().max(100).optional(),
    levels: z
      .array(z.enum(LEVELS, { error: 'Levels are Beginner, Intermediate and Advanced' }))
      .max(3)
      .default([]),
    durationSeconds: z.number().int('Duration is whole seconds').min(0).max(172_800).default(0),
    tagIds: ids('tag'),
    productIds: ids('product'),
    keywords: z.array(text().max(60)).max(50).default([]),
    thumbnailUrl: optionalLink(),
    videoUrl: linkString('Please add a video link'),
    trailerUrl: optionalLink(),
    trailerThumbnailUrl: optionalLink(),
    trailerDurationSeconds: z.number().int().min(0).max(172_800).nullable().optional(),
    releaseDate: dateString(CONTENT_MESSAGES.pickReleaseDate),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.kind === 'library' && !v.categoryId)
      ctx.addIssue({ code: 'custom', path: ['categoryId'], message: 'Please select a category' });
  });
export type TCreateVideoRequest = z.input<typeof ZCreateVideoRequest>;

export const ZCreatedVideo = z.object({
  id: z.string(),
  kind: z.enum(['library', 'class']),
  title: z.string(),
  releaseDate: z.string(),
  /** The instant it goes live: 12:00 AM New York on the release date. */
  releaseAt: z.string(),
  tagIds: z.array(z.string()),
});

export const addVideoEndpoints = {
  vimeoVideo: defineEndpoint({
    method: 'GET',
    path: '/admin/vimeo/videos/:vimeoId',
    summary:
      'A video of the video host by id (Vimeo, or the local media library), to fill the add-video form',
    tags: ['admin: add videos'],
    auth: 'admin',
    params: ZVimeoIdParams,
    response: ZVimeoVideo,
    errors: ['VALIDATION_FAILED', 'UNAUTHENTICATED', 'ROLE_MISMATCH', 'NOT_FOUND', 'UPSTREAM_FAILED'],
  }),
  createVideo: defineEndpoint({
    method: 'POST',
    path: '/admin/videos',
    summary:
      'Add a library or class video (class videos get CLASSES, and "coming soon" when released in the future)',
    tags: ['admin: add videos'],
    auth: 'admin',
    body: ZCreateVideoRequest,
    response: ZCreatedVideo,
    successStatus: 201,
    errors: ['VALIDATION_FAILED', 'UNAUTHENTICATED', 'ROLE_MISMATCH', 'CSRF_FAILED', 'NOT_FOUND'],
  }),
} as const;
