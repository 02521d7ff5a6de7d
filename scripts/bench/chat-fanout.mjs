#!/usr/bin/env node
/**
 * Chat fan-out benchmark (issue 4): N WebSocket clients follow one research's chat on a real API
 * process; messages are posted through the HTTP API at a steady rate; every client timestamps
 * every delivery. Prints, per posting rate, the messages and deliveries per second achieved and
 * the p50 / p95 / p99 / max delivery latency (post sent -> frame received by a client), as a
 * table. Not a timed test: a figure for this machine.
 *
 *   npm run bench                                   # 1000 sockets, 10 / 50 / 100 messages per second, 5 s each
 *   npm run bench -- --sockets 2000 --rates 20,200 --seconds 10
 *   npm run bench -- --database-url postgres://...  # on PostgreSQL (LISTEN/NOTIFY path) instead of PGlite
 *
 * The API runs in its own process (scripts/bench/chat-fanout-server.ts, through tsx) with its
 * own fresh embedded database and the benchmark's users (one per socket, each with an active
 * subscription). Posts rotate over the users, so the per-user send limit (6 per 10 s) holds.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const { values: args } = parseArgs({
  options: {
    sockets: { type: 'string', default: '1000' },
    rates: { type: 'string', default: '10,50,100' },
    seconds: { type: 'string', default: '5' },
    research: { type: 'string', default: '1' },
    'database-url': { type: 'string' },
    json: { type: 'string' },
  },
});
const SOCKETS = Number(args.sockets);
const RATES = args.rates.split(',').map(Number).filter((n) => n > 0);
const SECONDS = Number(args.seconds);
const RESEARCH = Number(args.research);
// Each user may post 6 messages per 10 s: enough users for the highest rate, at least one per socket.
const USERS = Math.max(SOCKETS, Math.ceil((Math.max(...RATES) * 10) / 5));

const log = (...parts) => console.error('[bench]', ...parts);

async function startServer() {
  const dir = await mkdtemp(path.join(tmpdir(), 'scholars-bench-out-'));
  const out = path.join(dir, 'server.json');
  const env = { ...process.env, BENCH_USERS: String(USERS), BENCH_OUT: out };
  delete env.DATABASE_URL;
  if (args['database-url']) env.DATABASE_URL = args['database-url'];
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'scripts/bench/chat-fanout-server.ts')], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the benchmark API exited (${code})`)));
    child.stdout.on('data', (chunk) => {
      if (String(chunk).includes('BENCH_SERVER_READY')) resolve();
    });
  });
  const info = JSON.parse(await readFile(out, 'utf8'));
  await rm(dir, { recursive: true, force: true });
  return { child, ...info };
}

const quantile = (sorted, q) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] : NaN);
const ms = (value) => (Number.isFinite(value) ? value.toFixed(1) : '-');

async function main() {
  log(`starting the API with ${USERS} users…`);
  const server = await startServer();
  const base = `127.0.0.1:${server.port}`;
  log(`API on ${base} (${server.driver}); opening ${SOCKETS} sockets…`);

  /** client_id -> time posted (performance.now()) */
  const sentAt = new Map();
  let latencies = [];
  let deliveries = 0;
  let dropped = 0;
  const clientIdRe = /"client_id":"(bench-\d+)"/;

  const open = (token) =>
    new Promise((resolve, reject) => {
      const ws = new WebSocket(`ws://${base}/api/chat/ws`);
      const timer = setTimeout(() => reject(new Error('socket setup timed out')), 30_000);
      ws.on('open', () => ws.send(JSON.stringify({ type: 'auth', token })));
      ws.on('message', (data) => {
        const text = data.toString();
        if (text.startsWith('{"type":"message"')) {
          const match = clientIdRe.exec(text);
          const started = match && sentAt.get(match[1]);
          if (started !== undefined && started !== null) {
            latencies.push(performance.now() - started);
            deliveries += 1;
          }
          return;
        }
        if (text.startsWith('{"type":"ready"')) ws.send(JSON.stringify({ type: 'subscribe', research_id: RESEARCH }));
        else if (text.startsWith('{"type":"subscribed"')) {
          clearTimeout(timer);
          resolve(ws);
        }
      });
      ws.on('close', () => {
        dropped += 1;
      });
      ws.on('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
    });

  const sockets = [];
  for (let start = 0; start < SOCKETS; start += 100) {
    const batch = server.tokens.slice(start, Math.min(start + 100, SOCKETS));
    sockets.push(...(await Promise.all(batch.map(open))));
  }
  log(`${sockets.length} sockets subscribed to research ${RESEARCH}`);

  let sequence = 0;
  let userCursor = 0;
  const rows = [];
  for (const rate of RATES) {
    latencies = [];
    deliveries = 0;
    const droppedBefore = dropped;
    const postTimes = [];
    let posted = 0;
    let failed = 0;
    const pending = [];
    const started = performance.now();
    const total = Math.round(rate * SECONDS);
    // Paced sending: the n-th message leaves at started + n / rate.
    for (let n = 0; n < total; n += 1) {
      const due = started + (n * 1000) / rate;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      const clientId = `bench-${String(++sequence).padStart(8, '0')}`;
      const token = server.tokens[userCursor++ % server.tokens.length];
      const t0 = performance.now();
      sentAt.set(clientId, t0);
      pending.push(
        fetch(`http://${base}/api/research-community/${RESEARCH}/messages`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify({ text: `bench message ${sequence}`, client_id: clientId }),
        })
          .then(async (response) => {
            const body = await response.text();
            if (response.status !== 201 && failed === 0) log(body.slice(0, 300));
            if (response.status === 201) {
              posted += 1;
              postTimes.push(performance.now() - t0);
            } else {
              failed += 1;
              if (failed === 1) log(`a post failed: ${response.status}`);
            }
          })
          .catch(() => {
            failed += 1;
          }),
      );
    }
    await Promise.all(pending);
    const sendSeconds = (performance.now() - started) / 1000;
    // Let the last deliveries arrive (or give up after 10 s).
    const expected = posted * sockets.length;
    const deadline = performance.now() + 10_000;
    while (deliveries < expected && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    const elapsed = (performance.now() - started) / 1000;
    const sorted = latencies.sort((a, b) => a - b);
    const posts = postTimes.sort((a, b) => a - b);
    rows.push({
      'target msg/s': rate,
      posted,
      failed,
      'msg/s': (posted / sendSeconds).toFixed(1),
      deliveries: `${deliveries} / ${expected}`,
      'deliveries/s': Math.round(deliveries / elapsed),
      'p50 ms': ms(quantile(sorted, 0.5)),
      'p95 ms': ms(quantile(sorted, 0.95)),
      'p99 ms': ms(quantile(sorted, 0.99)),
      'max ms': ms(sorted.at(-1)),
      'POST p50 ms': ms(quantile(posts, 0.5)),
      'sockets dropped': dropped - droppedBefore,
    });
    log(`rate ${rate}/s done`);
  }

  console.log(`\nChat fan-out: ${sockets.length} sockets in one research chat, ${SECONDS} s per rate, API on ${server.driver}, ${process.platform} ${process.arch}, Node ${process.version}\n`);
  console.table(rows);
  if (args.json) {
    // No target in the issue for fan-out: the figure is reported, 'met' only says every socket stayed.
    const last = rows.at(-1);
    const targets = last ? [{ name: `chat: sockets kept at ${RATES.at(-1)} msg/s`, figure: sockets.length - (last['sockets dropped'] ?? 0), target: `${sockets.length}`, met: (last['sockets dropped'] ?? 0) === 0 }] : [];
    await writeFile(args.json, JSON.stringify({ section: 'chat', targets }, null, 2));
  }
  for (const ws of sockets) ws.terminate();
  server.child.kill('SIGTERM');
  await new Promise((resolve) => server.child.once('exit', resolve));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
