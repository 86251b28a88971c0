CREATE TABLE "trc_applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"link" text NOT NULL,
	"roles" text[] DEFAULT '{}'::text[] NOT NULL,
	"gain" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trc_content" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"about" text DEFAULT '' NOT NULL,
	"file_type" text NOT NULL,
	"media_asset_id" uuid,
	"duration_seconds" integer,
	"document_id" uuid,
	"pages" integer,
	"allow_download" boolean DEFAULT false NOT NULL,
	"thumbnail_url" text,
	"instructor_id" uuid,
	"categories" text[] DEFAULT '{}'::text[] NOT NULL,
	"tag_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"product_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"related_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"levels" text[] DEFAULT '{}'::text[] NOT NULL,
	"release_date" date NOT NULL,
	"release_at" timestamp with time zone NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trc_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"storage_key" text NOT NULL,
	"name" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"pages" integer NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trc_reactions" (
	"user_id" uuid NOT NULL,
	"content_id" uuid NOT NULL,
	"reaction" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trc_reactions_user_id_content_id_pk" PRIMARY KEY("user_id","content_id")
);
--> statement-breakpoint
ALTER TABLE "trc_applications" ADD CONSTRAINT "trc_applications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trc_applications" ADD CONSTRAINT "trc_applications_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trc_content" ADD CONSTRAINT "trc_content_media_asset_id_media_assets_id_fk" FOREIGN KEY ("media_asset_id") REFERENCES "public"."media_assets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trc_content" ADD CONSTRAINT "trc_content_document_id_trc_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."trc_documents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trc_content" ADD CONSTRAINT "trc_content_instructor_id_instructors_id_fk" FOREIGN KEY ("instructor_id") REFERENCES "public"."instructors"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trc_documents" ADD CONSTRAINT "trc_documents_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trc_reactions" ADD CONSTRAINT "trc_reactions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trc_reactions" ADD CONSTRAINT "trc_reactions_content_id_trc_content_id_fk" FOREIGN KEY ("content_id") REFERENCES "public"."trc_content"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "trc_applications_user_key" ON "trc_applications" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "trc_applications_status_idx" ON "trc_applications" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "trc_content_release_idx" ON "trc_content" USING btree ("release_at","id");--> statement-breakpoint
CREATE INDEX "trc_content_title_idx" ON "trc_content" USING btree (lower("title"),"id");--> statement-breakpoint
CREATE INDEX "trc_content_duration_idx" ON "trc_content" USING btree ("duration_seconds","id");--> statement-breakpoint
CREATE INDEX "trc_content_instructor_idx" ON "trc_content" USING btree ("instructor_id");--> statement-breakpoint
CREATE INDEX "trc_content_categories_idx" ON "trc_content" USING gin ("categories");--> statement-breakpoint
CREATE INDEX "trc_content_tag_ids_idx" ON "trc_content" USING gin ("tag_ids");--> statement-breakpoint
CREATE INDEX "trc_content_product_ids_idx" ON "trc_content" USING gin ("product_ids");--> statement-breakpoint
CREATE INDEX "trc_content_levels_idx" ON "trc_content" USING gin ("levels");--> statement-breakpoint
CREATE INDEX "trc_content_search_trgm_idx" ON "trc_content" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "trc_reactions_content_idx" ON "trc_reactions" USING btree ("content_id","reaction");