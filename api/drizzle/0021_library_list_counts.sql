-- Issue 24: the `tot` of the library's unfiltered lists (no search, category or university), kept
-- in list_counts (migration 0019) like the other public lists': 'ebooks' (every published item,
-- both tabs) and 'ebooks:<collection>' (one tab). Statement triggers add each statement's net
-- change, one UPDATE per changed row of list_counts, always in the same order (two writers cannot
-- hold them crosswise); an update that moves nothing (same status, same tab) writes nothing.
INSERT INTO "list_counts" ("list", "n")
SELECT 'ebooks', count(*)::int FROM "ebooks" WHERE "status" = 'published'
UNION ALL
SELECT 'ebooks:' || c::text, (SELECT count(*)::int FROM "ebooks" WHERE "status" = 'published' AND "collection" = c)
FROM unnest(enum_range(NULL::library_collection)) AS c
ON CONFLICT ("list") DO UPDATE SET "n" = excluded."n";--> statement-breakpoint
CREATE OR REPLACE FUNCTION scholars_count_library() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  added text[] := '{}';
  removed text[] := '{}';
  changed record;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    UPDATE list_counts SET n = 0 WHERE list = 'ebooks' OR list LIKE 'ebooks:%';
    RETURN NULL;
  END IF;
  -- A transition table exists only for the operations that have it (no new rows of a DELETE).
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    SELECT coalesce(array_agg(collection::text), '{}') INTO added FROM new_rows WHERE status = 'published';
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    SELECT coalesce(array_agg(collection::text), '{}') INTO removed FROM old_rows WHERE status = 'published';
  END IF;
  FOR changed IN
    WITH per_tab AS (
      SELECT tab, sum(d)::int AS d
      FROM (SELECT tab, 1 AS d FROM unnest(added) AS tab UNION ALL SELECT tab, -1 FROM unnest(removed) AS tab) AS moves
      GROUP BY tab
    )
    SELECT list, sum(d)::int AS d
    FROM (SELECT 'ebooks' AS list, d FROM per_tab UNION ALL SELECT 'ebooks:' || tab, d FROM per_tab) AS lists
    GROUP BY list HAVING sum(d) <> 0 ORDER BY list
  LOOP
    UPDATE list_counts SET n = n + changed.d WHERE list = changed.list;
  END LOOP;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER ebooks_count_insert AFTER INSERT ON ebooks REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION scholars_count_library();--> statement-breakpoint
CREATE TRIGGER ebooks_count_update AFTER UPDATE ON ebooks REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION scholars_count_library();--> statement-breakpoint
CREATE TRIGGER ebooks_count_delete AFTER DELETE ON ebooks REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION scholars_count_library();--> statement-breakpoint
CREATE TRIGGER ebooks_count_truncate AFTER TRUNCATE ON ebooks FOR EACH STATEMENT EXECUTE FUNCTION scholars_count_library();
