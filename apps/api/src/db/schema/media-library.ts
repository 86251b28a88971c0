import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The local media library: the videos the embedded video-import adapter serves by id when Vimeo is not
 * configured (the Vimeo stand-in of DESIGN.md). Ids are numeric like Vimeo's.
 */
export const mediaLibrary = pgTable('media_library', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  durationSeconds: integer('duration_seconds').notNull().default(0),
  thumbnailUrl: text('thumbnail_url'),
  /** Where the player finds it (a /media/... path on this API). */
  playerUrl: text('player_url').notNull(),
  tags: text('tags').array().notNull().default([]),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export type MediaLibraryRow = typeof mediaLibrary.$inferSelect;
