-- Full-text search: title weighted A, the rest of the search text B ('simple': no stemming, no language surprises).
ALTER TABLE "videos" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (setweight(to_tsvector('simple'::regconfig, "title"), 'A') || setweight(to_tsvector('simple'::regconfig, "search_text"), 'B')) STORED;
--> statement-breakpoint
CREATE INDEX "videos_search_vector_idx" ON "videos" USING gin ("search_vector");
--> statement-breakpoint
-- The dictionary of search words (typo correction), kept up to date from the videos' search vectors.
CREATE FUNCTION "search_words_collect"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "search_words" ("word")
  SELECT DISTINCT w FROM "new_rows", unnest(tsvector_to_array("new_rows"."search_vector")) AS w
  WHERE length(w) >= 3 AND w ~ '[[:alpha:]]'
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "videos_search_words_insert" AFTER INSERT ON "videos" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "search_words_collect"();
--> statement-breakpoint
CREATE TRIGGER "videos_search_words_update" AFTER UPDATE ON "videos" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "search_words_collect"();
--> statement-breakpoint
INSERT INTO "search_words" ("word")
SELECT DISTINCT w FROM "videos", unnest(tsvector_to_array("videos"."search_vector")) AS w
WHERE length(w) >= 3 AND w ~ '[[:alpha:]]'
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- The catalogue version: any change to what cards and lists show bumps it, so cached answers are dropped.
INSERT INTO "catalogue_state" ("id", "version") VALUES (1, 0) ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE FUNCTION "catalogue_state_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "catalogue_state" SET "version" = "version" + 1, "changed_at" = now() WHERE "id" = 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "videos_catalogue_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "videos" FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_state_bump"();
--> statement-breakpoint
CREATE TRIGGER "tags_catalogue_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "tags" FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_state_bump"();
--> statement-breakpoint
CREATE TRIGGER "instructors_catalogue_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "instructors" FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_state_bump"();
--> statement-breakpoint
CREATE TRIGGER "categories_catalogue_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "categories" FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_state_bump"();
--> statement-breakpoint
CREATE TRIGGER "products_catalogue_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "products" FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_state_bump"();
--> statement-breakpoint
CREATE TRIGGER "banners_catalogue_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "banners" FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_state_bump"();
