ALTER TABLE "trial_usages" DROP CONSTRAINT "trial_usages_email_family_pk";--> statement-breakpoint
ALTER TABLE "auth_tokens" ADD COLUMN "new_email" text;--> statement-breakpoint
ALTER TABLE "trial_usages" ADD COLUMN "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "trial_usages" ADD COLUMN "emails" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "trial_usages" ADD COLUMN "customer_id" text;--> statement-breakpoint
-- Data migration of the trials keyed by email (hand-written, issue 13 finding 5):
-- the email the trial was taken with becomes the first of the account's emails,
UPDATE "trial_usages" SET "emails" = ARRAY[lower("email")];--> statement-breakpoint
-- a row without its account finds it by that email,
UPDATE "trial_usages" t SET "user_id" = u."id" FROM "users" u WHERE t."user_id" IS NULL AND u."email" = lower(t."email");--> statement-breakpoint
-- the customer id comes from the trial's subscription, else from the account's billing customer,
UPDATE "trial_usages" t SET "customer_id" = s."provider_customer_id" FROM "subscriptions" s WHERE s."provider_subscription_id" = t."provider_subscription_id";--> statement-breakpoint
UPDATE "trial_usages" t SET "customer_id" = b."customer_id" FROM "billing_customers" b WHERE t."customer_id" IS NULL AND b."user_id" = t."user_id";--> statement-breakpoint
-- the account's current email joins the list,
UPDATE "trial_usages" t SET "emails" = array_append(t."emails", u."email") FROM "users" u WHERE u."id" = t."user_id" AND NOT (u."email" = ANY(t."emails"));--> statement-breakpoint
-- and the rows one account collected by changing its email merge into its first one (all emails kept).
UPDATE "trial_usages" k SET "emails" = (SELECT array_agg(DISTINCT e) FROM "trial_usages" d, unnest(d."emails") e WHERE d."user_id" = k."user_id" AND d."family" = k."family") WHERE k."user_id" IS NOT NULL;--> statement-breakpoint
DELETE FROM "trial_usages" d USING "trial_usages" k WHERE d."user_id" = k."user_id" AND d."family" = k."family" AND (d."created_at", d."id") > (k."created_at", k."id");--> statement-breakpoint
CREATE UNIQUE INDEX "trial_usages_user_family_key" ON "trial_usages" USING btree ("user_id","family");--> statement-breakpoint
CREATE INDEX "trial_usages_customer_idx" ON "trial_usages" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "trial_usages_emails_idx" ON "trial_usages" USING gin ("emails");
