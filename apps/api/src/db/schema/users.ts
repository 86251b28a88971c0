import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  index,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    /** Always stored lower-case; unique. */
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    /** Null for an invited sub-user who has not set a password yet. */
    passwordHash: text('password_hash'),
    role: text('role', { enum: ['admin', 'user'] })
      .notNull()
      .default('user'),
    userType: text('user_type', { enum: ['studio-owner', 'subuser', 'vip', 'individual-user'] }),
    signupRole: text('signup_role', { enum: ['dancer-parent', 'dance-instructor', 'other'] }),
    studioOwnerId: uuid('studio_owner_id').references((): AnyPgColumn => users.id, { onDelete: 'cascade' }),
    subscriptionId: text('subscription_id'),
    isTrialAvailed: boolean('is_trial_availed').notNull().default(false),
    imageUrl: text('image_url'),
    commentNotifications: boolean('comment_notifications').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    index('users_studio_owner_idx').on(t.studioOwnerId),
    // The overview's studios (2,000 owners among 100,000 members at the bench's scale) without a scan of users.
    index('users_type_idx').on(t.userType),
  ],
);

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;
