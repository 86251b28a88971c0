-- Existing images may carry EXIF, XMP, IPTC or PNG text (uploaded before it was removed on the way in): they get
-- false, for the metadata backfill job; rows written from now on get the default, true.
ALTER TABLE "uploads" ADD COLUMN "is_metadata_free" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "uploads" ALTER COLUMN "is_metadata_free" SET DEFAULT true;--> statement-breakpoint
CREATE INDEX "uploads_metadata_pending_idx" ON "uploads" USING btree ("created_at") WHERE "uploads"."kind" = 'image' and not "uploads"."is_metadata_free";
