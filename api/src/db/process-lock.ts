/**
 * An exclusive lock file held by a live process: a lock left by a process that is gone (killed,
 * crashed) is taken over at once, not after an age.
 *
 * The lock file names its owner: PID, host name and, on Linux, boot id, PID namespace and the
 * process start time. It is created with `wx` (fails if the name exists). Where the owner can be
 * asked (same host, boot and PID namespace), it is gone when `process.kill(pid, 0)` says ESRCH
 * (EPERM: alive, another user's) or when that PID now belongs to a process started at another
 * time (PID reuse). An owner elsewhere (a folder shared between hosts, a container restarted in
 * a new PID namespace) cannot be asked, nor can an unreadable file or a lock of the former format
 * (a folder): such a lock is gone only once its modification time is `staleMs` old; holders
 * refresh it every `refreshMs`.
 *
 * A gone owner's lock is removed under a short takeover lock (proper-lockfile), and only if the
 * file still reads the same, so several processes taking over at once cannot all win.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync, unlinkSync } from 'node:fs';
import { readFile, readlink, rm, stat, unlink, utimes, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import lockfile from 'proper-lockfile';

export interface LockOwner {
  /** Unique per acquisition. */
  id: string;
  pid: number;
  host: string;
  bootId?: string;
  pidNs?: string;
  /** Process start time in clock ticks since boot (Linux). */
  startTicks?: string;
  /** For people reading the file. */
  startedAt: string;
}

export class LockHeldError extends Error {
  readonly code = 'ELOCKED';
  constructor(
    readonly lockPath: string,
    readonly owner: LockOwner | undefined,
  ) {
    super(`Lock file ${lockPath} is held${owner ? ` by process ${owner.pid} on ${owner.host}` : ''}`);
    this.name = 'LockHeldError';
  }
}

export interface ProcessLockOptions {
  /** Called when the lock is lost (its file was removed or taken by another process). Default: throw. */
  onCompromised?: (error: Error) => void;
  /** Modification time refresh of a held lock (default 10 s). */
  refreshMs?: number;
  /** Age after which a lock whose owner cannot be asked counts as gone (default 30 s). */
  staleMs?: number;
}

export interface ProcessLock {
  owner: LockOwner;
  release(): Promise<void>;
}

async function readText(file: string): Promise<string | undefined> {
  try {
    return (await readFile(file, 'utf8')).trim();
  } catch {
    return undefined;
  }
}

/** Start time of process `pid` (field 22 of /proc/<pid>/stat, after the parenthesised command name). */
async function startTicks(pid: number): Promise<string | undefined> {
  const line = await readText(`/proc/${pid}/stat`);
  return line?.slice(line.lastIndexOf(')') + 2).split(' ')[19];
}

let scope: Promise<Pick<LockOwner, 'host' | 'bootId' | 'pidNs'>> | undefined;
function currentScope() {
  scope ??= (async () => ({
    host: hostname(),
    bootId: await readText('/proc/sys/kernel/random/boot_id'),
    pidNs: await readlink('/proc/self/ns/pid').catch(() => undefined),
  }))();
  return scope;
}

function parseOwner(raw: string | undefined): LockOwner | undefined {
  if (!raw) return undefined;
  try {
    const owner = JSON.parse(raw) as Partial<LockOwner>;
    if (typeof owner.id !== 'string' || typeof owner.host !== 'string') return undefined;
    if (!Number.isSafeInteger(owner.pid) || owner.pid! <= 0) return undefined;
    return owner as LockOwner;
  } catch {
    return undefined;
  }
}

/** Lock ids held by this process, with their paths. */
const held = new Map<string, string>();
let exitHook = false;

async function ownerAlive(owner: LockOwner): Promise<boolean> {
  // The same PID in the same namespace is this process or an earlier one that had our PID.
  if (owner.pid === process.pid) return held.has(owner.id);
  try {
    process.kill(owner.pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ESRCH') return false;
  }
  if (owner.startTicks) {
    const now = await startTicks(owner.pid);
    if (now !== undefined && now !== owner.startTicks) return false;
  }
  return true;
}

type Found = { state: 'missing' } | { state: 'held' | 'gone'; owner?: LockOwner; raw?: string };

async function inspect(lockPath: string, staleMs: number): Promise<Found> {
  try {
    const info = await stat(lockPath);
    const raw = info.isDirectory() ? undefined : await readFile(lockPath, 'utf8');
    const owner = parseOwner(raw);
    const here = await currentScope();
    const askable = owner && owner.host === here.host && owner.bootId === here.bootId && owner.pidNs === here.pidNs;
    const alive = askable ? await ownerAlive(owner) : Date.now() - info.mtimeMs < staleMs;
    return { state: alive ? 'held' : 'gone', owner, raw };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { state: 'missing' };
    throw error;
  }
}

/** Removes the lock of a gone owner if it still reads `raw` (undefined: a folder), under the takeover lock. */
async function takeOverGone(lockPath: string, raw: string | undefined, staleMs: number): Promise<void> {
  let release: () => Promise<void>;
  try {
    release = await lockfile.lock(lockPath, {
      lockfilePath: `${lockPath}.takeover`,
      realpath: false,
      stale: 5_000,
      retries: { retries: 50, minTimeout: 20, maxTimeout: 100 },
    });
  } catch (error) {
    // Another process is still taking over: the caller looks at the lock again.
    if ((error as NodeJS.ErrnoException).code === 'ELOCKED') return;
    throw error;
  }
  try {
    const again = await inspect(lockPath, staleMs);
    if (again.state === 'gone' && again.raw === raw) await rm(lockPath, { recursive: true, force: true });
  } finally {
    await release();
  }
}

function removeHeldOnExit() {
  for (const [id, lockPath] of held) {
    try {
      if (parseOwner(readFileSync(lockPath, 'utf8'))?.id === id) unlinkSync(lockPath);
    } catch {
      // nothing to remove
    }
  }
}

/** Takes the lock at `lockPath` or throws {@link LockHeldError} when a live process holds it. */
export async function acquireProcessLock(lockPath: string, options: ProcessLockOptions = {}): Promise<ProcessLock> {
  const staleMs = options.staleMs ?? 30_000;
  const owner: LockOwner = {
    id: randomBytes(8).toString('hex'),
    pid: process.pid,
    ...(await currentScope()),
    startTicks: await startTicks(process.pid),
    startedAt: new Date(Date.now() - process.uptime() * 1000).toISOString(),
  };
  // Each round takes the lock, finds a live holder, or removes a gone one and tries again.
  for (let round = 0; round < 5; round += 1) {
    try {
      await writeFile(lockPath, `${JSON.stringify(owner)}\n`, { flag: 'wx' });
      return hold(lockPath, owner, staleMs, options);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'EEXIST' && code !== 'EISDIR') throw error;
    }
    const found = await inspect(lockPath, staleMs);
    if (found.state === 'held') throw new LockHeldError(lockPath, found.owner);
    if (found.state === 'gone') await takeOverGone(lockPath, found.raw, staleMs);
  }
  throw new LockHeldError(lockPath, undefined);
}

function hold(lockPath: string, owner: LockOwner, staleMs: number, options: ProcessLockOptions): ProcessLock {
  held.set(owner.id, lockPath);
  if (!exitHook) {
    exitHook = true;
    process.once('exit', removeHeldOnExit);
  }
  let released = false;
  let lastRefresh = Date.now();
  const compromised = (error: Error) => {
    if (options.onCompromised) options.onCompromised(error);
    else
      process.nextTick(() => {
        throw error;
      });
  };
  const timer = setInterval(() => {
    void (async () => {
      try {
        if (parseOwner(await readFile(lockPath, 'utf8'))?.id !== owner.id) {
          throw Object.assign(new Error(`Lock file ${lockPath} was taken by another process`), { code: 'ECOMPROMISED' });
        }
        const now = new Date();
        await utimes(lockPath, now, now);
        lastRefresh = Date.now();
      } catch (error) {
        if (released) return;
        const code = (error as NodeJS.ErrnoException).code;
        if (code === 'ENOENT' || code === 'ECOMPROMISED' || Date.now() - lastRefresh > staleMs) {
          clearInterval(timer);
          held.delete(owner.id);
          compromised(error as Error);
        }
      }
    })();
  }, options.refreshMs ?? 10_000);
  timer.unref();
  return {
    owner,
    async release() {
      if (released) return;
      released = true;
      clearInterval(timer);
      held.delete(owner.id);
      if (parseOwner(await readText(lockPath))?.id === owner.id) {
        await unlink(lockPath).catch((error: NodeJS.ErrnoException) => {
          if (error.code !== 'ENOENT') throw error;
        });
      }
    },
  };
}
