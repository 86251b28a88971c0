-- drizzle-kit does not emit extensions: trigram search needs pg_trgm before its index.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "banners" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"image_url" text NOT NULL,
	"release_date" date NOT NULL,
	"is_active" boolean DEFAULT false NOT NULL,
	"show_immediately" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"route_path" text,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "instructors" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"bio" text DEFAULT '' NOT NULL,
	"image_url" text,
	"socials" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"handle" text NOT NULL,
	"subname" text DEFAULT '' NOT NULL,
	"variant_id" text,
	"variant_title" text,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"external_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "saved_videos" (
	"user_id" uuid NOT NULL,
	"video_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_videos_user_id_video_id_pk" PRIMARY KEY("user_id","video_id")
);
--> statement-breakpoint
CREATE TABLE "tags" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"color" text DEFAULT '#868e96' NOT NULL,
	"priority" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "videos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text DEFAULT 'library' NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"short_description" text DEFAULT '' NOT NULL,
	"instructor_id" uuid,
	"category_id" uuid,
	"duration_seconds" integer DEFAULT 0 NOT NULL,
	"thumbnail_url" text,
	"trailer_url" text,
	"trailer_thumbnail_url" text,
	"trailer_duration_seconds" integer,
	"video_url" text,
	"release_date" date NOT NULL,
	"release_at" timestamp with time zone NOT NULL,
	"levels" text[] DEFAULT '{}'::text[] NOT NULL,
	"keywords" text[] DEFAULT '{}'::text[] NOT NULL,
	"tag_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"product_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"chapters" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"file_type" text DEFAULT 'video' NOT NULL,
	"pages" integer,
	"is_featured" boolean DEFAULT false NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "saved_videos" ADD CONSTRAINT "saved_videos_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_videos" ADD CONSTRAINT "saved_videos_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_instructor_id_instructors_id_fk" FOREIGN KEY ("instructor_id") REFERENCES "public"."instructors"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "banners_active_idx" ON "banners" USING btree ("is_active","release_date");--> statement-breakpoint
CREATE UNIQUE INDEX "categories_name_key" ON "categories" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "instructors_name_idx" ON "instructors" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "products_handle_key" ON "products" USING btree ("handle");--> statement-breakpoint
CREATE INDEX "saved_videos_video_idx" ON "saved_videos" USING btree ("video_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tags_name_key" ON "tags" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "tags_priority_idx" ON "tags" USING btree ("priority");--> statement-breakpoint
CREATE INDEX "videos_release_idx" ON "videos" USING btree ("release_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "videos_category_release_idx" ON "videos" USING btree ("category_id","release_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "videos_kind_release_idx" ON "videos" USING btree ("kind","release_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "videos_title_idx" ON "videos" USING btree (lower("title"),"id");--> statement-breakpoint
CREATE INDEX "videos_duration_idx" ON "videos" USING btree ("duration_seconds","id");--> statement-breakpoint
CREATE INDEX "videos_instructor_idx" ON "videos" USING btree ("instructor_id");--> statement-breakpoint
CREATE INDEX "videos_tag_ids_idx" ON "videos" USING gin ("tag_ids");--> statement-breakpoint
CREATE INDEX "videos_product_ids_idx" ON "videos" USING gin ("product_ids");--> statement-breakpoint
CREATE INDEX "videos_levels_idx" ON "videos" USING gin ("levels");--> statement-breakpoint
CREATE INDEX "videos_search_trgm_idx" ON "videos" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "videos_featured_idx" ON "videos" USING btree ("is_featured","release_at" DESC NULLS LAST);