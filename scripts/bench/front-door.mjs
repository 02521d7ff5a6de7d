#!/usr/bin/env node
/**
 * The front door's cost (issue 22): the production topology (`scripts/start-cluster.mjs --no-build
 * --fresh-database`: nginx, 2 API processes, 2 shell servers, Redis) on a new database of the
 * PostgreSQL server named by --database-url (or DATABASE_URL; dropped at the end), then, in
 * --rounds rounds, autocannon at --connections on each call through the front door and straight
 * to one process behind it, one after the other: a cached read (GET subscription-plan) and a
 * paginated read (POST conference/paginate page 1) against API process 1, the home page against
 * shell server 1. Target: through the front door at least 80% of the straight figure (the front
 * door costs at most 20%). Needs the builds (`npm run build`) and Debian's nginx and redis-server.
 *
 *   node scripts/bench/front-door.mjs --database-url postgres://... [--rounds 3] [--seconds 6] [--connections 50] [--json file]
 *
 * With --json it writes { section: 'frontdoor', targets: [{ name, figure, target, met }] } (index.mjs).
 */
import { spawn } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { loadRun } from './load.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const { values: args } = parseArgs({
  options: {
    'database-url': { type: 'string' },
    rounds: { type: 'string', default: '3' },
    seconds: { type: 'string', default: '6' },
    connections: { type: 'string', default: '50' },
    json: { type: 'string' },
  },
});
const databaseUrl = args['database-url'] ?? process.env.DATABASE_URL;
if (!databaseUrl) {
  console.error('[bench:frontdoor] needs --database-url (or DATABASE_URL): the cluster runs on PostgreSQL. Skipped.');
  process.exit(0);
}

const PORTS = { frontDoor: 8590, api: 3590, shell: 8591, redis: 6590 };
const cluster = spawn(process.execPath, [path.join(root, 'scripts', 'start-cluster.mjs'), '--no-build', '--fresh-database'], {
  cwd: root,
  env: {
    ...process.env,
    DATABASE_URL: databaseUrl,
    PORT_FRONT_DOOR: String(PORTS.frontDoor),
    PORT_API: String(PORTS.api),
    PORT_SHELL: String(PORTS.shell),
    PORT_REDIS: String(PORTS.redis),
    PUBLIC_BASE_URL: `http://127.0.0.1:${PORTS.frontDoor}`,
    LOG_LEVEL: 'warn',
    // Every benchmark client is 127.0.0.1 (as in the API section): a per-second window lets it past
    // while the shared limit still counts every request in Redis.
    RATE_LIMIT_MAX: '1000000',
    RATE_LIMIT_WINDOW: '1 second',
  },
  stdio: ['ignore', 'pipe', 'inherit'],
});
let ready;
const up = new Promise((resolve, reject) => {
  ready = resolve;
  cluster.once('exit', (code) => reject(new Error(`the cluster exited (${code}) before it was ready`)));
});
cluster.stdout.on('data', (chunk) => {
  if (String(chunk).includes('is ready:')) ready();
});
const stopCluster = () =>
  new Promise((resolve) => {
    if (cluster.exitCode !== null) return resolve();
    cluster.once('exit', resolve);
    cluster.kill('SIGINT');
  });

const BROWSER_HEADERS = { accept: 'application/json, text/plain, */*', 'accept-encoding': 'gzip, deflate, br', 'accept-language': 'ar,en;q=0.8' };
const PAGE_HEADERS = { accept: 'text/html', 'accept-encoding': 'gzip, deflate, br', 'accept-language': 'ar,en;q=0.8' };
const front = `http://127.0.0.1:${PORTS.frontDoor}`;
const calls = [
  { name: 'GET subscription-plan (cached read)', straight: `http://127.0.0.1:${PORTS.api}`, behind: 'API process 1', path: '/api/subscription-plan', headers: BROWSER_HEADERS },
  {
    name: 'POST conference/paginate page 1',
    straight: `http://127.0.0.1:${PORTS.api}`,
    behind: 'API process 1',
    path: '/api/conference/paginate',
    method: 'POST',
    headers: { ...BROWSER_HEADERS, 'content-type': 'application/json' },
    body: JSON.stringify({ limit: 20, page: 1, col: 'start_date', search: '' }),
  },
  { name: 'GET / (home page)', straight: `http://127.0.0.1:${PORTS.shell}`, behind: 'shell server 1', path: '/', headers: PAGE_HEADERS },
];

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};
const measure = async (url, call) => {
  const result = await loadRun({ url, method: call.method ?? 'GET', headers: call.headers, body: call.body, connections: Number(args.connections), duration: Number(args.seconds) });
  return { rps: result.requests.average, p99: Math.round(result.open.p99), bad: result.errors + result.non2xx };
};

try {
  await up;
  const rows = [];
  const targets = [];
  for (const call of calls) {
    console.log(`[bench:frontdoor] ${call.name} (${args.rounds} rounds, front door then ${call.behind})…`);
    await measure(front + call.path, { ...call }).catch(() => undefined); // warm-up
    const fronts = [];
    const straights = [];
    for (let round = 0; round < Number(args.rounds); round++) {
      fronts.push(await measure(front + call.path, call));
      straights.push(await measure(call.straight + call.path, call));
    }
    const ratios = fronts.map((f, i) => f.rps / straights[i].rps);
    const ratio = median(ratios);
    rows.push({
      call: call.name,
      'front door req/s': Math.round(median(fronts.map((f) => f.rps))).toLocaleString('en'),
      'front door p99 ms': Math.max(...fronts.map((f) => f.p99)),
      [`straight req/s`]: Math.round(median(straights.map((s) => s.rps))).toLocaleString('en'),
      'straight p99 ms': Math.max(...straights.map((s) => s.p99)),
      straight_to: call.behind,
      'front / straight': `${(ratio * 100).toFixed(0)}% (${ratios.map((r) => (r * 100).toFixed(0)).join('/')})`,
      'errors / non-2xx': [...fronts, ...straights].reduce((sum, r) => sum + r.bad, 0),
      met: ratio >= 0.8 ? 'yes' : 'NO',
    });
    targets.push({ name: `front door: ${call.name}`, figure: `${(ratio * 100).toFixed(0)}% of straight`, target: '>= 80%', met: ratio >= 0.8 });
  }
  console.log(`Front door (nginx, 2 API processes, 2 shell servers) against one process straight; autocannon ${args.connections} connections, ${args.rounds} rounds of ${args.seconds} s each way; medians, p99: worst round, on open connections (load.mjs)`);
  console.table(rows);
  if (args.json) await writeFile(args.json, JSON.stringify({ section: 'frontdoor', targets }));
} finally {
  await stopCluster();
}
