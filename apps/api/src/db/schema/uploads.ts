import { bigint, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Every file a user stored through the API (images of POST /files, local video uploads), with its size: the
 * per-user upload quota (UPLOAD_QUOTA_MB, VIDEO_UPLOAD_QUOTA_MB) is counted from these rows (issue 13, 12c).
 * A row is written before the bytes are stored (a reservation, under a per-user lock) and removed when
 * storing fails, so parallel uploads cannot pass the quota together.
 */
export const uploads = pgTable(
  'uploads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    uploaderId: uuid('uploader_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['image', 'video'] }).notNull(),
    /** The file store's key (images) or the media asset's id (videos). */
    key: text('key').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('uploads_uploader_kind_idx').on(t.uploaderId, t.kind)],
);
