/**
 * The contact inbox (issue 20): the list (newest first, Arabic-aware search, states), a message's
 * page (read on opening), a reply e-mailed to the sender in their language and kept with who sent
 * it, handled and open again, every change in the audit log; and the administrators' notification:
 * the first new message at once, later ones within 10 minutes together as one digest.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isolate } from '@scholars/shared-contracts/locale';
import { auditLog, contactMessages, mailOutbox, users } from '../src/db/schema';
import { CONTACT_DIGEST_WINDOW_MS, notifyAdministrators } from '../src/lib/contact-inbox';
import { staffHeaders } from './content-helpers';
import { build, getJson, postJson, useApp, type TestApp } from './helper';

// The mail worker's poll (which runs the notification job with the real clock) is kept out of the
// way: the job is called here with a clock of its own.
/** A message's page as the API answers it (the fields these tests read). */
type Details = { read_at: string | null; handled_at: string | null; handled_by: { id: number } | null; reply_list: unknown[] };
const getApp = useApp({ env: { MAIL_POLL_INTERVAL_MS: '600000' } });
const SITE = 'https://scholars.example';

async function message(app: TestApp, values: Partial<typeof contactMessages.$inferInsert> = {}) {
  const [row] = await app.db
    .insert(contactMessages)
    .values({ fullName: 'Sara Ahmed', email: 'sara.sender@example.ae', phone: '+971501112233', message: 'A question about plans', locale: 'en', ...values })
    .returning();
  return row!;
}

const mailsTo = (app: TestApp, address: string) => app.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, address)).orderBy(mailOutbox.id);

describe('the contact inbox', () => {
  it('lists newest first, searches Arabic-aware across name, e-mail and text, and filters by state', async () => {
    const app = getApp();
    const { headers } = await staffHeaders(app);
    const older = await message(app, { fullName: 'مريم', message: 'سؤال عن إدارة الاشتراكات', locale: 'ar', createdAt: new Date(Date.now() - 60_000) });
    const newer = await message(app, { fullName: 'Omar', email: 'omar.inbox@example.ae', message: 'Hello' });
    const all = await getJson(app, '/api/admin/contact-messages?limit=100', headers);
    expect(all.status).toBe(200);
    const ids = (all.body.data as Array<{ id: number }>).map((item) => item.id);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
    // "اداره" (no hamza, ha for ta marbuta) finds "إدارة".
    const found = await getJson(app, `/api/admin/contact-messages?q=${encodeURIComponent('اداره')}`, headers);
    expect((found.body.data as Array<{ id: number }>).map((item) => item.id)).toEqual([older.id]);
    expect(found.body.tot).toBe(1);
    const byEmail = await getJson(app, '/api/admin/contact-messages?q=omar.inbox', headers);
    expect((byEmail.body.data as Array<{ id: number }>).map((item) => item.id)).toEqual([newer.id]);

    const unread = await getJson(app, '/api/admin/contact-messages?state=unread&limit=100', headers);
    expect((unread.body.data as Array<{ id: number }>).map((item) => item.id)).toContain(older.id);
    const opened = await getJson(app, `/api/admin/contact-messages/${older.id}`, headers);
    expect(opened.status).toBe(200);
    expect(opened.body.data).toMatchObject({ id: older.id, full_name: 'مريم', locale: 'ar', handled_at: null, reply_list: [] });
    expect((opened.body.data as Details).read_at).not.toBeNull();
    const unreadAfter = await getJson(app, '/api/admin/contact-messages?state=unread&limit=100', headers);
    expect((unreadAfter.body.data as Array<{ id: number }>).map((item) => item.id)).not.toContain(older.id);
  });

  it('e-mails a reply in the sender’s language, keeps it with its author, marks the message handled and logs it', async () => {
    const app = getApp();
    const admin = await staffHeaders(app);
    const received = await message(app, { email: 'layla.reply@example.ae', fullName: 'ليلى', message: 'متى يبدأ المؤتمر؟', locale: 'ar' });
    const answer = await postJson(app, `/api/admin/contact-messages/${received.id}/reply`, { body: 'يبدأ في الأول من مارس.' }, admin.headers);
    expect(answer.status).toBe(200);
    expect((answer.body.data as Details).reply_list).toEqual([expect.objectContaining({ body: 'يبدأ في الأول من مارس.', author: expect.objectContaining({ id: admin.id }) })]);
    expect((answer.body.data as Details).handled_at).not.toBeNull();
    expect((answer.body.data as Details).handled_by).toMatchObject({ id: admin.id });
    const [mail] = await mailsTo(app, 'layla.reply@example.ae');
    expect(mail).toMatchObject({ locale: 'ar', template: 'contact_reply', subject: 'رد على رسالتك إلينا' });
    expect(mail!.textBody).toContain('يبدأ في الأول من مارس.');
    expect(mail!.textBody).toContain('> متى يبدأ المؤتمر؟');
    const logged = await app.db.select().from(auditLog).where(and(eq(auditLog.targetType, 'contact_message'), eq(auditLog.targetId, received.id)));
    expect(logged.map((row) => [row.action, row.actorId])).toEqual([['contact.reply', admin.id]]);

    // Open again, then handled again: both logged.
    const reopened = await postJson(app, `/api/admin/contact-messages/${received.id}/handled`, { handled: false }, admin.headers);
    expect([reopened.status, (reopened.body.data as Details).handled_at, (reopened.body.data as Details).handled_by]).toEqual([200, null, null]);
    const handled = await postJson(app, `/api/admin/contact-messages/${received.id}/handled`, { handled: true }, admin.headers);
    expect((handled.body.data as Details).handled_by).toMatchObject({ id: admin.id });
    const actions = await app.db.select({ action: auditLog.action }).from(auditLog).where(and(eq(auditLog.targetType, 'contact_message'), eq(auditLog.targetId, received.id)));
    expect(actions.map((row) => row.action)).toEqual(['contact.reply', 'contact.reopen', 'contact.handled']);
  });

  it('refuses an empty reply (400, localized envelope) and an unknown message (404); a reviewer gets 403', async () => {
    const app = getApp();
    const { headers } = await staffHeaders(app);
    const received = await message(app);
    const empty = await postJson(app, `/api/admin/contact-messages/${received.id}/reply`, { body: '   ' }, { ...headers, 'accept-language': 'ar' });
    expect(empty.status).toBe(400);
    expect(empty.body.status).toBe(false);
    expect((empty.body.errors as Record<string, string>).body).toBe('اكتب الرد قبل إرساله.');
    expect((await postJson(app, '/api/admin/contact-messages/999999/reply', { body: 'Hi' }, headers)).status).toBe(404);
    expect((await getJson(app, '/api/admin/contact-messages/999999', headers)).status).toBe(404);
    const reviewer = await staffHeaders(app, 'reviewer');
    expect((await getJson(app, '/api/admin/contact-messages', reviewer.headers)).status).toBe(403);
  });
});

describe('telling the administrators of new messages', () => {
  it('tells the first at once, then gathers the next ones into one digest after 10 minutes; none is told twice', async () => {
    const app = getApp();
    // Whatever earlier tests left untold is told first (the clock far ahead of the real one).
    const start = new Date(Date.now() + 365 * 86_400_000);
    await notifyAdministrators(app.db, app.mail, SITE, start);
    const arabicAdmin = await app.db.insert(users).values({ name: 'مدير', email: `admin.notify.${Date.now()}@example.ae`, roles: ['admin'], locale: 'ar', emailVerifiedAt: new Date() }).returning();
    const adminCount = (await app.db.select({ id: users.id }).from(users).where(sql`'admin' = any(${users.roles})`)).length;

    const at = (minutes: number) => new Date(start.getTime() + CONTACT_DIGEST_WINDOW_MS + minutes * 60_000);
    const first = await message(app, { fullName: 'First Sender', message: 'First question' });
    expect(await notifyAdministrators(app.db, app.mail, SITE, at(0))).toEqual({ messages: 1, mails: adminCount });
    const toArabic = await mailsTo(app, arabicAdmin[0]!.email);
    expect(toArabic).toHaveLength(1);
    expect(toArabic[0]).toMatchObject({ template: 'contact_notify', locale: 'ar', subject: `رسالة تواصل جديدة من ${isolate('First Sender')}` });
    expect(toArabic[0]!.textBody).toContain(`${SITE}/admin/contact-messages?state=unread`);

    const second = await message(app, { fullName: 'Second Sender', message: 'Second question' });
    expect(await notifyAdministrators(app.db, app.mail, SITE, at(4))).toEqual({ messages: 0, mails: 0 });
    const third = await message(app, { fullName: 'Third Sender', message: 'Third question' });
    expect(await notifyAdministrators(app.db, app.mail, SITE, at(9))).toEqual({ messages: 0, mails: 0 });
    expect(await notifyAdministrators(app.db, app.mail, SITE, at(10))).toEqual({ messages: 2, mails: adminCount });
    const digest = (await mailsTo(app, arabicAdmin[0]!.email)).at(-1)!;
    expect(digest).toMatchObject({ template: 'contact_digest', subject: 'رسائل تواصل جديدة: 2' });
    expect(digest.textBody).toContain('Second Sender');
    expect(digest.textBody).toContain('Third Sender');
    expect(digest.textBody).not.toContain('First Sender');

    expect(await notifyAdministrators(app.db, app.mail, SITE, at(30))).toEqual({ messages: 0, mails: 0 });
    const told = await app.db.select({ id: contactMessages.id, notifiedAt: contactMessages.notifiedAt }).from(contactMessages).where(inArray(contactMessages.id, [first.id, second.id, third.id]));
    expect(told.every((row) => row.notifiedAt !== null)).toBe(true);
  });
});

describe('the notification job in the mail worker', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await build({ env: { MAIL_POLL_INTERVAL_MS: '100' } });
  });
  afterAll(async () => {
    await app?.cleanup();
  });

  it('tells the administrators of a new message at the next poll', async () => {
    const { id } = await staffHeaders(app);
    const [admin] = await app.db.select({ email: users.email }).from(users).where(eq(users.id, id));
    await message(app, { fullName: 'Polled Sender' });
    const deadline = Date.now() + 10_000;
    for (;;) {
      const mails = await mailsTo(app, admin!.email);
      if (mails.some((mail) => mail.subject === `New contact message from ${isolate('Polled Sender')}`)) break;
      if (Date.now() > deadline) throw new Error('no notification');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });
});
