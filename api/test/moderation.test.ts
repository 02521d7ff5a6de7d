/**
 * Reports and moderation (issue 20): reporting (once per open report, not one's own, rate
 * limited), the queue (grouped by item, oldest first), each decision with its effect, e-mails and
 * audit entry, the e-mails naming the item they are about (sent over SMTP), repeat offenders, a
 * removal replacing the message live on every reader's socket, and chat moderation (closed, slow
 * mode).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { isolate } from '@scholars/shared-contracts/locale';
import { and, eq } from 'drizzle-orm';
import WebSocket from 'ws';
import type { AddressInfo } from 'node:net';
import {
  chatHistoryResponseSchema,
  chatMessageResponseSchema,
  chatServerFrameSchema,
  moderationItemResponseSchema,
  moderationQueueResponseSchema,
  REPORT_RATE_LIMIT,
  type ChatMessage,
  type ChatServerFrame,
  type ReportBody,
} from '@scholars/shared-contracts/schemas';
import { auditLog, contentReports, ebooks, mailOutbox, moderationDecisions, researchSubmissions, users } from '../src/db/schema';
import { formatDate, formatTimeZone, PLATFORM_TIME_ZONE, type Locale } from '@scholars/shared-contracts/locale';
import { getJson, postJson, useApp, useAppWithMail, type CapturedMail } from './helper';
import { quoteOf } from '../src/lib/moderation/items';
import { member, type Member } from './community-helpers';

const app = useApp();

const report = (who: Member, body: ReportBody) => postJson(app(), '/api/reports', body, who.headers);
const post = async (researchId: number, text: string, who: Member) =>
  chatMessageResponseSchema.parse((await postJson(app(), `/api/research-community/${researchId}/messages`, { text }, who.headers)).body).data;
const decide = (who: Member, type: string, id: number, body: Record<string, unknown>) => postJson(app(), `/api/admin/moderation/${type}/${id}/decision`, body, who.headers);
const mailsTo = (address: string) => app().db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, address)).orderBy(mailOutbox.id);
const auditOf = (action: string, targetId: number) =>
  app().db.select().from(auditLog).where(and(eq(auditLog.action, action), eq(auditLog.targetId, targetId)));

let staff: { reviewer: Member; admin: Member };
beforeAll(async () => {
  staff = { reviewer: await member(app(), { role: 'reviewer' }), admin: await member(app(), { role: 'admin' }) };
});

/** An approved research of `owner`, published in the library by the review's approval. */
async function approvedResearch(owner: Member): Promise<number> {
  const [row] = await app()
    .db.insert(researchSubmissions)
    .values({
      ownerId: owner.id,
      otherCategory: 'Other',
      title: 'بحث للإشراف',
      titleEn: 'A research to moderate',
      description: 'وصف',
      descriptionEn: 'Description',
      abstract: 'Abstract of the research',
      researchType: 'general',
      filePath: 'research/moderation.pdf',
      fileOriginalName: 'moderation.pdf',
      fileMime: 'application/pdf',
      image: 'research/moderation.png',
      termsAcceptedAt: new Date(),
      submittedAt: new Date(),
      status: 'under_review',
    })
    .returning({ id: researchSubmissions.id });
  const approved = await postJson(app(), `/api/review/research/${row!.id}/transition`, { to: 'approved' }, staff.admin.headers);
  expect(approved.status).toBe(200);
  return row!.id;
}

describe('reporting', () => {
  it('files one open report per member and item: the second try says so and adds nothing', async () => {
    const [author, reader] = await Promise.all([member(app()), member(app())]);
    const message = await post(3, 'a message to report', author);
    const first = await report(reader, { item_type: 'chat_message', item_id: message.id, reason: 'harassment', text: 'Rude' });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ status: true, msg: 'Thank you, our moderators will review it.', data: { already_reported: false } });
    const again = await postJson(app(), '/api/reports', { item_type: 'chat_message', item_id: message.id, reason: 'spam' }, { ...reader.headers, 'accept-language': 'ar' });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ status: true, msg: 'سبق أن أبلغت عن هذا؛ سنخبرك بالنتيجة.', data: { already_reported: true } });
    const rows = await app().db.select().from(contentReports).where(and(eq(contentReports.itemType, 'chat_message'), eq(contentReports.itemId, message.id)));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ reporterId: reader.id, reason: 'harassment', text: 'Rude', decisionId: null });
  });

  it("refuses one's own item, unknown items and bad reasons", async () => {
    const author = await member(app());
    const message = await post(3, 'mine', author);
    const own = await report(author, { item_type: 'chat_message', item_id: message.id, reason: 'spam' });
    expect(own.status).toBe(400);
    expect(own.body).toMatchObject({ status: false, msg: 'You cannot report your own content.' });
    expect((await report(author, { item_type: 'profile', item_id: author.id, reason: 'spam' })).status).toBe(400);
    expect((await report(author, { item_type: 'research', item_id: 999999, reason: 'spam' })).status).toBe(404);
    const bad = await postJson(app(), '/api/reports', { item_type: 'profile', item_id: 1, reason: 'boring' }, author.headers);
    expect(bad.status).toBe(400);
    expect((await postJson(app(), '/api/reports', { item_type: 'profile', item_id: 1, reason: 'spam' })).status).toBe(401);
  });

  it(`allows ${REPORT_RATE_LIMIT.max} reports an hour per member, then 429`, async () => {
    const reporter = await member(app());
    const others = await Promise.all(Array.from({ length: REPORT_RATE_LIMIT.max + 1 }, () => member(app(), { subscribed: false })));
    for (const other of others.slice(0, REPORT_RATE_LIMIT.max)) expect((await report(reporter, { item_type: 'profile', item_id: other.id, reason: 'spam' })).status).toBe(201);
    const refused = await report(reporter, { item_type: 'profile', item_id: others.at(-1)!.id, reason: 'spam' });
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ status: false, err: 429 });
    expect(String(refused.body.msg)).toMatch(/many reports/);
  });
});

describe('the queue', () => {
  it('groups open reports by item, oldest first, with count, reasons and author; reviewers and admins only', async () => {
    const [author, a, b] = await Promise.all([member(app()), member(app()), member(app())]);
    const older = await post(4, 'older reported', author);
    const newer = await post(4, 'newer reported', author);
    await report(a, { item_type: 'chat_message', item_id: older.id, reason: 'spam' });
    await report(b, { item_type: 'chat_message', item_id: newer.id, reason: 'harassment' });
    await report(b, { item_type: 'chat_message', item_id: older.id, reason: 'harassment' });
    const queue = await getJson(app(), '/api/admin/moderation?limit=100', staff.reviewer.headers);
    expect(queue.status).toBe(200);
    const { data, tot } = moderationQueueResponseSchema.parse(queue.body);
    expect(tot).toBe(data.length);
    const mine = data.filter((item) => item.author?.id === author.id);
    expect(mine.map((item) => item.item_id)).toEqual([older.id, newer.id]);
    expect(mine[0]).toMatchObject({ item_type: 'chat_message', preview: 'older reported', deleted_by: null, reports: 2, reasons: ['harassment', 'spam'], suggest_suspension: false });
    expect(mine[0]!.author).toMatchObject({ id: author.id, name: author.name, removals_90_days: 0, suspended: false, locale: 'en' });
    const firsts = data.map((item) => item.first_reported_at);
    expect(firsts).toEqual([...firsts].sort());
    expect((await getJson(app(), '/api/admin/moderation', a.headers)).status).toBe(403);

    const item = moderationItemResponseSchema.parse((await getJson(app(), `/api/admin/moderation/chat_message/${older.id}`, staff.reviewer.headers)).body).data;
    expect(item.reports.map((r) => r.reporter?.id)).toEqual([a.id, b.id]);
    if (item.context.item_type !== 'chat_message') throw new Error('expected a chat message');
    expect(item.context.message.text).toBe('older reported');
    expect(item.context.after.map((m) => m.id)).toContain(newer.id);
    expect(item.context.before.length).toBeLessThanOrEqual(5);
    expect(item.context.chat).toEqual({ closed: false, closed_reason: null, slow_mode_seconds: 0 });
  });

  it('a reported message its sender deleted since stays in the queue without its text, saying who took it down', async () => {
    const [author, reporter] = await Promise.all([member(app()), member(app())]);
    const message = await post(4, 'said then taken back', author);
    await report(reporter, { item_type: 'chat_message', item_id: message.id, reason: 'spam' });
    const deleted = await app().inject({ method: 'DELETE', url: `/api/research-community/4/messages/${message.id}`, headers: author.headers });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const queue = moderationQueueResponseSchema.parse((await getJson(app(), '/api/admin/moderation?limit=100', staff.reviewer.headers)).body).data;
    expect(queue.find((entry) => entry.item_id === message.id)).toMatchObject({ item_type: 'chat_message', preview: '', deleted_by: 'sender' });
  });

  it("names a reported research by its title in the console's language (an Arabic console read the English title)", async () => {
    const [author, reporter] = await Promise.all([member(app()), member(app())]);
    const researchId = await approvedResearch(author);
    await report(reporter, { item_type: 'research', item_id: researchId, reason: 'spam' });
    const previewIn = async (locale: Locale) => {
      const queue = moderationQueueResponseSchema.parse((await getJson(app(), '/api/admin/moderation?limit=100', { ...staff.reviewer.headers, 'accept-language': locale })).body).data;
      return queue.find((entry) => entry.item_type === 'research' && entry.item_id === researchId)?.preview;
    };
    expect(await previewIn('en')).toBe('A research to moderate');
    expect(await previewIn('ar')).toBe('بحث للإشراف');
  });
});

describe('decisions', () => {
  it('dismiss: closes every open report, tells the reporters "no action" in their language, audited, nothing to the author', async () => {
    const [author, a, b] = await Promise.all([member(app()), member(app()), member(app(), { locale: 'ar' })]);
    const message = await post(5, 'harmless', author);
    await report(a, { item_type: 'chat_message', item_id: message.id, reason: 'spam' });
    await report(b, { item_type: 'chat_message', item_id: message.id, reason: 'other' });
    const done = await decide(staff.reviewer, 'chat_message', message.id, { action: 'dismiss' });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ data: { action: 'dismiss', reports_closed: 2 } });
    expect(await mailsTo(author.email)).toHaveLength(0);
    expect((await mailsTo(a.email)).map((m) => m.subject)).toEqual(['Your report: no action']);
    const [arabic] = await mailsTo(b.email);
    expect(arabic).toMatchObject({ locale: 'ar', subject: 'نتيجة بلاغك: لم يُتَّخذ إجراء' });
    // A message (رسالة) is feminine: "راجعها", "فيها" (not the masculine of a research or a profile).
    expect(arabic!.textBody).toContain('شكرًا لإبلاغك عن رسالة في محادثة. راجعها مشرفو المنصة.');
    expect(arabic!.textBody).toContain('إذ لم يجد المشرفون فيها مخالفة للسياسة.');
    expect(arabic!.textBody).not.toContain(staff.reviewer.name);
    expect(await auditOf('moderation.decide', message.id)).toMatchObject([{ actorId: staff.reviewer.id, targetType: 'chat_message', details: { action: 'dismiss' } }]);
    // Decided: a second decision finds nothing open; the member may report it again.
    expect((await decide(staff.reviewer, 'chat_message', message.id, { action: 'dismiss' })).status).toBe(409);
    expect((await report(a, { item_type: 'chat_message', item_id: message.id, reason: 'spam' })).status).toBe(201);
  });

  it('remove a chat message: kept in the database, its text never served again, the author and reporters told', async () => {
    const [author, reader] = await Promise.all([member(app(), { locale: 'ar' }), member(app())]);
    const message = await post(5, 'offensive words', author);
    await report(reader, { item_type: 'chat_message', item_id: message.id, reason: 'harassment' });
    expect((await decide(staff.reviewer, 'chat_message', message.id, { action: 'remove' })).status).toBe(400);
    expect((await decide(staff.reviewer, 'chat_message', message.id, { action: 'remove', reason: 'Insults another member' })).status).toBe(200);
    const history = chatHistoryResponseSchema.parse((await getJson(app(), '/api/research-community/5/messages?limit=100', reader.headers)).body).data;
    expect(history.messages.find((m) => m.id === message.id)).toMatchObject({ text: null, deleted: true, deleted_by: 'moderator' });
    expect(JSON.stringify(history)).not.toContain('offensive words');
    const [authorMail] = await mailsTo(author.email);
    expect(authorMail).toMatchObject({ locale: 'ar', subject: 'أُزيل محتوى لك' });
    expect(authorMail!.textBody).toContain('Insults another member');
    // The way to appeal: the contact page.
    expect(authorMail!.textBody).toContain('الاعتراض على القرار');
    expect(authorMail!.textBody).toMatch(/\/contact\b/);
    expect((await mailsTo(reader.email)).map((m) => m.subject)).toEqual(['Your report: action taken']);
    expect(await auditOf('moderation.decide', message.id)).toMatchObject([{ reason: 'Insults another member', details: { action: 'remove', author_id: author.id } }]);
  });

  it("remove a research: the review's removal (out of the library and the community), the author told once", async () => {
    const [author, reader] = await Promise.all([member(app()), member(app())]);
    const id = await approvedResearch(author);
    expect(await app().db.select().from(ebooks).where(eq(ebooks.researchId, id))).toHaveLength(1);
    await report(reader, { item_type: 'research', item_id: id, reason: 'plagiarism', text: 'Copied from a 2019 thesis' });
    const done = await decide(staff.reviewer, 'research', id, { action: 'remove', reason: 'Republished without permission' });
    expect(done.status).toBe(200);
    expect(await app().db.select().from(ebooks).where(eq(ebooks.researchId, id))).toHaveLength(0);
    expect((await getJson(app(), `/api/research-community/${id}`, reader.headers)).status).toBe(404);
    const [row] = await app().db.select({ status: researchSubmissions.status }).from(researchSubmissions).where(eq(researchSubmissions.id, id));
    expect(row?.status).toBe('removed');
    const authorMails = await mailsTo(author.email);
    expect(authorMails.filter((m) => m.template === 'research_removed')).toHaveLength(1);
    expect(authorMails.filter((m) => m.template.startsWith('moderation_'))).toHaveLength(0);
    expect(await auditOf('research.decide', id)).toHaveLength(2);
    expect(await auditOf('moderation.decide', id)).toHaveLength(1);
  });

  it("remove a profile: its about text and picture are cleared; warn: an e-mail and nothing removed", async () => {
    const [author, reader] = await Promise.all([member(app()), member(app())]);
    await app().db.update(users).set({ bio: 'Buy cheap essays at spam.example', avatar: 'public/avatars/x.png' }).where(eq(users.id, author.id));
    await report(reader, { item_type: 'profile', item_id: author.id, reason: 'spam' });
    expect((await decide(staff.admin, 'profile', author.id, { action: 'warn', reason: 'Advertising is not allowed' })).status).toBe(200);
    const [warned] = await app().db.select({ bio: users.bio }).from(users).where(eq(users.id, author.id));
    expect(warned?.bio).toBe('Buy cheap essays at spam.example');
    expect((await mailsTo(author.email)).map((m) => m.subject)).toEqual(['A warning about your content']);

    await report(reader, { item_type: 'profile', item_id: author.id, reason: 'spam' });
    expect((await decide(staff.reviewer, 'profile', author.id, { action: 'remove', reason: 'Advertising' })).status).toBe(200);
    const profile = await getJson(app(), `/api/users/${author.id}/profile`);
    expect(profile.body).toMatchObject({ data: { bio: null, avatar: null } });
    expect((await mailsTo(author.email)).map((m) => m.subject)).toEqual(['A warning about your content', 'Content of yours was removed']);
  });

  it('suspend: an administrator only (403 for a reviewer), with a reason; the suspension of part 1', async () => {
    const [author, reader] = await Promise.all([member(app()), member(app())]);
    const message = await post(7, 'threats', author);
    await report(reader, { item_type: 'chat_message', item_id: message.id, reason: 'illegal' });
    const refused = await decide(staff.reviewer, 'chat_message', message.id, { action: 'suspend', reason: 'Threats' });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ status: false, msg: 'Only an administrator can suspend an account.' });
    expect((await decide(staff.admin, 'chat_message', message.id, { action: 'suspend', reason: 'Threats' })).status).toBe(200);
    const [account] = await app().db.select({ suspendedAt: users.suspendedAt }).from(users).where(eq(users.id, author.id));
    expect(account?.suspendedAt).not.toBeNull();
    expect((await mailsTo(author.email)).map((m) => m.template)).toEqual(['account_suspended']);
    expect(await auditOf('suspend', author.id)).toHaveLength(1);
    expect((await getJson(app(), '/api/auth/me', author.headers)).status).toBe(401);
  });
});

describe('the e-mails name the item (over SMTP)', () => {
  const SITE = 'https://scholars.example';
  const { app: mailApp, smtp } = useAppWithMail({ PUBLIC_BASE_URL: SITE });
  let moderator: Member;
  beforeAll(async () => {
    moderator = await member(mailApp(), { role: 'reviewer' });
  });
  const mailOf = async (who: Member, count = 1): Promise<CapturedMail> => {
    await smtp.waitFor(() => smtp.mailsTo(who.email).length >= count);
    const mail = smtp.mailsTo(who.email)[count - 1]!;
    // (SMTP carries CRLF line ends.)
    return { ...mail, text: mail.text.replace(/\r\n/g, '\n') };
  };
  const titlesOf = async (id: number) => {
    const [row] = await mailApp().db.select({ ar: researchSubmissions.title, en: researchSubmissions.titleEn }).from(researchSubmissions).where(eq(researchSubmissions.id, id));
    return row!;
  };
  /** An instant as the mails write it: the locale owner's date and time, in the platform's zone, named. */
  const at = (value: string | Date, locale: Locale) => `${formatDate(value, locale, 'dateTime', PLATFORM_TIME_ZONE)} (${formatTimeZone(PLATFORM_TIME_ZONE, locale, value)})`;

  it("a removed chat message: the author's and each reporter's mail name the research, the message's date and its start, in their language", async () => {
    const [author, reader, arabicReader] = await Promise.all([member(mailApp(), { locale: 'ar' }), member(mailApp()), member(mailApp(), { locale: 'ar' })]);
    // Markup, quotes, a line break and more than QUOTE_LENGTH characters: quoted as text, cut with an ellipsis.
    const text = `Buy <b>cheap</b> essays & "theses" at spam.example\n${'now '.repeat(30)}TAIL-NOT-QUOTED`;
    const flat = text.replace(/\s+/g, ' ');
    const quote = `${flat.slice(0, 120).trimEnd()}…`;
    const sent = chatMessageResponseSchema.parse((await postJson(mailApp(), '/api/research-community/5/messages', { text }, author.headers)).body).data;
    for (const who of [reader, arabicReader]) expect((await postJson(mailApp(), '/api/reports', { item_type: 'chat_message', item_id: sent.id, reason: 'spam' }, who.headers)).status).toBe(201);
    const reports = await mailApp().db.select().from(contentReports).where(and(eq(contentReports.itemType, 'chat_message'), eq(contentReports.itemId, sent.id)));
    const reportedAt = (who: Member) => reports.find((row) => row.reporterId === who.id)!.createdAt;
    expect((await postJson(mailApp(), `/api/admin/moderation/chat_message/${sent.id}/decision`, { action: 'remove', reason: 'Advertising' }, moderator.headers)).status).toBe(200);
    const titles = await titlesOf(5);
    const chatLink = `${SITE}/community/5?tab=chats`;

    // The author, in Arabic: the research's Arabic title, when the message was sent, its start, the reason, the chat.
    const authorMail = await mailOf(author);
    expect(authorMail.subject).toBe('أُزيل محتوى لك');
    expect(authorMail.text).toContain(`البحث: «${isolate(titles.ar)}» (رقم 5)`);
    expect(authorMail.text).not.toContain(titles.en);
    expect(authorMail.text).toContain(`وقت الإرسال: ${at(sent.created_at, 'ar')}`);
    expect(authorMail.text).toContain('توقيت الخليج');
    expect(authorMail.text).toContain(`نص الرسالة:\n\n> ${quote}`);
    expect(authorMail.text).not.toContain('TAIL-NOT-QUOTED');
    expect(authorMail.text).toContain(`محادثة البحث:\n${chatLink}`);
    expect(authorMail.text).toContain('> Advertising');
    // In HTML the message is text: escaped as every value of the mail, never markup.
    expect(authorMail.html).toContain('Buy &lt;b&gt;cheap&lt;/b&gt; essays &amp; &quot;theses&quot; at spam.example now');
    expect(authorMail.html).not.toContain('<b>cheap</b>');
    expect(authorMail.html).toContain(`href="${chatLink}"`);
    expect(authorMail.html).toContain(`«${isolate(titles.ar)}»`);

    // A reporter in English: the English title, the message's date, when they reported it, its start, the outcome.
    const readerMail = await mailOf(reader);
    expect(readerMail.subject).toBe('Your report: action taken');
    expect(readerMail.text).toContain(`Research: "${isolate(titles.en)}" (no. 5)`);
    expect(readerMail.text).toContain(`Sent: ${at(sent.created_at, 'en')}`);
    expect(readerMail.text).toContain('Gulf Standard Time');
    expect(readerMail.text).toContain(`Date of your report: ${at(reportedAt(reader), 'en')}`);
    expect(readerMail.text).toContain(`Message:\n\n> ${quote}`);
    expect(readerMail.text).toContain(chatLink);
    expect(readerMail.html).toContain('&lt;b&gt;cheap&lt;/b&gt;');
    expect(readerMail.html).toContain(`&quot;${isolate(titles.en)}&quot;`);
    // And one in Arabic.
    const arabicMail = await mailOf(arabicReader);
    expect(arabicMail.subject).toBe('نتيجة بلاغك: اتُّخذ إجراء');
    expect(arabicMail.text).toContain(`البحث: «${isolate(titles.ar)}» (رقم 5)`);
    expect(arabicMail.text).toContain(`وقت الإرسال: ${at(sent.created_at, 'ar')}`);
    expect(arabicMail.text).toContain(`تاريخ بلاغك: ${at(reportedAt(arabicReader), 'ar')}`);
    expect(arabicMail.text).toContain(`> ${quote}`);
    for (const mail of [authorMail, readerMail, arabicMail]) expect(mail.text).not.toContain(moderator.name);
  });

  it('dismissed and warned: a research named by its title with its page; a profile by its name', async () => {
    const [author, reader] = await Promise.all([member(mailApp()), member(mailApp(), { locale: 'ar' })]);
    const decide = (type: string, id: number, body: Record<string, unknown>) => postJson(mailApp(), `/api/admin/moderation/${type}/${id}/decision`, body, moderator.headers);
    // A research reported, dismissed: the reporter's mail names it and links to its page (still published).
    expect((await postJson(mailApp(), '/api/reports', { item_type: 'research', item_id: 6, reason: 'plagiarism' }, reader.headers)).status).toBe(201);
    expect((await decide('research', 6, { action: 'dismiss' })).status).toBe(200);
    const titles = await titlesOf(6);
    const dismissed = await mailOf(reader);
    expect(dismissed.subject).toBe('نتيجة بلاغك: لم يُتَّخذ إجراء');
    expect(dismissed.text).toContain('شكرًا لإبلاغك عن بحث. راجعه مشرفو المنصة.');
    expect(dismissed.text).toContain('إذ لم يجد المشرفون فيه مخالفة للسياسة.');
    expect(dismissed.text).toContain(`البحث: «${isolate(titles.ar)}» (رقم 6)`);
    expect(dismissed.text).toMatch(/تاريخ بلاغك: .*2\d{3}، \d{2}:\d{2} \(توقيت الخليج\)/);
    expect(dismissed.text).toContain(`صفحة البحث:\n${SITE}/community/6`);

    // A profile reported, its author warned: the author's mail links to their profile; the reporter's names it.
    expect((await postJson(mailApp(), '/api/reports', { item_type: 'profile', item_id: author.id, reason: 'spam' }, reader.headers)).status).toBe(201);
    expect((await decide('profile', author.id, { action: 'warn', reason: 'Advertising is not allowed' })).status).toBe(200);
    const warned = await mailOf(author);
    expect(warned.subject).toBe('A warning about your content');
    expect(warned.text).toContain(`Your public profile:\n${SITE}/user-profile/${author.id}`);
    const outcome = await mailOf(reader, 2);
    expect(outcome.text).toContain(`الملف الشخصي: ${isolate(author.name)}`);
    expect(outcome.text).toContain(`${SITE}/user-profile/${author.id}`);
  });

  it('quotes whole characters: an emoji or a letter with its marks is never cut', () => {
    expect(quoteOf('short\n\n  text ')).toBe('short text');
    expect(quoteOf(`${'a'.repeat(119)}👍🏽 more`)).toBe(`${'a'.repeat(119)}👍🏽…`);
    expect(quoteOf('مُحَمَّد'.repeat(3), 5)).toBe('مُحَمَّدمُ…');
  });
});

describe('repeat offenders', () => {
  it('counts removals in 90 days on the queue and the user page, and suggests suspension from the third', async () => {
    const [author, reader] = await Promise.all([member(app()), member(app())]);
    const messages: ChatMessage[] = [];
    for (const text of ['one', 'two', 'three', 'four']) messages.push(await post(9, `offence ${text}`, author));
    for (const message of messages.slice(0, 2)) {
      await report(reader, { item_type: 'chat_message', item_id: message.id, reason: 'harassment' });
      await decide(staff.reviewer, 'chat_message', message.id, { action: 'remove', reason: 'Harassment' });
    }
    await report(reader, { item_type: 'chat_message', item_id: messages[2]!.id, reason: 'harassment' });
    const itemUrl = (id: number) => `/api/admin/moderation/chat_message/${id}`;
    let item = moderationItemResponseSchema.parse((await getJson(app(), itemUrl(messages[2]!.id), staff.reviewer.headers)).body).data;
    expect(item.author?.removals_90_days).toBe(2);
    expect(item.suggest_suspension).toBe(false);
    await decide(staff.reviewer, 'chat_message', messages[2]!.id, { action: 'remove', reason: 'Harassment' });
    await report(reader, { item_type: 'chat_message', item_id: messages[3]!.id, reason: 'harassment' });
    item = moderationItemResponseSchema.parse((await getJson(app(), itemUrl(messages[3]!.id), staff.reviewer.headers)).body).data;
    expect(item.author?.removals_90_days).toBe(3);
    expect(item.suggest_suspension).toBe(true);
    const queue = moderationQueueResponseSchema.parse((await getJson(app(), '/api/admin/moderation?limit=100', staff.reviewer.headers)).body).data;
    expect(queue.find((entry) => entry.item_id === messages[3]!.id)).toMatchObject({ suggest_suspension: true });
    const page = await getJson(app(), `/api/admin/users/${author.id}`, staff.admin.headers);
    expect(page.body).toMatchObject({ data: { removals: { last_90_days: 3, total: 3 } } });
    // Older than 90 days: no longer counted.
    await app().db.update(moderationDecisions).set({ createdAt: new Date(Date.now() - 91 * 24 * 3600 * 1000) }).where(eq(moderationDecisions.authorId, author.id));
    const later = await getJson(app(), `/api/admin/users/${author.id}`, staff.admin.headers);
    expect(later.body).toMatchObject({ data: { removals: { last_90_days: 0, total: 3 } } });
  });
});

// ------------------------------------------------------------------------------ live, and chat moderation
const ORIGIN = 'http://localhost:8080';

function collect(ws: WebSocket) {
  const frames: ChatServerFrame[] = [];
  ws.on('message', (data) => frames.push(chatServerFrameSchema.parse(JSON.parse(String(data)))));
  const next = async (predicate: (frame: ChatServerFrame) => boolean, timeout = 2000) => {
    const started = Date.now();
    for (;;) {
      const found = frames.find(predicate);
      if (found) return found;
      if (Date.now() - started > timeout) throw new Error(`no such frame; got ${JSON.stringify(frames)}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  };
  return { frames, next };
}

describe('live', () => {
  let base = '';
  beforeAll(async () => {
    await app().listen({ port: 0, host: '127.0.0.1' });
    base = `ws://127.0.0.1:${(app().server.address() as AddressInfo).port}`;
  });
  const follow = async (who: Member, researchId: number) => {
    const ws = await new Promise<WebSocket>((resolve, reject) => {
      const socket = new WebSocket(`${base}/api/chat/ws`, { headers: { origin: ORIGIN } });
      socket.once('open', () => resolve(socket));
      socket.once('error', reject);
    });
    const frames = collect(ws);
    ws.send(JSON.stringify({ type: 'auth', token: who.token }));
    await frames.next((frame) => frame.type === 'ready');
    ws.send(JSON.stringify({ type: 'subscribe', research_id: researchId }));
    await frames.next((frame) => frame.type === 'subscribed');
    return { ws, frames };
  };

  it('a removal replaces the message for every reader at once (two sockets)', async () => {
    const [author, reader] = await Promise.all([member(app()), member(app())]);
    const [one, two] = [await follow(author, 10), await follow(reader, 10)];
    const message = await post(10, 'removed live', author);
    await report(reader, { item_type: 'chat_message', item_id: message.id, reason: 'harassment' });
    expect((await decide(staff.reviewer, 'chat_message', message.id, { action: 'remove', reason: 'Harassment' })).status).toBe(200);
    for (const socket of [one, two]) {
      const frame = await socket.frames.next((f) => f.type === 'deleted' && f.message.id === message.id);
      expect(frame).toMatchObject({ type: 'deleted', message: { id: message.id, text: null, deleted: true, deleted_by: 'moderator' } });
    }
    one.ws.terminate();
    two.ws.terminate();
  });

  it('a closed chat refuses posts (with the reason) and tells open chats; reopened, posts go again', async () => {
    const writer = await member(app());
    const socket = await follow(writer, 11);
    const url = '/api/admin/research-chat/11/settings';
    const put = (who: Member, body: unknown) => app().inject({ method: 'PUT', url, headers: { ...who.headers, 'content-type': 'application/json' }, payload: JSON.stringify(body) });
    expect((await put(staff.reviewer, { closed: true, slow_mode_seconds: 0 })).statusCode).toBe(400);
    expect((await put(writer, { closed: true, closed_reason: 'x', slow_mode_seconds: 0 })).statusCode).toBe(403);
    expect((await put(staff.reviewer, { closed: true, closed_reason: 'Off-topic quarrel', slow_mode_seconds: 0 })).statusCode).toBe(200);
    await socket.frames.next((f) => f.type === 'settings' && f.settings.closed && f.settings.closed_reason === 'Off-topic quarrel');
    const refused = await postJson(app(), '/api/research-community/11/messages', { text: 'hello?' }, writer.headers);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ status: false, msg: 'This chat was closed by a moderator: Off-topic quarrel' });
    const history = chatHistoryResponseSchema.parse((await getJson(app(), '/api/research-community/11/messages', writer.headers)).body).data;
    expect(history.settings).toEqual({ closed: true, closed_reason: 'Off-topic quarrel', slow_mode_seconds: 0 });
    expect(await auditOf('chat.settings', 11)).toHaveLength(1);

    expect((await put(staff.admin, { closed: false, slow_mode_seconds: 0 })).statusCode).toBe(200);
    await socket.frames.next((f) => f.type === 'settings' && !f.settings.closed);
    expect((await postJson(app(), '/api/research-community/11/messages', { text: 'back again' }, writer.headers)).status).toBe(201);
    socket.ws.terminate();
  });

  it('slow mode: a member waits N seconds between two messages (429 with the seconds left); staff are exempt', async () => {
    const [writer, moderator] = [await member(app()), staff.reviewer];
    const put = await app().inject({
      method: 'PUT',
      url: '/api/admin/research-chat/12/settings',
      headers: { ...staff.admin.headers, 'content-type': 'application/json' },
      payload: JSON.stringify({ closed: false, slow_mode_seconds: 120 }),
    });
    expect(put.statusCode).toBe(200);
    expect((await postJson(app(), '/api/research-community/12/messages', { text: 'first' }, writer.headers)).status).toBe(201);
    const slow = await postJson(app(), '/api/research-community/12/messages', { text: 'second' }, { ...writer.headers, 'accept-language': 'ar' });
    expect(slow.status).toBe(429);
    expect(Number(slow.response.headers['retry-after'])).toBeGreaterThan(100);
    expect(String(slow.body.msg)).toMatch(/^الوضع البطيء مفعّل: يمكنك الكتابة مجددًا بعد \d+ ثانية\.$/);
    for (const text of ['staff one', 'staff two']) expect((await postJson(app(), '/api/research-community/12/messages', { text }, moderator.headers)).status).toBe(201);
  });
});

