/**
 * The mail queue: enqueued in the caller's transaction, sent by the worker over real SMTP, kept
 * through an SMTP outage (attempts counted, sent exactly once when the server is back) and an app
 * restart (a new app on the same database sends it), permanent refusals marked failed, several
 * workers on one database never sending a mail twice; without SMTP, the file outbox and the dev pages.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app';
import type { DatabaseHandle } from '../src/db/client';
import { mailOutbox } from '../src/db/schema';
import { backoffSeconds } from '../src/plugins/app/mail';
import { contactReceiptMail, otpMail, passwordResetMail, researchReceiptMail } from '../src/lib/mail/templates';
import { sessionMail } from '../src/lib/consultations/mails';
import { bearer, build, createPostgresDatabase, createUser, freshPglite, getJson, signIn, startSmtpCapture, testConfig, usePostgres } from './helper';

/** One database that outlives the apps built on it (a "process restart"). */
async function sharedDatabase() {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'scholars-mail-test-'));
  if (usePostgres) {
    const created = await createPostgresDatabase();
    return {
      dataDir,
      async app(env: Record<string, string>): Promise<FastifyInstance> {
        return buildApp({ config: testConfig({ DATA_DIR: dataDir, DATABASE_URL: created.url, ...env }), logger: false });
      },
      async dispose() {
        await created.drop();
        await rm(dataDir, { recursive: true, force: true });
      },
    };
  }
  const handle = await freshPglite();
  const realClose = handle.close.bind(handle);
  // The apps close their database when they close: keep this one open for the next app.
  const shared: DatabaseHandle = Object.assign(handle, { close: async () => undefined });
  return {
    dataDir,
    async app(env: Record<string, string>): Promise<FastifyInstance> {
      return buildApp({ config: testConfig({ DATA_DIR: dataDir, ...env }), database: shared, logger: false });
    },
    async dispose() {
      await realClose();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

const cleanups: Array<() => Promise<unknown>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
});

/** A port nothing listens on (taken from a capture that is then stopped). */
async function deadSmtp() {
  const capture = await startSmtpCapture();
  await capture.stop();
  return capture;
}

const QUIET = { MAIL_POLL_INTERVAL_MS: '600000' };

/**
 * Lets an enqueue's own wake-up (a 20 ms timer) run first, so no stray run claims a row later in
 * the test and the counts of the test's own processDue calls after it are theirs alone.
 */
const afterWakeUp = () => new Promise((resolve) => setTimeout(resolve, 60));

describe('what people typed keeps its own direction in a mail of the other language', () => {
  const FSI = '\u2068';
  const PDI = '\u2069';
  it('an English title ending in "?" in an Arabic mail, and an Arabic name in an English one, are isolated in subject, text and HTML', () => {
    const arabic = researchReceiptMail('ar', { name: 'Sara Ali', title: 'What is AI?', researchId: 7, stage: 'review', expectedBy: new Date('2026-12-01T00:00:00Z'), link: 'https://example.test/profile' });
    // Without the isolates, the "?" would be set at the start of the title, next to the Arabic quote mark.
    expect(arabic.subject).toBe(`تلقّينا بحثك: ${FSI}What is AI?${PDI}`);
    expect(arabic.text).toContain(`مرحبًا ${FSI}Sara Ali${PDI}،`);
    expect(arabic.text).toContain(`وصلنا بحثك «${FSI}What is AI?${PDI}» (رقم 7).`);
    expect(arabic.html).toContain(`«${FSI}What is AI?${PDI}»`);

    const english = sessionMail(
      'requested',
      {
        id: 1, topic: 'منهجية البحث (الفصل الثالث)', start: new Date('2026-12-02T06:00:00Z'), end: new Date('2026-12-02T07:00:00Z'), acceptBy: new Date('2026-12-01T06:00:00Z'),
        timeZone: 'Asia/Dubai', mode: 'online', place: null, meetingLink: null, sequence: 0,
        member: { id: 1, name: 'د. سلمى الحمادي', email: 'salma@example.test', locale: 'ar' },
        consultant: { id: 2, name: 'Omar', email: 'omar@example.test', locale: 'en', consultantId: 2 },
        site: 'https://example.test',
      },
      { id: 2, name: 'Omar', email: 'omar@example.test', locale: 'en' },
    );
    expect(english.text).toContain(`${FSI}د. سلمى الحمادي${PDI} asks you for a consultation on “${FSI}منهجية البحث (الفصل الثالث)${PDI}”.`);
    // The codes and links stay as they are (copied, typed, clicked).
    expect(otpMail('ar', { code: '123456', minutes: 10 }).subject).toBe('رمز التحقق الخاص بك: 123456');
  });
});

describe('mail queue over SMTP', () => {
  it('sends in the recipient language, with attachments, once', async () => {
    const smtp = await startSmtpCapture();
    cleanups.push(() => smtp.stop());
    const app = await build({ env: { SMTP_URL: smtp.url, ...QUIET } });
    cleanups.push(() => app.cleanup());

    const id = await app.mail.enqueue({
      to: 'Reader@Example.ae',
      locale: 'ar',
      ...otpMail('ar', { name: 'مريم', code: '482913', minutes: 10 }),
      attachments: [
        { filename: 'event.ics', content: 'BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n', contentType: 'text/calendar', encoding: 'utf8' },
        { filename: 'paper.pdf', content: Buffer.from('%PDF-1.4 test').toString('base64'), contentType: 'application/pdf', encoding: 'base64' },
      ],
    });
    expect(id).toBeGreaterThan(0);
    await app.mail.processDue();
    await smtp.waitFor((mails) => mails.length === 1);
    const mail = smtp.mails[0]!;
    expect(mail.to).toEqual(['Reader@example.ae']);
    expect(mail.subject).toBe('رمز التحقق الخاص بك: 482913');
    expect(mail.text).toContain('482913');
    expect(mail.html).toContain('lang="ar"');
    expect(mail.headers['content-language']).toBe('ar');
    expect(mail.attachments.map((a) => [a.filename, a.contentType, a.content.toString('utf8')])).toEqual([
      ['event.ics', 'text/calendar', 'BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n'],
      ['paper.pdf', 'application/pdf', '%PDF-1.4 test'],
    ]);
    const [row] = await app.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect(row).toMatchObject({ status: 'sent', attempts: 1, lastError: null, template: 'otp_verify_email' });
    expect((await app.mail.processDue()).sent).toBe(0);
    expect(smtp.mails).toHaveLength(1);
  });

  it('enqueues inside the caller transaction: a rollback leaves no mail', async () => {
    const app = await build({ env: QUIET });
    cleanups.push(() => app.cleanup());
    let enqueued = 0;
    await expect(
      app.db.transaction(async (tx) => {
        enqueued = await app.mail.enqueue({ to: 'x@example.ae', locale: 'en', subject: 's', text: 't' }, tx);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await app.db.select().from(mailOutbox).where(eq(mailOutbox.id, enqueued))).toEqual([]);
  });

  it('survives an SMTP outage: stays pending with attempts counted, then is sent exactly once', async () => {
    const smtp = await deadSmtp();
    cleanups.push(() => smtp.stop());
    const app = await build({ env: { SMTP_URL: smtp.url, ...QUIET } });
    cleanups.push(() => app.cleanup());

    const id = await app.mail.enqueue({ to: 'outage@example.ae', locale: 'en', ...contactReceiptMail('en') });
    await afterWakeUp();
    await app.mail.processDue();
    let [row] = await app.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row!.lastError).toBeTruthy();
    // Backoff: not retried before it is due.
    expect(row!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 20_000);
    await app.mail.processDue();
    [row] = await app.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });

    // Second failed attempt once due.
    await app.db.update(mailOutbox).set({ nextAttemptAt: sql`now()` }).where(eq(mailOutbox.id, id));
    await app.mail.processDue();
    [row] = await app.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect(row).toMatchObject({ status: 'pending', attempts: 2 });

    await smtp.start();
    await app.db.update(mailOutbox).set({ nextAttemptAt: sql`now()` }).where(eq(mailOutbox.id, id));
    const [first, second] = await Promise.all([app.mail.processDue(), app.mail.processDue()]);
    expect(first.sent + second.sent).toBe(1);
    await smtp.waitFor((mails) => mails.length === 1);
    [row] = await app.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect(row).toMatchObject({ status: 'sent', attempts: 3, lastError: null });
    expect(smtp.mailsTo('outage@example.ae')).toHaveLength(1);
  });

  it('survives an app restart: a new app on the same database sends what the old one could not', async () => {
    const smtp = await deadSmtp();
    cleanups.push(() => smtp.stop());
    const database = await sharedDatabase();
    cleanups.push(() => database.dispose());

    const before = await database.app({ SMTP_URL: smtp.url, ...QUIET });
    const id = await before.mail.enqueue({ to: 'restart@example.ae', locale: 'en', subject: 'Kept', text: 'Kept through a restart' });
    await before.mail.processDue();
    await before.close();

    await smtp.start();
    const after = await database.app({ SMTP_URL: smtp.url, MAIL_POLL_INTERVAL_MS: '100' });
    cleanups.push(() => after.close());
    const [pending] = await after.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect(pending).toMatchObject({ status: 'pending', attempts: 1 });
    await after.db.update(mailOutbox).set({ nextAttemptAt: sql`now()` }).where(eq(mailOutbox.id, id));
    // The new app's own worker picks it up.
    await smtp.waitFor((mails) => mails.length === 1);
    expect(smtp.mails[0]!.subject).toBe('Kept');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.mails).toHaveLength(1);
  });

  it('several workers on one database send each mail once', async () => {
    const smtp = await startSmtpCapture();
    cleanups.push(() => smtp.stop());
    const database = await sharedDatabase();
    cleanups.push(() => database.dispose());
    const one = await database.app({ SMTP_URL: smtp.url, ...QUIET });
    const two = await database.app({ SMTP_URL: smtp.url, ...QUIET });
    cleanups.push(() => one.close(), () => two.close());
    // Let the start-up wake-ups of both workers pass first.
    await new Promise((resolve) => setTimeout(resolve, 100));

    // Rows written straight to the table (enqueue would also wake each app's own worker): only the
    // four concurrent runs below, over two connection pools on PostgreSQL, compete for them.
    const inserted = await one.db
      .insert(mailOutbox)
      .values(Array.from({ length: 12 }, (_, i) => ({ toAddress: `many${i}@example.ae`, subject: `Mail ${i}`, textBody: 'x', locale: 'en' as const })))
      .returning({ id: mailOutbox.id });
    const ids = inserted.map((row) => row.id);
    const results = await Promise.all([one.mail.processDue(), two.mail.processDue(), one.mail.processDue(), two.mail.processDue()]);
    await smtp.waitFor((mails) => mails.length >= 12);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(smtp.mails).toHaveLength(12);
    expect(new Set(smtp.mails.map((mail) => mail.subject)).size).toBe(12);
    expect(results.reduce((total, r) => total + r.sent, 0)).toBe(12);
    const rows = await one.db.select().from(mailOutbox).where(inArray(mailOutbox.id, ids));
    expect(rows.every((row) => row.status === 'sent' && row.attempts === 1)).toBe(true);
  });

  it('marks a permanent refusal failed at once, and gives up after MAIL_MAX_ATTEMPTS', async () => {
    const smtp = await startSmtpCapture({ rejectRecipient: (address) => address.startsWith('nobody') });
    cleanups.push(() => smtp.stop());
    const app = await build({ env: { SMTP_URL: smtp.url, MAIL_MAX_ATTEMPTS: '2', ...QUIET } });
    cleanups.push(() => app.cleanup());
    const refused = await app.mail.enqueue({ to: 'nobody@example.ae', locale: 'en', subject: 's', text: 't' });
    await afterWakeUp();
    await app.mail.processDue();
    const [row] = await app.db.select().from(mailOutbox).where(eq(mailOutbox.id, refused));
    expect(row).toMatchObject({ status: 'failed', attempts: 1 });
    expect(row!.lastError).toMatch(/550/);

    await smtp.stop();
    const unlucky = await app.mail.enqueue({ to: 'someone@example.ae', locale: 'en', subject: 's', text: 't' });
    await afterWakeUp();
    await app.mail.processDue();
    await app.db.update(mailOutbox).set({ nextAttemptAt: sql`now()` }).where(eq(mailOutbox.id, unlucky));
    expect(await app.mail.processDue()).toMatchObject({ failed: 1 });
    const [gaveUp] = await app.db.select().from(mailOutbox).where(eq(mailOutbox.id, unlucky));
    expect(gaveUp).toMatchObject({ status: 'failed', attempts: 2 });
  });

  it('backs off exponentially, capped at an hour', () => {
    const fixed = () => 0.5;
    expect([1, 2, 3, 4, 8, 20].map((n) => backoffSeconds(n, fixed))).toEqual([30, 60, 120, 240, 3600, 3600]);
  });
});

describe('without SMTP: file outbox and dev pages', () => {
  it('writes .eml and .json files and lists mail newest first', async () => {
    const app = await build({ env: QUIET });
    cleanups.push(() => app.cleanup());
    expect(app.mail.transport).toBe('file');
    const first = await app.mail.enqueue({ to: 'dev@example.ae', locale: 'en', ...otpMail('en', { code: '123456', minutes: 10 }) });
    const second = await app.mail.enqueue({ to: 'DEV@example.ae', locale: 'ar', ...otpMail('ar', { code: '654321', minutes: 10 }) });
    await app.mail.enqueue({ to: 'other@example.ae', locale: 'en', subject: 'Other', text: 'x' });
    await app.mail.processDue();

    const base = path.join(app.config.DATA_DIR, 'outbox', String(first).padStart(8, '0'));
    expect(existsSync(`${base}.eml`)).toBe(true);
    const json = JSON.parse(await readFile(`${base}.json`, 'utf8')) as { to: string; subject: string; text: string };
    expect(json).toMatchObject({ to: 'dev@example.ae', subject: 'Your verification code: 123456' });
    expect(await readFile(`${base}.eml`, 'utf8')).toMatch(/^Subject: Your verification code: 123456$/m);

    // A default start: the outbox is for administrators only (mail carries sign-in codes and reset links).
    expect((await getJson(app, '/api/dev/outbox.json')).status).toBe(401);
    expect((await app.inject({ method: 'GET', url: '/api/dev/outbox' })).statusCode).toBe(401);
    const member = await createUser(app);
    const forbidden = await getJson(app, '/api/dev/outbox.json', bearer(await signIn(app, member)));
    expect(forbidden.status).toBe(403);
    expect(forbidden.body).toMatchObject({ status: false, err: 403 });
    const admin = bearer(await signIn(app, await createUser(app, { role: 'admin' })));

    const listed = await getJson(app, '/api/dev/outbox.json?to=dev%40example.ae', admin);
    expect(listed.status).toBe(200);
    const mails = listed.body.data as Array<{ id: number; subject: string; text: string; created_at: string; status: string }>;
    expect(mails.map((mail) => mail.id)).toEqual([second, first]);
    expect(mails[0]).toMatchObject({ subject: 'رمز التحقق الخاص بك: 654321', status: 'sent' });
    expect(mails[1]!.text).toContain('123456');

    const page = await app.inject({ method: 'GET', url: '/api/dev/outbox', headers: admin });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('Your verification code: 123456');
    expect(page.body.indexOf('654321')).toBeLessThan(page.body.indexOf('123456'));
  });

  it('MAIL_DEV_OUTBOX=open (npm run dev, the browser tests) lets anyone read it', async () => {
    const app = await build({ env: { MAIL_DEV_OUTBOX: 'open', ...QUIET } });
    cleanups.push(() => app.cleanup());
    await app.mail.enqueue({
      to: 'open@example.ae',
      locale: 'en',
      ...otpMail('en', { code: '246810', minutes: 10 }),
      attachments: [
        { filename: 'session.ics', content: Buffer.from('BEGIN:VCALENDAR\r\nMETHOD:REQUEST\r\nEND:VCALENDAR\r\n').toString('base64'), contentType: 'text/calendar; method=REQUEST', encoding: 'base64' },
        { filename: 'paper.pdf', content: Buffer.from('%PDF-1.4 test').toString('base64'), contentType: 'application/pdf', encoding: 'base64' },
      ],
    });
    const listed = await getJson(app, '/api/dev/outbox.json?to=open%40example.ae');
    expect(listed.status).toBe(200);
    const [mail] = listed.body.data as Array<{ text: string; attachments: unknown }>;
    expect(mail!.text).toContain('246810');
    // A calendar invitation is readable there (the browser tests check it); a PDF by name only.
    expect(mail!.attachments).toEqual([
      { filename: 'session.ics', contentType: 'text/calendar; method=REQUEST', content: 'BEGIN:VCALENDAR\r\nMETHOD:REQUEST\r\nEND:VCALENDAR\r\n' },
      { filename: 'paper.pdf', contentType: 'application/pdf', content: null },
    ]);
  });

  it('outside the tests, each mail written to the folder is one line on the terminal: address, subject, code, first link', async () => {
    const app = await build({ env: { NODE_ENV: 'development', ...QUIET } });
    cleanups.push(() => app.cleanup());
    const printed: string[] = [];
    const write = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      printed.push(String(chunk));
      return true;
    });
    try {
      await app.mail.enqueue({
        to: 'reset@example.ae',
        locale: 'en',
        ...passwordResetMail('en', { code: '135790', link: 'http://localhost:8080/reset-password/abc', codeMinutes: 10, linkMinutes: 60 }),
      });
      await app.mail.enqueue({ to: 'plain@example.ae', locale: 'ar', subject: 'سطر "مقتبس"', text: 'no code here' });
      await app.mail.processDue();
    } finally {
      write.mockRestore();
    }
    const lines = printed.join('').split('\n').filter((line) => line.startsWith('[mail]'));
    expect(lines).toEqual([
      '[mail] to=reset@example.ae subject="Your password reset code: 135790" code=135790 link=http://localhost:8080/reset-password/abc',
      '[mail] to=plain@example.ae subject="سطر \\"مقتبس\\"" code=- link=-',
    ]);
  });

  it('the dev pages can be switched off (MAIL_DEV_OUTBOX=off, the only value production allows)', async () => {
    const app = await build({ env: { MAIL_DEV_OUTBOX: 'off', ...QUIET } });
    cleanups.push(() => app.cleanup());
    expect((await getJson(app, '/api/dev/outbox.json')).status).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/api/dev/outbox' })).statusCode).toBe(404);
  });
});
