-- The public conference lists read published rows only (issue 19): each list index now starts with
-- the status, so pages and counts stay index-only scans instead of reading drafts and archived rows.
DROP INDEX "conferences_category_start_idx";--> statement-breakpoint
DROP INDEX "conferences_start_idx";--> statement-breakpoint
DROP INDEX "conferences_title_idx";--> statement-breakpoint
DROP INDEX "conferences_title_en_idx";--> statement-breakpoint
CREATE INDEX "conferences_status_category_start_idx" ON "conferences" USING btree ("status","category_id","start_date","id");--> statement-breakpoint
CREATE INDEX "conferences_status_start_idx" ON "conferences" USING btree ("status","start_date","id");--> statement-breakpoint
CREATE INDEX "conferences_status_title_idx" ON "conferences" USING btree ("status","title","id");--> statement-breakpoint
CREATE INDEX "conferences_status_title_en_idx" ON "conferences" USING btree ("status","title_en","id");