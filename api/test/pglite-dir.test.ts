import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, readdir, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { API_ROOT } from '../src/config';
import {
  PgliteDirIncompleteError,
  PgliteDirLockedError,
  inspectDataDir,
  lockPgliteDir,
  openPgliteDir,
} from '../src/db/pglite-dir';
import { acquireProcessLock } from '../src/db/process-lock';
import { testConfig } from './helper';

const run = promisify(execFile);
const roots: string[] = [];
async function newRoot() {
  const root = await mkdtemp(path.join(tmpdir(), 'scholars-pglite-'));
  roots.push(root);
  return root;
}
afterAll(async () => {
  for (const root of roots) await rm(root, { recursive: true, force: true });
});

/** Opens the folder from another Node process, as a second API would. */
async function openFromAnotherProcess(root: string) {
  const fixture = path.join(API_ROOT, 'test', 'fixtures', 'open-pglite-dir.ts');
  try {
    const { stdout } = await run(process.execPath, ['--import', 'tsx', fixture, root], { cwd: API_ROOT, timeout: 60_000 });
    return { code: 0, output: stdout };
  } catch (error) {
    const failed = error as { code?: number; stderr?: string };
    return { code: failed.code ?? -1, output: failed.stderr ?? '' };
  }
}

interface Holder {
  child: ChildProcess;
  /** Resolves with the first stdout line matching `pattern`. */
  line(pattern: RegExp): Promise<string>;
  exited: Promise<void>;
}

/** Another Node process taking the folder lock (fixtures/hold-pglite-lock.ts); it keeps it until killed. */
function holdFromAnotherProcess(root: string, waitGo = false): Holder {
  const fixture = path.join(API_ROOT, 'test', 'fixtures', 'hold-pglite-lock.ts');
  const child = spawn(process.execPath, ['--import', 'tsx', fixture, root, ...(waitGo ? ['--wait-go'] : [])], {
    cwd: API_ROOT,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  holders.push(child);
  let output = '';
  const waiters: Array<() => void> = [];
  child.stdout!.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    for (const waiter of waiters.splice(0)) waiter();
  });
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    child,
    exited,
    line: (pattern) =>
      new Promise((resolve, reject) => {
        const check = () => {
          const found = output.split('\n').find((line) => pattern.test(line));
          if (found) return resolve(found);
          if (child.exitCode !== null) return reject(new Error(`holder exited: ${output}`));
          waiters.push(check);
        };
        child.once('exit', check);
        check();
      }),
  };
}
const holders: ChildProcess[] = [];
afterAll(() => {
  for (const child of holders) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

describe('embedded database folder guard', () => {
  it('initialises a new folder atomically, refuses a second opener (same or other process), reopens after close', async () => {
    const root = await newRoot();
    // Left-over of a first start killed during initdb: never used, removed.
    await mkdir(path.join(root, 'pgdata.init-4242-deadbeef', 'base'), { recursive: true });

    const opened = await openPgliteDir(root);
    try {
      expect(await inspectDataDir(path.join(root, 'pgdata'))).toBe('complete');
      expect((await readdir(root)).sort()).toEqual(['pgdata', 'pgdata.lock']);
      await opened.client.exec('CREATE TABLE kept (x int); INSERT INTO kept VALUES (42);');

      const second = openPgliteDir(root);
      await expect(second).rejects.toBeInstanceOf(PgliteDirLockedError);
      await expect(second).rejects.toThrow(/in use by another API process/);

      const other = await openFromAnotherProcess(root);
      expect(other.code).toBe(3);
      expect(other.output).toContain('PGLITE_DIR_LOCKED');

      // The whole app refuses to start on a locked folder, with the same error.
      await expect(buildApp({ config: testConfig({ DATA_DIR: root }), logger: false })).rejects.toBeInstanceOf(PgliteDirLockedError);
    } finally {
      await opened.close();
    }
    expect(existsSync(path.join(root, 'pgdata.lock'))).toBe(false);

    const reopened = await openPgliteDir(root);
    try {
      const { rows } = await reopened.client.query<{ x: number }>('SELECT x FROM kept');
      expect(rows).toEqual([{ x: 42 }]);
    } finally {
      await reopened.close();
    }
  });

  it.each([
    ['files but no PG_VERSION', { 'base/1/1259': 'x' }],
    ['PG_VERSION but no global/pg_control', { PG_VERSION: '17\n', 'base/1/1259': 'x' }],
  ])('refuses a half-initialised folder (%s) with a clear message and releases the lock', async (_name, files) => {
    const root = await newRoot();
    for (const [file, content] of Object.entries(files)) {
      await mkdir(path.dirname(path.join(root, 'pgdata', file)), { recursive: true });
      await writeFile(path.join(root, 'pgdata', file), content);
    }
    expect(await inspectDataDir(path.join(root, 'pgdata'))).toBe('incomplete');
    const attempt = openPgliteDir(root);
    await expect(attempt).rejects.toBeInstanceOf(PgliteDirIncompleteError);
    await expect(attempt).rejects.toThrow(/incomplete .*interrupted.*delete it/);
    expect(existsSync(path.join(root, 'pgdata.lock'))).toBe(false);
    expect(existsSync(path.join(root, 'pgdata', 'base', '1', '1259'))).toBe(true);
  });

  it('inspects folders', async () => {
    const root = await newRoot();
    expect(await inspectDataDir(path.join(root, 'missing'))).toBe('missing');
    await mkdir(path.join(root, 'empty'));
    expect(await inspectDataDir(path.join(root, 'empty'))).toBe('empty');
  });

  it('takes over at once the lock of a process that was killed; refuses it while that process lives', async () => {
    const root = await newRoot();
    const holder = holdFromAnotherProcess(root);
    const pid = Number((await holder.line(/^locked /)).split(' ')[1]);
    expect(pid).toBe(holder.child.pid);

    const refused = lockPgliteDir(root);
    await expect(refused).rejects.toBeInstanceOf(PgliteDirLockedError);
    await expect(refused).rejects.toThrow(new RegExp(`in use by another API process .*process ${pid}\\b`));

    holder.child.kill('SIGKILL');
    await holder.exited;
    // The dead process could not remove its lock.
    expect(existsSync(path.join(root, 'pgdata.lock'))).toBe(true);

    const started = Date.now();
    const release = await lockPgliteDir(root);
    expect(Date.now() - started).toBeLessThan(1000);
    // Held by this process now: a second opener here is refused too.
    await expect(lockPgliteDir(root)).rejects.toBeInstanceOf(PgliteDirLockedError);
    await release();
    expect(existsSync(path.join(root, 'pgdata.lock'))).toBe(false);
  });

  it('several processes taking over one dead lock at the same moment: exactly one gets it', async () => {
    const root = await newRoot();
    const first = holdFromAnotherProcess(root);
    await first.line(/^locked /);
    first.child.kill('SIGKILL');
    await first.exited;

    const contenders = [0, 1, 2].map(() => holdFromAnotherProcess(root, true));
    await Promise.all(contenders.map((contender) => contender.line(/^ready$/)));
    for (const contender of contenders) contender.child.stdin!.write('go\n');
    const outcomes = await Promise.all(contenders.map((contender) => contender.line(/^(locked|refused) /)));
    expect(outcomes.filter((line) => line.startsWith('locked'))).toHaveLength(1);
    expect(outcomes.filter((line) => line === 'refused PGLITE_DIR_LOCKED')).toHaveLength(2);
  });

  it('a lock naming a live PID that now belongs to a process started later (PID reuse) is taken over', async () => {
    const root = await newRoot();
    const holder = holdFromAnotherProcess(root);
    await holder.line(/^locked /);
    const lockFile = path.join(root, 'pgdata.lock');
    const owner = JSON.parse(await readFile(lockFile, 'utf8')) as { pid: number; startTicks?: string };
    // The start time guards PID reuse where the system tells it (Linux /proc).
    if (process.platform === 'linux') expect(owner.startTicks).toMatch(/^\d+$/);
    else return;
    // The same live PID, recorded as started at another time: the process that held the lock is gone.
    await writeFile(lockFile, JSON.stringify({ ...owner, startTicks: String(Number(owner.startTicks) - 1) }));
    const release = await lockPgliteDir(root);
    await release();
    holder.child.kill('SIGKILL');
    await holder.exited;
  });

  it('a lock in the former format (a folder refreshed every 10 s) is refused while fresh, taken over once 30 s old', async () => {
    const root = await newRoot();
    const lockDir = path.join(root, 'pgdata.lock');
    await mkdir(lockDir);
    await expect(lockPgliteDir(root)).rejects.toBeInstanceOf(PgliteDirLockedError);
    const old = new Date(Date.now() - 31_000);
    await utimes(lockDir, old, old);
    const release = await lockPgliteDir(root);
    expect(JSON.parse(await readFile(lockDir, 'utf8'))).toMatchObject({ pid: process.pid });
    await release();
  });

  it('a held lock is refreshed; its holder is told when the file is removed or taken by another process', async () => {
    const root = await newRoot();
    const lockFile = path.join(root, 'pgdata.lock');
    const lost: Error[] = [];
    const lock = await acquireProcessLock(lockFile, { refreshMs: 20, onCompromised: (error) => lost.push(error) });
    const old = new Date(Date.now() - 60_000);
    await utimes(lockFile, old, old);
    await expect.poll(async () => (await stat(lockFile)).mtimeMs).toBeGreaterThan(Date.now() - 5_000);
    expect(lost).toEqual([]);
    await rm(lockFile);
    await expect.poll(() => lost.length).toBe(1);
    await lock.release();

    const second = await acquireProcessLock(lockFile, { refreshMs: 20, onCompromised: (error) => lost.push(error) });
    await writeFile(lockFile, JSON.stringify({ ...second.owner, id: 'someone-else' }));
    await expect.poll(() => lost.length).toBe(2);
    expect(lost[1]!.message).toMatch(/taken by another process/);
    await second.release();
    // Not ours any more: left alone.
    expect(existsSync(lockFile)).toBe(true);
  });
});
