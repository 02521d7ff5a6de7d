/**
 * Nothing tied to one process (issue 22), with two real API processes on one PostgreSQL and one
 * Redis (Debian's `redis-server`, started here on a free port): the request limit is counted once
 * across both, and each periodic job's effect happens once (the contact notification, the
 * housekeeping). Skipped without DATABASE_URL (the embedded database admits one process); the
 * housekeeping's own work is also checked on the embedded database.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, inArray, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../src/db/client';
import { captchaUses, contactMessages, jobRuns, mailOutbox, rateLimitHits, users } from '../src/db/schema';
import { MAINTENANCE_EVERY_MS, MAINTENANCE_JOB, runMaintenance } from '../src/lib/maintenance';
import { createPostgresDatabase, useApp, usePostgres } from './helper';
import { freePort, startApi, stopApi, type ApiProcess } from './api-processes';

const LIMIT = 10;

async function startRedis(): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  const url = `redis://127.0.0.1:${port}`;
  const { Redis } = await import('ioredis');
  const probe = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  probe.on('error', () => undefined); // refused until the server listens: retried below
  for (let attempt = 0; ; attempt++) {
    try {
      await probe.connect();
      await probe.ping();
      probe.disconnect();
      return { url, child };
    } catch {
      if (attempt > 100) throw new Error('redis-server did not start (apt-get install redis-server)');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

describe('the housekeeping', () => {
  const app = useApp({ env: { SEED: 'false' } });

  it('deletes expired captcha signatures and day-old rate-limit hits, keeps the rest, and runs once per slot', async () => {
    const db = app().db;
    const [expired, live] = [`expired-${randomBytes(4).toString('hex')}`, `live-${randomBytes(4).toString('hex')}`];
    await db.insert(captchaUses).values([
      { signature: expired, expiresAt: new Date(Date.now() - 60_000) },
      { signature: live, expiresAt: new Date(Date.now() + 60_000) },
    ]);
    const bucket = `housekeeping:${randomBytes(4).toString('hex')}`;
    await db.insert(rateLimitHits).values([
      { bucket, createdAt: new Date(Date.now() - 25 * 3_600_000) },
      { bucket, createdAt: new Date() },
    ]);
    // A slot of its own, far from the one the app's poll may have claimed.
    const at = new Date(Date.now() + 100 * MAINTENANCE_EVERY_MS);
    expect(await runMaintenance(db, at)).toBe(true);
    expect(await runMaintenance(db, at)).toBe(false);
    expect((await db.select().from(captchaUses).where(inArray(captchaUses.signature, [expired, live]))).map((row) => row.signature)).toEqual([live]);
    expect(await db.select().from(rateLimitHits).where(eq(rateLimitHits.bucket, bucket))).toHaveLength(1);
  });
});

const until = async (what: string, predicate: () => Promise<boolean>, timeout = 20_000) => {
  const started = Date.now();
  while (!(await predicate())) {
    if (Date.now() - started > timeout) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

describe.skipIf(!usePostgres)('two API processes share the request limit and run each job once (PostgreSQL + Redis; skipped without DATABASE_URL)', () => {
  let database: Awaited<ReturnType<typeof createPostgresDatabase>> | undefined;
  let handle: ReturnType<typeof openPostgres> | undefined;
  let redis: { url: string; child: ChildProcess } | undefined;
  let dataDir = '';
  const apis: ApiProcess[] = [];

  beforeAll(async () => {
    database = await createPostgresDatabase();
    redis = await startRedis();
    dataDir = await mkdtemp(path.join(tmpdir(), 'scholars-shared-limits-'));
    const env = (instance: string) => ({
      DATABASE_URL: database!.url,
      DATA_DIR: path.join(dataDir, instance),
      RATE_LIMIT_REDIS_URL: redis!.url,
      RATE_LIMIT_MAX: String(LIMIT),
      RATE_LIMIT_WINDOW: '1 minute',
      MAIL_POLL_INTERVAL_MS: '100',
      INSTANCE: instance,
    });
    // The first migrates and seeds; the second starts on the ready database.
    apis.push(await startApi(env('api-1')));
    apis.push(await startApi({ ...env('api-2'), SEED: 'false' }));
    handle = openPostgres(database.url, 2);
  }, 180_000);
  afterAll(async () => {
    await Promise.all(apis.map((api) => stopApi(api)));
    redis?.child.kill('SIGTERM');
    await handle?.close();
    await database?.drop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it(`a client gets ${LIMIT} requests a minute across both processes, not ${LIMIT} from each`, async () => {
    const answers: Array<{ status: number; instance: string | null; body: { status: boolean; err?: number } }> = [];
    for (let i = 0; i < LIMIT + 2; i++) {
      const response = await fetch(`${apis[i % 2]!.url}/api/subscription-plan`);
      answers.push({ status: response.status, instance: response.headers.get('x-api-instance'), body: (await response.json()) as { status: boolean } });
    }
    // Each process answered half of them (and says which it is).
    expect(answers.map((a) => a.instance)).toEqual(Array.from({ length: LIMIT + 2 }, (_, i) => `api-${(i % 2) + 1}`));
    expect(answers.slice(0, LIMIT).map((a) => a.status)).toEqual(Array(LIMIT).fill(200));
    // The next ones are refused by whichever process gets them, with the envelope and the limit.
    expect(answers.slice(LIMIT).map((a) => a.status)).toEqual([429, 429]);
    expect(answers[LIMIT]!.body).toMatchObject({ status: false, err: 429 });
    const refused = await fetch(`${apis[1]!.url}/api/subscription-plan`);
    expect(refused.headers.get('x-ratelimit-limit')).toBe(String(LIMIT));
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('a new contact message is told to each administrator once, though both processes poll every 100 ms', async () => {
    const db = handle!.db;
    const adminEmail = `mp.admin.${randomBytes(4).toString('hex')}@example.ae`;
    await db.insert(users).values({ name: 'MP Admin', email: adminEmail, roles: ['admin'], locale: 'en', emailVerifiedAt: new Date() });
    const sender = `MP Sender ${randomBytes(3).toString('hex')}`;
    await db.insert(contactMessages).values({ fullName: sender, email: 'mp.sender@example.ae', phone: '+971501112233', message: 'A question', locale: 'en' });
    const notices = () =>
      db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.toAddress, adminEmail), like(mailOutbox.subject, `%${sender}%`)));
    await until('the notification', async () => (await notices()).length > 0);
    // Many more polls of both processes.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await notices(), apis.map((api) => api.output.join('')).join('\n')).toHaveLength(1);
  });

  it('the housekeeping runs once per slot across both processes and deletes what expired', async () => {
    const db = handle!.db;
    const slot = () => String(Math.floor(Date.now() / MAINTENANCE_EVERY_MS));
    const claims = () => db.select().from(jobRuns).where(eq(jobRuns.job, MAINTENANCE_JOB));
    await until('the first claim', async () => (await claims()).some((run) => run.runKey === slot()));
    const expired = `expired-${randomBytes(6).toString('hex')}`;
    await db.insert(captchaUses).values({ signature: expired, expiresAt: new Date(Date.now() - 60_000) });
    // The slot is freed and both processes restarted (each tries a slot once): their first polls race for it.
    await db.delete(jobRuns).where(eq(jobRuns.job, MAINTENANCE_JOB));
    await Promise.all(apis.map((api) => stopApi(api)));
    const restarted = await Promise.all(
      apis.map((api, index) =>
        startApi({
          DATABASE_URL: database!.url,
          DATA_DIR: path.join(dataDir, `api-${index + 1}`),
          RATE_LIMIT_REDIS_URL: redis!.url,
          MAIL_POLL_INTERVAL_MS: '100',
          SEED: 'false',
          INSTANCE: `api-${index + 1}`,
        }),
      ),
    );
    apis.splice(0, apis.length, ...restarted);
    await until('the housekeeping', async () => (await db.select().from(captchaUses).where(eq(captchaUses.signature, expired))).length === 0);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect((await claims()).filter((run) => run.runKey === slot())).toHaveLength(1);
  }, 120_000);
});
