/**
 * The database behind the API: PostgreSQL through node-postgres when DATABASE_URL is set
 * (several API processes may share it), otherwise PGlite, PostgreSQL compiled to WebAssembly,
 * embedded in this process with its files in DATA_DIR/pgdata. The same schema and migrations
 * serve both.
 */
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { MIGRATIONS_DIR } from '../config';
import * as schema from './schema';
import { openPgliteDir, openPgliteMemory, type OpenPgliteDirOptions } from './pglite-dir';

export type Schema = typeof schema;
/** A Drizzle database over either driver (queries written once for both). */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type DbDriver = 'pglite' | 'postgres';

/** Key of the PostgreSQL advisory lock held while migrating and seeding. */
export const MIGRATION_LOCK_KEY = 727_001_113;

interface DatabaseBase {
  driver: DbDriver;
  db: Db;
  /**
   * Applies the pending migrations, then runs `after` (the seed), with exclusive rights: one
   * process at a time on a shared PostgreSQL (advisory lock), and PGlite is single-process.
   */
  migrate(after?: (db: Db) => Promise<void>): Promise<void>;
  /** Throws when the database does not answer. */
  ping(): Promise<void>;
  close(): Promise<void>;
}
export interface PgliteDatabaseHandle extends DatabaseBase {
  driver: 'pglite';
  client: PGlite;
}
export interface PostgresDatabaseHandle extends DatabaseBase {
  driver: 'postgres';
  pool: pg.Pool;
}
export type DatabaseHandle = PgliteDatabaseHandle | PostgresDatabaseHandle;

const migrationsConfig = { migrationsFolder: MIGRATIONS_DIR };

/** Wraps an open PGlite. `onClose` runs after the client is closed (e.g. to release the folder lock). */
export function fromPglite(client: PGlite, onClose?: () => Promise<void>): PgliteDatabaseHandle {
  const db = drizzlePglite({ client, schema });
  let closed = false;
  return {
    driver: 'pglite',
    client,
    db: db as unknown as Db,
    async migrate(after) {
      await migratePglite(db, migrationsConfig);
      if (after) await after(db as unknown as Db);
    },
    async ping() {
      await client.query('SELECT 1');
    },
    async close() {
      if (closed) return;
      closed = true;
      if (onClose) await onClose();
      else if (!client.closed) await client.close();
    },
  };
}

export function fromPool(pool: pg.Pool): PostgresDatabaseHandle {
  const db = drizzlePg({ client: pool, schema });
  let closed = false;
  return {
    driver: 'postgres',
    pool,
    db: db as unknown as Db,
    async migrate(after) {
      // One connection holds the session-level advisory lock and runs everything, so a second
      // process starting at the same moment waits, then finds nothing left to do.
      const connection = await pool.connect();
      let broken: Error | undefined;
      try {
        await connection.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        try {
          const locked = drizzlePg({ client: connection, schema });
          await migratePg(locked, migrationsConfig);
          if (after) await after(locked as unknown as Db);
        } finally {
          await connection.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch((error: Error) => {
            broken = error;
          });
        }
      } finally {
        connection.release(broken);
      }
    },
    async ping() {
      await db.execute(sql`SELECT 1`);
    },
    async close() {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}

export function openPostgres(url: string, poolSize = 10): PostgresDatabaseHandle {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, connectionTimeoutMillis: 10_000 });
  // An idle client losing its connection (server restart) must not crash the process.
  pool.on('error', () => undefined);
  return fromPool(pool);
}

export interface OpenDatabaseOptions {
  databaseUrl?: string;
  dataDir: string;
  onLockCompromised?: OpenPgliteDirOptions['onCompromised'];
}

/** PostgreSQL when `databaseUrl` is set, else PGlite in `dataDir/pgdata` (locked, see pglite-dir.ts). */
export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl);
  const opened = await openPgliteDir(options.dataDir, { onCompromised: options.onLockCompromised });
  return fromPglite(opened.client, () => opened.close());
}

/** An in-memory PGlite database (tests, tools), optionally from a `dumpDataDir()` tarball. */
export async function openMemoryDatabase(loadDataDir?: Blob): Promise<PgliteDatabaseHandle> {
  return fromPglite(await openPgliteMemory(loadDataDir));
}
