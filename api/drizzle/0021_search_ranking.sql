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
