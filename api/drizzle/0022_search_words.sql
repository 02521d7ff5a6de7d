-- Issue 24: a word index for the searches. A search term used to be matched with
-- `search_text LIKE '%term%'` through a trigram index, which proposes every row sharing the term's
-- trigrams and rereads each one's text to check it: the cost of a search grew with its candidates,
-- not with its matches. Now:
-- - `search_words`: the words of `search_text` (already folded; separated by single spaces), with a
--   GIN index: the rows that hold any of a set of words come straight from the index, no reread;
-- - `search_vocabulary`: every word that has ever been in a `search_words` (kept by the triggers
--   below; never pruned: a word no row holds any more only costs a look-up), with a trigram index.
-- A term matches a row exactly when the row holds a word containing it, so the search asks the
-- vocabulary for the words containing the term (a small table), then the word index for the rows
-- holding one of them (lib/pagination.ts searchConditions). Terms of one or two letters keep the
-- LIKE (no trigram to look up). A "word" of 255 letters or more is left out of `search_words`
-- (a GIN entry has a size limit); no real text has one.
CREATE TABLE "search_vocabulary" (
	"word" text NOT NULL
);--> statement-breakpoint
CREATE INDEX "search_vocabulary_word_idx" ON "search_vocabulary" USING btree ("word");--> statement-breakpoint
CREATE INDEX "search_vocabulary_trgm_idx" ON "search_vocabulary" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "conferences" ADD COLUMN "search_words" text[] GENERATED ALWAYS AS (string_to_array(regexp_replace("search_text", '[^ ]{255}[^ ]*', '', 'g'), ' ')) STORED;--> statement-breakpoint
ALTER TABLE "research_submissions" ADD COLUMN "search_words" text[] GENERATED ALWAYS AS (string_to_array(regexp_replace("search_text", '[^ ]{255}[^ ]*', '', 'g'), ' ')) STORED;--> statement-breakpoint
ALTER TABLE "ebooks" ADD COLUMN "search_words" text[] GENERATED ALWAYS AS (string_to_array(regexp_replace("search_text", '[^ ]{255}[^ ]*', '', 'g'), ' ')) STORED;--> statement-breakpoint
ALTER TABLE "ads" ADD COLUMN "search_words" text[] GENERATED ALWAYS AS (string_to_array(regexp_replace("search_text", '[^ ]{255}[^ ]*', '', 'g'), ' ')) STORED;--> statement-breakpoint
CREATE INDEX "conferences_search_words_idx" ON "conferences" USING gin ("search_words");--> statement-breakpoint
CREATE INDEX "research_search_words_idx" ON "research_submissions" USING gin ("search_words");--> statement-breakpoint
CREATE INDEX "ebooks_search_words_idx" ON "ebooks" USING gin ("search_words");--> statement-breakpoint
CREATE INDEX "ads_search_words_idx" ON "ads" USING gin ("search_words");--> statement-breakpoint
-- The trigram indexes served only the LIKE that the word index replaces.
DROP INDEX "conferences_search_trgm_idx";--> statement-breakpoint
DROP INDEX "research_search_trgm_idx";--> statement-breakpoint
DROP INDEX "ebooks_search_trgm_idx";--> statement-breakpoint
INSERT INTO "search_vocabulary" ("word")
SELECT DISTINCT w FROM (
  SELECT unnest("search_words") AS w FROM "conferences"
  UNION ALL SELECT unnest("search_words") FROM "research_submissions"
  UNION ALL SELECT unnest("search_words") FROM "ebooks"
  UNION ALL SELECT unnest("search_words") FROM "ads"
) AS words WHERE w <> '';--> statement-breakpoint
-- Statement triggers (a bulk insert adds its words in one statement). No unique constraint: two
-- writers adding the same new word at once both add it (a duplicate costs nothing to a search),
-- and neither waits for the other.
CREATE OR REPLACE FUNCTION scholars_add_search_words() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO search_vocabulary (word)
    SELECT DISTINCT w FROM new_rows, unnest(new_rows.search_words) AS w
    WHERE w <> '' AND NOT EXISTS (SELECT 1 FROM search_vocabulary v WHERE v.word = w);
  ELSE
    -- Only the rows whose text changed (most updates touch other columns).
    INSERT INTO search_vocabulary (word)
    SELECT DISTINCT w FROM new_rows JOIN old_rows ON old_rows.id = new_rows.id, unnest(new_rows.search_words) AS w
    WHERE new_rows.search_text IS DISTINCT FROM old_rows.search_text
      AND w <> '' AND NOT EXISTS (SELECT 1 FROM search_vocabulary v WHERE v.word = w);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER conferences_search_words_insert AFTER INSERT ON conferences REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION scholars_add_search_words();--> statement-breakpoint
CREATE TRIGGER conferences_search_words_update AFTER UPDATE ON conferences REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION scholars_add_search_words();--> statement-breakpoint
CREATE TRIGGER research_search_words_insert AFTER INSERT ON research_submissions REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION scholars_add_search_words();--> statement-breakpoint
CREATE TRIGGER research_search_words_update AFTER UPDATE ON research_submissions REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION scholars_add_search_words();--> statement-breakpoint
CREATE TRIGGER ebooks_search_words_insert AFTER INSERT ON ebooks REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION scholars_add_search_words();--> statement-breakpoint
CREATE TRIGGER ebooks_search_words_update AFTER UPDATE ON ebooks REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION scholars_add_search_words();--> statement-breakpoint
CREATE TRIGGER ads_search_words_insert AFTER INSERT ON ads REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION scholars_add_search_words();--> statement-breakpoint
CREATE TRIGGER ads_search_words_update AFTER UPDATE ON ads REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION scholars_add_search_words();
