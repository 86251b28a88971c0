DROP INDEX "videos_release_idx";--> statement-breakpoint
DROP INDEX "videos_category_release_idx";--> statement-breakpoint
DROP INDEX "videos_kind_release_idx";--> statement-breakpoint
DROP INDEX "videos_featured_idx";--> statement-breakpoint
CREATE INDEX "videos_release_idx" ON "videos" USING btree ("release_at","id");--> statement-breakpoint
CREATE INDEX "videos_category_release_idx" ON "videos" USING btree ("category_id","release_at","id","kind");--> statement-breakpoint
CREATE INDEX "videos_kind_release_idx" ON "videos" USING btree ("kind","release_at","id");--> statement-breakpoint
CREATE INDEX "videos_featured_idx" ON "videos" USING btree ("is_featured","release_at");