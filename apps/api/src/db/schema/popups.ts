import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Popups shown to members (spec 3 §3): a window of dates in the admin's time zone, stored as UTC instants. */
export const popups = pgTable(
  'popups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    headerText: text('header_text').notNull(),
    description: text('description').notNull().default(''),
    imageUrl: text('image_url'),
    /** 00:00:00 of the start date and 23:59 of the end date in `timezone`, as instants. */
    startAt: timestamp('start_at', { withTimezone: true }).notNull(),
    endAt: timestamp('end_at', { withTimezone: true }).notNull(),
    startDateLocal: date('start_date_local', { mode: 'string' }).notNull(),
    endDateLocal: date('end_date_local', { mode: 'string' }).notNull(),
    timezone: text('timezone').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    viewCount: integer('view_count').notNull().default(0),
    primaryCtaText: text('primary_cta_text'),
    primaryCtaUrl: text('primary_cta_url'),
    secondaryCtaText: text('secondary_cta_text'),
    secondaryCtaUrl: text('secondary_cta_url'),
    deviceVisibility: text('device_visibility').array().notNull().default(sql`'{}'::text[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('popups_window_idx').on(t.isActive, t.startAt, t.endAt)],
);

export type PopupRow = typeof popups.$inferSelect;
