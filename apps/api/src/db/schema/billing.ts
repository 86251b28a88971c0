import { sql } from 'drizzle-orm';
import {
  bigint,
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

const PROVIDERS = ['sandbox', 'chargebee'] as const;
const STATUSES = [
  'future',
  'in_trial',
  'active',
  'non_renewing',
  'paused',
  'cancelled',
  'transferred',
] as const;

/** The billing provider's customer of a member (studio owners are customers of their own, "studio-" ids). */
export const billingCustomers = pgTable(
  'billing_customers',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: PROVIDERS }).notNull(),
    customerId: text('customer_id').notNull(),
    /** The ads tracking id sent as cf_tid when the customer was created. */
    trackingId: text('tracking_id'),
    /** The sandbox's clock for this customer: how far "move time forward" has moved it, in seconds. */
    clockOffsetSeconds: integer('clock_offset_seconds').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('billing_customers_provider_customer_key').on(t.provider, t.customerId)],
);

/**
 * Subscriptions as the provider reports them. `resourceVersion` orders updates: an older snapshot never
 * overwrites a newer one (Chargebee webhooks can arrive late and twice).
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: PROVIDERS }).notNull(),
    providerSubscriptionId: text('provider_subscription_id').notNull(),
    providerCustomerId: text('provider_customer_id').notNull(),
    planId: text('plan_id', { enum: ['INDIVIDUAL', 'VIP', 'STUDIO-5', 'STUDIO-10'] }).notNull(),
    period: text('period', { enum: ['monthly', 'yearly'] }).notNull(),
    status: text('status', { enum: STATUSES }).notNull(),
    trialStart: timestamp('trial_start', { withTimezone: true }),
    trialEnd: timestamp('trial_end', { withTimezone: true }),
    currentTermStart: timestamp('current_term_start', { withTimezone: true }),
    currentTermEnd: timestamp('current_term_end', { withTimezone: true }),
    nextBillingAt: timestamp('next_billing_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    resourceVersion: bigint('resource_version', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('subscriptions_provider_sub_key').on(t.provider, t.providerSubscriptionId),
    index('subscriptions_user_idx').on(t.userId),
    // The admin overview's date-range counts (issue 18): new, cancelled, trials started and ended.
    index('subscriptions_created_idx').on(t.createdAt),
    // Each member's latest subscription (the overview's members by plan): DISTINCT ON without a sort, and with
    // the plan and status in the index, without the table (an index-only scan; decision 0059).
    index('subscriptions_user_latest_idx').on(t.userId, t.createdAt.desc(), t.id.desc(), t.planId, t.status),
    index('subscriptions_cancelled_idx').on(t.cancelledAt),
    index('subscriptions_trial_start_idx').on(t.trialStart),
    index('subscriptions_trial_end_idx').on(t.trialEnd),
  ],
);

/**
 * One free trial per plan family per member, ever. Keyed by the account (userId) and the billing customer,
 * and by every normalised email the account had since its trial (the change of email appends the new one),
 * so neither a change of email nor a re-created account on one of those emails gets a second trial. No
 * foreign key: the record outlives the account (studio conversion deletes accounts).
 */
export const trialUsages = pgTable(
  'trial_usages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The email the trial was taken with (kept from the first version of this table). */
    email: text('email').notNull(),
    /** Every normalised email the account had since the trial, the first one included. */
    emails: text('emails').array().notNull().default(sql`'{}'::text[]`),
    family: text('family', { enum: ['standard', 'plus', 'studio'] }).notNull(),
    userId: uuid('user_id'),
    /** The billing provider's customer id the trial subscription belonged to. */
    customerId: text('customer_id'),
    providerSubscriptionId: text('provider_subscription_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('trial_usages_user_family_key').on(t.userId, t.family),
    index('trial_usages_customer_idx').on(t.customerId),
    index('trial_usages_emails_idx').using('gin', t.emails),
  ],
);

/** Every provider event processed, for deduplication by event id and for support. */
export const billingEvents = pgTable(
  'billing_events',
  {
    provider: text('provider', { enum: PROVIDERS }).notNull(),
    eventId: text('event_id').notNull(),
    eventType: text('event_type').notNull(),
    subscriptionId: text('subscription_id'),
    resourceVersion: bigint('resource_version', { mode: 'number' }),
    /** applied, stale (older than what we have), ignored (not a subscription event or unknown customer). */
    outcome: text('outcome', { enum: ['applied', 'stale', 'ignored'] }).notNull(),
    payload: jsonb('payload'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);

/** The sandbox's hosted pages (checkout and portal), opened by their unguessable id like a hosted page URL. */
export const sandboxHostedPages = pgTable(
  'sandbox_hosted_pages',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['checkout_new', 'checkout_existing', 'portal'] }).notNull(),
    planId: text('plan_id', { enum: ['INDIVIDUAL', 'VIP', 'STUDIO-5', 'STUDIO-10'] }),
    period: text('period', { enum: ['monthly', 'yearly'] }),
    /** For checkout_existing: the subscription being changed. */
    subscriptionId: text('subscription_id'),
    trialDays: integer('trial_days').notNull().default(0),
    state: text('state', { enum: ['created', 'succeeded', 'cancelled'] })
      .notNull()
      .default('created'),
    redirectUrl: text('redirect_url').notNull(),
    cancelUrl: text('cancel_url').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sandbox_hosted_pages_user_idx').on(t.userId)],
);

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type BillingCustomerRow = typeof billingCustomers.$inferSelect;
export type SandboxHostedPageRow = typeof sandboxHostedPages.$inferSelect;
