ALTER TABLE "media_assets" ADD COLUMN "status_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "media_assets" ADD COLUMN "deleted_tracks" text[] DEFAULT '{}' NOT NULL;