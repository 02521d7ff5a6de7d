/**
 * The API process of the chat fan-out benchmark (scripts/bench/chat-fanout.mjs starts it with
 * tsx). It is the real app (`buildApp`) on its own fresh database (PGlite in a temporary folder,
 * or DATABASE_URL), plus the benchmark's fixtures: BENCH_USERS signed-up users with an active
 * subscription, whose access tokens it writes to BENCH_OUT before listening.
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

const count = Number(process.env.BENCH_USERS ?? 1000);
const out = process.env.BENCH_OUT;
if (!out) throw new Error('BENCH_OUT is required');

const dataDir = await mkdtemp(path.join(tmpdir(), 'scholars-bench-'));
const config = loadConfig({
  ...process.env,
  NODE_ENV: 'development',
  DATA_DIR: dataDir,
  HOST: '127.0.0.1',
  PORT: '0',
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  // Every benchmark client comes from 127.0.0.1: the per-address HTTP limit would measure itself.
  RATE_LIMIT_MAX: '1000000',
  JWT_SECRET: process.env.JWT_SECRET ?? randomBytes(32).toString('hex'),
});
// A new embedded database takes a while to create: do it before the app's start-up timeout runs.
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
await database.migrate(async (db) => void (await seedDatabase(db)));
const app = await buildApp({ config, database });

const tokens: string[] = [];
const stamp = Date.now().toString(36);
for (let start = 0; start < count; start += 500) {
  const batch = Array.from({ length: Math.min(500, count - start) }, (_, index) => ({
    name: `Bench reader ${start + index + 1}`,
    email: `bench.${stamp}.${start + index + 1}@bench.example`,
    emailVerifiedAt: new Date(),
  }));
  const rows = await app.db.insert(users).values(batch).returning({ id: users.id });
  const now = Date.now();
  await app.db.insert(subscriptions).values(
    rows.map((row) => ({
      userId: row.id,
      planId: 1,
      status: 'active' as const,
      price: 100,
      provider: 'local' as const,
      currentPeriodStart: new Date(now),
      currentPeriodEnd: new Date(now + 365 * 86_400_000),
    })),
  );
  for (const row of rows) tokens.push(app.issueAccessToken({ id: row.id }, await openSession(app.db, row.id)));
}

await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;
await writeFile(out, JSON.stringify({ port, driver: app.database.driver, tokens }));
console.log('BENCH_SERVER_READY');

let closing = false;
async function stop() {
  if (closing) return;
  closing = true;
  await app.close().catch(() => undefined);
  await rm(dataDir, { recursive: true, force: true });
  process.exit(0);
}
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
