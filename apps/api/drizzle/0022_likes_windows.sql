CREATE TABLE "likes_window_state" (
	"days" integer PRIMARY KEY NOT NULL,
	"end_day" date
);
--> statement-breakpoint
CREATE TABLE "video_likes_windows" (
	"days" integer NOT NULL,
	"video_id" uuid NOT NULL,
	"likes" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "video_likes_windows_days_video_id_pk" PRIMARY KEY("days","video_id")
);
--> statement-breakpoint
ALTER TABLE "video_likes_windows" ADD CONSTRAINT "video_likes_windows_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "video_likes_windows_top_idx" ON "video_likes_windows" USING btree ("days","likes" DESC NULLS LAST,"video_id");--> statement-breakpoint
-- hand-written below
-- Likes of the last N days per video (issue 18, decision 0053), for the overview's presets: 7, 30, 90 and 365 days.
INSERT INTO "likes_window_state" ("days", "end_day") VALUES (7, NULL), (30, NULL), (90, NULL), (365, NULL);
--> statement-breakpoint
-- Each like, switch and clear dated inside a window moves it. The state rows are read FOR SHARE, so a roll (FOR
-- UPDATE) waits for reaction writes in flight and they wait for it: a like is never counted twice or missed.
CREATE FUNCTION "video_likes_windows_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  s record;
BEGIN
  FOR s IN SELECT "days", "end_day" FROM "likes_window_state" WHERE "end_day" IS NOT NULL ORDER BY "days" FOR SHARE LOOP
    IF TG_OP IN ('UPDATE', 'DELETE') AND OLD."reaction" = 'like'
       AND (OLD."updated_at" AT TIME ZONE 'UTC')::date BETWEEN s."end_day" - s."days" + 1 AND s."end_day" THEN
      UPDATE "video_likes_windows" SET "likes" = "likes" - 1 WHERE "days" = s."days" AND "video_id" = OLD."video_id";
    END IF;
    IF TG_OP IN ('INSERT', 'UPDATE') AND NEW."reaction" = 'like'
       AND (NEW."updated_at" AT TIME ZONE 'UTC')::date BETWEEN s."end_day" - s."days" + 1 AND s."end_day" THEN
      INSERT INTO "video_likes_windows" AS w ("days", "video_id", "likes") VALUES (s."days", NEW."video_id", 1)
      ON CONFLICT ("days", "video_id") DO UPDATE SET "likes" = w."likes" + 1;
    END IF;
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "video_likes_windows" AFTER INSERT OR UPDATE OR DELETE ON "video_reactions" FOR EACH ROW EXECUTE FUNCTION "video_likes_windows_apply"();
--> statement-breakpoint
-- Moves every window to end on `target` (a UTC day): the days entering are added and the days leaving taken away
-- (a few days' likes, by the updated_at index), or the window is counted anew when it was never built, is more
-- than its length behind, or would move back.
CREATE FUNCTION "video_likes_windows_roll"(target date) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  s record;
BEGIN
  FOR s IN SELECT "days", "end_day" FROM "likes_window_state" ORDER BY "days" FOR UPDATE LOOP
    CONTINUE WHEN s."end_day" = target;
    IF s."end_day" IS NULL OR target < s."end_day" OR target - s."end_day" >= s."days" THEN
      DELETE FROM "video_likes_windows" WHERE "days" = s."days";
      INSERT INTO "video_likes_windows" ("days", "video_id", "likes")
      SELECT s."days", "video_id", count(*)::int FROM "video_reactions"
      WHERE "reaction" = 'like'
        AND "updated_at" >= ((target - s."days" + 1)::timestamp AT TIME ZONE 'UTC')
        AND "updated_at" < ((target + 1)::timestamp AT TIME ZONE 'UTC')
      GROUP BY "video_id";
    ELSE
      INSERT INTO "video_likes_windows" AS w ("days", "video_id", "likes")
      SELECT s."days", "video_id", count(*)::int FROM "video_reactions"
      WHERE "reaction" = 'like'
        AND "updated_at" >= ((s."end_day" + 1)::timestamp AT TIME ZONE 'UTC')
        AND "updated_at" < ((target + 1)::timestamp AT TIME ZONE 'UTC')
      GROUP BY "video_id"
      ON CONFLICT ("days", "video_id") DO UPDATE SET "likes" = w."likes" + EXCLUDED."likes";
      UPDATE "video_likes_windows" w SET "likes" = w."likes" - r.n
      FROM (SELECT "video_id", count(*)::int AS n FROM "video_reactions"
            WHERE "reaction" = 'like'
              AND "updated_at" >= ((s."end_day" - s."days" + 1)::timestamp AT TIME ZONE 'UTC')
              AND "updated_at" < ((target - s."days" + 1)::timestamp AT TIME ZONE 'UTC')
            GROUP BY "video_id") r
      WHERE w."days" = s."days" AND w."video_id" = r."video_id";
      DELETE FROM "video_likes_windows" WHERE "days" = s."days" AND "likes" <= 0;
    END IF;
    UPDATE "likes_window_state" SET "end_day" = target WHERE "days" = s."days";
  END LOOP;
END $$;
