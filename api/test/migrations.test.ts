import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from '../src/config';
import { openPostgres, type Db } from '../src/db/client';
import { seedDatabase } from '../src/db/seed';
import { createPostgresDatabase, usePostgres, useApp } from './helper';

const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as {
  entries: Array<{ tag: string }>;
};

async function count(db: Db, query: string): Promise<number> {
  const result = (await db.execute(sql.raw(query))) as unknown as { rows: Array<{ n: number }> };
  return Number(result.rows[0]?.n);
}

const app = useApp();

describe('migrations', () => {
  it('every committed migration is applied at start, and applying again is a no-op', async () => {
    const { database } = app();
    expect(await count(database.db, 'SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations')).toBe(journal.entries.length);
    await database.migrate();
    expect(await count(database.db, 'SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations')).toBe(journal.entries.length);
    expect(await count(database.db, "SELECT count(*)::int AS n FROM pg_extension WHERE extname = 'pg_trgm'")).toBe(1);
    // The searches' indexes: the word index of each searchable table, the vocabulary's trigrams (0022).
    expect(await count(database.db, "SELECT count(*)::int AS n FROM pg_indexes WHERE indexname LIKE '%search_words_idx'")).toBe(4);
    expect(await count(database.db, "SELECT count(*)::int AS n FROM pg_indexes WHERE indexdef LIKE '%gin_trgm_ops%'")).toBe(1);
    // Best match's two columns are kept in the row (0024): storage MAIN in each ranked table.
    const kept = "SELECT count(*)::int AS n FROM pg_attribute WHERE attname IN ('title_search', 'search_vector') AND attstorage = 'm' AND attrelid IN ('conferences'::regclass, 'research_submissions'::regclass, 'ebooks'::regclass)";
    expect(await count(database.db, kept)).toBe(6);
  });

  it.runIf(usePostgres)('two processes starting at once on one PostgreSQL: one migrates and seeds, the other waits', async () => {
    const target = await createPostgresDatabase();
    // Two pools are two independent sessions, exactly like two API processes.
    const first = openPostgres(target.url, 2);
    const second = openPostgres(target.url, 2);
    try {
      const results: string[] = [];
      await Promise.all(
        [first, second].map((database) =>
          database.migrate(async (db) => {
            results.push(await seedDatabase(db));
          }),
        ),
      );
      expect(results.sort()).toEqual(['applied', 'skipped']);
      expect(await count(first.db, 'SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations')).toBe(journal.entries.length);
      expect(await count(first.db, 'SELECT count(*)::int AS n FROM conferences')).toBe(12);
      // One row per seed version (the core content, the library, the FAQ, the site pages, the consultations), each applied once.
      expect(await count(first.db, 'SELECT count(*)::int AS n FROM seed_runs')).toBe(5);
      expect(await count(first.db, 'SELECT count(DISTINCT version)::int AS n FROM seed_runs')).toBe(5);
    } finally {
      await first.close();
      await second.close();
      await target.drop();
    }
  });
});
