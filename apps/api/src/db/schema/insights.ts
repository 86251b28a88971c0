import {
  customType,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { videos } from './catalogue';

/**
 * Likes and dislikes per video, kept by a trigger on video_reactions (migration 0013, hand-written part): the
 * admin's reaction list sorts and pages 100,000 videos by these without counting 5,000,000 reactions per request.
 */
export const videoReactionCounts = pgTable(
  'video_reaction_counts',
  {
    videoId: uuid('video_id')
      .primaryKey()
      .references(() => videos.id, { onDelete: 'cascade' }),
    likes: integer('likes').notNull().default(0),
    dislikes: integer('dislikes').notNull().default(0),
  },
  (t) => [
    index('video_reaction_counts_likes_idx').on(t.likes, t.videoId),
    index('video_reaction_counts_dislikes_idx').on(t.dislikes, t.videoId),
  ],
);

/**
 * Seconds watched per video per day (UTC), added by a trigger on watch_progress from each forward move of a
 * member's position (capped by the time since the last save, so a seek is not counted as watching). The overview's
 * watch minutes and top videos read this rollup instead of the members' progress rows.
 */
export const videoWatchDaily = pgTable(
  'video_watch_daily',
  {
    day: date('day', { mode: 'string' }).notNull(),
    videoId: uuid('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    seconds: real('seconds').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.videoId] }), index('video_watch_daily_video_idx').on(t.videoId)],
);

/** Raw bytes (PostgreSQL bytea): postgres.js answers a Buffer, PGlite a Uint8Array. */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/**
 * The generated sitemap, kept whole (decision 0053): file 0 is /sitemap.xml (the urlset, or the index past 50,000
 * entries), 1..n its parts, -1 the routes as JSON (GET /sitemap/routes). Each body is gzipped, with its ETag
 * and the time its content last changed. `stamp` says which catalogue it was made from; the sitemap job (and a
 * request that finds it stale) regenerates every file when the stamp of the data moves on.
 */
export const sitemapFiles = pgTable('sitemap_files', {
  file: integer('file').primaryKey(),
  stamp: text('stamp').notNull(),
  body: bytea('body').notNull(),
  etag: text('etag').notNull(),
  entries: integer('entries').notNull(),
  files: integer('files').notNull(),
  modifiedAt: timestamp('modified_at', { withTimezone: true }).notNull(),
});

/**
 * Likes given in the last N days (N of OVERVIEW_LIKES_WINDOWS: the overview's presets), per video, up to and
 * including `likes_window_state.end_day` (a UTC day): kept by a trigger on video_reactions with each like, switch
 * and clear dated inside a window, and moved forward a day at a time by the overview's job (the days entering
 * added, the day leaving taken away). The overview's "top by likes" of a preset ending today reads 10 rows of
 * this instead of grouping millions of likes (decision 0053). Hand-written trigger and roll function: migration
 * 0022.
 */
export const videoLikesWindows = pgTable(
  'video_likes_windows',
  {
    days: integer('days').notNull(),
    videoId: uuid('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    likes: integer('likes').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.days, t.videoId] }),
    index('video_likes_windows_top_idx').on(t.days, t.likes.desc(), t.videoId),
  ],
);

/** The last day (UTC) each likes window counts up to; null until its first roll builds it. */
export const likesWindowState = pgTable('likes_window_state', {
  days: integer('days').primaryKey(),
  endDay: date('end_day', { mode: 'string' }),
});

/**
 * Watching in the last N days (the overview's presets, as for likes), per video, up to and including
 * `watch_window_state.end_day` (a UTC day): the seconds watched (from video_watch_daily) and the members whose
 * progress row on the video was last saved inside the window (viewers) and of those the ones who completed it.
 * Kept by triggers on video_watch_daily and watch_progress and rolled a day at a time by the overview's job, as
 * the likes windows are (decision 0059): the overview's top by minutes and by completion of a preset ending today
 * read 10 rows of this instead of grouping 270,000 daily rows and 750,000 progress rows. Hand-written triggers and
 * roll function: migration 0023. Seconds are double precision: sums of the daily `real` seconds stay exact.
 */
export const videoWatchWindows = pgTable(
  'video_watch_windows',
  {
    days: integer('days').notNull(),
    videoId: uuid('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    seconds: doublePrecision('seconds').notNull().default(0),
    viewers: integer('viewers').notNull().default(0),
    completed: integer('completed').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.days, t.videoId] }),
    index('video_watch_windows_minutes_idx').on(t.days, t.seconds.desc(), t.videoId),
  ],
);

/** The last day (UTC) each watch window counts up to; null until its first roll builds it. */
export const watchWindowState = pgTable('watch_window_state', {
  days: integer('days').primaryKey(),
  endDay: date('end_day', { mode: 'string' }),
});

/**
 * Seconds watched per closed UTC day (before today), all videos together: the overview's minutes per day read these
 * instead of summing each day's daily rows (3,000 a day at the bench's scale). Written by the watch windows' roll
 * for the last year's closed days (a day once, after it closes) and kept by the trigger on video_watch_daily when a
 * closed day's row changes; today and any day without a total are summed from video_watch_daily (decision 0059).
 */
export const watchDayTotals = pgTable('watch_day_totals', {
  day: date('day', { mode: 'string' }).primaryKey(),
  seconds: doublePrecision('seconds').notNull(),
});

/**
 * Each member's latest subscription's plan and status (latest by created_at, then id), and the members per plan and
 * status: the overview's "members by plan" read the few rows of `member_plan_counts` instead of a DISTINCT ON over
 * every subscription (decision 0059). Kept by a trigger on subscriptions (migration 0023, hand-written part): each
 * change of a member's subscriptions recomputes that member's latest under a lock of their row here, and moves the
 * counts when it changed. `member_plan_counts_rebuild()` counts both anew (the migration, bulk loads).
 */
export const memberLatestSubscriptions = pgTable('member_latest_subscriptions', {
  userId: uuid('user_id').primaryKey(),
  planId: text('plan_id'),
  status: text('status'),
});

export const memberPlanCounts = pgTable(
  'member_plan_counts',
  {
    planId: text('plan_id').notNull(),
    status: text('status').notNull(),
    members: integer('members').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.planId, t.status] })],
);
