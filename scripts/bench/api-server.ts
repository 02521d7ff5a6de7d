/**
 * The product API process of the API benchmark (scripts/bench/api.mjs starts it with tsx): the
 * real app (`buildApp`, every plugin and route as `npm start` runs them) on
 * - a fresh embedded database (PGlite) in a temporary folder, removed at exit, or
 * - DATABASE_URL (PostgreSQL): migrated, seeded and WRITTEN TO (the bench data set and one
 *   signed-in reader are added; nothing is removed afterwards).
 *
 * Before listening it tops the data set up to BENCH_ROWS conferences and approved research
 * (scripts/bench/api-dataset.ts), runs VACUUM ANALYZE on PostgreSQL (ANALYZE on PGlite), creates one verified reader with an active
 * subscription, and writes `{ port, driver, token, dataset, researchId }` to BENCH_OUT.
 * Configuration differences from production defaults: the per-address rate limit is lifted (every
 * benchmark client comes from 127.0.0.1: a million a second) and LOG_LEVEL defaults to warn (no line per request).
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { buildApp } from '../../api/src/app';
import { loadConfig } from '../../api/src/config';
import { subscriptions, users } from '../../api/src/db/schema';
import { openDatabase } from '../../api/src/db/client';
import { seedDatabase } from '../../api/src/db/seed';
import { openSession } from '../../api/src/lib/accounts/sessions';
import { createBenchDataset, rawQuery } from './api-dataset';

const out = process.env.BENCH_OUT;
if (!out) throw new Error('BENCH_OUT is required');
const rowsTarget = Number(process.env.BENCH_ROWS ?? 10_000);
const researchTarget = Number(process.env.BENCH_RESEARCH_ROWS || rowsTarget);
const port = Number(process.env.BENCH_PORT ?? 0);

// BENCH_DATA_DIR: an embedded database kept between runs (the data set is built once); else a new one.
const keptDataDir = process.env.BENCH_DATA_DIR;
const dataDir = keptDataDir ?? (await mkdtemp(path.join(tmpdir(), 'scholars-bench-api-')));
const config = loadConfig({
  ...process.env,
  NODE_ENV: 'development',
  DATA_DIR: dataDir,
  HOST: '127.0.0.1',
  PORT: String(port),
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  // Every benchmark client is 127.0.0.1: a per-second window lets it past (a per-minute one was hit
  // once the cached reads passed ~17,000 req/s), while the limiter still does its work per request.
  RATE_LIMIT_MAX: '1000000',
  RATE_LIMIT_WINDOW: '1 second',
  JWT_SECRET: process.env.JWT_SECRET ?? randomBytes(32).toString('hex'),
});
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR, poolSize: config.DATABASE_POOL_SIZE });
await database.migrate(async (db) => void (await seedDatabase(db)));
const dataset = await createBenchDataset(database, rowsTarget, researchTarget);
// On PostgreSQL, what autovacuum does within a minute of a bulk insert (visibility map, planner
// statistics). PGlite has no autovacuum: statistics only here (the API itself vacuums its embedded
// database at start, or does not, which is then what is measured).
await rawQuery(database, database.driver === 'postgres' ? 'VACUUM ANALYZE' : 'ANALYZE');
const app = await buildApp({ config, database });

const readerEmail = 'bench.reader@bench-readers.example';
let [reader] = await rawQuery<{ id: number }>(database, 'SELECT id FROM users WHERE email = $1', [readerEmail]);
if (!reader) {
  [reader] = await app.db
    .insert(users)
    .values({ name: 'Bench reader', email: readerEmail, emailVerifiedAt: new Date() })
    .returning({ id: users.id });
  const now = Date.now();
  await app.db.insert(subscriptions).values({
    userId: reader!.id,
    planId: 1,
    status: 'active',
    price: 100,
    provider: 'local',
    currentPeriodStart: new Date(now),
    currentPeriodEnd: new Date(now + 10 * 365 * 86_400_000),
  });
}
const token = app.issueAccessToken({ id: reader!.id }, await openSession(app.db, reader!.id));

await app.listen({ port, host: '127.0.0.1' });
const address = app.server.address();
const listening = typeof address === 'object' && address ? address.port : port;
await writeFile(out, JSON.stringify({ port: listening, driver: app.database.driver, token, dataset }));
console.log('BENCH_SERVER_READY');

let closing = false;
async function stop() {
  if (closing) return;
  closing = true;
  await app.close().catch(() => undefined);
  if (!keptDataDir) await rm(dataDir, { recursive: true, force: true });
  process.exit(0);
}
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
