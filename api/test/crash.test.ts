/**
 * Crash safety: the real API process (`src/server.ts`, as `npm start` runs it) is killed with
 * SIGKILL while clients write; started again at once, it answers /api/health within 5 s and every
 * write it had acknowledged (2xx) is there. On the embedded database (a DATA_DIR folder, whose
 * lock the dead process leaves behind) and, with DATABASE_URL, on a PostgreSQL database of its own.
 *
 * The writes are conference requests (signed-in, no captcha, no limit per user), each with its
 * own title; the check reads them back through the API after the restart.
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayIsoDate } from '@scholars/shared-contracts/schemas';
import { buildApp } from '../src/app';
import { PGDATA_NAME, pgliteExtensions } from '../src/db/pglite-dir';
import { createPostgresDatabase, createUser, pgliteTemplate, signIn, testConfig, usePostgres } from './helper';
import { startApi, type ApiProcess } from './api-processes';

/** The restart budget, from spawning the process to its first healthy answer. */
const RESTART_BUDGET_MS = 5_000;

const running: ApiProcess[] = [];

/** An API process of this test, remembered so that the test's end stops whatever is still running. */
async function startCrashApi(env: Record<string, string>): Promise<ApiProcess> {
  const api = await startApi({ PASSWORD_SCRYPT_LOG_N: '14', ...env }, { timeoutMs: 60_000 });
  running.push(api);
  return api;
}

const conferenceRequest = (title: string) => ({
  full_name: 'Crash Test',
  academic_level: 'phd',
  major_field: 'Reliability',
  university: 'United Arab Emirates University',
  university_email: 'crash.test@uaeu.ac.ae',
  phone: '+971501234567',
  country: 'United Arab Emirates',
  conference_title: title,
  main_language: 'en',
  proposed_start_date: `${Number(todayIsoDate().slice(0, 4)) + 1}-06-01`,
  duration_days: 2,
  location_type: 'online',
  venue: 'Online',
  objectives: 'Nothing acknowledged is lost',
});

let dataDir: string;
let drop: (() => Promise<void>) | undefined;
let env: Record<string, string>;
let auth: Record<string, string>;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'scholars-crash-'));
  env = { DATA_DIR: dataDir, JWT_SECRET: randomBytes(32).toString('hex'), COOKIE_SECRET: randomBytes(32).toString('hex') };
  if (usePostgres) {
    const created = await createPostgresDatabase();
    drop = created.drop;
    env.DATABASE_URL = created.url;
  } else {
    // The migrated and seeded test template, rather than paying a first start's initdb.
    const template = await pgliteTemplate();
    const pglite = await PGlite.create(path.join(dataDir, PGDATA_NAME), {
      extensions: pgliteExtensions,
      loadDataDir: new Blob([new Uint8Array(template)]),
    });
    await pglite.close();
  }
  // A signed-in user, made by the app itself on that database before the API process starts.
  const app = await buildApp({ config: testConfig(env), logger: false });
  try {
    auth = { authorization: `Bearer ${await signIn(app, await createUser(app))}`, 'content-type': 'application/json' };
  } finally {
    await app.close();
  }
});

afterAll(async () => {
  for (const { child } of running) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await drop?.();
  await rm(dataDir, { recursive: true, force: true });
});

describe(`API killed with SIGKILL during writes (${usePostgres ? 'PostgreSQL' : 'embedded PGlite'})`, () => {
  it('restarts at once, healthy within 5 s, and has every write it acknowledged', async () => {
    const first = await startCrashApi(env);
    const run = randomBytes(3).toString('hex');
    const acknowledged: string[] = [];
    const refused: string[] = [];
    let sequence = 0;
    let inFlight = 0;
    let killed = false;
    let inFlightAtKill = 0;

    // Four clients writing without pause, as fast as the API answers.
    const writer = async () => {
      while (!killed) {
        sequence += 1;
        const title = `Crash ${run} ${sequence}`;
        inFlight += 1;
        try {
          const response = await fetch(`${first.url}/api/conference-requests`, {
            method: 'POST',
            headers: auth,
            body: JSON.stringify(conferenceRequest(title)),
          });
          // Acknowledged once the status line arrived, whether or not the body follows.
          if (response.status === 201) acknowledged.push(title);
          else if (!killed) refused.push(`${response.status} ${await response.text()}`);
          await response.body?.cancel().catch(() => undefined);
        } catch (error) {
          // Only the kill may end a request.
          if (!killed) throw error;
        } finally {
          inFlight -= 1;
        }
      }
    };
    const writers = Promise.all([writer(), writer(), writer(), writer()]);
    const writingUntil = Date.now() + 20_000;
    while (acknowledged.length < 150 && Date.now() < writingUntil && refused.length === 0) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    inFlightAtKill = inFlight;
    first.child.kill('SIGKILL');
    killed = true;
    await first.exited;
    await writers;
    expect(refused).toEqual([]);
    expect(acknowledged.length).toBeGreaterThanOrEqual(150);
    expect(inFlightAtKill).toBeGreaterThan(0);
    const lockFile = path.join(dataDir, `${PGDATA_NAME}.lock`);
    // The dead process's lock is still there: the restart has to take it over.
    if (!usePostgres) expect(existsSync(lockFile)).toBe(true);

    const second = await startCrashApi(env);
    expect(second.startMs, second.output.join('')).toBeLessThan(RESTART_BUDGET_MS);
    if (!usePostgres) expect(JSON.parse(await readFile(lockFile, 'utf8'))).toMatchObject({ pid: second.child.pid });

    const listed = await fetch(`${second.url}/api/conference-requests/mine`, { headers: auth });
    expect(listed.status).toBe(200);
    const stored = new Set(((await listed.json()) as { data: Array<{ conference_title: string }> }).data.map((row) => row.conference_title));
    expect(acknowledged.filter((title) => !stored.has(title))).toEqual([]);

    // And it takes writes again.
    const after = await fetch(`${second.url}/api/conference-requests`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify(conferenceRequest(`Crash ${run} after restart`)),
    });
    expect(after.status).toBe(201);

    second.child.kill('SIGTERM');
    await second.exited;
    expect(second.child.exitCode).toBe(0);
    if (!usePostgres) expect(existsSync(lockFile)).toBe(false);
  });
});
