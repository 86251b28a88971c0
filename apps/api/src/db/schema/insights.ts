import { date, index, integer, pgTable, primaryKey, real, uuid } from 'drizzle-orm/pg-core';
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
