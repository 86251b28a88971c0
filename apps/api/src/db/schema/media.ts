import type { TCountGrid } from '@dance/domain';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { videos } from './catalogue';
import { users } from './users';

export interface Rendition {
  height: number;
  width: number;
  /** Peak bits per second, for the master playlist. */
  bandwidth: number;
}

export interface SubtitleFile {
  lang: string;
  label: string;
  /** Local: the file name in the media folder; Mux: the text track id. */
  ref: string;
}

/** Whether an asset with this status can be played (and linked to a video): ready, or playable. */
export const isPlayableStatus = (status: string): boolean => status === 'ready' || status === 'playable';

/**
 * A video's media at the provider: uploaded, processed into HLS (local ffmpeg or Mux), then played by
 * signed URLs. `videos.video_url` and `videos.trailer_url` hold the id of one of these rows.
 */
export const mediaAssets = pgTable(
  'media_assets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    provider: text('provider', { enum: ['local', 'mux'] }).notNull(),
    /**
     * `playable`: the local pipeline's lowest rendition is done and plays while the others are encoded
     * (decision 0057); members are served the renditions that exist.
     */
    status: text('status', { enum: ['waiting', 'processing', 'playable', 'ready', 'errored'] })
      .notNull()
      .default('waiting'),
    /** 0..100 while processing. */
    progress: integer('progress').notNull().default(0),
    title: text('title').notNull().default(''),
    /** The direct upload (Mux upload id; local: the asset's own id). */
    uploadId: text('upload_id'),
    /** The provider's asset id (Mux asset id). */
    externalId: text('external_id'),
    /** Mux signed playback id; local: null (the asset id plays). */
    playbackId: text('playback_id'),
    durationSeconds: real('duration_seconds'),
    width: integer('width'),
    height: integer('height'),
    renditions: jsonb('renditions').$type<Rendition[]>().notNull().default([]),
    posterUrl: text('poster_url'),
    hasStoryboard: boolean('has_storyboard').notNull().default(false),
    subtitles: jsonb('subtitles').$type<SubtitleFile[]>().notNull().default([]),
    /**
     * Where an imported video comes from: `vimeo:<id>[:hash]` or `library:<id>` (the local media library);
     * the import job fetches it into the local pipeline (decision 0033). Null for uploads and demo media.
     */
    sourceRef: text('source_ref'),
    /**
     * The count grid (issue 20): tempo sections detected from the audio while processing, or an admin's
     * correction (source 'admin', which a new detection never overwrites). Null: not analysed yet.
     */
    countGrid: jsonb('count_grid').$type<TCountGrid>(),
    /** Generated demo media (a short clip looped to the catalogue's duration). */
    isDemo: boolean('is_demo').notNull().default(false),
    error: text('error'),
    /**
     * Mux's own time (the webhook event's created_at) of the event that set the status to ready or errored;
     * null when no event set it (polling, local). Decides between a late errored and a ready (decision 0021).
     */
    statusAt: timestamp('status_at', { withTimezone: true }),
    /** Mux text tracks deleted at Mux: a late track.ready or asset snapshot never brings them back. */
    deletedTracks: text('deleted_tracks').array().notNull().default([]),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('media_assets_upload_key').on(t.uploadId),
    uniqueIndex('media_assets_external_key').on(t.externalId),
    index('media_assets_status_idx').on(t.status),
  ],
);

/** Where each member is in each video: resume points and the watch history. */
export const watchProgress = pgTable(
  'watch_progress',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    videoId: uuid('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    positionSeconds: real('position_seconds').notNull().default(0),
    durationSeconds: real('duration_seconds').notNull().default(0),
    isCompleted: boolean('is_completed').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.videoId] }),
    index('watch_progress_recent_idx').on(t.userId, t.updatedAt.desc()),
    // The admin overview's completion rates over a date range (issue 18).
    index('watch_progress_updated_idx').on(t.updatedAt),
  ],
);

export const videoReactions = pgTable(
  'video_reactions',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    videoId: uuid('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    reaction: text('reaction', { enum: ['like', 'dislike'] }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.videoId] }),
    index('video_reactions_video_idx').on(t.videoId, t.reaction),
    // The admin overview's most liked videos over a date range (issue 18).
    index('video_reactions_updated_idx').on(t.updatedAt),
  ],
);

/** Practice-tool settings that follow the member across devices. */
export const playerPreferences = pgTable('player_preferences', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  isMirrored: boolean('is_mirrored').notNull().default(false),
  playbackRate: real('playback_rate').notNull().default(1),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Mux webhook deliveries already applied: a replayed delivery changes nothing. */
export const muxWebhookEvents = pgTable('mux_webhook_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

export type MediaAssetRow = typeof mediaAssets.$inferSelect;
