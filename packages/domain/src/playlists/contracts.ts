import { z } from 'zod';
import { ZVideoCard } from '../catalogue/contracts';
import { defineEndpoint, ZOk } from '../http/endpoint';
import { multilineText, text } from '../http/strings';
import { PLAYLIST_LIMITS, PLAYLIST_MESSAGES } from './messages';

/** Spec 1 §3: FPL featured, PPL personal, SPL studio. */
export const PLAYLIST_TYPES = ['FPL', 'PPL', 'SPL'] as const;
export const ZPlaylistType = z.enum(PLAYLIST_TYPES, { error: 'Unknown playlist type: use FPL, PPL or SPL' });
export type PlaylistType = z.infer<typeof ZPlaylistType>;
/** Members create personal and studio playlists; featured ones belong to the admin console. */
export const ZMemberPlaylistType = z.enum(['PPL', 'SPL'], { error: 'Unknown playlist type: use PPL or SPL' });

export const ZPlaylistSummary = z.object({
  id: z.string(),
  type: ZPlaylistType,
  name: z.string(),
  description: z.string(),
  /** Its own thumbnail, else the first video's (what cards show). */
  thumbnailUrl: z.string().nullable(),
  /** Its own uploaded thumbnail only (what the admin form edits); null when the cards show the first video's. */
  customThumbnailUrl: z.string().nullable(),
  videoCount: z.number().int(),
  /** The sum of the videos' durations (spec 1 §3). */
  totalDurationSeconds: z.number().int(),
  /** The video at position 1 (where "Play" starts), or null for an empty playlist. */
  firstVideoId: z.string().nullable(),
  ownerUserId: z.string().nullable(),
  studioOwnerId: z.string().nullable(),
  createdAt: z.string(),
});
export type TPlaylistSummary = z.infer<typeof ZPlaylistSummary>;

export const ZPlaylistVideo = ZVideoCard.extend({ position: z.number().int() });
export type TPlaylistVideo = z.infer<typeof ZPlaylistVideo>;
/** A playlist with its videos ordered by position (dense, from 1). */
export const ZPlaylistDetail = ZPlaylistSummary.extend({ videos: z.array(ZPlaylistVideo) });
export type TPlaylistDetail = z.infer<typeof ZPlaylistDetail>;

const ZId = (what: string) => z.uuid(`Unknown ${what}`);
const ZName = text({ error: PLAYLIST_MESSAGES.nameRequired })
  .trim()
  .min(1, PLAYLIST_MESSAGES.nameRequired)
  .max(PLAYLIST_LIMITS.nameMax, `Name is at most ${PLAYLIST_LIMITS.nameMax} characters`);
const ZDescription = multilineText().trim().max(PLAYLIST_LIMITS.descriptionMax);
const uniqueIds = (ids: string[]) => new Set(ids).size === ids.length;
const ZVideoIds = z
  .array(ZId('video'), { error: PLAYLIST_MESSAGES.videoRequired })
  .min(1, PLAYLIST_MESSAGES.videoRequired)
  .max(PLAYLIST_LIMITS.maxVideos, `At most ${PLAYLIST_LIMITS.maxVideos} videos`)
  .refine(uniqueIds, PLAYLIST_MESSAGES.duplicateVideos);
const ZOptionalIds = (what: string) =>
  z
    .array(ZId(what))
    .max(PLAYLIST_LIMITS.maxVideos)
    .refine(uniqueIds, PLAYLIST_MESSAGES.duplicateVideos)
    .optional();
const ZThumbnailUrl = text()
  .trim()
  .max(2000)
  .regex(/^(\/files\/|https?:\/\/)/, 'Upload the thumbnail first')
  .nullable();

export const ZPlaylistParams = z.object({ playlistId: ZId('playlist') }).strict();
export const ZPlaylistVideoParams = z.object({ playlistId: ZId('playlist'), videoId: ZId('video') }).strict();

export const ZCreatePlaylistRequest = z
  .object({
    type: ZMemberPlaylistType,
    name: ZName,
    description: ZDescription.default(''),
    videoIds: ZVideoIds,
  })
  .strict();
export type TCreatePlaylistRequest = z.input<typeof ZCreatePlaylistRequest>;

export const ZUpdatePlaylistRequest = z
  .object({
    name: ZName.optional(),
    description: ZDescription.optional(),
    addVideoIds: ZOptionalIds('video'),
    removeVideoIds: ZOptionalIds('video'),
  })
  .strict();
export type TUpdatePlaylistRequest = z.input<typeof ZUpdatePlaylistRequest>;

/**
 * The new order (spec: reorderedPositions of _id and newPosition): every video of the playlist exactly once,
 * positions 1..n each once, so the saved order is dense and unique.
 */
export const ZReorderRequest = z
  .object({
    positions: z
      .array(z.object({ videoId: ZId('video'), position: z.number().int().min(1) }).strict(), {
        error: PLAYLIST_MESSAGES.orderEmpty,
      })
      .min(1, PLAYLIST_MESSAGES.orderEmpty)
      .max(PLAYLIST_LIMITS.maxVideos)
      .refine((list) => uniqueIds(list.map((p) => p.videoId)), PLAYLIST_MESSAGES.duplicateVideos)
      .refine(
        (list) => {
          const seen = new Set(list.map((p) => p.position));
          return seen.size === list.length && list.every((p) => p.position <= list.length);
        },
        { message: 'Positions must be 1 to the number of videos, each once' },
      ),
  })
  .strict();
export type TReorderRequest = z.input<typeof ZReorderRequest>;

/**
 * The saved order: the playlist's video ids by position. A reorder answers only this (not the whole playlist):
 * the client refetches the playlist after saving (spec 1 §4), so the save stays one small request.
 */
export const ZPlaylistOrder = z.object({ id: z.string(), videoIds: z.array(z.string()) });
export type TPlaylistOrder = z.infer<typeof ZPlaylistOrder>;

/** The add-to-playlist dialog: pick playlists, or name a new one (or both). */
export const ZAddToPlaylistsRequest = z
  .object({
    videoId: ZId('video'),
    playlistIds: ZOptionalIds('playlist').default([]),
    newPlaylist: z.object({ type: ZMemberPlaylistType, name: ZName }).strict().optional(),
  })
  .strict()
  .refine((b) => b.playlistIds.length > 0 || b.newPlaylist !== undefined, {
    message: PLAYLIST_MESSAGES.pickPlaylistOrName,
    path: ['playlistIds'],
  });
export type TAddToPlaylistsRequest = z.input<typeof ZAddToPlaylistsRequest>;
export const ZAddToPlaylistsResponse = z.object({
  addedTo: z.array(z.string()),
  created: ZPlaylistSummary.nullable(),
});

export const ZFeaturedPlaylistRequest = z
  .object({
    name: ZName,
    description: multilineText({ error: PLAYLIST_MESSAGES.descriptionRequired })
      .trim()
      .min(1, PLAYLIST_MESSAGES.descriptionRequired)
      .max(PLAYLIST_LIMITS.descriptionMax),
    thumbnailUrl: ZThumbnailUrl.default(null),
    videoIds: ZVideoIds,
  })
  .strict();
export type TFeaturedPlaylistRequest = z.input<typeof ZFeaturedPlaylistRequest>;

const playlistErrors = [
  'VALIDATION_FAILED',
  'UNAUTHENTICATED',
  'CSRF_FAILED',
  'FORBIDDEN',
  'NOT_FOUND',
] as const;

export const playlistEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/playlists',
    summary:
      'Playlists of one type: featured (anyone), the member’s personal ones, or their studio’s (owners and sub-users)',
    tags: ['playlists'],
    auth: 'public',
    query: z.object({ type: ZPlaylistType }).strict(),
    response: z.object({ items: z.array(ZPlaylistSummary) }),
    errors: ['VALIDATION_FAILED', 'UNAUTHENTICATED', 'FORBIDDEN'],
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/playlists/:playlistId',
    summary: 'One playlist with its videos by position; another member’s or studio’s answers 404',
    tags: ['playlists'],
    auth: 'public',
    params: ZPlaylistParams,
    response: ZPlaylistDetail,
    errors: ['VALIDATION_FAILED', 'NOT_FOUND'],
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/playlists',
    summary: 'Create a personal or studio playlist with at least one video',
    tags: ['playlists'],
    auth: 'session',
    body: ZCreatePlaylistRequest,
    response: ZPlaylistDetail,
    successStatus: 201,
    errors: playlistErrors,
  }),
  update: defineEndpoint({
    method: 'PATCH',
    path: '/playlists/:playlistId',
    summary: 'Rename, describe, add or remove videos (removing and editing: the owner; studio: the owner)',
    tags: ['playlists'],
    auth: 'session',
    params: ZPlaylistParams,
    body: ZUpdatePlaylistRequest,
    response: ZPlaylistDetail,
    errors: playlistErrors,
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/playlists/:playlistId',
    summary: 'Delete a personal playlist (its member) or a studio playlist (the studio owner)',
    tags: ['playlists'],
    auth: 'session',
    params: ZPlaylistParams,
    response: ZOk,
    errors: playlistErrors,
  }),
  removeVideo: defineEndpoint({
    method: 'DELETE',
    path: '/playlists/:playlistId/videos/:videoId',
    summary: 'Remove one video; the others close the gap',
    tags: ['playlists'],
    auth: 'session',
    params: ZPlaylistVideoParams,
    response: ZPlaylistDetail,
    errors: playlistErrors,
  }),
  reorder: defineEndpoint({
    method: 'PUT',
    path: '/playlists/:playlistId/order',
    summary:
      'Save a new order in one transaction (the playlist row is locked: concurrent saves queue); answers the saved order',
    tags: ['playlists'],
    auth: 'session',
    params: ZPlaylistParams,
    body: ZReorderRequest,
    response: ZPlaylistOrder,
    errors: [...playlistErrors, 'CONFLICT'],
  }),
  addVideo: defineEndpoint({
    method: 'POST',
    path: '/playlists/add-video',
    summary: 'The add-to-playlist dialog: add a video to chosen playlists and/or a new one',
    tags: ['playlists'],
    auth: 'session',
    body: ZAddToPlaylistsRequest,
    response: ZAddToPlaylistsResponse,
    errors: playlistErrors,
  }),
  adminCreateFeatured: defineEndpoint({
    method: 'POST',
    path: '/admin/featured-playlists',
    summary: 'Create a featured playlist',
    tags: ['admin', 'playlists'],
    auth: 'admin',
    body: ZFeaturedPlaylistRequest,
    response: ZPlaylistDetail,
    successStatus: 201,
    errors: [...playlistErrors, 'ROLE_MISMATCH'],
  }),
  adminUpdateFeatured: defineEndpoint({
    method: 'PUT',
    path: '/admin/featured-playlists/:playlistId',
    summary: 'Replace a featured playlist’s fields and videos (kept videos keep their order)',
    tags: ['admin', 'playlists'],
    auth: 'admin',
    params: ZPlaylistParams,
    body: ZFeaturedPlaylistRequest,
    response: ZPlaylistDetail,
    errors: [...playlistErrors, 'ROLE_MISMATCH'],
  }),
  adminDeleteFeatured: defineEndpoint({
    method: 'DELETE',
    path: '/admin/featured-playlists/:playlistId',
    summary: 'Delete a featured playlist',
    tags: ['admin', 'playlists'],
    auth: 'admin',
    params: ZPlaylistParams,
    response: ZOk,
    errors: [...playlistErrors, 'ROLE_MISMATCH'],
  }),
  adminReorderFeatured: defineEndpoint({
    method: 'PUT',
    path: '/admin/featured-playlists/:playlistId/order',
    summary: 'Save a featured playlist’s new order; answers the saved order',
    tags: ['admin', 'playlists'],
    auth: 'admin',
    params: ZPlaylistParams,
    body: ZReorderRequest,
    response: ZPlaylistOrder,
    errors: [...playlistErrors, 'ROLE_MISMATCH', 'CONFLICT'],
  }),
} as const;
