import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Consecutive failed logins per account ("email:...") and per address ("ip:..."), for the lockout. */
export const loginFailures = pgTable('login_failures', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  lastFailedAt: timestamp('last_failed_at', { withTimezone: true }).notNull(),
});
