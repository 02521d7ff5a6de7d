/**
 * "Download my data" (`GET profile/export`, decisions.md "Your data"): a visitor is refused; a
 * member's file holds their account, research (with the decisions addressed to them, a reviewer's
 * name only when signed), the chat message they sent, a registration, a subscription bought through
 * the payment simulator and its invoice, a consultation, the supervision link and staff decisions
 * (a reason only when it was given to them); another member's data never appears in it; the answer
 * is an attachment that is not cached; the limit per account and per client address answers the
 * localized 429; each download is audit-logged with the member as actor.
 */
import { and, desc, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { dataExportSchema, translateMessage, type DataExport } from '@scholars/shared-contracts/schemas';
import { API_ACCESS } from '@scholars/shared-contracts/authorization';
import type { Locale } from '@scholars/shared-contracts/locale';
import { auditLog, conferenceRegistrations, conferenceWaitingList, consultations, contactMessages, contactReplies, rateLimitHits, researchChatMessages, researchReviewTransitions, researchSubmissions, users } from '../src/db/schema';
import { appendAudit } from '../src/lib/operators/audit';
import { DATA_EXPORT_PER_ACCOUNT, DATA_EXPORT_PER_ADDRESS, dataExportAddressBucket } from '../src/lib/accounts/rate-limits';
import { createUser, getJson, postJson, useApp, type TestApp, signedInUser } from './helper';
import { buyWithLocalCheckout } from './billing-helpers';
import { makeConsultant } from './consultation-helpers';
import { insertConference } from './conference-helpers';
import { pdfBytes, researchForm, submitResearch, validFields } from './research-helpers';

const getApp = useApp();
const HOUR = 3_600_000;

const download = (app: TestApp, headers: Record<string, string>, locale: Locale = 'en') =>
  app.inject({ method: 'GET', url: '/api/profile/export', headers: { ...headers, 'accept-language': locale } });

/** Buys the first plan through the payment simulator, as a member does; answers the subscription's id. */
async function buyPlan(app: TestApp, userId: number, headers: Record<string, string>): Promise<number> {
  return (await buyWithLocalCheckout(app, { id: userId }, headers)).id;
}

/**
 * A member with something of everything, every value distinctive (`tag` in it) so that a test can
 * tell whose data a file holds.
 */
async function memberWithData(app: TestApp, tag: string, options: { supervisorId?: number; conferenceId: number; chatResearchId: number }) {
  const { user, headers } = await signedInUser(app, {
    name: `Member ${tag}`,
    email: `member.${tag.toLowerCase()}.${Date.now()}@example.ae`,
    phone: tag === 'Alpha' ? '+971501110001' : '+971502220002',
    supervisorId: options.supervisorId ?? null,
  });
  await app.db.update(users).set({ bio: `Bio of ${tag}` }).where(eq(users.id, user.id));
  const subscriptionId = await buyPlan(app, user.id, headers);

  const submitted = await submitResearch(
    app,
    headers,
    researchForm({ ...validFields(), title: `بحث ${tag}`, title_en: `Research ${tag}`, abstract: `Abstract of ${tag}: ${'x'.repeat(60)}` }, { file: { bytes: pdfBytes(`Research ${tag}`), name: `thesis-${tag}.pdf`, type: 'application/pdf' } }),
  );
  if (submitted.status !== 201 && submitted.status !== 200) throw new Error(`research: ${submitted.status} ${JSON.stringify(submitted.body)}`);
  const researchId = (submitted.body.data as { id: number }).id;

  const chat = await postJson(app, `/api/research-community/${options.chatResearchId}/messages`, { text: `Chat message of ${tag}` }, headers);
  expect(chat.status, JSON.stringify(chat.body)).toBeLessThan(300);

  const registered = await app.inject({ method: 'POST', url: `/api/conference/${options.conferenceId}/register`, headers });
  expect(registered.statusCode, registered.body).toBe(201);

  const consultant = await makeConsultant(app, { name: `Consultant of ${tag}` });
  const start = new Date(Date.now() - 72 * HOUR);
  await app.db.insert(consultations).values({
    memberId: user.id,
    consultantId: consultant.consultantId,
    topic: `Topic of ${tag}`,
    language: 'en',
    mode: 'online',
    description: `Question of ${tag}`,
    startsAt: start,
    endsAt: new Date(start.getTime() + HOUR),
    acceptBy: new Date(start.getTime() - 24 * HOUR),
    state: 'accepted',
    rating: 5,
    review: `Review by ${tag}`,
    ratedAt: new Date(),
    consultantNotes: `Private notes about ${tag}`,
  });
  return { user, headers, researchId, subscriptionId, consultant };
}

describe('downloading one’s own data', () => {
  it('is a signed-in route: a visitor gets 401 in the envelope, and the authorization table has its row', async () => {
    expect(API_ACCESS['GET /api/profile/export']).toBe('signed-in');
    const answer = await getJson(getApp(), '/api/profile/export');
    expect(answer.status).toBe(401);
    expect(answer.body.status).toBe(false);
  });

  it('holds everything of the member, nothing of another member, as an attachment that is not stored; the download is audit-logged', async () => {
    const app = getApp();
    const conferenceId = await insertConference(app, { startInDays: 20 });
    const [published] = await app.db.select({ id: researchSubmissions.id }).from(researchSubmissions).where(eq(researchSubmissions.status, 'approved')).limit(1);
    const supervisor = await createUser(app, { name: 'Dr Supervisor Visible', role: 'supervisor' });
    const alpha = await memberWithData(app, 'Alpha', { supervisorId: supervisor.id, conferenceId, chatResearchId: published!.id });
    const beta = await memberWithData(app, 'Beta', { conferenceId, chatResearchId: published!.id });
    // Alpha waits for a seat at a full conference too.
    const fullId = await insertConference(app, { startInDays: 25, titleEn: 'Full Workshop' });
    await app.db.insert(conferenceWaitingList).values({ conferenceId: fullId, userId: alpha.user.id });

    // Decisions on Alpha's research: an unsigned one (no name for the author) and a signed one.
    const hidden = await createUser(app, { name: 'Reviewer Hidden-Name', role: 'reviewer' });
    const signer = await createUser(app, { name: 'Reviewer Signed-Name', role: 'reviewer' });
    await app.db.insert(researchReviewTransitions).values([
      { researchId: alpha.researchId, fromStatus: 'under_review', toStatus: 'changes_requested', actorId: hidden.id, note: 'Please shorten chapter two', signed: false },
      { researchId: alpha.researchId, fromStatus: 'changes_requested', toStatus: 'under_review', actorId: alpha.user.id, note: null, signed: false },
      { researchId: alpha.researchId, fromStatus: 'under_review', toStatus: 'approved', actorId: signer.id, note: 'Well argued', signed: true },
    ]);
    // Staff decisions on Alpha's account: a suspension's reason was mailed to them; a role change's note was not.
    const admin = await createUser(app, { name: 'Admin Person', role: 'admin' });
    await appendAudit(app.db, { actorId: admin.id, actorLabel: 'account', action: 'suspend', targetType: 'user', targetId: alpha.user.id, reason: 'Posting adverts in the chat', details: { ends_at: '2030-01-01T00:00:00.000Z' } });
    await appendAudit(app.db, { actorId: admin.id, actorLabel: 'account', action: 'grant', targetType: 'user', targetId: alpha.user.id, reason: 'internal staff note', details: { role: 'reviewer' } });
    await appendAudit(app.db, { actorId: admin.id, actorLabel: 'account', action: 'suspend', targetType: 'user', targetId: beta.user.id, reason: 'Reason about Beta', details: {} });

    const answer = await download(app, alpha.headers);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^application\/json; charset=utf-8/);
    expect(answer.headers['content-disposition']).toMatch(/^attachment; filename="scholars-hub-data-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(answer.headers['cache-control']).toBe('no-store');
    // Indented: a file a person can read.
    expect(answer.body).toContain('\n  "account": {');
    const file: DataExport = dataExportSchema.parse(JSON.parse(answer.body));
    expect(file).toMatchObject({ format: 'scholars-hub-member-data', version: 1 });
    expect(answer.headers['content-disposition']).toContain(file.exported_at.slice(0, 10));

    expect(file.account).toMatchObject({
      id: alpha.user.id,
      name: 'Member Alpha',
      email: alpha.user.email,
      phone: '+971501110001',
      country: 'AE',
      gender: 'female',
      bio: 'Bio of Alpha',
      language: 'en',
      roles: [],
      newsletter: false,
      data_access: false,
      supervisor_name: 'Dr Supervisor Visible',
    });
    expect(file.account.email_verified_at).not.toBeNull();

    expect(file.research).toHaveLength(1);
    const [research] = file.research;
    expect(research).toMatchObject({ id: alpha.researchId, title: 'بحث Alpha', title_en: 'Research Alpha', file: { name: 'thesis-Alpha.pdf' } });
    expect(research!.file.size).toBeGreaterThan(0);
    const decisions = research!.history.filter((move) => move.by_role === 'reviewer');
    expect(decisions).toEqual([
      expect.objectContaining({ to: 'changes_requested', note: 'Please shorten chapter two', by_name: null }),
      expect.objectContaining({ to: 'approved', note: 'Well argued', by_name: 'Reviewer Signed-Name' }),
    ]);

    expect(file.chat_messages).toEqual([expect.objectContaining({ research_id: published!.id, text: 'Chat message of Alpha', removed: false, removed_at: null })]);
    expect(file.conference_registrations).toEqual([expect.objectContaining({ conference_id: conferenceId, status: 'registered', canceled_at: null, canceled_by: null })]);
    expect(file.conference_waiting_lists).toEqual([expect.objectContaining({ conference_id: fullId, conference_title_en: 'Full Workshop' })]);
    expect(file.subscriptions).toEqual([expect.objectContaining({ id: alpha.subscriptionId, status: 'active', auto_renew: true })]);
    expect(file.subscriptions[0]!.current_period_end).not.toBeNull();
    expect(file.invoices).toHaveLength(1);
    expect(file.invoices[0]).toMatchObject({ subscription_id: alpha.subscriptionId, status: 'paid' });
    expect(file.invoices[0]!.number).toMatch(/^INV-\d{6}$/);
    expect(file.consultations_as_member).toEqual([
      expect.objectContaining({ topic: 'Topic of Alpha', state: 'accepted', consultant_name: 'Consultant of Alpha', rating: 5, review: 'Review by Alpha' }),
    ]);
    expect(file.consultations_as_consultant).toEqual([]);
    expect(file.supervision.supervisor_name).toBe('Dr Supervisor Visible');
    expect(file.account_decisions).toEqual([
      { action: 'suspend', at: expect.any(String), role: null, reason: 'Posting adverts in the chat', ends_at: '2030-01-01T00:00:00.000Z', outcome: null },
      { action: 'grant', at: expect.any(String), role: 'reviewer', reason: null, ends_at: null, outcome: null },
    ]);

    // What is not Alpha's, or not shown to Alpha, is not in Alpha's file.
    for (const foreign of [
      beta.user.email,
      'Member Beta',
      '+971502220002',
      'Bio of Beta',
      'Research Beta',
      'thesis-Beta.pdf',
      'Chat message of Beta',
      'Topic of Beta',
      'Review by Beta',
      'Reason about Beta',
      // Alpha's consultant's private notes, the unsigned reviewer, every staff e-mail address, the staff's own note.
      'Private notes about Alpha',
      'Reviewer Hidden-Name',
      hidden.email,
      signer.email,
      supervisor.email,
      admin.email,
      alpha.consultant.email,
      'internal staff note',
    ]) {
      expect(answer.body, foreign).not.toContain(foreign);
    }
    // And the other way round: the consultant's file has the session, with their notes, not the member's review.
    const consultantFile = dataExportSchema.parse(JSON.parse((await download(app, alpha.consultant.headers)).body));
    expect(consultantFile.consultations_as_consultant).toEqual([expect.objectContaining({ topic: 'Topic of Alpha', member_name: 'Member Alpha', notes: 'Private notes about Alpha' })]);
    expect(consultantFile.consultant_profile).toMatchObject({ status: 'approved', bio_en: 'Bio' });
    expect(JSON.stringify(consultantFile)).not.toContain(alpha.user.email);

    // The audit log: the member is the actor, the details count what the file held.
    const [entry] = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'account.export'), eq(auditLog.targetId, alpha.user.id)))
      .orderBy(desc(auditLog.id));
    expect(entry).toMatchObject({ actorId: alpha.user.id, actorLabel: 'account', targetType: 'user' });
    expect(entry!.details).toMatchObject({ research: 1, chat_messages: 1, conference_registrations: 1, subscriptions: 1, invoices: 1, consultations: 1 });
  });

  it('a removed chat message is in the file as the member wrote it, marked removed; a contact message with the staff’s reply, not who replied', async () => {
    const app = getApp();
    const { user, headers } = await signedInUser(app);
    const staff = await createUser(app, { name: 'Staff Replier', role: 'admin' });
    const [message] = await app.db
      .insert(contactMessages)
      .values({ fullName: 'Sender Name', email: user.email, phone: '+971500000000', message: 'Where is my receipt?', userId: user.id, ip: '203.0.113.9', userAgent: 'TestBrowser/1' })
      .returning({ id: contactMessages.id });
    await app.db.insert(contactReplies).values({ messageId: message!.id, authorId: staff.id, body: 'It is in the Invoices tab.' });
    const [published] = await app.db.select({ id: researchSubmissions.id }).from(researchSubmissions).where(eq(researchSubmissions.status, 'approved')).limit(1);
    const removedAt = new Date();
    await app.db.insert(researchChatMessages).values({ researchId: published!.id, senderId: user.id, body: 'A message a moderator removed', deletedAt: removedAt });
    const file = dataExportSchema.parse(JSON.parse((await download(app, headers)).body));
    expect(file.chat_messages).toEqual([expect.objectContaining({ text: 'A message a moderator removed', removed: true, removed_at: removedAt.toISOString() })]);
    expect(file.research).toEqual([]);
    expect(file.newsletter).toBeNull();
    expect(file.contact_messages).toEqual([
      expect.objectContaining({ message: 'Where is my receipt?', client_address: '203.0.113.9', browser: 'TestBrowser/1', replies: [{ text: 'It is in the Invoices tab.', sent_at: expect.any(String) }] }),
    ]);
    expect(JSON.stringify(file)).not.toContain('Staff Replier');
  });

  it('a canceled registration says who canceled it, as the member’s registrations tab does (the member, or the organizers)', async () => {
    const app = getApp();
    const mine = await insertConference(app, { startInDays: 20 });
    const theirs = await insertConference(app, { startInDays: 30 });
    const { user, headers } = await signedInUser(app, { name: 'Member Cancels', email: `member.cancels.${Date.now()}@example.ae` });
    for (const id of [mine, theirs]) expect((await app.inject({ method: 'POST', url: `/api/conference/${id}/register`, headers })).statusCode).toBe(201);
    expect((await app.inject({ method: 'DELETE', url: `/api/conference/${mine}/register`, headers })).statusCode).toBe(200);
    // The organizers' cancel, as an archive before the conference makes it (routes/admin-conferences.ts).
    await app.db
      .update(conferenceRegistrations)
      .set({ status: 'canceled', canceledAt: new Date(), canceledBy: 'organizers' })
      .where(and(eq(conferenceRegistrations.conferenceId, theirs), eq(conferenceRegistrations.userId, user.id)));

    const answer = await download(app, headers);
    expect(answer.statusCode, answer.body).toBe(200);
    const file = dataExportSchema.parse(JSON.parse(answer.body));
    expect(file.conference_registrations).toEqual([
      expect.objectContaining({ conference_id: mine, status: 'canceled', canceled_by: 'member' }),
      expect.objectContaining({ conference_id: theirs, status: 'canceled', canceled_by: 'organizers' }),
    ]);
  });

  it(`allows ${DATA_EXPORT_PER_ACCOUNT.max} downloads an hour per account, then answers 429 in the request language`, async () => {
    const app = getApp();
    const { user, headers } = await signedInUser(app);
    for (let i = 0; i < DATA_EXPORT_PER_ACCOUNT.max; i += 1) expect((await download(app, headers)).statusCode).toBe(200);
    for (const locale of ['en', 'ar'] as const) {
      const refused = await download(app, headers, locale);
      expect(refused.statusCode).toBe(429);
      const retryAfter = Number(refused.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(DATA_EXPORT_PER_ACCOUNT.windowSeconds);
      expect(refused.json()).toEqual({
        status: false,
        err: 429,
        msg: translateMessage(locale, 'validation.dataExportRateLimited', { minutes: Math.ceil(retryAfter / 60) }),
      });
    }
    expect(translateMessage('ar', 'validation.dataExportRateLimited', { minutes: 60 })).toBe('لقد نزّلت بياناتك عدة مرات بالفعل. يرجى المحاولة بعد 60 دقيقة.');
    // Refusals are not counted, and not audit-logged.
    const entries = await app.db.select().from(auditLog).where(and(eq(auditLog.action, 'account.export'), eq(auditLog.actorId, user.id)));
    expect(entries).toHaveLength(DATA_EXPORT_PER_ACCOUNT.max);
  });

  it(`allows ${DATA_EXPORT_PER_ADDRESS.max} downloads an hour per client address, whoever asks`, async () => {
    const app = getApp();
    const bucket = dataExportAddressBucket('127.0.0.1');
    const already = (await app.db.select().from(rateLimitHits).where(eq(rateLimitHits.bucket, bucket))).length;
    const fill = DATA_EXPORT_PER_ADDRESS.max - already;
    if (fill > 0) await app.db.insert(rateLimitHits).values(Array.from({ length: fill }, () => ({ bucket })));
    try {
      const { headers } = await signedInUser(app, { locale: 'ar' });
      const refused = await download(app, headers, 'ar');
      expect(refused.statusCode).toBe(429);
      expect(refused.json().msg).toBe(translateMessage('ar', 'validation.dataExportRateLimited', { minutes: Math.ceil(Number(refused.headers['retry-after']) / 60) }));
    } finally {
      await app.db.delete(rateLimitHits).where(like(rateLimitHits.bucket, 'data-export:ip:%'));
    }
  });
});
