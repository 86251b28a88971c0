import { index, integer, pgTable, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { videos } from './catalogue';
import { users } from './users';

/**
 * Featured (FPL, by admins), personal (PPL, owner_user_id) and studio (SPL, studio_owner_id: the studio is
 * its owner's account, shared with the sub-users) playlists.
 */
export const playlists = pgTable(
  'playlists',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    type: text('type', { enum: ['FPL', 'PPL', 'SPL'] }).notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    thumbnailUrl: text('thumbnail_url'),
    /** PPL: the member; FPL and SPL: who created it. */
    ownerUserId: uuid('owner_user_id').references(() => users.id, { onDelete: 'cascade' }),
    studioOwnerId: uuid('studio_owner_id').references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('playlists_type_owner_idx').on(t.type, t.ownerUserId),
    index('playlists_type_studio_idx').on(t.type, t.studioOwnerId),
  ],
);

/** A video appears once per playlist; positions are dense from 1 and unique (kept so by the module). */
export const playlistItems = pgTable(
  'playlist_items',
  {
    playlistId: uuid('playlist_id')
      .notNull()
      .references(() => playlists.id, { onDelete: 'cascade' }),
    videoId: uuid('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.playlistId, t.videoId] }),
    unique('playlist_items_position_key').on(t.playlistId, t.position),
    index('playlist_items_video_idx').on(t.videoId),
  ],
);

export type PlaylistRow = typeof playlists.$inferSelect;
export type PlaylistItemRow = typeof playlistItems.$inferSelect;
