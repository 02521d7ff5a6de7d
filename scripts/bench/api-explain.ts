/**
 * Prints the plans (EXPLAIN ANALYZE) of the public list and search queries on the benchmark's data
 * set, to check that each one is served by an index at 10,000 rows:
 *
 *   node --import tsx scripts/bench/api-explain.ts                 # fresh embedded database (PGlite, temporary)
 *   DATABASE_URL=postgres://... node --import tsx scripts/bench/api-explain.ts   # that database (written to: data set added)
 *
 * BENCH_ROWS sets the data set's size (conferences and research each, default 10,000),
 * BENCH_RESEARCH_ROWS the research alone (the 1,000,000-item set); VACUUM=1 vacuums first,
 * NO_ANALYZE=1 skips the ANALYZE.
 *
 * The statements are the ones the routes send (captured from drizzle with `.toSQL()` in
 * api/src/lib/list-queries.ts), with the benchmark's bodies.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../api/src/db/client';
import { seedDatabase } from '../../api/src/db/seed';
import { ANCHOR_STRIDE, conferencePaginate, publicListStatements, researchCommunityPaginate, type PageQueries } from '../../api/src/lib/list-queries';
import { createBenchDataset, rawQuery } from './api-dataset';

const rows = Number(process.env.BENCH_ROWS ?? 10_000);
/** Approved research rows (default: BENCH_ROWS), e.g. the 1,000,000-item set. */
const researchRows = Number(process.env.BENCH_RESEARCH_ROWS || rows);
const dataDir = await mkdtemp(path.join(tmpdir(), 'scholars-bench-explain-'));
const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL || undefined, dataDir });
try {
  await database.migrate(async (db) => void (await seedDatabase(db)));
  const dataset = await createBenchDataset(database, rows, researchRows);
  if (process.env.VACUUM) await rawQuery(database, 'VACUUM ANALYZE');
  else if (!process.env.NO_ANALYZE) await rawQuery(database, 'ANALYZE');
  console.log(`${database.driver}: ${dataset.conferences} conferences, ${dataset.research} approved research\n`);
  // A deep page from its sort's anchor (what the routes run once the anchors are kept) and by its
  // offset (before), and the reading of the anchors (once per sort until the table changes).
  const deep: Array<[string, PageQueries<unknown>]> = [
    ['conference/paginate page 4000 of 20 by title desc', conferencePaginate(database.db, { limit: 20, page: 4000, col: 'title', order: 'desc', search: '' })],
    ['research-community/paginate page 7000 of 12 by updated', researchCommunityPaginate(database.db, { limit: 12, page: 7000, col: 'updated', search: '' })],
  ];
  const statements = publicListStatements(database.db);
  for (const [name, queries] of deep) {
    const offset = (queries.page - 1) * queries.limit;
    const anchors = await queries.seek!.anchors;
    const index = Math.min(Math.floor(offset / ANCHOR_STRIDE), anchors.length - 1);
    statements.push(
      { name: `${name}: rows from its anchor`, ...queries.seek!.page(anchors[index]!, offset - index * ANCHOR_STRIDE).toSQL() },
      { name: `${name}: rows by offset (before the anchors)`, ...queries.rows.toSQL() },
      { name: `${name}: the sort's anchors (read once until the table changes)`, ...queries.seek!.anchors.toSQL() },
    );
  }
  for (const statement of statements) {
    // Twice: the first run warms the caches.
    await rawQuery(database, `EXPLAIN ANALYZE ${statement.sql}`, statement.params);
    const plan = await rawQuery<{ 'QUERY PLAN': string }>(database, `EXPLAIN (ANALYZE, BUFFERS) ${statement.sql}`, statement.params);
    console.log(`--- ${statement.name}\n${statement.sql}\n${JSON.stringify(statement.params)}`);
    console.log(plan.map((row) => row['QUERY PLAN']).join('\n'), '\n');
  }
} finally {
  await database.close();
  await rm(dataDir, { recursive: true, force: true });
}
