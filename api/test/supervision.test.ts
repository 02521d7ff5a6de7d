/**
 * Supervisors and their students (issue 18): a student names a supervisor by e-mail, the academic
 * answers the signed link signed in with that address; accepting makes them a supervisor, links the
 * student and hands them the work waiting in pending_supervisor. Real app on PGlite, real SMTP capture.
 */
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { isolate } from '@scholars/shared-contracts/locale';
import {
  researchSavedResponseSchema,
  reviewPageResponseSchema,
  supervisedStudentsResponseSchema,
  supervisionInvitationResponseSchema,
  supervisionMineResponseSchema,
} from '@scholars/shared-contracts/schemas';
import type { Locale } from '@scholars/shared-contracts/locale';
import { auditLog, mailOutbox, researchSubmissions, supervisionInvitations, users } from '../src/db/schema';
import { getJson, postJson, useAppWithMail, type CapturedMail, type TestUser, signedInUser, type CreateUserOverrides } from './helper';
import { isResearchReceipt, researchForm, submitResearch, validFields } from './research-helpers';

const { app, smtp } = useAppWithMail({ PUBLIC_BASE_URL: 'https://scholars.example' });


interface Actor {
  user: TestUser;
  headers: Record<string, string>;
}
const actor = (overrides: CreateUserOverrides = {}) => signedInUser(app(), overrides);
const academicAddress = () => `academic.${Date.now().toString(36)}.${Math.random().toString(36).slice(2, 8)}@uaeu.example`;
const tokenIn = (mail: CapturedMail) => /https:\/\/scholars\.example\/supervision\/([\w-]+)/.exec(mail.text)?.[1];
const name = (student: Actor, email: string, locale: Locale = 'en') =>
  postJson(app(), '/api/supervision/mine', { email }, { ...student.headers, 'accept-language': locale });
const answer = (who: Actor | null, token: string, decision: string, locale: Locale = 'en') =>
  postJson(app(), `/api/supervision/invitations/${token}`, { decision }, { ...(who?.headers ?? {}), 'accept-language': locale });
async function lastMailTo(email: string, count: number) {
  // Submission receipts are left aside (researchReceiptMail, tested in research.test.ts).
  const mails = () => smtp.mailsTo(email).filter((mail) => !isResearchReceipt(mail));
  await smtp.waitFor(() => mails().length >= count);
  return mails()[count - 1]!;
}
async function submit(owner: Actor, fields: Record<string, string>) {
  const { status, body } = await submitResearch(app(), owner.headers, researchForm({ ...validFields(), ...fields }));
  expect(status).toBe(201);
  return researchSavedResponseSchema.parse(body).data;
}

describe('naming a supervisor', () => {
  it('refuses oneself; invites by a signed link in the student’s language when the address has no account; naming another withdraws it', async () => {
    const student = await actor({ locale: 'ar', name: 'مريم الشامسي' });
    const self = await name(student, student.user.email.toUpperCase(), 'ar');
    expect(self.status).toBe(400);
    expect(self.body.errors).toEqual({ email: 'لا يمكنك أن تكون مشرفًا على نفسك. أدخل البريد الإلكتروني لمشرفك.' });
    expect((await name(student, 'not an address')).status).toBe(400);
    expect((await postJson(app(), '/api/supervision/mine', { email: academicAddress() })).status).toBe(401);

    const first = academicAddress();
    const named = await name(student, first);
    expect(named.status).toBe(200);
    expect(named.body.msg).toBe(`We sent an invitation to ${first}. Your master’s or doctoral work waits for their answer.`);
    const mine = supervisionMineResponseSchema.parse(named.body).data;
    expect(mine.supervisor).toBeNull();
    expect(mine.invitation).toMatchObject({ email: first, state: 'pending', reminded_at: null });
    expect(new Date(mine.invitation!.remind_available_at!).getTime()).toBeGreaterThan(Date.now() + 23 * 3_600_000);
    // No account with this address: the student's language, and how to get an account.
    const mail = await lastMailTo(first, 1);
    // Worded alike for a student who is a man or a woman (no 'his' work, no 'عزيزنا/عزيزتنا').
    expect(mail.subject).toBe(`طلب إشراف أكاديمي من ${isolate('مريم الشامسي')}`);
    expect(mail.text).not.toMatch(/مشرفه|أبحاثه|عزيزنا/);
    expect(mail.text).toContain(first);
    // Greeted without a name: an address is not one.
    expect(mail.text.startsWith('مرحبًا،')).toBe(true);
    expect(mail.html).toContain('dir="rtl"');
    const token = tokenIn(mail)!;
    expect(token).toMatch(/^[\w-]{40,}$/);
    // The signed link is a link to follow in the HTML (a button), not its address as plain text.
    expect(mail.html).toMatch(new RegExp(`<a href="[^"]*/supervision/${token}"`));
    // Stored hashed only.
    const [stored] = await app().db.select().from(supervisionInvitations).where(eq(supervisionInvitations.email, first));
    expect(stored!.tokenHash).not.toContain(token);

    const second = academicAddress();
    expect((await name(student, second)).status).toBe(200);
    // Answered (withdrawn): whoever holds the link, signed out, learns only that.
    const withdrawn = supervisionInvitationResponseSchema.parse((await getJson(app(), `/api/supervision/invitations/${token}`)).body).data;
    expect(withdrawn).toEqual({ student: null, email: null, state: 'withdrawn' });
    const pending = await app().db.select().from(supervisionInvitations).where(and(eq(supervisionInvitations.studentId, student.user.id), eq(supervisionInvitations.state, 'pending')));
    expect(pending.map((row) => row.email)).toEqual([second]);
  });

  it('the invitee with an account gets it in their own language', async () => {
    const academic = await actor({ locale: 'en', name: 'Dr Hessa Al Mansoori' });
    const student = await actor({ locale: 'ar', name: 'سالم' });
    expect((await name(student, academic.user.email)).status).toBe(200);
    const mail = await lastMailTo(academic.user.email, 1);
    expect(mail.subject).toBe(`${isolate('سالم')} asks you to be their academic supervisor`);
    expect(mail.text).toContain(`Hello ${isolate('Dr Hessa Al Mansoori')},`);
    expect(mail.headers['content-language']).toBe('en');
  });
});

describe('the signed link', () => {
  it('unknown token: localized 404; malformed: 400', async () => {
    const unknown = await getJson(app(), `/api/supervision/invitations/${'a'.repeat(43)}`, { 'accept-language': 'ar' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.msg).toBe('رابط الدعوة هذا غير صالح. اطلب من الطالب إرسال دعوة جديدة.');
    const someone = await actor();
    expect((await answer(someone, 'b'.repeat(43), 'accept')).status).toBe(404);
    expect((await getJson(app(), '/api/supervision/invitations/short')).status).toBe(400);
    expect((await getJson(app(), `/api/supervision/invitations/${'c'.repeat(30)}%3Cx%3E`)).status).toBe(400);
  });

  it('accept: only the invited address; makes a supervisor, links the student, hands over the waiting work; told to the student', async () => {
    const student = await actor({ locale: 'en', name: 'Noura Al Kaabi' });
    // Submitted before any supervisor: it waits.
    const waiting = await submit(student, { research_type: 'master' });
    expect(waiting.status).toBe('pending_supervisor');
    const general = await submit(student, { research_type: 'general' });

    const email = academicAddress();
    expect((await name(student, email)).status).toBe(200);
    const token = tokenIn(await lastMailTo(email, 1))!;
    // Everyone holding the link reads the same.
    const read = await getJson(app(), `/api/supervision/invitations/${token}`);
    expect(read.status).toBe(200);
    expect(supervisionInvitationResponseSchema.parse(read.body).data).toEqual({ student: { name: 'Noura Al Kaabi' }, email, state: 'pending' });

    expect((await answer(null, token, 'accept')).status).toBe(401);
    const intruder = await actor();
    const wrong = await answer(intruder, token, 'accept', 'ar');
    expect(wrong.status).toBe(403);
    expect(wrong.body.msg).toBe(`أُرسلت هذه الدعوة إلى ${email}. سجّل الدخول بهذا العنوان للرد عليها.`);
    expect((await answer(intruder, token, 'maybe')).status).toBe(400);

    const academic = await actor({ email: email.toUpperCase(), locale: 'ar', name: 'د. خالد' });
    const accepted = await answer(academic, token, 'accept');
    expect(accepted.status).toBe(200);
    expect(accepted.body.msg).toBe('You are now the supervisor of Noura Al Kaabi. Their work waiting for you is in your queue.');
    expect(supervisionInvitationResponseSchema.parse(accepted.body).data.state).toBe('accepted');
    expect((await answer(academic, token, 'decline')).status).toBe(409);
    // The used link: the invited address signed in reads it all; anyone else (signed in or not) only that it was answered.
    const readBy = async (headers?: Record<string, string>) => supervisionInvitationResponseSchema.parse((await getJson(app(), `/api/supervision/invitations/${token}`, headers)).body).data;
    expect(await readBy(academic.headers)).toEqual({ student: { name: 'Noura Al Kaabi' }, email, state: 'accepted' });
    expect(await readBy()).toEqual({ student: null, email: null, state: 'accepted' });
    expect(await readBy(intruder.headers)).toEqual({ student: null, email: null, state: 'accepted' });

    const [account] = await app().db.select().from(users).where(eq(users.id, academic.user.id));
    expect(account!.roles).toContain('supervisor');
    const [linked] = await app().db.select().from(users).where(eq(users.id, student.user.id));
    expect(linked!.supervisorId).toBe(academic.user.id);
    const [handed] = await app().db.select().from(researchSubmissions).where(eq(researchSubmissions.id, waiting.id));
    expect(handed!.supervisorId).toBe(academic.user.id);
    const [untouched] = await app().db.select().from(researchSubmissions).where(eq(researchSubmissions.id, general.id));
    expect(untouched!.supervisorId).toBeNull();

    // The role counts at once: the queue and "my students".
    const queue = reviewPageResponseSchema.parse((await getJson(app(), '/api/review/research', academic.headers)).body);
    expect(queue.data.map((item) => item.id)).toEqual([waiting.id]);
    const students = supervisedStudentsResponseSchema.parse((await getJson(app(), '/api/supervision/students', academic.headers)).body).data;
    expect(students).toEqual([
      { id: student.user.id, name: 'Noura Al Kaabi', email: student.user.email, since: expect.any(String), open_submissions: 2, awaiting_you: 1 },
    ]);
    const mine = supervisionMineResponseSchema.parse((await getJson(app(), '/api/supervision/mine', student.headers)).body).data;
    expect(mine).toEqual({ supervisor: { id: academic.user.id, name: 'د. خالد', email: email.toUpperCase() }, invitation: null });

    // Audited: the role granted and the acceptance.
    const audit = await app().db.select().from(auditLog).where(eq(auditLog.actorId, academic.user.id)).orderBy(auditLog.id);
    expect(audit.map((entry) => [entry.action, entry.targetId])).toEqual([
      ['grant', academic.user.id],
      ['supervision.accept', student.user.id],
    ]);
    // The student is told, in their language.
    const told = await lastMailTo(student.user.email, 1);
    expect(told.subject).toBe(`${isolate('د. خالد')} is now your supervisor`);
    // Straight to the research tab, where the supervisor panel and the submissions are.
    expect(told.text).toContain('/profile?tab=research');
    // The supervisor is mailed the work that was already waiting for them, in their language (as a
    // submission to them would be); the general research, which needs no supervisor, is not.
    const waitingMail = await lastMailTo(email, 2);
    expect(waitingMail.subject).toBe(`بحث لأحد طلابك بانتظار موافقتك: ${isolate('أثر الذكاء الاصطناعي على جودة التعليم الجامعي')}`);
    expect(waitingMail.text).toContain('/admin/supervision');
    const queued = await app().db.select({ template: mailOutbox.template }).from(mailOutbox).where(eq(sql`lower(${mailOutbox.toAddress})`, email.toLowerCase()));
    expect(queued.filter((mail) => mail.template === 'research_supervisor_request')).toHaveLength(1);
    // A later submission goes straight to the supervisor.
    const later = await submit(student, { research_type: 'doctorate' });
    const [laterRow] = await app().db.select().from(researchSubmissions).where(eq(researchSubmissions.id, later.id));
    expect(laterRow!.supervisorId).toBe(academic.user.id);
  });

  it('decline: recorded, the student told and free to name someone else', async () => {
    const student = await actor({ locale: 'ar', name: 'ليلى' });
    const email = academicAddress();
    await name(student, email);
    const token = tokenIn(await lastMailTo(email, 1))!;
    const academic = await actor({ email, locale: 'en' });
    const declined = await answer(academic, token, 'decline', 'ar');
    expect(declined.status).toBe(200);
    expect(declined.body.msg).toBe('رفضت الدعوة. أُبلغ ليلى ويمكنه تحديد مشرف آخر.');
    const [account] = await app().db.select().from(users).where(eq(users.id, academic.user.id));
    expect(account!.roles).not.toContain('supervisor');
    const mine = supervisionMineResponseSchema.parse((await getJson(app(), '/api/supervision/mine', student.headers)).body).data;
    expect(mine.supervisor).toBeNull();
    expect(mine.invitation).toMatchObject({ email, state: 'declined', remind_available_at: null });
    const told = await lastMailTo(student.user.email, 1);
    expect(told.subject).toMatch(/^لم تُقبل دعوة الإشراف المرسلة إلى .+$/);
    const audit = await app().db.select().from(auditLog).where(and(eq(auditLog.action, 'supervision.decline'), eq(auditLog.targetId, student.user.id)));
    expect(audit).toHaveLength(1);
    // Nothing to remind about any more.
    expect((await postJson(app(), '/api/supervision/mine/remind', {}, student.headers)).status).toBe(409);
  });
});

describe('remind', () => {
  it('once per 24 hours (429 with the time, localized); the reminder carries a new link, the old one stops working', async () => {
    const student = await actor({ locale: 'en', name: 'Omar' });
    expect((await postJson(app(), '/api/supervision/mine/remind', {}, student.headers)).status).toBe(409);
    const email = academicAddress();
    await name(student, email);
    const oldToken = tokenIn(await lastMailTo(email, 1))!;
    const tooSoon = await postJson(app(), '/api/supervision/mine/remind', {}, { ...student.headers, 'accept-language': 'ar' });
    expect(tooSoon.status).toBe(429);
    expect(tooSoon.body.msg).toMatch(/^أُرسل تذكير مؤخرًا\. يمكنك إرسال تذكير آخر ابتداءً من .+\.$/);
    // A day later.
    await app()
      .db.update(supervisionInvitations)
      .set({ createdAt: new Date(Date.now() - 25 * 3_600_000) })
      .where(eq(supervisionInvitations.studentId, student.user.id));
    const reminded = await postJson(app(), '/api/supervision/mine/remind', {}, student.headers);
    expect(reminded.status).toBe(200);
    expect(reminded.body.msg).toBe(`We sent the invitation to ${email} again.`);
    const mine = supervisionMineResponseSchema.parse(reminded.body).data;
    expect(mine.invitation!.reminded_at).not.toBeNull();
    expect(mine.invitation!.remind_available_at).not.toBeNull();
    const reminder = await lastMailTo(email, 2);
    expect(reminder.subject).toBe(`Reminder: ${isolate('Omar')} asks you to be their academic supervisor`);
    const newToken = tokenIn(reminder)!;
    expect(newToken).not.toBe(oldToken);
    expect((await getJson(app(), `/api/supervision/invitations/${oldToken}`)).status).toBe(404);
    expect((await getJson(app(), `/api/supervision/invitations/${newToken}`)).status).toBe(200);
    // And again too soon.
    expect((await postJson(app(), '/api/supervision/mine/remind', {}, student.headers)).status).toBe(429);
  });
});

describe('my students', () => {
  it('only supervisors; an empty list for a supervisor without students', async () => {
    const user = await actor();
    expect((await getJson(app(), '/api/supervision/students', user.headers)).status).toBe(403);
    expect((await getJson(app(), '/api/supervision/students')).status).toBe(401);
    const supervisor = await actor({ role: 'supervisor' });
    expect(supervisedStudentsResponseSchema.parse((await getJson(app(), '/api/supervision/students', supervisor.headers)).body).data).toEqual([]);
  });
});
