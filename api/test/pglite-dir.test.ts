import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
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
  openPgliteDir,
} from '../src/db/pglite-dir';
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
});
