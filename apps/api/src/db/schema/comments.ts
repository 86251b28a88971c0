import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Community comments (issue 15) on a subject: a video, or TRC content ('trc'), named by type and id (a text id, so
 * any subject registered with the comments module fits). A reply points at a top-level comment (a reply to a
 * reply is stored against the top-level one). Text is plain; deleting is soft (the moderation queue shows
 * deleted comments as Rejected).
 */
export const comments = pgTable(
  'comments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    subjectType: text('subject_type').notNull(),
    subjectId: text('subject_id').notNull(),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    replyTo: uuid('reply_to').references((): AnyPgColumn => comments.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    /** Waiting for an admin: only its author (and admins) see it. */
    requiresValidation: boolean('requires_validation').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    editedAt: timestamp('edited_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    deletedBy: uuid('deleted_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    // A subject's page of top-level comments, newest first, by (created_at, id): one backward index range scan
    // (ascending columns: a backward scan is DESC NULLS FIRST, what `order by … desc` asks for).
    index('comments_subject_page_idx')
      .on(t.subjectType, t.subjectId, t.createdAt, t.id)
      .where(sql`${t.replyTo} is null`),
    index('comments_reply_to_idx').on(t.replyTo, t.createdAt, t.id),
    // A subject's visible total, answered from the index alone (every column the count reads is in it).
    index('comments_subject_count_idx')
      .on(t.subjectType, t.subjectId, t.requiresValidation, t.authorId)
      .where(sql`${t.deletedAt} is null`),
    // Abuse limits count the author's recent comments.
    index('comments_author_created_idx').on(t.authorId, t.createdAt),
    // The moderation queue, by date.
    index('comments_created_idx').on(t.createdAt, t.id),
  ],
);

/** Images attached to a comment: stored through the file store (sniffed), moderated on their own. */
export const commentImages = pgTable(
  'comment_images',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    commentId: uuid('comment_id')
      .notNull()
      .references(() => comments.id, { onDelete: 'cascade' }),
    /** The file store's key (unique: an upload is attached once) and its public URL. */
    key: text('key').notNull().unique(),
    url: text('url').notNull(),
    requiresValidation: boolean('requires_validation').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    index('comment_images_comment_idx').on(t.commentId),
    index('comment_images_created_idx').on(t.createdAt, t.id),
  ],
);

/** The one row of moderation settings (spec 3: the comment validation switch; image validation shown fixed). */
export const commentSettings = pgTable(
  'comment_settings',
  {
    id: integer('id').primaryKey().default(1),
    commentValidation: boolean('comment_validation').notNull().default(false),
    imageValidation: boolean('image_validation').notNull().default(true),
    /** Lower-cased words or phrases: a comment containing one waits for an admin whatever the switch. */
    blockedWords: text('blocked_words').array().notNull().default(sql`'{}'::text[]`),
    maxPerMinute: integer('max_per_minute').notNull().default(10),
    maxPerDay: integer('max_per_day').notNull().default(100),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('comment_settings_one_row', sql`${t.id} = 1`)],
);

/** Members an admin has muted: they may read but not post or edit comments. */
export const commentMutes = pgTable('comment_mutes', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  mutedBy: uuid('muted_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export type CommentRow = typeof comments.$inferSelect;
export type CommentImageRow = typeof commentImages.$inferSelect;
export type CommentSettingsRow = typeof commentSettings.$inferSelect;
