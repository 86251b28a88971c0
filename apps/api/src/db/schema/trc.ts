import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { instructors } from './catalogue';
import { mediaAssets } from './media';
import { users } from './users';

/** One TRC access request per member (spec 2 §3 TRC user/application); resubmitting edits it. */
export const trcApplications = pgTable(
  'trc_applications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Name and email as they were in the session when the member applied. */
    name: text('name').notNull(),
    email: text('email').notNull(),
    /** Instagram profile or website, normalised to a URL. */
    link: text('link').notNull(),
    roles: text('roles').array().notNull().default(sql`'{}'::text[]`),
    gain: text('gain').notNull().default(''),
    status: text('status', { enum: ['pending', 'approved', 'rejected'] })
      .notNull()
      .default('pending'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('trc_applications_user_key').on(t.userId),
    index('trc_applications_status_idx').on(t.status, t.createdAt),
  ],
);

/** A PDF kept privately in the file store (never public): only signed, expiring URLs serve it. */
export const trcDocuments = pgTable('trc_documents', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** The key in the private part of the file store. */
  storageKey: text('storage_key').notNull(),
  name: text('name').notNull(),
  sizeBytes: integer('size_bytes').notNull(),
  pages: integer('pages').notNull(),
  createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Lesson plans, teaching videos and resources (spec 2 §3 TRC content). */
export const trcContent = pgTable(
  'trc_content',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    /** Rich text (sanitised HTML). */
    about: text('about').notNull().default(''),
    fileType: text('file_type', { enum: ['video', 'pdf'] }).notNull(),
    /** A video's media asset (uploaded through the video pipeline). */
    mediaAssetId: uuid('media_asset_id').references(() => mediaAssets.id, { onDelete: 'set null' }),
    durationSeconds: integer('duration_seconds'),
    documentId: uuid('document_id').references(() => trcDocuments.id, { onDelete: 'set null' }),
    pages: integer('pages'),
    allowDownload: boolean('allow_download').notNull().default(false),
    thumbnailUrl: text('thumbnail_url'),
    instructorId: uuid('instructor_id').references(() => instructors.id, { onDelete: 'set null' }),
    /** Category slugs: lesson-plans, videos, resources; the first is the card's route. */
    categories: text('categories').array().notNull().default(sql`'{}'::text[]`),
    tagIds: uuid('tag_ids').array().notNull().default(sql`'{}'::uuid[]`),
    productIds: uuid('product_ids').array().notNull().default(sql`'{}'::uuid[]`),
    relatedIds: uuid('related_ids').array().notNull().default(sql`'{}'::uuid[]`),
    levels: text('levels').array().notNull().default(sql`'{}'::text[]`),
    /** Release date as chosen (YYYY-MM-DD, New York) and the instant it goes live (12:00 AM New York). */
    releaseDate: date('release_date', { mode: 'string' }).notNull(),
    releaseAt: timestamp('release_at', { withTimezone: true }).notNull(),
    /** Title, about text, instructor and tag names, lower-cased, for search. */
    searchText: text('search_text').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('trc_content_release_idx').on(t.releaseAt, t.id),
    index('trc_content_title_idx').on(sql`lower(${t.title})`, t.id),
    index('trc_content_duration_idx').on(t.durationSeconds, t.id),
    index('trc_content_instructor_idx').on(t.instructorId),
    index('trc_content_categories_idx').using('gin', t.categories),
    index('trc_content_tag_ids_idx').using('gin', t.tagIds),
    index('trc_content_product_ids_idx').using('gin', t.productIds),
    index('trc_content_levels_idx').using('gin', t.levels),
    index('trc_content_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
  ],
);

export const trcReactions = pgTable(
  'trc_reactions',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    contentId: uuid('content_id')
      .notNull()
      .references(() => trcContent.id, { onDelete: 'cascade' }),
    reaction: text('reaction', { enum: ['like', 'dislike'] }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.contentId] }),
    index('trc_reactions_content_idx').on(t.contentId, t.reaction),
  ],
);
