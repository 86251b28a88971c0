import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Failed-login counts for the lockout: per (address, account) "pair:", per address "ip:", per account "email:"
 * (decision 0018).
 */
export const loginFailures = pgTable('login_failures', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  lastFailedAt: timestamp('last_failed_at', { withTimezone: true }).notNull(),
});
