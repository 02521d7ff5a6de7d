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
  /**
   * Calls `listener` with the tables a connection of this pool changed, once the change is
   * committed (after the statement outside a transaction, after COMMIT inside one). Returns the
   * removal. (Other processes learn of changes from the database's triggers; this tells this
   * process at once, before the query that wrote resolves.)
   */
  onCommittedWrites(listener: (tables: string[]) => void): () => void;
}

const WRITE_RE = /^\s*(?:insert\s+into|update|delete\s+from|truncate(?:\s+table)?)\s+(?:only\s+)?"?([a-z_][a-z0-9_]*)"?/i;
const BEGIN_RE = /^\s*(?:begin|start\s+transaction)\b/i;
const COMMIT_RE = /^\s*(?:commit|end)\b/i;
const ROLLBACK_RE = /^\s*rollback\b(?!\s+to\b)/i;

/** Follows the writes of every connection of `pool` (see `onCommittedWrites`). */
function trackWrites(pool: pg.Pool, emit: (tables: string[]) => void) {
  pool.on('connect', (client) => {
    let inTransaction = false;
    const dirty = new Set<string>();
    const flush = () => {
      if (dirty.size === 0) return;
      const tables = [...dirty];
      dirty.clear();
      emit(tables);
    };
    const after = (text: string) => {
      const write = WRITE_RE.exec(text);
      if (write) {
        dirty.add(write[1]!.toLowerCase());
        if (!inTransaction) flush();
      } else if (BEGIN_RE.test(text)) {
        inTransaction = true;
        dirty.clear();
      } else if (COMMIT_RE.test(text)) {
        inTransaction = false;
        flush();
      } else if (ROLLBACK_RE.test(text)) {
        inTransaction = false;
        dirty.clear();
      }
    };
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as { query: unknown }).query = (...args: unknown[]) => {
      const first = args[0];
      const text = typeof first === 'string' ? first : (first as { text?: unknown } | null)?.text;
      if (typeof text !== 'string') return query(...args);
      // Callback style (what pg.Pool#query uses), or a promise.
      const last = args.length - 1;
      const callback = args[last];
      if (typeof callback === 'function') {
        args[last] = (error: unknown, ...rest: unknown[]) => {
          if (!error) after(text);
          return (callback as (...values: unknown[]) => unknown)(error, ...rest);
        };
        return query(...args);
      }
      const result = query(...args);
      if (!(result instanceof Promise)) return result;
      return result.then((value: unknown) => {
        after(text);
        return value;
      });
    };
  });
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
  const writeListeners = new Set<(tables: string[]) => void>();
  trackWrites(pool, (tables) => {
    for (const listener of writeListeners) listener(tables);
  });
  return {
    driver: 'postgres',
    pool,
    onCommittedWrites(listener) {
      writeListeners.add(listener);
      return () => writeListeners.delete(listener);
    },
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
  // work_mem 16 MB (PostgreSQL's default is 4): a search's bitmap of matches stays exact up to
  // about a million rows; a lossy one rereads every row of its pages (a common word over 1,000,000
  // research: 3.7 s lossy, 0.33 s exact, docs/performance.md). Per sort or hash of a statement.
  const pool = new pg.Pool({ connectionString: url, max: poolSize, connectionTimeoutMillis: 10_000, options: '-c work_mem=16MB' });
  // An idle client losing its connection (server restart) must not crash the process.
  pool.on('error', () => undefined);
  return fromPool(pool);
}

export interface OpenDatabaseOptions {
  databaseUrl?: string;
  /** Connections of the PostgreSQL pool (default 10). */
  poolSize?: number;
  dataDir: string;
  onLockCompromised?: OpenPgliteDirOptions['onCompromised'];
}

/** PostgreSQL when `databaseUrl` is set, else PGlite in `dataDir/pgdata` (locked, see pglite-dir.ts). */
export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.poolSize);
  const opened = await openPgliteDir(options.dataDir, { onCompromised: options.onLockCompromised });
  return fromPglite(opened.client, () => opened.close());
}

/** An in-memory PGlite database (tests, tools), optionally from a `dumpDataDir()` tarball. */
export async function openMemoryDatabase(loadDataDir?: Blob): Promise<PgliteDatabaseHandle> {
  return fromPglite(await openPgliteMemory(loadDataDir));
}
