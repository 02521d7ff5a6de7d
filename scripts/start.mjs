#!/usr/bin/env node
/**
 * Runs the whole site locally as separate deployments: the API (embedded PostgreSQL unless
 * DATABASE_URL is set, seeded), each remote on its own origin, and the shell, which serves the
 * page, /remotes.json and proxies /api and /files to the API.
 *
 *   node scripts/start.mjs            build everything, then serve the production builds
 *   node scripts/start.mjs --no-build serve the existing builds (the e2e suite uses this)
 *   node scripts/start.mjs --dev      hot reload: API in watch mode, Vite dev servers
 *
 * Ports and host: scripts/settings.mjs (PORT_API 3000, PORT_SHELL 8080, the remotes 8081-8084, HOST
 * 127.0.0.1). Ctrl-C stops everything. The production topology (nginx in front of several API
 * processes and shell servers): `npm run start:cluster` (start-cluster.mjs).
 */
import { spawnSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import path from 'node:path';
import concurrently from 'concurrently';
import { loadSettings, root } from './settings.mjs';

const { values: flags } = parseArgs({ options: { dev: { type: 'boolean' }, 'no-build': { type: 'boolean' } } });

const { host, remotes, ports, remoteUrl, shellUrl } = await loadSettings();

if (!flags.dev && !flags['no-build']) {
  console.log('Building the shell and the remotes…');
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const remoteEnv = Object.fromEntries(remotes.map((name) => [`REMOTE_${name.toUpperCase()}_URL`, remoteUrl(name)]));
const corsOrigins = [`http://localhost:${ports.shell}`, `http://127.0.0.1:${ports.shell}`, ...remotes.map(remoteUrl).map((u) => u.slice(0, -1))];

const commands = [
  {
    name: 'api',
    command: flags.dev ? 'npm run dev -w @scholars/api' : 'npm run start -w @scholars/api',
    env: {
      PORT: String(ports.api),
      HOST: host,
      CORS_ORIGINS: process.env.CORS_ORIGINS ?? corsOrigins.join(','),
      // The site's address in e-mails and in the first administrator's setup link.
      PUBLIC_BASE_URL: process.env.PUBLIC_BASE_URL ?? shellUrl,
      // `--dev` is a developer's own machine: its mail outbox is open to the browser. A plain start
      // keeps it for administrators, and each mail's code and link are printed here instead.
      ...(flags.dev && !process.env.MAIL_DEV_OUTBOX ? { MAIL_DEV_OUTBOX: 'open' } : {}),
    },
  },
  ...remotes.map((name) => ({
    name,
    command: flags.dev ? `npm run dev -w @scholars/${name}-mfe` : `npm run serve -w @scholars/${name}-mfe`,
    env: { PORT: String(ports[name]), HOST: host },
  })),
  {
    name: 'shell',
    command: flags.dev ? 'npm run dev -w @scholars/shell' : 'npm run serve -w @scholars/shell',
    env: { PORT: String(ports.shell), HOST: host, API_URL: `http://127.0.0.1:${ports.api}`, ...remoteEnv },
  },
];

const { result, commands: running } = concurrently(commands, {
  cwd: root,
  prefix: 'name',
  killOthersOn: ['failure'],
  killSignal: 'SIGTERM',
  restartTries: 0,
});

// Attach now: a service failing during start-up must end the run, not raise an unhandled rejection.
result.then(
  () => process.exit(0),
  () => process.exit(1),
);

async function waitFor(url, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url);
      if (response.ok) return true;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  return false;
}

const ready = await Promise.all([
  waitFor(`http://127.0.0.1:${ports.api}/api/health`),
  waitFor(`http://127.0.0.1:${ports.shell}/`),
  ...remotes.map((name) => waitFor(`http://127.0.0.1:${ports[name]}/${flags.dev ? '' : 'mf-manifest.json'}`)),
]);
if (ready.every(Boolean)) {
  // While no administrator exists, the API leaves a one-time setup link (api/src/lib/operators).
  const setupLink = await readFile(path.resolve(root, 'api', process.env.DATA_DIR ?? '.data', 'setup-link.txt'), 'utf8').catch(() => '');
  const setup = setupLink.trim() ? `\n  No administrator yet: make one at ${setupLink.trim()} (one-time link, 24 h)` : '';
  console.log(`\n  Scholars Hub is ready: ${shellUrl}\n  API docs: ${shellUrl}/api/docs${setup}\n`);
} else {
  console.error('Some services did not come up; see the log above.');
}

const stop = () => running.forEach((command) => command.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
