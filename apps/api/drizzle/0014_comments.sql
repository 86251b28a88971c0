CREATE TABLE "comment_images" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"comment_id" uuid NOT NULL,
	"key" text NOT NULL,
	"url" text NOT NULL,
	"requires_validation" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "comment_images_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "comment_mutes" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"muted_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "comment_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"comment_validation" boolean DEFAULT false NOT NULL,
	"image_validation" boolean DEFAULT true NOT NULL,
	"blocked_words" text[] DEFAULT '{}'::text[] NOT NULL,
	"max_per_minute" integer DEFAULT 10 NOT NULL,
	"max_per_day" integer DEFAULT 100 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "comment_settings_one_row" CHECK ("comment_settings"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "comments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subject_type" text NOT NULL,
	"subject_id" text NOT NULL,
	"author_id" uuid NOT NULL,
	"reply_to" uuid,
	"content" text NOT NULL,
	"requires_validation" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"edited_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"deleted_by" uuid
);
--> statement-breakpoint
ALTER TABLE "comment_images" ADD CONSTRAINT "comment_images_comment_id_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comment_mutes" ADD CONSTRAINT "comment_mutes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comment_mutes" ADD CONSTRAINT "comment_mutes_muted_by_users_id_fk" FOREIGN KEY ("muted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_reply_to_comments_id_fk" FOREIGN KEY ("reply_to") REFERENCES "public"."comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_deleted_by_users_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "comment_images_comment_idx" ON "comment_images" USING btree ("comment_id");--> statement-breakpoint
CREATE INDEX "comment_images_created_idx" ON "comment_images" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "comments_subject_page_idx" ON "comments" USING btree ("subject_type","subject_id","created_at","id") WHERE "comments"."reply_to" is null;--> statement-breakpoint
CREATE INDEX "comments_reply_to_idx" ON "comments" USING btree ("reply_to","created_at","id");--> statement-breakpoint
CREATE INDEX "comments_subject_count_idx" ON "comments" USING btree ("subject_type","subject_id","requires_validation","author_id") WHERE "comments"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "comments_author_created_idx" ON "comments" USING btree ("author_id","created_at");--> statement-breakpoint
CREATE INDEX "comments_created_idx" ON "comments" USING btree ("created_at","id");
--> statement-breakpoint
-- hand-written below
INSERT INTO "comment_settings" ("id") VALUES (1) ON CONFLICT DO NOTHING;
