CREATE TABLE "video_reaction_counts" (
	"video_id" uuid PRIMARY KEY NOT NULL,
	"likes" integer DEFAULT 0 NOT NULL,
	"dislikes" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "video_watch_daily" (
	"day" date NOT NULL,
	"video_id" uuid NOT NULL,
	"seconds" real DEFAULT 0 NOT NULL,
	CONSTRAINT "video_watch_daily_day_video_id_pk" PRIMARY KEY("day","video_id")
);
--> statement-breakpoint
ALTER TABLE "video_reaction_counts" ADD CONSTRAINT "video_reaction_counts_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_watch_daily" ADD CONSTRAINT "video_watch_daily_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "video_reaction_counts_likes_idx" ON "video_reaction_counts" USING btree ("likes","video_id");--> statement-breakpoint
CREATE INDEX "video_reaction_counts_dislikes_idx" ON "video_reaction_counts" USING btree ("dislikes","video_id");--> statement-breakpoint
CREATE INDEX "video_watch_daily_video_idx" ON "video_watch_daily" USING btree ("video_id");--> statement-breakpoint
CREATE INDEX "subscriptions_created_idx" ON "subscriptions" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "subscriptions_user_latest_idx" ON "subscriptions" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "subscriptions_cancelled_idx" ON "subscriptions" USING btree ("cancelled_at");--> statement-breakpoint
CREATE INDEX "subscriptions_trial_start_idx" ON "subscriptions" USING btree ("trial_start");--> statement-breakpoint
CREATE INDEX "subscriptions_trial_end_idx" ON "subscriptions" USING btree ("trial_end");--> statement-breakpoint
CREATE INDEX "videos_created_idx" ON "videos" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "video_reactions_updated_idx" ON "video_reactions" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "watch_progress_updated_idx" ON "watch_progress" USING btree ("updated_at");
--> statement-breakpoint
-- hand-written below
-- The reaction counts per video (issue 18): every like, dislike, switch and clear moves them.
CREATE FUNCTION "video_reaction_counts_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE "video_reaction_counts"
    SET "likes" = "likes" - (OLD."reaction" = 'like')::int, "dislikes" = "dislikes" - (OLD."reaction" = 'dislike')::int
    WHERE "video_id" = OLD."video_id";
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO "video_reaction_counts" AS c ("video_id", "likes", "dislikes")
    VALUES (NEW."video_id", (NEW."reaction" = 'like')::int, (NEW."reaction" = 'dislike')::int)
    ON CONFLICT ("video_id") DO UPDATE
    SET "likes" = c."likes" + EXCLUDED."likes", "dislikes" = c."dislikes" + EXCLUDED."dislikes";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "video_reactions_counts" AFTER INSERT OR UPDATE OR DELETE ON "video_reactions" FOR EACH ROW EXECUTE FUNCTION "video_reaction_counts_apply"();
--> statement-breakpoint
INSERT INTO "video_reaction_counts" ("video_id", "likes", "dislikes")
SELECT "video_id", count(*) FILTER (WHERE "reaction" = 'like'), count(*) FILTER (WHERE "reaction" = 'dislike')
FROM "video_reactions" GROUP BY "video_id"
ON CONFLICT ("video_id") DO UPDATE SET "likes" = EXCLUDED."likes", "dislikes" = EXCLUDED."dislikes";
--> statement-breakpoint
-- Seconds watched per video and day (issue 18): each forward move of a member's position, at most twice the
-- time since the previous save plus 5 s (the fastest playback rate; a seek forward is not watching), and at most
-- 60 s for a first save.
CREATE FUNCTION "video_watch_daily_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  watched real;
BEGIN
  IF TG_OP = 'INSERT' THEN
    watched := least(greatest(NEW."position_seconds", 0), 60);
  ELSE
    watched := greatest(0, least(
      NEW."position_seconds" - OLD."position_seconds",
      extract(epoch FROM NEW."updated_at" - OLD."updated_at") * 2 + 5
    ));
  END IF;
  IF watched > 0 THEN
    INSERT INTO "video_watch_daily" AS d ("day", "video_id", "seconds")
    VALUES ((NEW."updated_at" AT TIME ZONE 'UTC')::date, NEW."video_id", watched)
    ON CONFLICT ("day", "video_id") DO UPDATE SET "seconds" = d."seconds" + EXCLUDED."seconds";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "watch_progress_daily" AFTER INSERT OR UPDATE ON "watch_progress" FOR EACH ROW EXECUTE FUNCTION "video_watch_daily_apply"();
--> statement-breakpoint
-- Every video has its counts row (zero until a reaction), so sorting by likes or dislikes walks the counts' index.
CREATE FUNCTION "video_reaction_counts_add_video"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "video_reaction_counts" ("video_id") SELECT "id" FROM "new_rows" ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "videos_reaction_counts" AFTER INSERT ON "videos" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "video_reaction_counts_add_video"();
--> statement-breakpoint
INSERT INTO "video_reaction_counts" ("video_id") SELECT "id" FROM "videos" ON CONFLICT DO NOTHING;
