-- The about page and the privacy policy in the database (issue 19): one row each (1 about, 2
-- privacy), both languages in a jsonb document of the shared schemas' shape, with the version of
-- the console's optimistic concurrency. Public reads are cached: the row change notifies the bus
-- like the other public tables (migration 0008).
CREATE TABLE "site_pages" (
	"id" integer PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"content" jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "site_pages_slug_unique" UNIQUE("slug"),
	CONSTRAINT "site_pages_slug_ck" CHECK (("site_pages"."id" = 1 AND "site_pages"."slug" = 'about') OR ("site_pages"."id" = 2 AND "site_pages"."slug" = 'privacy'))
);
--> statement-breakpoint
CREATE TRIGGER site_pages_public_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON site_pages FOR EACH STATEMENT EXECUTE FUNCTION scholars_notify_public_change();
