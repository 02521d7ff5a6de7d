#!/usr/bin/env node
/**
 * `npm run start:cluster`: the production topology on one machine, to try it and to test it
 * (e2e/cluster.config.ts): nginx as the front door (scripts/front-door.mjs), API_PROCESSES (2) API
 * processes and SHELL_PROCESSES (2) shell servers, on the PostgreSQL of DATABASE_URL (required) and
 * a Redis server for the shared request limit (started here from Debian's `redis-server` unless
 * RATE_LIMIT_REDIS_URL is given) and an S3-compatible store for uploads (s3rver, started here
 * unless S3_BUCKET is given: then that bucket's S3_* settings pass through). The database is migrated and seeded once, by the first API
 * process, before the others start. One URL is printed; Ctrl-C stops everything.
 *
 *   DATABASE_URL=postgres://... npm run start:cluster               build, then run
 *   node scripts/start-cluster.mjs --no-build                        the existing builds
 *   node scripts/start-cluster.mjs --no-build --fresh-database       on a new, empty database
 *                                                                    of that server (dropped at the end)
 *
 * Settings: scripts/settings.mjs (ports, pools), and every API setting passes through (README).
 * The API processes share the secrets (COOKIE_SECRET, JWT_SECRET, CAPTCHA_HMAC_KEY: random for this
 * run unless set, so sessions end with the run), one DATA_DIR (the mail outbox; api/.data/cluster by
 * default), the object store, the database and Redis: nothing that a request or a job needs is kept
 * in one process.
 */
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { frontDoorConfig } from './front-door.mjs';
import { startS3Server } from './s3-server.mjs';
import { loadSettings, root } from './settings.mjs';

const { values: flags } = parseArgs({ options: { 'no-build': { type: 'boolean' }, 'fresh-database': { type: 'boolean' } } });
const settings = await loadSettings();
const { remotes, ports, apiPorts, shellPorts, frontDoorUrl } = settings;

if (!process.env.DATABASE_URL) {
  console.error(
    'start:cluster needs PostgreSQL: set DATABASE_URL=postgres://user:password@127.0.0.1:5432/database\n' +
      '(several API processes share one database; the embedded one admits a single process). docs/deployment.md.',
  );
  process.exit(2);
}

const prefix = mkdtempSync(path.join(tmpdir(), 'scholars-cluster-'));
const children = [];
let stopping = false;

/**
 * Starts a service (the server itself, not through npm, so that a signal reaches it); its output
 * lines are prefixed with its name. Any service ending ends the run.
 */
function run(name, command, args, env = {}, cwd = root) {
  const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  for (const stream of [child.stdout, child.stderr]) {
    let rest = '';
    stream.on('data', (chunk) => {
      const lines = (rest + chunk).split('\n');
      rest = lines.pop();
      for (const line of lines) console.log(`[${name}] ${line}`);
    });
  }
  child.once('exit', (code, signal) => {
    if (stopping) return;
    console.error(`[${name}] exited (${code ?? signal}); stopping the cluster`);
    void stop(1);
  });
  children.push({ name, child });
  return child;
}

async function waitFor(url, timeoutMs = 180_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url, { signal: AbortSignal.timeout(2_000) })).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

let freshDatabase;
let objectStore;
async function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  // The front door first (no new requests), then the apps, then what they use.
  // Each service is the leader of its own process group (detached): the group is signalled, helpers included.
  for (const { child } of [...children].reverse()) {
    if (child.exitCode === null) {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // already gone
      }
    }
  }
  await Promise.all(children.map(({ child }) => (child.exitCode === null ? new Promise((resolve) => child.once('exit', resolve)) : undefined)));
  await objectStore?.close();
  if (freshDatabase) await freshDatabase.drop().catch((error) => console.error(`Could not drop ${freshDatabase.name}: ${error.message}`));
  rmSync(prefix, { recursive: true, force: true });
  process.exit(code);
}
process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));

/** A new database on DATABASE_URL's server (its role needs CREATEDB), dropped by `stop`. */
async function createFreshDatabase(serverUrl) {
  const url = new URL(serverUrl);
  const name = `scholars_cluster_${Date.now().toString(36)}_${process.pid}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  url.pathname = `/${name}`;
  return {
    name,
    url: url.href,
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

try {
  if (!flags['no-build']) {
    console.log('Building the shell and the remotes…');
    const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
  if (flags['fresh-database']) freshDatabase = await createFreshDatabase(process.env.DATABASE_URL);
  const databaseUrl = freshDatabase?.url ?? process.env.DATABASE_URL;

  // The shared request limit (decisions.md, issue 22: Redis, measured against PostgreSQL).
  let redisUrl = process.env.RATE_LIMIT_REDIS_URL;
  if (!redisUrl) {
    const redisPort = Number(process.env.PORT_REDIS ?? 6380);
    run('redis', 'redis-server', ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', prefix]);
    redisUrl = `redis://127.0.0.1:${redisPort}`;
  }

  // The runtime remote manifest: every remote through the front door, re-read by the shells when it changes.
  const remotesFile = path.join(prefix, 'remotes.json');
  const publicUrl = (process.env.PUBLIC_BASE_URL ?? frontDoorUrl).replace(/\/$/, '');
  writeFileSync(remotesFile, JSON.stringify({ remotes: remotes.map((name) => ({ name, entry: `${publicUrl}/remotes/${name}/mf-manifest.json` })) }, null, 2));

  const dataDir = process.env.DATA_DIR ?? (freshDatabase ? path.join(prefix, 'data') : path.join(root, 'api', '.data', 'cluster'));
  // Uploads: the bucket of S3_BUCKET (its S3_* settings reach every process with the environment),
  // else s3rver on this machine, its objects kept beside the data.
  if (!process.env.S3_BUCKET) objectStore = await startS3Server({ port: Number(process.env.PORT_S3 ?? 4568), directory: path.join(dataDir, 's3') });
  const storeEnv = objectStore?.env ?? {};

  // Every API process's environment, in one place.
  const secret = () => randomBytes(32).toString('hex');
  const frontDoorOrigins = [`http://localhost:${ports.frontDoor}`, `http://127.0.0.1:${ports.frontDoor}`, publicUrl];
  const apiEnv = {
    NODE_ENV: process.env.NODE_ENV ?? 'development',
    HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl,
    // Uploads and the mail outbox outlive a run on a kept database (api/.data/cluster); a fresh
    // database's go with it.
    DATA_DIR: dataDir,
    ...storeEnv,
    RATE_LIMIT_REDIS_URL: redisUrl,
    PUBLIC_BASE_URL: publicUrl,
    CORS_ORIGINS: process.env.CORS_ORIGINS ?? [...new Set(frontDoorOrigins)].join(','),
    TRUST_PROXY: process.env.TRUST_PROXY ?? 'loopback',
    COOKIE_SECRET: process.env.COOKIE_SECRET ?? secret(),
    JWT_SECRET: process.env.JWT_SECRET ?? secret(),
    CAPTCHA_HMAC_KEY: process.env.CAPTCHA_HMAC_KEY ?? secret(),
  };
  const startApi = (index, seed) =>
    run(`api-${index + 1}`, process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      ...apiEnv,
      PORT: String(apiPorts[index]),
      INSTANCE: `api-${index + 1}`,
      SEED: seed ? 'true' : 'false',
    }, path.join(root, 'api'));
  // The first process migrates and seeds; the others start on the ready database.
  startApi(0, process.env.SEED !== 'false');
  await waitFor(`http://127.0.0.1:${apiPorts[0]}/api/health`);
  for (let i = 1; i < apiPorts.length; i++) startApi(i, false);

  shellPorts.forEach((port, index) =>
    run(`shell-${index + 1}`, process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      TSX_TSCONFIG_PATH: 'tsconfig.server.json',
      PORT: String(port),
      HOST: '127.0.0.1',
      API_URL: `http://127.0.0.1:${apiPorts[index % apiPorts.length]}`,
      REMOTES_FILE: remotesFile,
      // The page's policy allows the store's origins (images redirected, PDFs framed from presigned links).
      ...storeEnv,
      // The front door on this machine tells the shells the page's host and scheme.
      TRUST_PROXY: process.env.TRUST_PROXY ?? 'loopback',
    }, path.join(root, 'shell')),
  );

  await Promise.all([
    ...apiPorts.map((port) => waitFor(`http://127.0.0.1:${port}/api/health`)),
    ...shellPorts.map((port) => waitFor(`http://127.0.0.1:${port}/remotes.json`)),
  ]);
  // The front door opens last: once it answers, every process behind it does.
  const nginxConf = path.join(prefix, 'nginx.conf');
  for (const dir of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(path.join(prefix, dir), { recursive: true });
  writeFileSync(nginxConf, frontDoorConfig(settings, { prefix }));
  run('nginx', process.env.NGINX ?? 'nginx', ['-p', prefix, '-c', nginxConf, '-e', path.join(prefix, 'error.log'), '-g', 'daemon off;']);

  await waitFor(`http://127.0.0.1:${ports.frontDoor}/api/health`);
  const setupLink = (() => {
    try {
      return readFileSync(path.join(apiEnv.DATA_DIR, 'setup-link.txt'), 'utf8').trim();
    } catch {
      return '';
    }
  })();
  console.log(
    `\n  Scholars Hub (cluster: nginx, ${apiPorts.length} API processes, ${shellPorts.length} shell servers) is ready: ${publicUrl}` +
      (setupLink ? `\n  No administrator yet: make one at ${setupLink} (one-time link, 24 h)` : '') +
      '\n',
  );
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  await stop(1);
}
