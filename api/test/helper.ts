/**
 * Test helpers (fastify/demo style): `build()` creates the real app on a FRESH database with the
 * real migrations and seed; `useApp()` does it once per test file and closes it afterwards.
 *
 * - Without DATABASE_URL: an in-memory PGlite per file, started from a template (migrated and
 *   seeded once, dumped to api/.data/test-cache/, keyed by a hash of the migrations and the seed
 *   code, built by the first file that needs it under a lock), so a file pays ~1 s, not a full
 *   initdb + migrate + seed.
 * - With DATABASE_URL (a PostgreSQL server; the role needs CREATEDB): a uniquely named database
 *   per file, migrated and seeded by the app's own start-up path, dropped after the file.
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import lockfile from 'proper-lockfile';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../src/app';
import { API_ROOT, MIGRATIONS_DIR, loadConfig, type AppConfig } from '../src/config';
import { openMemoryDatabase, type DatabaseHandle } from '../src/db/client';
import { seedDatabase } from '../src/db/seed';

export const usePostgres = Boolean(process.env.DATABASE_URL);

const CACHE_DIR = path.join(API_ROOT, '.data', 'test-cache');

async function filesUnder(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await filesUnder(full)));
    else out.push(full);
  }
  return out.sort();
}

/** Hash of everything that shapes the template: migrations, db code, PGlite version. */
async function templateKey(seeded: boolean): Promise<string> {
  const hash = createHash('sha256');
  const pglitePackage = path.join(API_ROOT, '..', 'node_modules', '@electric-sql', 'pglite', 'package.json');
  const inputs = [
    ...(await filesUnder(MIGRATIONS_DIR)),
    ...(await filesUnder(path.join(API_ROOT, 'src', 'db'))),
    path.join(API_ROOT, 'src', 'lib', 'arabic-search.ts'),
    ...(existsSync(pglitePackage) ? [pglitePackage] : []),
  ];
  for (const file of inputs) hash.update(file).update(await readFile(file));
  hash.update(seeded ? 'seeded' : 'empty');
  return hash.digest('hex').slice(0, 16);
}

const templates = new Map<boolean, Promise<Buffer>>();

/** A `dumpDataDir()` tarball of a migrated (and, by default, seeded) PGlite database. */
export function pgliteTemplate(seeded = true): Promise<Buffer> {
  let template = templates.get(seeded);
  if (!template) {
    template = makePgliteTemplate(seeded);
    templates.set(seeded, template);
  }
  return template;
}

async function makePgliteTemplate(seeded: boolean): Promise<Buffer> {
  await mkdir(CACHE_DIR, { recursive: true });
  const key = await templateKey(seeded);
  const file = path.join(CACHE_DIR, `pglite-${seeded ? 'seeded' : 'empty'}-${key}.tar`);
  if (existsSync(file)) return readFile(file);

  const release = await lockfile.lock(CACHE_DIR, {
    lockfilePath: path.join(CACHE_DIR, `${seeded ? 'seeded' : 'empty'}.lock`),
    realpath: false,
    stale: 60_000,
    retries: { retries: 300, minTimeout: 200, maxTimeout: 500 },
  });
  try {
    if (existsSync(file)) return readFile(file);
    const database = await openMemoryDatabase();
    try {
      await database.migrate(seeded ? async (db) => void (await seedDatabase(db)) : undefined);
      const dump = Buffer.from(await (await database.client.dumpDataDir('none')).arrayBuffer());
      // Old templates of other keys are of no use any more.
      for (const entry of await readdir(CACHE_DIR)) {
        if (entry.startsWith(`pglite-${seeded ? 'seeded' : 'empty'}-`) && entry.endsWith('.tar')) {
          await rm(path.join(CACHE_DIR, entry), { force: true });
        }
      }
      const partial = `${file}.${process.pid}.tmp`;
      await writeFile(partial, dump);
      await rename(partial, file);
      return dump;
    } finally {
      await database.close();
    }
  } finally {
    await release();
  }
}

/** A fresh in-memory PGlite database from the template. */
export async function freshPglite(seeded = true): Promise<DatabaseHandle> {
  const dump = await pgliteTemplate(seeded);
  return openMemoryDatabase(new Blob([new Uint8Array(dump)]));
}

/** A new, empty database on the DATABASE_URL server; `drop()` removes it. */
export async function createPostgresDatabase(): Promise<{ url: string; name: string; drop: () => Promise<void> }> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) throw new Error('DATABASE_URL is not set');
  const name = `scholars_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}

export function testConfig(env: Record<string, string> = {}): AppConfig {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    RATE_LIMIT_MAX: '100000',
    ...env,
  });
}

export interface TestApp extends FastifyInstance {
  /** Closes the app and removes its database and folders. */
  cleanup(): Promise<void>;
}

export interface BuildOptions {
  /** Extra environment for the configuration (e.g. `{ SEED: 'false' }`). */
  env?: Record<string, string>;
}

/** The real app on a fresh database (see the file comment). */
export async function build(options: BuildOptions = {}): Promise<TestApp> {
  const env = options.env ?? {};
  const seeded = (env.SEED ?? 'true') !== 'false';
  const dataDir = await mkdtemp(path.join(tmpdir(), 'scholars-api-test-'));
  let database: DatabaseHandle | undefined;
  let drop: (() => Promise<void>) | undefined;
  let databaseUrl: string | undefined;
  if (usePostgres) {
    const created = await createPostgresDatabase();
    databaseUrl = created.url;
    drop = created.drop;
  } else {
    database = await freshPglite(seeded);
  }
  const config = testConfig({ DATA_DIR: dataDir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}), ...env });
  let app: FastifyInstance;
  try {
    app = await buildApp({ config, database, logger: false });
  } catch (error) {
    await drop?.();
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
  return Object.assign(app, {
    async cleanup() {
      await app.close();
      await drop?.();
      await rm(dataDir, { recursive: true, force: true });
    },
  }) as TestApp;
}

/** Builds the app before the file's tests and cleans up after them. */
export function useApp(options: BuildOptions = {}): () => TestApp {
  let app: TestApp | undefined;
  beforeAll(async () => {
    app = await build(options);
  });
  afterAll(async () => {
    await app?.cleanup();
  });
  return () => {
    if (!app) throw new Error('the app is not built yet');
    return app;
  };
}

/** POSTs JSON and returns status and parsed body. */
export async function postJson(app: FastifyInstance, url: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/json', ...headers },
    payload: JSON.stringify(body),
  });
  return { status: response.statusCode, body: response.json() as Record<string, unknown>, response };
}

export async function getJson(app: FastifyInstance, url: string, headers: Record<string, string> = {}) {
  const response = await app.inject({ method: 'GET', url, headers });
  return { status: response.statusCode, body: response.json() as Record<string, unknown>, response };
}
