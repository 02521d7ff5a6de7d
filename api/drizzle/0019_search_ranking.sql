-- Issue 24, best match first: what the relevance sort reads, kept by PostgreSQL on every write.
-- title_search: both titles folded as lib/arabic-search folds a query (hamza forms, alef maqsura,
-- ta marbuta, tashkeel and tatweel, punctuation, lower case): the title tiers (phrase in the title,
-- every word in the title) test it with LIKE on the matched rows only. search_vector: the words of
-- search_text (already folded) for ts_rank, read from the row instead of parsed at each query
-- (to_tsvector per row cost ~45 µs; ts_rank on the stored vector ~2 µs). Neither is indexed: the
-- filter stays search_text LIKE, served by the trigram indexes.
ALTER TABLE "conferences" ADD COLUMN "title_search" text GENERATED ALWAYS AS (lower(regexp_replace(regexp_replace(translate("title" || ' ' || "title_en", 'أإآٱٲٳىیئةؤک', 'اااااايييهوك'), '[ً-ٰٟـ]', '', 'g'), '[[:punct:]]', ' ', 'g'))) STORED;--> statement-breakpoint
ALTER TABLE "conferences" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, "search_text")) STORED;--> statement-breakpoint
ALTER TABLE "research_submissions" ADD COLUMN "title_search" text GENERATED ALWAYS AS (lower(regexp_replace(regexp_replace(translate("title" || ' ' || "title_en", 'أإآٱٲٳىیئةؤک', 'اااااايييهوك'), '[ً-ٰٟـ]', '', 'g'), '[[:punct:]]', ' ', 'g'))) STORED;--> statement-breakpoint
ALTER TABLE "research_submissions" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, "search_text")) STORED;--> statement-breakpoint
ALTER TABLE "ebooks" ADD COLUMN "title_search" text GENERATED ALWAYS AS (lower(regexp_replace(regexp_replace(translate("title" || ' ' || "title_en", 'أإآٱٲٳىیئةؤک', 'اااااايييهوك'), '[ً-ٰٟـ]', '', 'g'), '[[:punct:]]', ' ', 'g'))) STORED;--> statement-breakpoint
ALTER TABLE "ebooks" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, "search_text")) STORED;
--> statement-breakpoint
-- The `tot` of the unfiltered public lists (no search, no category), kept by statement triggers
-- (one UPDATE of one row per statement, whatever its number of rows): a count of 100,000 listed
-- rows is an index-only scan of every one of them at each write's first read; this is one row.
-- Concurrent writers queue on the row's lock and each adds its own delta to the committed value.
CREATE TABLE "list_counts" (
	"list" text PRIMARY KEY NOT NULL,
	"n" integer DEFAULT 0 NOT NULL
);--> statement-breakpoint
INSERT INTO "list_counts" ("list", "n")
SELECT 'conferences', count(*)::int FROM "conferences" WHERE "status" = 'published'
UNION ALL
SELECT 'research_submissions', count(*)::int FROM "research_submissions" WHERE "status" = 'approved';--> statement-breakpoint
CREATE OR REPLACE FUNCTION scholars_count_listed() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  listed text := CASE TG_TABLE_NAME WHEN 'research_submissions' THEN 'approved' ELSE 'published' END;
  delta integer := 0;
  added integer := 0;
  removed integer := 0;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    UPDATE list_counts SET n = 0 WHERE list = TG_TABLE_NAME;
    RETURN NULL;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    SELECT count(*) INTO added FROM new_rows WHERE status::text = listed;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    SELECT count(*) INTO removed FROM old_rows WHERE status::text = listed;
  END IF;
  delta := added - removed;
  IF delta <> 0 THEN
    UPDATE list_counts SET n = n + delta WHERE list = TG_TABLE_NAME;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER conferences_count_insert AFTER INSERT ON conferences REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION scholars_count_listed();--> statement-breakpoint
CREATE TRIGGER conferences_count_update AFTER UPDATE ON conferences REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION scholars_count_listed();--> statement-breakpoint
CREATE TRIGGER conferences_count_delete AFTER DELETE ON conferences REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION scholars_count_listed();--> statement-breakpoint
CREATE TRIGGER conferences_count_truncate AFTER TRUNCATE ON conferences FOR EACH STATEMENT EXECUTE FUNCTION scholars_count_listed();--> statement-breakpoint
CREATE TRIGGER research_count_insert AFTER INSERT ON research_submissions REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION scholars_count_listed();--> statement-breakpoint
CREATE TRIGGER research_count_update AFTER UPDATE ON research_submissions REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION scholars_count_listed();--> statement-breakpoint
CREATE TRIGGER research_count_delete AFTER DELETE ON research_submissions REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION scholars_count_listed();--> statement-breakpoint
CREATE TRIGGER research_count_truncate AFTER TRUNCATE ON research_submissions FOR EACH STATEMENT EXECUTE FUNCTION scholars_count_listed();--> statement-breakpoint
-- The ongoing part of the `upcoming` order (lib/list-queries.ts upcomingPageIds): a conference that
-- started and ends later started at most the longest duration ago; this index gives that longest
-- duration at once, so the part reads that window of the start-date index only.
CREATE INDEX "conferences_duration_idx" ON "conferences" USING btree (("end_date" - "start_date"));
