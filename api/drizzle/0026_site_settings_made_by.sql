-- The footer's "made by" credit from the site settings, edited in the console like the social
-- links: its name in both languages (empty in both: no credit line) and its link (null: the name
-- is shown without a link). The row a site already has keeps the name the footer showed until now
-- (the shell's texts) and gets no link: the one it had, github.com itself, named no one. Its version
-- moves on, so a console form opened before (without these fields) cannot save over them unseen.
ALTER TABLE "site_settings" ADD COLUMN "made_by_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "made_by_name_en" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "made_by_url" text;--> statement-breakpoint
UPDATE "site_settings" SET "made_by_name" = 'فريق هندسة ملتقى الباحثين', "made_by_name_en" = 'Scholars Hub engineering', "version" = "version" + 1;
