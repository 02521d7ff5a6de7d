#!/usr/bin/env node
/**
 * API benchmark (issue 6, "Fast by design"), everything measured in one run on this machine:
 *
 * 1. a bare Fastify hello-world (scripts/bench/api-hello.mjs) in its own process: the baseline;
 * 2. the product API (scripts/bench/api-server.ts: `buildApp`, every plugin and route) in another
 *    process, on a fresh embedded database (PGlite, temporary folder) or, with --database-url, on
 *    that PostgreSQL database, which is WRITTEN TO: migrated, seeded, topped up with the bench
 *    data set (--rows conferences and --rows approved research, default 10,000 each; realistic
 *    Arabic/English text) and one reader account; nothing is removed afterwards, and a second run
 *    on the same database adds nothing;
 * 3. autocannon (as a library, --connections, default 50, for --seconds in all after a --warmup
 *    run) against each call, in --rounds rounds (default 5), each round between two hello-world
 *    runs of half its time (the base of its ratio is their mean), so that both figures of a ratio
 *    are taken around the same seconds whatever else the machine is doing, and a drift of the
 *    machine's speed within a call's measurement (this VM's throughput moves by a third from one
 *    run to the next, and within seconds) weighs on no single ratio; a table
 *    with req/s (median of the rounds), p50 (median)/p99 (worst round) latency of the answers on
 *    open connections (each connection's first answer apart: see load.mjs), errors and non-2xx
 *    answers, bytes per answer, the paired hello-world req/s (median) and the ratio to it (median of
 *    the rounds' ratios), the target and whether it is met; the API's resident memory
 *    (VmRSS) at idle and under load; the share of CPU time other processes took meanwhile (the
 *    figures mean little when it is high).
 *
 * Targets printed (issue 6): on PostgreSQL, cacheable public reads >= 50% of hello-world req/s,
 * paginated and searched reads >= 20%, p99 <= 50 ms at 50 connections; on the embedded database,
 * paginated reads >= 5%. The uncached rows (issue 24, meant for --rows 100000): on PostgreSQL >= 1,000
 * req/s, p99 <= 100 ms and, one request at a time (200 requests, no queue), p95 <= 20 ms; on the
 * embedded database p99 <= 300 ms.
 *
 * Every API request carries the headers a browser sends (Accept, Accept-Encoding: gzip, deflate,
 * br, Accept-Language). The "varied" rows send a different body on every request (random pages,
 * sort columns and search words) so that they measure the database path, not a cache.
 *
 *   node scripts/bench/api.mjs [--database-url postgres://...] [--json file] [--connections 50] [--seconds 10] [--rounds 5]
 *                            [--warmup 2] [--rows 10000] [--research-rows <default: --rows>] [--log-level warn]
 *                            [--only <part of a call's name>[,<another>...]]
 *
 * --research-rows: approved research rows of their own number (the 1,000,000-item set of issue 24;
 * on PostgreSQL build it once into a database of its own and pass that --database-url again).
 *
 * Plans of the list queries on the same data set: scripts/bench/api-explain.ts.
 *
 * With --json it writes { section: 'api', targets: [{ name, figure, target, met }] } (index.mjs).
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { readFileSync, readdirSync } from 'node:fs';
import net from 'node:net';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { loadRun } from './load.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const { values: args } = parseArgs({
  options: {
    'database-url': { type: 'string' },
    json: { type: 'string' },
    connections: { type: 'string', default: '50' },
    seconds: { type: 'string', default: '10' },
    rounds: { type: 'string', default: '5' },
    warmup: { type: 'string', default: '2' },
    rows: { type: 'string', default: '10000' },
    'research-rows': { type: 'string' },
    'log-level': { type: 'string', default: 'warn' },
    only: { type: 'string' },
  },
});
const CONNECTIONS = Number(args.connections);
const SECONDS = Number(args.seconds);
const ROUNDS = Math.max(1, Math.round(Number(args.rounds)));
/** One round of a call, and of its hello-world run before it (whole seconds: autocannon's unit). */
const ROUND_SECONDS = Math.max(1, Math.round(SECONDS / ROUNDS));
const WARMUP = Number(args.warmup);
/** The hello-world run before each call. */
const HELLO_SECONDS = Math.max(1, Math.ceil(ROUND_SECONDS / 2));
const ROWS = Number(args.rows);
const onPostgres = Boolean(args['database-url']);
/** --only: parts of call names, comma-separated (a call is measured when its name contains one). */
const only = args.only?.split(',').map((part) => part.trim()).filter(Boolean);

const log = (...parts) => console.error('[bench:api]', ...parts);

/** A free port in 9300-9399 (the range this project's benchmarks use). */
async function freePort(exclude = []) {
  for (let port = 9300; port <= 9399; port += 1) {
    if (exclude.includes(port)) continue;
    const free = await new Promise((resolve) => {
      const server = net.createServer();
      server.once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error('no free port in 9300-9399');
}

/** Spawns `argv` and resolves once it prints `marker` on stdout. */
function startChild(argv, env, marker) {
  const child = spawn(process.execPath, argv, { cwd: root, env, stdio: ['ignore', 'pipe', 'inherit'] });
  children.add(child);
  child.once('exit', () => children.delete(child));
  return new Promise((resolve, reject) => {
    const onExit = (code, signal) => reject(new Error(`${path.basename(argv.at(-1))} exited (${code ?? signal}) before it was ready`));
    child.once('exit', onExit);
    let seen = '';
    child.stdout.on('data', (chunk) => {
      if (seen === null) return;
      seen += String(chunk);
      if (seen.includes(marker)) {
        seen = null;
        child.off('exit', onExit);
        resolve(child);
      }
    });
  });
}
const children = new Set();
async function stopChild(child) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    for (const child of children) child.kill('SIGTERM');
    process.exit(130);
  });
}

function rssMiB(pid) {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : NaN;
  } catch {
    return NaN;
  }
}

/** CPU ticks: the whole machine busy, and the processes of this benchmark (itself, its servers, PostgreSQL). */
function cpuTicks(pids) {
  const [, ...fields] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).map(Number);
  // user + nice + system: the time processes run (interrupts and the loopback network's softirq
  // work are nobody's in /proc/<pid>/stat, so they are left out on both sides).
  const busy = fields[0] + fields[1] + fields[2];
  const steal = fields[7] ?? 0;
  const ours = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      if (!pids.includes(Number(entry)) && !(onPostgres && comm === 'postgres')) continue;
      const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ours.set(entry, Number(rest[11]) + Number(rest[12])); // utime, stime
    } catch {
      // gone meanwhile
    }
  }
  return { busy, steal, ours };
}

/** Share of the machine's busy time between two snapshots taken by processes other than this benchmark's (and stolen). */
function otherWork(before, after) {
  let ours = 0;
  for (const [pid, ticks] of after.ours) ours += ticks - (before.ours.get(pid) ?? ticks);
  const busy = Math.max(1, after.busy - before.busy);
  return { busy, others: Math.max(0, busy - ours), steal: after.steal - before.steal };
}

/** One autocannon run at the bench's connections (latencies on open connections and first answers apart: load.mjs). */
const run = (options) => loadRun({ connections: CONNECTIONS, ...options });

const BROWSER_HEADERS = {
  accept: 'application/json, text/plain, */*',
  'accept-encoding': 'gzip, deflate, br',
  'accept-language': 'ar,en;q=0.8',
};
const JSON_HEADERS = { ...BROWSER_HEADERS, 'content-type': 'application/json' };

/** Arabic search words as people type them (with and without diacritics and hamza). */
const SEARCH_WORDS = [
  'الذَّكاء الاصطناعى',
  'أمن المعلومات',
  'امن المعلومات',
  'الطاقة المُتَجَدِّدَة',
  'التعليم الالكتروني',
  'اللغة العربية',
  'الاقتصاد الاسلامي',
  'الصحة العامة',
  'التغير المناخى',
  'إدارة الموارد',
  'علوم البيانات',
  'التراث',
  'الترجمة',
  'القانون الدولى',
  'الأمن الغذائي',
  'المدن الذكية',
  'الإعلام الرقمي',
  'الطب الجيني',
  'السياحة',
  'ريادة الاعمال',
  'الأمن السيبراني',
  'تحلية المياه',
  'دبي',
  'الشارقة',
  'مؤتمر',
  'موتمر دولي',
  'دراسة تحليلية',
];
/** English search words, as the data set's English fields have them. */
const SEARCH_WORDS_EN = [
  'artificial intelligence',
  'information security',
  'renewable energy',
  'e-learning',
  'Islamic economics',
  'public health',
  'climate change',
  'water management',
  'data science',
  'heritage',
  'translation',
  'international law',
  'food security',
  'smart cities',
  'digital media',
  'genomic medicine',
  'tourism',
  'entrepreneurship',
  'cybersecurity',
  'governance',
  'desalination',
  'Dubai',
  'Sharjah',
  'conference',
  'systematic review',
];
const randomInt = (max) => 1 + Math.floor(Math.random() * max);
const randomItem = (list) => list[Math.floor(Math.random() * list.length)];

/**
 * One request at a time (no queue): the latency a single user meets, p95 of `count` requests,
 * each with its own body (issue 24's "single request p95").
 */
async function singleP95(target, call, count = 200) {
  const times = [];
  for (let i = 0; i < count; i += 1) {
    const started = performance.now();
    const response = await fetch(target, { method: call.method, headers: call.headers, body: JSON.stringify(call.vary()) });
    await response.arrayBuffer();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length * 0.95)];
}

/** One autocannon run (after a warm-up) against `target`; the row of the table. */
async function measure(target, call, seconds = SECONDS, warmup = WARMUP) {
  const options = {
    url: target,
    method: call.method,
    headers: call.headers,
    body: call.body,
  };
  if (call.vary) {
    options.requests = [
      {
        setupRequest(request) {
          request.body = JSON.stringify(call.vary());
          return request;
        },
      },
    ];
  }
  if (warmup > 0) await run({ ...options, duration: warmup });
  const result = await run({ ...options, duration: seconds });
  const ok = call.expect304 ? (result.statusCodeStats?.['304']?.count ?? 0) : result.requests.total - result.non2xx;
  return {
    call: call.name,
    // The uncached rows are ours (the database path under misses), not calls the issue names.
    ours: Boolean(call.vary),
    reqPerSec: result.requests.average,
    p50: result.open.p50,
    p99: result.open.p99,
    firstP99: result.first.p99,
    errors: result.errors + result.timeouts,
    non2xx: call.expect304 ? result.requests.total - ok : result.non2xx,
    bytesPerAnswer: result.requests.total ? result.throughput.total / result.requests.total : 0,
    note: call.note ?? '',
  };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

async function main() {
  const workDir = await mkdtemp(path.join(tmpdir(), 'scholars-bench-api-'));
  const helloPort = await freePort();
  const apiPort = await freePort([helloPort]);

  log(`starting the hello-world baseline on 127.0.0.1:${helloPort}…`);
  const hello = await startChild([path.join(here, 'api-hello.mjs'), String(helloPort)], { ...process.env }, 'BENCH_HELLO_READY');
  const helloUrl = `http://127.0.0.1:${helloPort}/`;
  const helloCall = { name: 'hello-world (bare Fastify)', method: 'GET', headers: BROWSER_HEADERS };

  log(`starting the API on 127.0.0.1:${apiPort} (${onPostgres ? 'PostgreSQL' : 'fresh PGlite'}) and creating the data set (${ROWS} conferences, ${args['research-rows'] ?? ROWS} research)…`);
  const out = path.join(workDir, 'server.json');
  const env = { ...process.env, BENCH_OUT: out, BENCH_ROWS: String(ROWS), BENCH_PORT: String(apiPort), LOG_LEVEL: args['log-level'] };
  if (args['research-rows']) env.BENCH_RESEARCH_ROWS = args['research-rows'];
  delete env.DATABASE_URL;
  if (onPostgres) env.DATABASE_URL = args['database-url'];
  const startedAt = Date.now();
  const api = await startChild(['--import', 'tsx', path.join(here, 'api-server.ts')], env, 'BENCH_SERVER_READY');
  const server = JSON.parse(await readFile(out, 'utf8'));
  const d = server.dataset;
  log(
    `API ready in ${((Date.now() - startedAt) / 1000).toFixed(1)} s on ${server.driver}: ${d.conferences} conferences, ${d.research} approved research ` +
      `(${d.insertedConferences + d.insertedResearch} rows inserted in ${d.seconds.toFixed(1)} s)`,
  );

  const base = `http://127.0.0.1:${server.port}`;
  const auth = { authorization: `Bearer ${server.token}` };
  const confPages = Math.max(1, Math.ceil(d.conferences / 20));
  const researchPages = Math.max(1, Math.ceil(d.research / 12));
  const deepPage = Math.max(1, Math.floor(confPages * 0.8));
  const arabicSearch = 'الذَّكاء الاصطناعى';

  // Learn the ETag of the plans for the conditional row (absent before the caching work).
  const plansProbe = await fetch(`${base}/api/subscription-plan`, { headers: BROWSER_HEADERS });
  const planEtag = plansProbe.headers.get('etag');

  /** group: what the target is about. */
  const calls = [
    { name: 'GET subscription-plan', group: 'cacheable', method: 'GET', path: '/api/subscription-plan', headers: BROWSER_HEADERS },
    ...(planEtag
      ? [{ name: 'GET subscription-plan (If-None-Match: 304)', group: 'cacheable', method: 'GET', path: '/api/subscription-plan', headers: { ...BROWSER_HEADERS, 'if-none-match': planEtag }, expect304: true }]
      : []),
    { name: 'GET conference-categories', group: 'cacheable', method: 'GET', path: '/api/conference-categories', headers: BROWSER_HEADERS },
    { name: 'POST conference/paginate page 1', group: 'paginated', method: 'POST', path: '/api/conference/paginate', headers: JSON_HEADERS, body: JSON.stringify({ limit: 20, page: 1, col: 'start_date', search: '' }) },
    { name: `POST conference/paginate page ${deepPage} (deep)`, group: 'paginated', method: 'POST', path: '/api/conference/paginate', headers: JSON_HEADERS, body: JSON.stringify({ limit: 20, page: deepPage, col: 'start_date', search: '' }) },
    { name: `POST research-community/paginate search "${arabicSearch}"`, group: 'paginated', method: 'POST', path: '/api/research-community/paginate', headers: JSON_HEADERS, body: JSON.stringify({ limit: 12, page: 1, col: 'updated', search: arabicSearch }) },
    {
      name: 'POST conference/paginate, varied pages/sorts (uncached)',
      group: 'paginated',
      method: 'POST',
      path: '/api/conference/paginate',
      headers: JSON_HEADERS,
      vary: () => ({ limit: 20, page: randomInt(confPages), col: randomItem(['start_date', 'title', 'title_en', 'id']), order: randomItem(['asc', 'desc']), search: '' }),
    },
    {
      name: 'POST research-community/paginate, varied pages/sorts (uncached)',
      group: 'paginated',
      method: 'POST',
      path: '/api/research-community/paginate',
      headers: JSON_HEADERS,
      vary: () => ({ limit: 12, page: randomInt(researchPages), col: randomItem(['updated', 'name', 'name_en', 'id']), order: randomItem(['asc', 'desc']), search: '' }),
    },
    {
      name: 'POST research-community/paginate, varied Arabic searches (uncached)',
      group: 'paginated',
      method: 'POST',
      path: '/api/research-community/paginate',
      headers: JSON_HEADERS,
      vary: () => ({ limit: 12, page: randomInt(3), col: 'updated', search: `${randomItem(SEARCH_WORDS)} ${randomItem(SEARCH_WORDS)}`, category_id: Math.random() < 0.3 ? randomInt(7) : undefined }),
    },
    // Issue 24: what people search, sorted the way the lists sort a search (best match first).
    {
      name: 'POST research-community/paginate, varied Arabic searches by relevance (uncached)',
      group: 'paginated',
      method: 'POST',
      path: '/api/research-community/paginate',
      headers: JSON_HEADERS,
      // Two words and a page size of 6 to 12: nearly every body is new, as in the row above.
      vary: () => ({ limit: 5 + randomInt(7), page: randomInt(3), col: 'relevance', search: `${randomItem(SEARCH_WORDS)} ${randomItem(SEARCH_WORDS)}`, category_id: Math.random() < 0.3 ? randomInt(7) : undefined }),
    },
    {
      name: 'POST conference/paginate, varied English searches by relevance (uncached)',
      group: 'paginated',
      method: 'POST',
      path: '/api/conference/paginate',
      headers: JSON_HEADERS,
      vary: () => ({ limit: 5 + randomInt(15), page: randomInt(3), col: 'relevance', search: `${randomItem(SEARCH_WORDS_EN)} ${randomItem(SEARCH_WORDS_EN)}` }),
    },
    { name: 'GET auth/me (signed in)', group: 'authenticated', method: 'GET', path: '/api/auth/me', headers: { ...BROWSER_HEADERS, ...auth } },
  ].filter((call) => !only || only.some((part) => call.name.includes(part)));

  // Every call answers before it is measured.
  for (const call of calls) {
    const response = await fetch(`${base}${call.path}`, {
      method: call.method,
      headers: call.headers,
      body: call.vary ? JSON.stringify(call.vary()) : call.body,
    });
    const text = await response.text();
    if (response.status !== (call.expect304 ? 304 : 200)) throw new Error(`${call.name}: HTTP ${response.status} ${text.slice(0, 300)}`);
    if (call.group === 'paginated' && !call.vary) {
      const json = JSON.parse(text);
      call.note = `tot ${json.tot}, ${json.data.length} rows`;
    }
  }

  // Idle memory: after start, data set creation and the checks above, before any load.
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const rssIdle = rssMiB(api.pid);
  let rssPeak = rssIdle;
  const sampler = setInterval(() => {
    const value = rssMiB(api.pid);
    if (value > rssPeak) rssPeak = value;
  }, 200);

  // Each round of a call is measured between two hello-world runs (the one before it and the next
  // round's, one more after the last): its ratio's base is their mean, so a machine whose speed
  // drifts during the round weighs on both sides; the call's figures are the medians of its rounds.
  const pids = [process.pid, hello.pid, api.pid];
  const ticksStart = cpuTicks(pids);
  const rows = [];
  for (const call of calls) {
    log(`${call.name} (${ROUNDS} rounds, each between hello-world runs)…`);
    const rounds = [];
    const hellosAround = [await measure(helloUrl, helloCall, HELLO_SECONDS, Math.min(WARMUP, 1))];
    for (let round = 0; round < ROUNDS; round += 1) {
      const measured = await measure(`${base}${call.path}`, call, ROUND_SECONDS, round === 0 ? WARMUP : 0);
      hellosAround.push(await measure(helloUrl, helloCall, HELLO_SECONDS, 0));
      const [before, after] = hellosAround.slice(-2);
      const baseline = { ...before, reqPerSec: (before.reqPerSec + after.reqPerSec) / 2, p50: Math.max(before.p50, after.p50), p99: Math.max(before.p99, after.p99), firstP99: Math.max(before.firstP99, after.firstP99) };
      rounds.push({ baseline, measured });
    }
    // A row of the rounds: req/s, p50 and bytes their medians, p99 the worst, errors summed.
    const combined = (list) => ({
      ...list[0],
      reqPerSec: median(list.map((r) => r.reqPerSec)),
      p50: Math.round(median(list.map((r) => r.p50))),
      p99: Math.round(Math.max(...list.map((r) => r.p99))),
      p99s: list.map((r) => Math.round(r.p99)),
      firstP99: Math.round(Math.max(...list.map((r) => r.firstP99))),
      errors: list.reduce((sum, r) => sum + r.errors, 0),
      non2xx: list.reduce((sum, r) => sum + r.non2xx, 0),
      bytesPerAnswer: median(list.map((r) => r.bytesPerAnswer)),
    });
    const ratios = rounds.map((r) => (100 * r.measured.reqPerSec) / r.baseline.reqPerSec);
    const row = { ...combined(rounds.map((r) => r.measured)), ratio: median(ratios), ratios };
    row.group = call.group;
    row.hello = combined(rounds.map((r) => r.baseline));
    if (call.vary) row.single95 = await singleP95(`${base}${call.path}`, call);
    rows.push(row);
  }
  clearInterval(sampler);
  const ticksEnd = cpuTicks(pids);
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const rssAfter = rssMiB(api.pid);
  await stopChild(api);
  await stopChild(hello);
  await rm(workDir, { recursive: true, force: true });
  const other = otherWork(ticksStart, ticksEnd);

  // ---------------------------------------------------------------------------------- report
  const fmtInt = (value) => Math.round(value).toLocaleString('en-US');
  const hellos = rows.map((row) => row.hello.reqPerSec);
  const pct = (value) => `${value.toFixed(1)}%`;
  const ratioOf = (row) => row.ratio;
  const targetsOf = (row) => {
    const ratio = ratioOf(row);
    const list = [];
    if (row.ours) {
      // Issue 24: the uncached lists at 100,000 items.
      const single = { what: 'single request p95', figure: row.single95, fmt: (v) => `${v.toFixed(1)} ms` };
      if (onPostgres) {
        list.push({ what: 'req/s', figure: row.reqPerSec, text: '>= 1,000', met: row.reqPerSec >= 1000, fmt: (v) => fmtInt(v) });
        list.push({ what: `p99 at ${CONNECTIONS} connections`, figure: row.p99, text: '<= 100 ms', met: row.p99 <= 100, fmt: (v) => `${v} ms` });
        list.push({ ...single, text: '<= 20 ms', met: row.single95 <= 20 });
      } else {
        list.push({ what: `p99 at ${CONNECTIONS} connections`, figure: row.p99, text: '<= 300 ms', met: row.p99 <= 300, fmt: (v) => `${v} ms` });
      }
      return list;
    }
    if (onPostgres) {
      if (row.group === 'cacheable') list.push({ what: 'req/s vs hello-world', figure: ratio, text: '>= 50%', met: ratio >= 50, fmt: pct });
      if (row.group === 'paginated') list.push({ what: 'req/s vs hello-world', figure: ratio, text: '>= 20%', met: ratio >= 20, fmt: pct });
      list.push({ what: `p99 at ${CONNECTIONS} connections`, figure: row.p99, text: '<= 50 ms', met: row.p99 <= 50, fmt: (v) => `${v} ms` });
    } else if (row.group === 'paginated') {
      list.push({ what: 'req/s vs hello-world', figure: ratio, text: '>= 5%', met: ratio >= 5, fmt: pct });
    }
    return list;
  };
  const table = [
    {
      call: `hello-world (bare Fastify): median of the ${hellos.length} calls' bases`,
      'req/s': fmtInt(median(hellos)),
      'p50 ms': median(rows.map((row) => row.hello.p50)),
      'p99 ms': median(rows.map((row) => row.hello.p99)),
      'first answer p99 ms': median(rows.map((row) => row.hello.firstP99)),
      'errors / non-2xx': `${rows.reduce((sum, row) => sum + row.hello.errors, 0)} / ${rows.reduce((sum, row) => sum + row.hello.non2xx, 0)}`,
      'bytes/answer': fmtInt(rows[0]?.hello.bytesPerAnswer ?? 0),
      'hello req/s': `${fmtInt(Math.min(...hellos))}-${fmtInt(Math.max(...hellos))}`,
      'vs hello': '100%',
      'single p95 ms': '',
      target: '',
      met: '',
    },
    ...rows.map((row) => {
      const targets = targetsOf(row);
      return {
        call: row.call,
        'req/s': fmtInt(row.reqPerSec),
        'p50 ms': row.p50,
        // The worst round's (the targets'), then each round's: a round's start can be an outlier.
        'p99 ms': ROUNDS > 1 ? `${row.p99} (${row.p99s.join('/')})` : row.p99,
        'first answer p99 ms': row.firstP99,
        'errors / non-2xx': `${row.errors} / ${row.non2xx}`,
        'bytes/answer': fmtInt(row.bytesPerAnswer),
        'hello req/s': fmtInt(row.hello.reqPerSec),
        'vs hello': ROUNDS > 1 ? `${pct(ratioOf(row))} (${row.ratios.map((r) => r.toFixed(0)).join('/')})` : pct(ratioOf(row)),
        'single p95 ms': row.single95 === undefined ? '-' : row.single95.toFixed(1),
        target: targets.map((t) => (t.what.startsWith('p99') ? `p99 ${t.text}` : t.what.startsWith('single') ? `single p95 ${t.text}` : t.text)).join(', ') || '-',
        met: targets.length ? targets.map((t) => (t.met ? 'yes' : 'NO')).join(', ') : '-',
      };
    }),
  ];

  const driver = server.driver === 'postgres' ? 'PostgreSQL (node-postgres)' : 'embedded PGlite';
  console.log(
    `\nAPI: ${driver}; ${d.conferences.toLocaleString('en-US')} conferences, ${d.research.toLocaleString('en-US')} approved research; ` +
      `autocannon ${CONNECTIONS} connections, ${ROUNDS} rounds of ${ROUND_SECONDS} s per call after ${WARMUP} s warm-up, each round between two ${HELLO_SECONDS} s hello-world runs ` +
      `('hello req/s', the ratio's base; req/s and ratios: medians of the rounds, each round's ratio in brackets; p50 and p99 of the answers on open connections, p99 the worst round's, each round's in brackets; 'first answer': each connection's first, which waits for its accept); ${cpus().length} cores, Node ${process.version}\n`,
  );
  console.table(table);
  for (const row of rows.filter((r) => r.note)) console.log(`  ${row.call}: ${row.note}`);
  const otherShare = other.others / other.busy;
  console.log(
    `\nCPU time of other processes during the measurements: ${(100 * otherShare).toFixed(0)}% of the machine's busy time ` +
      `(stolen by the hypervisor: ${((100 * other.steal) / other.busy).toFixed(0)}%)` +
      (otherShare > 0.1 ? ' — the machine was not quiet: these figures are less reliable than usual' : ''),
  );
  console.log(`API resident memory (VmRSS): idle ${rssIdle.toFixed(0)} MiB, peak under load ${rssPeak.toFixed(0)} MiB, idle after load ${rssAfter.toFixed(0)} MiB`);

  if (args.json) {
    const label = onPostgres ? 'postgres' : 'pglite';
    const targets = rows.flatMap((row) =>
      targetsOf(row).map((t) => ({ name: `api (${label}): ${row.call}: ${t.what}`, figure: t.fmt(t.figure), target: t.text, met: t.met, ours: row.ours })),
    );
    await writeFile(args.json, JSON.stringify({ section: 'api', targets }, null, 2));
  }
}

main().catch(async (error) => {
  console.error('[bench:api]', error);
  for (const child of children) await stopChild(child);
  process.exit(1);
});
