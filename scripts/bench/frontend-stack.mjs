/**
 * The front-end bench's own stack: `scripts/start.mjs --no-build` on the bench ports (shell 8490,
 * remotes 8491-8494, API 3490) with a fresh embedded database, started in its own process group
 * so that stopping it (by PID, the whole group) ends every server it started.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { tsImport } from 'tsx/esm/api';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const APPS = ['shell', 'conferences-mfe', 'community-mfe', 'library-mfe', 'account-mfe'];

export const BENCH_PORTS = { api: 3490, shell: 8490, conferences: 8491, community: 8492, library: 8493, account: 8494 };
export const SHELL_URL = `http://127.0.0.1:${BENCH_PORTS.shell}`;
const { REMOTES } = await tsImport('../../shared-contracts/src/routes.ts', import.meta.url);
export const REMOTE_ORIGINS = REMOTES.map((name) => `http://127.0.0.1:${BENCH_PORTS[name]}`);

const log = (...parts) => console.error('[bench:frontend]', ...parts);

/** Builds every app when any production build is missing. */
export function ensureBuilt() {
  const missing = APPS.filter((app) => !existsSync(path.join(root, app, 'dist', 'index.html')));
  if (missing.length === 0) return;
  log(`no production build for ${missing.join(', ')}: npm run build…`);
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] });
  if (build.status !== 0) throw new Error(`npm run build failed (${build.status ?? build.signal})`);
}

async function waitFor(url, child, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the stack exited (${child.exitCode}) before ${url} answered`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

/** Starts the stack and resolves once the API answers through the shell and every remote serves its manifest. */
export async function startStack() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'scholars-bench-frontend-'));
  const env = {
    ...process.env,
    PORT_API: String(BENCH_PORTS.api),
    PORT_SHELL: String(BENCH_PORTS.shell),
    PORT_CONFERENCES: String(BENCH_PORTS.conferences),
    PORT_COMMUNITY: String(BENCH_PORTS.community),
    PORT_LIBRARY: String(BENCH_PORTS.library),
    PORT_ACCOUNT: String(BENCH_PORTS.account),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    COOKIE_SECRET: 'bench-only-cookie-secret-0123456789abcdef0123456789',
    // Eight cold loads and eight Lighthouse runs from one address: keep the API's limiter out of the figures.
    RATE_LIMIT_MAX: '100000',
    LOG_LEVEL: 'warn',
    // The signed-in pages' reader reads its sign-up code there (the bench's own machine).
    MAIL_DEV_OUTBOX: 'open',
  };
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, [path.join(root, 'scripts/start.mjs'), '--no-build'], {
    cwd: root,
    env,
    detached: true, // its own process group: stop() ends the servers it started, and only those
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => {
    stderr = (stderr + String(chunk)).slice(-4000);
  });
  const stop = async () => {
    if (child.exitCode === null) {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // already gone
      }
      const deadline = Date.now() + 10_000;
      while (child.exitCode === null && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // the whole group has ended
      }
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitFor(`${SHELL_URL}/api/health`, child, 180_000);
    await Promise.all(REMOTE_ORIGINS.map((origin) => waitFor(`${origin}/mf-manifest.json`, child, 30_000)));
  } catch (error) {
    await stop();
    if (stderr) log(stderr);
    throw error;
  }
  return { stop };
}

/** The id of a seeded conference, looked up through the API (the first of the paginated list). */
export async function seededConferenceId() {
  const response = await fetch(`${SHELL_URL}/api/conference/paginate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ page: 1, limit: 1 }),
  });
  const body = await response.json();
  const id = body?.data?.[0]?.id ?? body?.data?.data?.[0]?.id;
  if (!id) throw new Error(`no seeded conference found (${response.status}: ${JSON.stringify(body).slice(0, 200)})`);
  return id;
}
