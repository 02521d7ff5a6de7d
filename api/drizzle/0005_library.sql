CREATE TYPE "public"."library_collection" AS ENUM('university', 'ebooks');--> statement-breakpoint
CREATE TYPE "public"."library_doc_type" AS ENUM('book', 'master_thesis', 'doctoral_thesis', 'research');--> statement-breakpoint
ALTER TABLE "ebooks" ADD COLUMN "collection" "library_collection" DEFAULT 'ebooks' NOT NULL;--> statement-breakpoint
ALTER TABLE "ebooks" ADD COLUMN "doc_type" "library_doc_type" DEFAULT 'book' NOT NULL;--> statement-breakpoint
ALTER TABLE "ebooks" ADD COLUMN "research_id" integer;--> statement-breakpoint
ALTER TABLE "ebooks" ADD COLUMN "language" "locale" DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "ebooks" ADD COLUMN "publisher" text;--> statement-breakpoint
ALTER TABLE "ebooks" ADD COLUMN "publisher_en" text;--> statement-breakpoint
ALTER TABLE "ebooks" ADD COLUMN "isbn" text;--> statement-breakpoint
ALTER TABLE "ebooks" ADD COLUMN "pages" integer;--> statement-breakpoint
ALTER TABLE "ebooks" ADD COLUMN "keywords" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "ebooks" ADD CONSTRAINT "ebooks_research_id_research_submissions_id_fk" FOREIGN KEY ("research_id") REFERENCES "public"."research_submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ebooks_collection_updated_idx" ON "ebooks" USING btree ("collection","updated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "ebooks_research_uq" ON "ebooks" USING btree ("research_id");