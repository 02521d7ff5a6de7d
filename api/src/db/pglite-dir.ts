/**
 * Safe opening of the embedded database folder (PGlite), guarding the two known failure modes
 * (stack-facts.md, pglite#1106):
 *
 * 1. Two processes on one folder corrupt it. A lock file (`DATA_DIR/pgdata.lock`, naming its
 *    process; process-lock.ts) makes a second opener fail at once with {@link PgliteDirLockedError}
 *    while that process lives, and is taken over at once when it is gone (a crash or `kill -9`
 *    must not keep the API down).
 * 2. A process killed during the very first start (initdb) leaves a folder that never opens
 *    again. A new folder is therefore initialised under a temporary name and renamed into place
 *    only once complete (a rename is atomic on one file system), and an existing folder without
 *    `PG_VERSION` and `global/pg_control` is refused with {@link PgliteDirIncompleteError}.
 */
import { existsSync } from 'node:fs';
import { mkdir, readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { acquireProcessLock, LockHeldError, type LockOwner } from './process-lock';

export const PGDATA_NAME = 'pgdata';
const INIT_PREFIX = `${PGDATA_NAME}.init-`;
const LOCK_NAME = `${PGDATA_NAME}.lock`;
/** Files every complete PostgreSQL data folder has. */
const COMPLETE_MARKERS = ['PG_VERSION', path.join('global', 'pg_control')];

/** Extensions the migrations use (pg_trgm for the search indexes, btree_gist for the consultations' exclusion constraints). */
export const pgliteExtensions = { pg_trgm, btree_gist } satisfies PGliteOptions['extensions'];

export class PgliteDirLockedError extends Error {
  readonly code = 'PGLITE_DIR_LOCKED';
  constructor(
    readonly dir: string,
    readonly owner?: LockOwner,
  ) {
    super(
      `The embedded database folder ${dir} is in use by another API process (lock file ${LOCK_NAME}` +
        `${owner ? `, process ${owner.pid} on ${owner.host} started ${owner.startedAt}` : ''}). ` +
        'PGlite allows one process per folder: stop the other process, give this one another DATA_DIR, ' +
        'or set DATABASE_URL to share a PostgreSQL server between processes.',
    );
    this.name = 'PgliteDirLockedError';
  }
}

export class PgliteDirIncompleteError extends Error {
  readonly code = 'PGLITE_DIR_INCOMPLETE';
  constructor(readonly dir: string) {
    super(
      `The embedded database folder ${dir} is incomplete (no ${COMPLETE_MARKERS.join(' / ')}): its first ` +
        'initialisation was interrupted, so it holds no usable database. Move it away or delete it, then start again.',
    );
    this.name = 'PgliteDirIncompleteError';
  }
}

export type DirState = 'missing' | 'empty' | 'complete' | 'incomplete';

/** What is at `dir`: nothing, an empty folder, a complete data folder or an incomplete one. */
export async function inspectDataDir(dir: string): Promise<DirState> {
  if (!existsSync(dir)) return 'missing';
  const entries = await readdir(dir);
  if (entries.length === 0) return 'empty';
  return COMPLETE_MARKERS.every((marker) => existsSync(path.join(dir, marker))) ? 'complete' : 'incomplete';
}

export interface OpenedPglite {
  client: PGlite;
  dataDir: string;
  /** Closes the database, then releases the folder lock. */
  close(): Promise<void>;
}

export interface OpenPgliteDirOptions {
  /** Called when the lock is lost (its file was removed or taken by another process). Default: throw. */
  onCompromised?: (error: Error) => void;
}

/** Takes the folder lock of `DATA_DIR` (throws {@link PgliteDirLockedError} if held); returns its release. */
export async function lockPgliteDir(dataDirRoot: string, options: OpenPgliteDirOptions = {}): Promise<() => Promise<void>> {
  await mkdir(dataDirRoot, { recursive: true });
  try {
    const lock = await acquireProcessLock(path.join(dataDirRoot, LOCK_NAME), { onCompromised: options.onCompromised });
    return () => lock.release();
  } catch (error) {
    if (error instanceof LockHeldError) throw new PgliteDirLockedError(path.join(dataDirRoot, PGDATA_NAME), error.owner);
    throw error;
  }
}

/**
 * Opens (creating if needed) the PGlite database in `DATA_DIR/pgdata`, holding the folder lock
 * until `close()`.
 */
export async function openPgliteDir(dataDirRoot: string, options: OpenPgliteDirOptions = {}): Promise<OpenedPglite> {
  await mkdir(dataDirRoot, { recursive: true });
  const pgdata = path.join(dataDirRoot, PGDATA_NAME);

  const release = await lockPgliteDir(dataDirRoot, options);
  try {
    // Left-overs of interrupted first starts: incomplete by construction, never used.
    for (const entry of await readdir(dataDirRoot)) {
      if (entry.startsWith(INIT_PREFIX)) await rm(path.join(dataDirRoot, entry), { recursive: true, force: true });
    }

    const state = await inspectDataDir(pgdata);
    if (state === 'incomplete') throw new PgliteDirIncompleteError(pgdata);
    if (state === 'missing' || state === 'empty') {
      if (state === 'empty') await rm(pgdata, { recursive: true, force: true });
      const staging = path.join(dataDirRoot, `${INIT_PREFIX}${process.pid}-${randomBytes(4).toString('hex')}`);
      const fresh = await PGlite.create(staging, { extensions: pgliteExtensions });
      await fresh.query('SELECT 1');
      await fresh.close();
      await rename(staging, pgdata);
    }

    const client = await PGlite.create(pgdata, { extensions: pgliteExtensions });
    let closed = false;
    return {
      client,
      dataDir: pgdata,
      async close() {
        if (closed) return;
        closed = true;
        try {
          if (!client.closed) await client.close();
        } finally {
          await release();
        }
      },
    };
  } catch (error) {
    await release().catch(() => undefined);
    throw error;
  }
}

/** An in-memory PGlite (tests), optionally starting from a dump made by `dumpDataDir()`. */
export async function openPgliteMemory(loadDataDir?: Blob): Promise<PGlite> {
  return PGlite.create({ extensions: pgliteExtensions, ...(loadDataDir ? { loadDataDir } : {}) });
}
