-- The public read cache (src/plugins/app/read-cache.ts) forgets what it read from a table when the
-- table's rows change. These statement triggers tell every API process, through the bus channel
-- that the processes LISTEN on (src/lib/bus.ts), whoever made the change: an API process, the
-- seed, an administrator in psql. The notification is sent at commit (and not at all on rollback);
-- PostgreSQL sends one per table and transaction, however many statements changed it.
CREATE OR REPLACE FUNCTION scholars_notify_public_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify(
    'scholars_chat',
    json_build_object('o', 'db', 'e', json_build_object('kind', 'invalidate', 'tables', json_build_array(TG_TABLE_NAME)))::text
  );
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER subscription_plans_public_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON subscription_plans FOR EACH STATEMENT EXECUTE FUNCTION scholars_notify_public_change();
--> statement-breakpoint
CREATE TRIGGER subscription_plan_features_public_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON subscription_plan_features FOR EACH STATEMENT EXECUTE FUNCTION scholars_notify_public_change();
--> statement-breakpoint
CREATE TRIGGER conference_categories_public_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON conference_categories FOR EACH STATEMENT EXECUTE FUNCTION scholars_notify_public_change();
--> statement-breakpoint
CREATE TRIGGER community_categories_public_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON community_categories FOR EACH STATEMENT EXECUTE FUNCTION scholars_notify_public_change();
--> statement-breakpoint
CREATE TRIGGER conferences_public_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON conferences FOR EACH STATEMENT EXECUTE FUNCTION scholars_notify_public_change();
--> statement-breakpoint
CREATE TRIGGER research_submissions_public_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON research_submissions FOR EACH STATEMENT EXECUTE FUNCTION scholars_notify_public_change();
--> statement-breakpoint
CREATE TRIGGER team_members_public_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON team_members FOR EACH STATEMENT EXECUTE FUNCTION scholars_notify_public_change();
--> statement-breakpoint
CREATE TRIGGER ads_public_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ads FOR EACH STATEMENT EXECUTE FUNCTION scholars_notify_public_change();
--> statement-breakpoint
CREATE TRIGGER site_settings_public_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON site_settings FOR EACH STATEMENT EXECUTE FUNCTION scholars_notify_public_change();
