/**
 * The newsletter's send survives a crash (issue 20): a real API process (`src/server.ts`) sends an
 * issue in small, slow batches and is killed with SIGKILL in the middle; another process, started
 * on the same database, finishes the send. Every confirmed subscriber then has exactly one mail of
 * the issue in the mail queue (and one delivery row), the unconfirmed and the unsubscribed none. On the embedded
 * database (a DATA_DIR folder) and, with DATABASE_URL, on a PostgreSQL database of its own.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { mailOutbox, newsletterDeliveries, newsletterIssues, newsletterSubscribers } from '../src/db/schema';
import { PGDATA_NAME, pgliteExtensions } from '../src/db/pglite-dir';
import { createPostgresDatabase, createUser, pgliteTemplate, signIn, testConfig, usePostgres } from './helper';
import { startApi, type ApiProcess } from './api-processes';

const CONFIRMED = 24;
const running: ApiProcess[] = [];
let dataDir: string;
let drop: (() => Promise<void>) | undefined;
let env: Record<string, string>;
let auth: Record<string, string>;
let issueId: number;
const run = randomBytes(3).toString('hex');
const confirmed = Array.from({ length: CONFIRMED }, (_, n) => `crash.reader.${run}.${n}@example.ae`);
const unconfirmed = `crash.unconfirmed.${run}@example.ae`;
const unsubscribed = `crash.left.${run}@example.ae`;

async function startSender(): Promise<ApiProcess> {
  // Batches of 3, one every 2 s (90 a minute): the send lasts long enough to be killed in the middle.
  const api = await startApi({ ...env, PASSWORD_SCRYPT_LOG_N: '14', NEWSLETTER_BATCH_SIZE: '3', NEWSLETTER_RATE_PER_MINUTE: '90', MAIL_POLL_INTERVAL_MS: '100' }, { timeoutMs: 60_000 });
  running.push(api);
  return api;
}

async function issueOf(api: ApiProcess) {
  const answer = await fetch(`${api.url}/api/admin/newsletter/issues/${issueId}`, { headers: auth });
  expect(answer.status).toBe(200);
  return ((await answer.json()) as { data: { status: string; stats: { queued: number; pending: number; sent: number } } }).data;
}

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'scholars-newsletter-crash-'));
  env = { DATA_DIR: dataDir, JWT_SECRET: randomBytes(32).toString('hex'), COOKIE_SECRET: randomBytes(32).toString('hex') };
  if (usePostgres) {
    const created = await createPostgresDatabase();
    drop = created.drop;
    env.DATABASE_URL = created.url;
  } else {
    const template = await pgliteTemplate();
    const pglite = await PGlite.create(path.join(dataDir, PGDATA_NAME), { extensions: pgliteExtensions, loadDataDir: new Blob([new Uint8Array(template)]) });
    await pglite.close();
  }
  // The list, the issue and an administrator's session, made by the app itself before the processes start.
  const app = await buildApp({ config: testConfig(env), logger: false });
  try {
    const admin = await createUser(app, { role: 'admin' });
    auth = { authorization: `Bearer ${await signIn(app, admin)}`, 'content-type': 'application/json' };
    const earlier = new Date(Date.now() - 60_000);
    await app.db.insert(newsletterSubscribers).values([
      ...confirmed.map((email, n) => ({ email, locale: n % 2 ? ('ar' as const) : ('en' as const), confirmedAt: earlier })),
      { email: unconfirmed, locale: 'en' as const },
      { email: unsubscribed, locale: 'en' as const, confirmedAt: earlier, unsubscribedAt: earlier },
    ]);
    const [issue] = await app.db
      .insert(newsletterIssues)
      .values({ subject: 'عدد التجربة', subjectEn: 'Crash issue', body: 'نص **العدد**', bodyEn: 'The **issue** text', createdBy: admin.id })
      .returning({ id: newsletterIssues.id });
    issueId = issue!.id;
  } finally {
    await app.close();
  }
});

afterAll(async () => {
  for (const { child } of running) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await drop?.();
  await rm(dataDir, { recursive: true, force: true });
});

describe(`a newsletter send killed mid-way (${usePostgres ? 'PostgreSQL' : 'embedded PGlite'})`, () => {
  it('resumes in another process and mails each confirmed subscriber exactly once', async () => {
    const first = await startSender();
    const started = await fetch(`${first.url}/api/admin/newsletter/issues/${issueId}/send`, { method: 'POST', headers: auth, body: JSON.stringify({ version: 1 }) });
    expect(started.status, await started.clone().text()).toBe(200);
    const atKill = await waitFor(() => issueOf(first), (issue) => issue.stats.queued >= 6, 30_000);
    first.child.kill('SIGKILL');
    await first.exited;
    expect(atKill.status).toBe('sending');
    expect(atKill.stats.queued).toBeLessThan(CONFIRMED);

    const second = await startSender();
    const done = await waitFor(() => issueOf(second), (issue) => issue.status === 'sent', 90_000);
    expect(done.stats).toMatchObject({ recipients: CONFIRMED, queued: CONFIRMED, failed: 0 });
    second.child.kill('SIGTERM');
    await second.exited;

    const app = await buildApp({ config: testConfig({ ...env, SEED: 'false' }), logger: false });
    try {
      const mails = await app.db.select({ to: mailOutbox.toAddress, locale: mailOutbox.locale, status: mailOutbox.status }).from(mailOutbox).where(eq(mailOutbox.template, 'newsletter_issue'));
      const perAddress = new Map<string, number>();
      for (const mail of mails) perAddress.set(mail.to, (perAddress.get(mail.to) ?? 0) + 1);
      expect([...perAddress.keys()].sort()).toEqual([...confirmed].sort());
      expect([...perAddress.values()].every((n) => n === 1)).toBe(true);
      // A mail the killed process had claimed waits for its lease (the mail queue's own rule), then goes.
      expect(mails.every((mail) => mail.status === 'sent' || mail.status === 'pending')).toBe(true);
      expect(mails.find((mail) => mail.to === confirmed[1])!.locale).toBe('ar');
      const deliveries = await app.db.select().from(newsletterDeliveries).where(eq(newsletterDeliveries.issueId, issueId));
      expect(deliveries).toHaveLength(CONFIRMED);
      expect(new Set(deliveries.map((row) => row.mailId)).size).toBe(CONFIRMED);
    } finally {
      await app.close();
    }
  }, 240_000);
});
