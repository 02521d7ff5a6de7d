-- Best match reads two stored columns of every match (issue 24): `title_search` (the title tiers)
-- and `search_vector` (ts_rank). PostgreSQL moves a wide row's larger columns out of the row (TOAST),
-- smallest ones too when the row stays over 2 kB: on the 100,000-row data set most of these two went
-- out, and ranking 8,328 matches read 2-4 more pages per match (15 ms more than the count). Storage
-- MAIN keeps them in the row (compressed if need be), moving them out only if the row would not fit
-- a page; the other long texts go out instead.
ALTER TABLE "conferences" ALTER COLUMN "title_search" SET STORAGE MAIN, ALTER COLUMN "search_vector" SET STORAGE MAIN;--> statement-breakpoint
ALTER TABLE "research_submissions" ALTER COLUMN "title_search" SET STORAGE MAIN, ALTER COLUMN "search_vector" SET STORAGE MAIN;--> statement-breakpoint
ALTER TABLE "ebooks" ALTER COLUMN "title_search" SET STORAGE MAIN, ALTER COLUMN "search_vector" SET STORAGE MAIN;--> statement-breakpoint
-- Rows already written keep their layout until their generated columns are computed again: naming
-- the columns they are computed from does it (nothing else changes; the statement triggers run once).
UPDATE "conferences" SET "title" = "title", "search_text" = "search_text";--> statement-breakpoint
UPDATE "research_submissions" SET "title" = "title", "search_text" = "search_text";--> statement-breakpoint
UPDATE "ebooks" SET "title" = "title", "search_text" = "search_text";
