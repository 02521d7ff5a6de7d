/**
 * The reviewers' daily digest (lib/review-digest.ts): with a fake clock, what each reviewer and
 * administrator receives; once per platform day, whoever calls it (two calls at once in one process
 * on PGlite; two real API processes on PostgreSQL, skipped without DATABASE_URL).
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, inArray, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isolate } from '@scholars/shared-contracts/locale';
import { openPostgres } from '../src/db/client';
import { jobRuns, mailOutbox, researchSubmissions, users } from '../src/db/schema';
import { platformDay, REVIEW_DIGEST_JOB, runReviewDigest } from '../src/lib/review-digest';
import { build, createPostgresDatabase, createUser, usePostgres, type TestApp } from './helper';
import { startApi, stopApi, type ApiProcess } from './api-processes';

const DAY = 86_400_000;
const site = 'https://scholars.example';

/** A submission row as the form would make it, in `status`, (re)submitted at `submittedAt`. */
const submission = (ownerId: number, submittedAt: Date, extra: Partial<typeof researchSubmissions.$inferInsert> = {}) => ({
  ownerId,
  title: `بحث ${randomBytes(3).toString('hex')}`,
  titleEn: `Research ${randomBytes(3).toString('hex')}`,
  description: 'وصف',
  descriptionEn: 'Description',
  abstract: 'ملخص البحث',
  categoryId: 1,
  researchType: 'general' as const,
  filePath: 'private/research/x.pdf',
  fileOriginalName: 'x.pdf',
  fileMime: 'application/pdf',
  fileSize: 100,
  image: 'public/images/research/x.png',
  termsAcceptedAt: submittedAt,
  status: 'under_review' as const,
  submittedAt,
  ...extra,
});

describe('the digest’s contents (fake clock)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await build({ env: { PUBLIC_BASE_URL: site } });
  });
  afterAll(async () => {
    await app?.cleanup();
  });

  it('each reviewer: their submissions due within 3 days or overdue, in their language; administrators: unassigned overdue ones; once per day', async () => {
    // Two days ahead: a platform day the app's own poll has not claimed, and nothing made today is due.
    // Its noon in Dubai (UTC+4), so that the run a minute later is on the same platform day (at the
    // real clock's 19:59 UTC it was not, and the second run claimed a new day).
    const dubaiDay = Math.floor((Date.now() + 2 * DAY + 4 * 3_600_000) / DAY) * DAY;
    const now = new Date(dubaiDay - 4 * 3_600_000 + 12 * 3_600_000);
    const ago = (days: number) => new Date(now.getTime() - days * DAY - 60_000);
    const reviewerEn = await createUser(app, { role: 'reviewer', locale: 'en', name: 'Reviewer En' });
    const reviewerAr = await createUser(app, { role: 'reviewer', locale: 'ar', name: 'محكّم' });
    const idle = await createUser(app, { role: 'reviewer', locale: 'en' });
    const admin = await createUser(app, { role: 'admin', locale: 'ar' });
    const author = await createUser(app);
    const rows = await app.db
      .insert(researchSubmissions)
      .values([
        submission(author.id, ago(19), { assignedReviewerId: reviewerEn.id }), // 0: due within 3 days
        submission(author.id, ago(25), { assignedReviewerId: reviewerEn.id }), // 1: overdue by 4
        submission(author.id, ago(10), { assignedReviewerId: reviewerEn.id }), // 2: not yet
        submission(author.id, ago(30), { assignedReviewerId: reviewerEn.id, status: 'approved' }), // 3: decided
        submission(author.id, ago(22), { assignedReviewerId: reviewerAr.id }), // 4: overdue by 1
        submission(author.id, ago(23)), // 5: unassigned, overdue
        submission(author.id, ago(19)), // 6: unassigned, not overdue
        submission(author.id, ago(9), { assignedReviewerId: idle.id }), // 7: nothing for `idle`
      ])
      .returning();
    const [r0, r1, r2, r3, r4, r5, r6] = rows;

    const result = await runReviewDigest(app.db, app.mail, site, now);
    expect(result).toEqual({ claimed: true, day: platformDay(now), mails: expect.any(Number) });
    const digests = async () =>
      app.db
        .select()
        .from(mailOutbox)
        .where(and(like(mailOutbox.template, 'review_digest%'), inArray(mailOutbox.toAddress, [reviewerEn.email, reviewerAr.email, idle.email, admin.email])));
    const mails = await digests();
    const to = (email: string) => mails.filter((mail) => mail.toAddress === email);

    expect(to(idle.email)).toEqual([]);
    const [en] = to(reviewerEn.email);
    expect(to(reviewerEn.email)).toHaveLength(1);
    expect(en!.subject).toBe('Submissions assigned to you due soon or overdue: 2');
    expect(en!.locale).toBe('en');
    // Oldest first, with its clock in words and its console link.
    expect(en!.textBody).toContain(`#${r1!.id} ${isolate(r1!.titleEn)}: Overdue by 4 days. ${site}/admin/research/${r1!.id}`);
    expect(en!.textBody).toContain(`#${r0!.id} ${isolate(r0!.titleEn)}: Due in 2 days.`);
    expect(en!.textBody.indexOf(`#${r1!.id}`)).toBeLessThan(en!.textBody.indexOf(`#${r0!.id}`));
    for (const absent of [r2!, r3!, r4!, r5!]) expect(en!.textBody).not.toContain(`#${absent.id} `);

    const [ar] = to(reviewerAr.email);
    expect(to(reviewerAr.email)).toHaveLength(1);
    expect(ar!.subject).toBe('أبحاث مسندة إليك يقترب موعد قرارها أو تأخر: 1');
    expect(ar!.textBody).toContain(`#${r4!.id} ${isolate(r4!.title)}: متأخر منذ يوم واحد.`);
    expect(ar!.htmlBody).toContain('dir="rtl"');

    const adminMails = to(admin.email);
    expect(adminMails).toHaveLength(1);
    expect(adminMails[0]!.template).toBe('review_digest_admin');
    expect(adminMails[0]!.textBody).toContain(`#${r5!.id} ${isolate(r5!.title)}: متأخر منذ يومين.`);
    expect(adminMails[0]!.textBody).not.toContain(`#${r6!.id} `);

    // The same day again: nothing more. The day is recorded as done.
    expect(await runReviewDigest(app.db, app.mail, site, new Date(now.getTime() + 60_000))).toMatchObject({ claimed: false });
    expect(await digests()).toHaveLength(mails.length);
    const [run] = await app.db.select().from(jobRuns).where(and(eq(jobRuns.job, REVIEW_DIGEST_JOB), eq(jobRuns.runKey, platformDay(now))));
    expect(run!.finishedAt).not.toBeNull();
  });

  it('two runs at once (PGlite, one process): exactly one claims the day and sends', async () => {
    const now = new Date(Date.now() + 5 * DAY);
    const reviewer = await createUser(app, { role: 'reviewer' });
    const author = await createUser(app);
    await app.db.insert(researchSubmissions).values(submission(author.id, new Date(now.getTime() - 20 * DAY), { assignedReviewerId: reviewer.id }));
    const results = await Promise.all([runReviewDigest(app.db, app.mail, site, now), runReviewDigest(app.db, app.mail, site, now)]);
    expect(results.map((result) => result.claimed).sort()).toEqual([false, true]);
    const mails = await app.db.select().from(mailOutbox).where(and(eq(mailOutbox.toAddress, reviewer.email), eq(mailOutbox.template, 'review_digest')));
    expect(mails).toHaveLength(1);
  });

  it('the platform day is Asia/Dubai’s: 21:00 UTC is already the next day', () => {
    expect(platformDay(new Date('2030-01-10T19:59:00Z'))).toBe('2030-01-10');
    expect(platformDay(new Date('2030-01-10T21:00:00Z'))).toBe('2030-01-11');
  });
});

// ------------------------------------------------------------- two API processes on PostgreSQL
const startDigestApi = (databaseUrl: string, dataDir: string) =>
  startApi({ DATABASE_URL: databaseUrl, DATA_DIR: dataDir, MAIL_POLL_INTERVAL_MS: '100', PUBLIC_BASE_URL: site });

const until = async (what: string, predicate: () => Promise<boolean>, timeout = 20_000) => {
  const started = Date.now();
  while (!(await predicate())) {
    if (Date.now() - started > timeout) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

describe.skipIf(!usePostgres)('the digest runs once with two API processes on PostgreSQL (skipped without DATABASE_URL)', () => {
  let database: Awaited<ReturnType<typeof createPostgresDatabase>> | undefined;
  let handle: ReturnType<typeof openPostgres> | undefined;
  let dataDir = '';
  const apis: ApiProcess[] = [];

  beforeAll(async () => {
    database = await createPostgresDatabase();
    dataDir = await mkdtemp(path.join(tmpdir(), 'scholars-digest-mp-'));
    apis.push(...(await Promise.all([startDigestApi(database.url, path.join(dataDir, 'a')), startDigestApi(database.url, path.join(dataDir, 'b'))])));
    handle = openPostgres(database.url, 2);
  }, 120_000);
  afterAll(async () => {
    await Promise.all(apis.map((api) => stopApi(api)));
    await handle?.close();
    await database?.drop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('both processes poll every 100 ms; today’s digest is claimed and sent by exactly one', async () => {
    const db = handle!.db;
    const today = platformDay(new Date());
    const claims = () => db.select().from(jobRuns).where(and(eq(jobRuns.job, REVIEW_DIGEST_JOB), eq(jobRuns.runKey, today)));
    // Their first polls claimed today with nothing to send.
    await until('the first claim', async () => (await claims()).length === 1);
    const email = `digest.mp.${randomBytes(4).toString('hex')}@example.ae`;
    const [reviewer] = await db
      .insert(users)
      .values({ name: 'MP Reviewer', email, phone: '+971500000000', country: 'AE', gender: 'female', passwordHash: 'x', roles: ['reviewer'], locale: 'en', emailVerifiedAt: new Date() })
      .returning({ id: users.id });
    await db.insert(researchSubmissions).values(submission(reviewer!.id, new Date(Date.now() - 20 * DAY), { assignedReviewerId: reviewer!.id }));
    // Today is free again: both processes race for it at their next polls.
    await db.delete(jobRuns).where(eq(jobRuns.job, REVIEW_DIGEST_JOB));
    await until('the digest', async () => (await claims()).some((run) => run.finishedAt !== null));
    // Many more polls of both processes.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const mails = await db.select().from(mailOutbox).where(and(eq(mailOutbox.toAddress, email), eq(mailOutbox.template, 'review_digest')));
    expect(mails, apis.map((api) => api.output.join('')).join('\n')).toHaveLength(1);
    expect(await claims()).toHaveLength(1);
  }, 60_000);
});
