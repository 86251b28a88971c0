import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
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
    /**
     * The widths of an image's WebP variants (decision 0063), counted in `sizeBytes`; empty when it has none (SVG,
     * GIF, small), null while it is not yet known (uploads older than the variants, until the backfill job runs).
     */
    variantWidths: integer('variant_widths').array(),
    /**
     * Whether the stored image is known to carry no EXIF, XMP, IPTC or PNG text (decision 0063's addendum): true
     * for every upload since, which loses them on the way in; false for older images until the metadata backfill
     * job has checked them (the migration gives existing rows false).
     */
    isMetadataFree: boolean('is_metadata_free').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('uploads_uploader_kind_idx').on(t.uploaderId, t.kind),
    // The backfill's worklist: images whose variants are not yet known.
    index('uploads_variants_pending_idx')
      .on(t.createdAt)
      .where(sql`${t.kind} = 'image' and ${t.variantWidths} is null`),
    // The metadata backfill's worklist: older images not yet checked.
    index('uploads_metadata_pending_idx')
      .on(t.createdAt)
      .where(sql`${t.kind} = 'image' and not ${t.isMetadataFree}`),
  ],
);
