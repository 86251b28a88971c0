CREATE TABLE "member_latest_subscriptions" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"plan_id" text,
	"status" text
);
--> statement-breakpoint
CREATE TABLE "member_plan_counts" (
	"plan_id" text NOT NULL,
	"status" text NOT NULL,
	"members" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "member_plan_counts_plan_id_status_pk" PRIMARY KEY("plan_id","status")
);
--> statement-breakpoint
CREATE TABLE "video_watch_windows" (
	"days" integer NOT NULL,
	"video_id" uuid NOT NULL,
	"seconds" double precision DEFAULT 0 NOT NULL,
	"viewers" integer DEFAULT 0 NOT NULL,
	"completed" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "video_watch_windows_days_video_id_pk" PRIMARY KEY("days","video_id")
);
--> statement-breakpoint
CREATE TABLE "watch_day_totals" (
	"day" date PRIMARY KEY NOT NULL,
	"seconds" double precision NOT NULL
);
--> statement-breakpoint
CREATE TABLE "watch_window_state" (
	"days" integer PRIMARY KEY NOT NULL,
	"end_day" date
);
--> statement-breakpoint
DROP INDEX "subscriptions_user_latest_idx";--> statement-breakpoint
ALTER TABLE "video_watch_windows" ADD CONSTRAINT "video_watch_windows_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "video_watch_windows_minutes_idx" ON "video_watch_windows" USING btree ("days","seconds" DESC NULLS LAST,"video_id");--> statement-breakpoint
CREATE INDEX "users_type_idx" ON "users" USING btree ("user_type");--> statement-breakpoint
CREATE INDEX "subscriptions_user_latest_idx" ON "subscriptions" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST,"plan_id","status");--> statement-breakpoint
-- hand-written below
-- Watching of the last N days per video (issue 18, decision 0059), for the overview's presets as the likes
-- windows (decision 0053): 7, 30, 90 and 365 days.
INSERT INTO "watch_window_state" ("days", "end_day") VALUES (7, NULL), (30, NULL), (90, NULL), (365, NULL);
--> statement-breakpoint
-- What the days `first` to `last` (UTC) add to each video: the seconds of video_watch_daily, and the progress rows
-- last saved on those days (viewers) and the completed ones among them.
CREATE FUNCTION "video_watch_windows_days"(first date, last date)
RETURNS TABLE ("video_id" uuid, "seconds" double precision, "viewers" integer, "completed" integer)
LANGUAGE sql STABLE AS $$
  SELECT x."video_id", sum(x."seconds"), sum(x."viewers")::int, sum(x."completed")::int FROM (
    SELECT d."video_id", sum(d."seconds"::double precision) AS "seconds", 0 AS "viewers", 0 AS "completed"
    FROM "video_watch_daily" d WHERE d."day" BETWEEN first AND last GROUP BY d."video_id"
    UNION ALL
    SELECT p."video_id", 0, count(*), count(*) FILTER (WHERE p."is_completed")
    FROM "watch_progress" p
    WHERE p."updated_at" >= (first::timestamp AT TIME ZONE 'UTC') AND p."updated_at" < ((last + 1)::timestamp AT TIME ZONE 'UTC')
    GROUP BY p."video_id"
  ) x GROUP BY x."video_id"
$$;
--> statement-breakpoint
-- Each change of a daily row dated inside a window moves the window's seconds. The state rows are read FOR SHARE,
-- so a roll (FOR UPDATE) waits for writes in flight and they wait for it: nothing is counted twice or missed.
-- Only updates and inserts add a row to a window: a delete (a video's or member's cascade) only subtracts.
CREATE FUNCTION "video_watch_windows_daily_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  s record;
  old_in boolean;
  new_in boolean;
BEGIN
  -- Every state row, built or not: the day totals below follow the same lock.
  FOR s IN SELECT "days", "end_day" FROM "watch_window_state" ORDER BY "days" FOR SHARE LOOP
    CONTINUE WHEN s."end_day" IS NULL;
    old_in := TG_OP IN ('UPDATE', 'DELETE') AND OLD."day" BETWEEN s."end_day" - s."days" + 1 AND s."end_day";
    new_in := TG_OP IN ('INSERT', 'UPDATE') AND NEW."day" BETWEEN s."end_day" - s."days" + 1 AND s."end_day";
    IF old_in AND new_in AND OLD."video_id" = NEW."video_id" THEN
      UPDATE "video_watch_windows"
      SET "seconds" = "seconds" + (NEW."seconds"::double precision - OLD."seconds"::double precision)
      WHERE "days" = s."days" AND "video_id" = NEW."video_id";
      CONTINUE;
    END IF;
    IF old_in THEN
      UPDATE "video_watch_windows" SET "seconds" = "seconds" - OLD."seconds"::double precision
      WHERE "days" = s."days" AND "video_id" = OLD."video_id";
    END IF;
    IF new_in THEN
      INSERT INTO "video_watch_windows" AS w ("days", "video_id", "seconds") VALUES (s."days", NEW."video_id", NEW."seconds")
      ON CONFLICT ("days", "video_id") DO UPDATE SET "seconds" = w."seconds" + EXCLUDED."seconds";
    END IF;
  END LOOP;
  -- A past day's total, when the roll has written it (today has none: this finds no row).
  IF TG_OP = 'UPDATE' AND OLD."day" = NEW."day" THEN
    UPDATE "watch_day_totals" SET "seconds" = "seconds" + (NEW."seconds"::double precision - OLD."seconds"::double precision)
    WHERE "day" = NEW."day";
  ELSE
    IF TG_OP IN ('UPDATE', 'DELETE') THEN
      UPDATE "watch_day_totals" SET "seconds" = "seconds" - OLD."seconds"::double precision WHERE "day" = OLD."day";
    END IF;
    IF TG_OP IN ('INSERT', 'UPDATE') THEN
      UPDATE "watch_day_totals" SET "seconds" = "seconds" + NEW."seconds"::double precision WHERE "day" = NEW."day";
    END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "video_watch_daily_windows" AFTER INSERT OR UPDATE OR DELETE ON "video_watch_daily" FOR EACH ROW EXECUTE FUNCTION "video_watch_windows_daily_apply"();
--> statement-breakpoint
-- Each progress row counts once (a viewer) in the windows holding the day it was last saved, completed or not. A
-- save on the same UTC day with the same completion (a member watching: most saves) changes no window and returns
-- before the state rows are read.
CREATE FUNCTION "video_watch_windows_progress_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  s record;
  old_in boolean;
  new_in boolean;
BEGIN
  IF TG_OP = 'UPDATE' AND OLD."video_id" = NEW."video_id" AND OLD."is_completed" = NEW."is_completed"
     AND (OLD."updated_at" AT TIME ZONE 'UTC')::date = (NEW."updated_at" AT TIME ZONE 'UTC')::date THEN
    RETURN NULL;
  END IF;
  FOR s IN SELECT "days", "end_day" FROM "watch_window_state" WHERE "end_day" IS NOT NULL ORDER BY "days" FOR SHARE LOOP
    old_in := TG_OP IN ('UPDATE', 'DELETE')
      AND (OLD."updated_at" AT TIME ZONE 'UTC')::date BETWEEN s."end_day" - s."days" + 1 AND s."end_day";
    new_in := TG_OP IN ('INSERT', 'UPDATE')
      AND (NEW."updated_at" AT TIME ZONE 'UTC')::date BETWEEN s."end_day" - s."days" + 1 AND s."end_day";
    IF old_in AND new_in AND OLD."video_id" = NEW."video_id" THEN
      IF OLD."is_completed" <> NEW."is_completed" THEN
        UPDATE "video_watch_windows" SET "completed" = "completed" + NEW."is_completed"::int - OLD."is_completed"::int
        WHERE "days" = s."days" AND "video_id" = NEW."video_id";
      END IF;
      CONTINUE;
    END IF;
    IF old_in THEN
      UPDATE "video_watch_windows" SET "viewers" = "viewers" - 1, "completed" = "completed" - OLD."is_completed"::int
      WHERE "days" = s."days" AND "video_id" = OLD."video_id";
    END IF;
    IF new_in THEN
      INSERT INTO "video_watch_windows" AS w ("days", "video_id", "viewers", "completed")
      VALUES (s."days", NEW."video_id", 1, NEW."is_completed"::int)
      ON CONFLICT ("days", "video_id") DO UPDATE SET "viewers" = w."viewers" + 1, "completed" = w."completed" + EXCLUDED."completed";
    END IF;
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "watch_progress_windows" AFTER INSERT OR UPDATE OR DELETE ON "watch_progress" FOR EACH ROW EXECUTE FUNCTION "video_watch_windows_progress_apply"();
--> statement-breakpoint
-- Moves every watch window to end on `target` (a UTC day): the days entering are added and the days leaving taken
-- away, or the window is counted anew when it was never built, is more than its length behind, or would move back.
CREATE FUNCTION "video_watch_windows_roll"(target date) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  s record;
  rebuilt boolean := false;
BEGIN
  FOR s IN SELECT "days", "end_day" FROM "watch_window_state" ORDER BY "days" FOR UPDATE LOOP
    CONTINUE WHEN s."end_day" = target;
    IF s."end_day" IS NULL OR target < s."end_day" OR target - s."end_day" >= s."days" THEN
      rebuilt := rebuilt OR s."days" = 365;
      DELETE FROM "video_watch_windows" WHERE "days" = s."days";
      INSERT INTO "video_watch_windows" ("days", "video_id", "seconds", "viewers", "completed")
      SELECT s."days", d."video_id", d."seconds", d."viewers", d."completed"
      FROM "video_watch_windows_days"(target - s."days" + 1, target) d;
    ELSE
      INSERT INTO "video_watch_windows" AS w ("days", "video_id", "seconds", "viewers", "completed")
      SELECT s."days", d."video_id", d."seconds", d."viewers", d."completed"
      FROM "video_watch_windows_days"(s."end_day" + 1, target) d
      ON CONFLICT ("days", "video_id") DO UPDATE SET "seconds" = w."seconds" + EXCLUDED."seconds",
        "viewers" = w."viewers" + EXCLUDED."viewers", "completed" = w."completed" + EXCLUDED."completed";
      UPDATE "video_watch_windows" w
      SET "seconds" = w."seconds" - d."seconds", "viewers" = w."viewers" - d."viewers", "completed" = w."completed" - d."completed"
      FROM "video_watch_windows_days"(s."end_day" - s."days" + 1, target - s."days") d
      WHERE w."days" = s."days" AND w."video_id" = d."video_id";
      DELETE FROM "video_watch_windows" WHERE "days" = s."days" AND "viewers" <= 0 AND "seconds" <= 0;
    END IF;
    UPDATE "watch_window_state" SET "end_day" = target WHERE "days" = s."days";
  END LOOP;
  -- The totals of the closed days of the last year (the overview's minutes per day): counted anew with a rebuilt
  -- year window, else only the days that have none yet (the day just closed).
  IF rebuilt THEN
    DELETE FROM "watch_day_totals";
  END IF;
  INSERT INTO "watch_day_totals" ("day", "seconds")
  SELECT g."day", coalesce((SELECT sum(d."seconds"::double precision) FROM "video_watch_daily" d WHERE d."day" = g."day"), 0)
  FROM (SELECT generate_series(target - 366, target - 1, interval '1 day')::date AS "day") g
  WHERE NOT EXISTS (SELECT 1 FROM "watch_day_totals" t WHERE t."day" = g."day");
END $$;
--> statement-breakpoint
-- Members by plan (issue 18, decision 0059): member `u`'s latest subscription recomputed under the lock of their
-- row in member_latest_subscriptions (two writes of one member's subscriptions follow one another), and the counts
-- moved from the plan and status they had to the ones they have.
CREATE FUNCTION "member_plan_counts_follow"(u uuid) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  prev_plan text;
  prev_status text;
  cur_plan text;
  cur_status text;
BEGIN
  INSERT INTO "member_latest_subscriptions" ("user_id") VALUES (u) ON CONFLICT DO NOTHING;
  SELECT "plan_id", "status" INTO prev_plan, prev_status FROM "member_latest_subscriptions" WHERE "user_id" = u FOR UPDATE;
  SELECT "plan_id", "status" INTO cur_plan, cur_status FROM "subscriptions" WHERE "user_id" = u
  ORDER BY "created_at" DESC NULLS LAST, "id" DESC NULLS LAST LIMIT 1;
  IF prev_plan IS DISTINCT FROM cur_plan OR prev_status IS DISTINCT FROM cur_status THEN
    IF prev_plan IS NOT NULL THEN
      UPDATE "member_plan_counts" SET "members" = "members" - 1 WHERE "plan_id" = prev_plan AND "status" = prev_status;
    END IF;
    IF cur_plan IS NOT NULL THEN
      INSERT INTO "member_plan_counts" AS c ("plan_id", "status", "members") VALUES (cur_plan, cur_status, 1)
      ON CONFLICT ("plan_id", "status") DO UPDATE SET "members" = c."members" + 1;
    END IF;
  END IF;
  IF cur_plan IS NULL THEN
    DELETE FROM "member_latest_subscriptions" WHERE "user_id" = u;
  ELSE
    UPDATE "member_latest_subscriptions" SET "plan_id" = cur_plan, "status" = cur_status WHERE "user_id" = u;
  END IF;
END $$;
--> statement-breakpoint
-- A change that cannot move a member's latest plan or status (most webhook updates: terms, dates, versions) returns
-- at once.
CREATE FUNCTION "member_plan_counts_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW."user_id" = OLD."user_id" AND NEW."plan_id" = OLD."plan_id"
     AND NEW."status" = OLD."status" AND NEW."created_at" = OLD."created_at" AND NEW."id" = OLD."id" THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM "member_plan_counts_follow"(OLD."user_id");
  END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW."user_id" <> OLD."user_id") THEN
    PERFORM "member_plan_counts_follow"(NEW."user_id");
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "subscriptions_member_plan_counts" AFTER INSERT OR UPDATE OR DELETE ON "subscriptions" FOR EACH ROW EXECUTE FUNCTION "member_plan_counts_apply"();
--> statement-breakpoint
-- Counts both tables anew from the subscriptions (here, and after a bulk load with the trigger off). Not for use
-- beside concurrent subscription writes: it takes the tables' locks for its transaction.
CREATE FUNCTION "member_plan_counts_rebuild"() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE "member_latest_subscriptions", "member_plan_counts" IN EXCLUSIVE MODE;
  DELETE FROM "member_latest_subscriptions";
  INSERT INTO "member_latest_subscriptions" ("user_id", "plan_id", "status")
  SELECT DISTINCT ON ("user_id") "user_id", "plan_id", "status" FROM "subscriptions"
  ORDER BY "user_id", "created_at" DESC NULLS LAST, "id" DESC NULLS LAST;
  DELETE FROM "member_plan_counts";
  INSERT INTO "member_plan_counts" ("plan_id", "status", "members")
  SELECT "plan_id", "status", count(*)::int FROM "member_latest_subscriptions" GROUP BY "plan_id", "status";
END $$;
--> statement-breakpoint
SELECT "member_plan_counts_rebuild"();
