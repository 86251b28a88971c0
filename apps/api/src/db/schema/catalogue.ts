import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users';

export const categories = pgTable(
  'categories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** The member route of the category's library page ("/Lessons"), when it has one. */
    routePath: text('route_path'),
    position: integer('position').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('categories_name_key').on(sql`lower(${t.name})`)],
);

export const tags = pgTable(
  'tags',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    color: text('color').notNull().default('#868e96'),
    /** Sort order on cards: lower first; unique and dense from 1. */
    priority: integer('priority').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('tags_name_key').on(sql`lower(${t.name})`), index('tags_priority_idx').on(t.priority)],
);

export interface Social {
  platform: 'facebook' | 'twitter' | 'linkedin' | 'instagram' | 'website' | 'other';
  url: string;
}

export const instructors = pgTable(
  'instructors',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    bio: text('bio').notNull().default(''),
    imageUrl: text('image_url'),
    socials: jsonb('socials').$type<Social[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('instructors_name_idx').on(sql`lower(${t.name})`)],
);

export const products = pgTable(
  'products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    handle: text('handle').notNull(),
    /** Shown under the title in pickers (Shopify metafield). */
    subname: text('subname').notNull().default(''),
    variantId: text('variant_id'),
    variantTitle: text('variant_title'),
    images: jsonb('images').$type<{ src: string }[]>().notNull().default([]),
    /** Shopify product GID when the product comes from the store. */
    externalId: text('external_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('products_handle_key').on(t.handle)],
);

export interface Chapter {
  title: string;
  timeSeconds: number;
  thumbnailUrl: string | null;
}

export const videos = pgTable(
  'videos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: ['library', 'class'] })
      .notNull()
      .default('library'),
    title: text('title').notNull(),
    /** Rich text (sanitised HTML). */
    description: text('description').notNull().default(''),
    shortDescription: text('short_description').notNull().default(''),
    instructorId: uuid('instructor_id').references(() => instructors.id, { onDelete: 'set null' }),
    categoryId: uuid('category_id').references(() => categories.id, { onDelete: 'set null' }),
    durationSeconds: integer('duration_seconds').notNull().default(0),
    thumbnailUrl: text('thumbnail_url'),
    trailerUrl: text('trailer_url'),
    trailerThumbnailUrl: text('trailer_thumbnail_url'),
    trailerDurationSeconds: integer('trailer_duration_seconds'),
    /** The playable source (a Mux playback id or a local media id), set by the video pipeline. */
    videoUrl: text('video_url'),
    /** Release date as chosen (YYYY-MM-DD, New York) and the instant it goes live (12:00 AM New York). */
    releaseDate: date('release_date', { mode: 'string' }).notNull(),
    releaseAt: timestamp('release_at', { withTimezone: true }).notNull(),
    levels: text('levels').array().notNull().default(sql`'{}'::text[]`),
    keywords: text('keywords').array().notNull().default(sql`'{}'::text[]`),
    /** Tag ids, denormalised from video_tags so filters run on one table with a GIN index. */
    tagIds: uuid('tag_ids').array().notNull().default(sql`'{}'::uuid[]`),
    productIds: uuid('product_ids').array().notNull().default(sql`'{}'::uuid[]`),
    chapters: jsonb('chapters').$type<Chapter[]>().notNull().default([]),
    fileType: text('file_type', { enum: ['video', 'pdf'] })
      .notNull()
      .default('video'),
    pages: integer('pages'),
    isFeatured: boolean('is_featured').notNull().default(false),
    /** Title, descriptions, instructor, tag names and keywords, lower-cased, for trigram search. */
    searchText: text('search_text').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Ascending (release_at, id) also serves "latest" (release_at desc, id desc) by a backward scan.
    index('videos_release_idx').on(t.releaseAt, t.id),
    // kind last: counts of a category are answered from the index alone.
    index('videos_category_release_idx').on(t.categoryId, t.releaseAt, t.id, t.kind),
    index('videos_kind_release_idx').on(t.kind, t.releaseAt, t.id),
    index('videos_title_idx').on(sql`lower(${t.title})`, t.id),
    index('videos_duration_idx').on(t.durationSeconds, t.id),
    index('videos_instructor_idx').on(t.instructorId),
    index('videos_tag_ids_idx').using('gin', t.tagIds),
    index('videos_product_ids_idx').using('gin', t.productIds),
    index('videos_levels_idx').using('gin', t.levels),
    index('videos_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    index('videos_featured_idx').on(t.isFeatured, t.releaseAt),
    // The admin's reaction list by date added, newest or oldest first (issue 18).
    index('videos_created_idx').on(t.createdAt, t.id),
  ],
);

export const savedVideos = pgTable(
  'saved_videos',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    videoId: uuid('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.videoId] }), index('saved_videos_video_idx').on(t.videoId)],
);

export const banners = pgTable(
  'banners',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    imageUrl: text('image_url').notNull(),
    releaseDate: date('release_date', { mode: 'string' }).notNull(),
    isActive: boolean('is_active').notNull().default(false),
    /** Shown at once, ignoring the release date. */
    showImmediately: boolean('show_immediately').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('banners_active_idx').on(t.isActive, t.releaseDate)],
);

/**
 * The words of the catalogue's search texts (letters, 3 characters or more), the dictionary a misspelled
 * search word is corrected against by trigram similarity. Filled by a trigger on videos (migration
 * 0008_search_fast_path): small next to the videos, so a similarity lookup takes a millisecond.
 */
export const searchWords = pgTable('search_words', { word: text('word').primaryKey() }, (t) => [
  index('search_words_trgm_idx').using('gin', sql`${t.word} gin_trgm_ops`),
]);

/**
 * One row whose version changes (by triggers) whenever videos, tags, instructors, categories, products or
 * banners change: the API's cached catalogue answers are keyed by it.
 */
export const catalogueState = pgTable('catalogue_state', {
  id: integer('id').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
  changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
});

export type VideoRow = typeof videos.$inferSelect;
export type TagRow = typeof tags.$inferSelect;
export type InstructorRow = typeof instructors.$inferSelect;
export type ProductRow = typeof products.$inferSelect;
export type CategoryRow = typeof categories.$inferSelect;
