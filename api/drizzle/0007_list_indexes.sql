DROP INDEX "conferences_category_start_idx";--> statement-breakpoint
DROP INDEX "conferences_start_idx";--> statement-breakpoint
DROP INDEX "research_status_category_updated_idx";--> statement-breakpoint
DROP INDEX "research_status_updated_idx";--> statement-breakpoint
CREATE INDEX "conferences_title_idx" ON "conferences" USING btree ("title","id");--> statement-breakpoint
CREATE INDEX "conferences_title_en_idx" ON "conferences" USING btree ("title_en","id");--> statement-breakpoint
CREATE INDEX "research_status_title_idx" ON "research_submissions" USING btree ("status","title","id");--> statement-breakpoint
CREATE INDEX "research_status_title_en_idx" ON "research_submissions" USING btree ("status","title_en","id");--> statement-breakpoint
CREATE INDEX "conferences_category_start_idx" ON "conferences" USING btree ("category_id","start_date","id");--> statement-breakpoint
CREATE INDEX "conferences_start_idx" ON "conferences" USING btree ("start_date","id");--> statement-breakpoint
CREATE INDEX "research_status_category_updated_idx" ON "research_submissions" USING btree ("status","category_id","updated_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "research_status_updated_idx" ON "research_submissions" USING btree ("status","updated_at" DESC NULLS FIRST,"id");