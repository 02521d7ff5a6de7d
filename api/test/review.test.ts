import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { isolate } from '@scholars/shared-contracts/locale';
import {
  libraryDetailsResponseSchema,
  libraryPageResponseSchema,
  researchCommunityPageResponseSchema,
  researchSavedResponseSchema,
  researchSubmissionResponseSchema,
  REVIEW_TRANSITIONS,
  researchMineResponseSchema,
  reviewDetailsResponseSchema,
  reviewPageResponseSchema,
  reviewTransitionBodySchema,
  reasonTemplatesResponseSchema,
  reviewersResponseSchema,
  RESEARCH_STATUSES,
  type ResearchStatus,
} from '@scholars/shared-contracts/schemas';
import { auditLog, ebooks, researchReviewTransitions, researchSubmissions } from '../src/db/schema';
import { getJson, postJson, useAppWithMail, type TestUser, signedInUser, type CreateUserOverrides } from './helper';
import { isResearchReceipt, researchForm, submitResearch, validFields } from './research-helpers';
import type { Locale } from '@scholars/shared-contracts/locale';

/** The mails to `email` but the submission receipts (researchReceiptMail, tested in research.test.ts). */
const decisionMailsTo = (email: string) => smtp.mailsTo(email).filter((mail) => !isResearchReceipt(mail));
const { app, smtp } = useAppWithMail({ PUBLIC_BASE_URL: 'https://scholars.example' });


interface Actor {
  user: TestUser;
  headers: Record<string, string>;
}

const actor = (overrides: CreateUserOverrides = {}) => signedInUser(app(), overrides);

/** A student with a supervisor, an unrelated supervisor, a reviewer, an admin and a plain user. */
async function cast(locale: Locale = 'en') {
  const supervisor = await actor({ role: 'supervisor', locale: 'ar' });
  const student = await actor({ supervisorId: supervisor.user.id, locale, name: locale === 'ar' ? 'نورة الكعبي' : 'Noura Al Kaabi' });
  return {
    supervisor,
    student,
    otherSupervisor: await actor({ role: 'supervisor' }),
    reviewer: await actor({ role: 'reviewer' }),
    admin: await actor({ role: 'admin' }),
    user: await actor(),
  };
}

async function submit(owner: Actor, fields: Record<string, string> = {}) {
  const { status, body } = await submitResearch(app(), owner.headers, researchForm({ ...validFields(), ...fields }));
  expect(status).toBe(201);
  return researchSavedResponseSchema.parse(body).data;
}

const move = (who: Actor, id: number, to: string, reason?: string) =>
  postJson(app(), `/api/review/research/${id}/transition`, reason === undefined ? { to } : { to, reason }, who.headers);

async function setStatus(id: number, status: ResearchStatus) {
  await app().db.update(researchSubmissions).set({ status }).where(eq(researchSubmissions.id, id));
}

describe('review endpoints enforce their roles', () => {
  it('visitors 401, plain users 403 on every review endpoint', async () => {
    const { student, user } = await cast();
    const research = await submit(student, { research_type: 'master' });
    for (const [method, url] of [
      ['GET', '/api/review/research'],
      ['GET', `/api/review/research/${research.id}`],
      ['POST', `/api/review/research/${research.id}/transition`],
    ] as const) {
      const payload = method === 'POST' ? { to: 'under_review' } : undefined;
      expect((await app().inject({ method, url, payload })).statusCode, url).toBe(401);
      expect((await app().inject({ method, url, payload, headers: user.headers })).statusCode, url).toBe(403);
      // The student cannot review their own work either.
      expect((await app().inject({ method, url, payload, headers: student.headers })).statusCode, url).toBe(403);
    }
  });

  it('a supervisor sees only their students’ work; an admin sees everything', async () => {
    const { supervisor, student, otherSupervisor, admin } = await cast();
    const research = await submit(student, { research_type: 'doctorate' });
    const queue = reviewPageResponseSchema.parse((await getJson(app(), '/api/review/research?status=pending_supervisor', supervisor.headers)).body);
    expect(queue.data.map((item) => item.id)).toEqual([research.id]);
    expect(queue.data[0]!.owner.id).toBe(student.user.id);
    expect(queue.data[0]!.supervisor?.id).toBe(supervisor.user.id);
    const others = reviewPageResponseSchema.parse((await getJson(app(), '/api/review/research', otherSupervisor.headers)).body);
    expect(others.data.map((item) => item.id)).not.toContain(research.id);
    expect((await getJson(app(), `/api/review/research/${research.id}`, otherSupervisor.headers)).status).toBe(404);
    expect((await move(otherSupervisor, research.id, 'under_review')).status).toBe(404);
    const all = reviewPageResponseSchema.parse((await getJson(app(), '/api/review/research?limit=100', admin.headers)).body);
    expect(all.data.map((item) => item.id)).toContain(research.id);
    expect(all.tot).toBeGreaterThanOrEqual(13); // the seed's approved research too
    const details = reviewDetailsResponseSchema.parse((await getJson(app(), `/api/review/research/${research.id}`, supervisor.headers)).body).data;
    expect(details.allowed.sort()).toEqual(['changes_requested', 'rejected', 'under_review']);
    const forAdmin = reviewDetailsResponseSchema.parse((await getJson(app(), `/api/review/research/${research.id}`, admin.headers)).body).data;
    expect(forAdmin.allowed).toEqual(['removed']);
  });
});

describe('the state machine: every legal and illegal transition with its role', () => {
  type Who = 'supervisor' | 'otherSupervisor' | 'reviewer';
  // Every target the transition body accepts.
  const targets = reviewTransitionBodySchema.shape.to.options;

  for (const from of RESEARCH_STATUSES) {
    for (const to of targets) {
      const legalFor = REVIEW_TRANSITIONS[from][to];
      it(`${from} -> ${to}: ${legalFor ? `only the ${legalFor}` : 'nobody (409)'}`, async () => {
        const people = await cast();
        const research = await submit(people.student, { research_type: 'master' });
        await setStatus(research.id, from);
        const reason = 'A reason given by the reviewer.';
        const outcome: Record<Who, number> = { supervisor: 0, otherSupervisor: 0, reviewer: 0 };
        // Wrong roles first (they must change nothing), the right one last.
        const order: Who[] = (['otherSupervisor', 'supervisor', 'reviewer'] as Who[]).sort((a, b) => Number(a === legalFor) - Number(b === legalFor));
        for (const who of order) {
          const { status } = await move(people[who], research.id, to, reason);
          outcome[who] = status;
        }
        // An unrelated supervisor never even sees it.
        expect(outcome.otherSupervisor).toBe(404);
        if (!legalFor) {
          expect(outcome.supervisor).toBe(409);
          expect(outcome.reviewer).toBe(409);
        } else if (legalFor === 'supervisor') {
          expect(outcome.reviewer).toBe(403);
          expect(outcome.supervisor).toBe(200);
        } else {
          expect(outcome.supervisor).toBe(403);
          expect(outcome.reviewer).toBe(200);
        }
        const [row] = await app().db.select().from(researchSubmissions).where(eq(researchSubmissions.id, research.id));
        expect(row!.status).toBe(legalFor ? to : from);
        const transitions = await app().db.select().from(researchReviewTransitions).where(eq(researchReviewTransitions.researchId, research.id));
        // The submission's own first transition, plus the legal one.
        expect(transitions).toHaveLength(legalFor ? 2 : 1);
        if (legalFor) {
          const last = transitions.at(-1)!;
          expect(last.fromStatus).toBe(from);
          expect(last.toStatus).toBe(to);
          expect(last.actorId).toBe(people[legalFor].user.id);
          expect(last.note).toBe(reason);
          expect(last.createdAt).toBeInstanceOf(Date);
        }
      });
    }
  }

  it('rejection and removal need a reason; a bad target is a 400', async () => {
    const { student, supervisor, admin } = await cast();
    const research = await submit(student, { research_type: 'master' });
    const noReason = await move(supervisor, research.id, 'rejected');
    expect(noReason.status).toBe(400);
    expect(noReason.body.errors).toEqual({ reason: 'Please give a reason' });
    expect((await move(admin, research.id, 'removed', '  ')).status).toBe(400);
    expect((await move(admin, research.id, 'pending_supervisor')).status).toBe(400);
    expect((await move(admin, research.id, 'published')).status).toBe(400);
  });
});

describe('student -> supervisor -> admin, with e-mails in the submitter’s language', () => {
  it('approval: each step recorded (who, when, why), the author informed, the research published in community and library', async () => {
    const { student, supervisor, admin, user } = await cast('en');
    const research = await submit(student, { research_type: 'master', title_en: 'Mangrove Restoration along the Abu Dhabi Coast' });
    // The supervisor was told (in their language, Arabic).
    await smtp.waitFor(() => smtp.mailsTo(supervisor.user.email).length === 1);
    expect(smtp.mailsTo(supervisor.user.email)[0]!.subject).toMatch(/^بحث لأحد طلابك بانتظار موافقتك/);
    // Its link opens the supervisor console, named as that page is (not the reviewers' queue).
    expect(smtp.mailsTo(supervisor.user.email)[0]!.text).toMatch(/طلابي:\r?\nhttps:\/\/scholars\.example\/admin\/supervision/);
    // A link to follow in the HTML (a button), not the address as plain text (unclickable, and past a phone's edge).
    expect(smtp.mailsTo(supervisor.user.email)[0]!.html).toContain('<a href="https://scholars.example/admin/supervision"');

    // The supervisor's note (Arabic, in an English mail) reaches the student, as a quote in its own direction.
    expect((await move(supervisor, research.id, 'under_review', 'عمل متقن، بالتوفيق.')).status).toBe(200);
    await smtp.waitFor(() => decisionMailsTo(student.user.email).length === 1);
    const supervisorApproval = decisionMailsTo(student.user.email)[0]!;
    expect(supervisorApproval.subject).toBe(`Your supervisor approved your research: ${isolate('Mangrove Restoration along the Abu Dhabi Coast')}`);
    expect(supervisorApproval.text).toMatch(/Your supervisor’s note:\r?\n\r?\n> عمل متقن، بالتوفيق\./);
    expect(supervisorApproval.html).toContain('<blockquote dir="auto"');

    const approved = await move(admin, research.id, 'approved', 'Sound method and clear results.');
    expect(approved.status).toBe(200);
    expect(approved.body.msg).toBe('The decision was saved and the author was informed by email.');
    const details = reviewDetailsResponseSchema.parse(approved.body).data;
    expect(details.status).toBe('approved');
    expect(details.transitions.map((t) => [t.from, t.to, t.actor?.id, t.actor?.role])).toEqual([
      [null, 'pending_supervisor', student.user.id, 'owner'],
      ['pending_supervisor', 'under_review', supervisor.user.id, 'supervisor'],
      // An administrator makes a reviewer's move, shown in the role it was made in.
      ['under_review', 'approved', admin.user.id, 'reviewer'],
    ]);
    expect(details.transitions[2]!.note).toBe('Sound method and clear results.');

    await smtp.waitFor(() => decisionMailsTo(student.user.email).length === 2);
    const mail = decisionMailsTo(student.user.email)[1]!;
    expect(mail.subject).toBe(`Your research was approved: ${isolate('Mangrove Restoration along the Abu Dhabi Coast')}`);
    expect(mail.text).toContain(`https://scholars.example/community/${research.id}`);
    // An approval's note is the reviewer's remark, not a reason.
    expect(mail.text).toMatch(/Reviewer’s note:\r?\n\r?\n> Sound method and clear results\./);
    expect(mail.text).not.toContain('Reason:');
    // The reviewer's words in their own direction (a quote), whatever the mail's language.
    expect(mail.html).toContain('<blockquote dir="auto"');
    expect(mail.headers['content-language']).toBe('en');

    // The owner sees the decision and the history; it is no longer editable.
    const own = researchSubmissionResponseSchema.parse((await getJson(app(), `/api/research/${research.id}`, student.headers)).body).data;
    expect(own.decision).toMatchObject({ status: 'approved', reason: 'Sound method and clear results.' });
    expect(own.history.map((h) => h.by_role)).toEqual(['owner', 'supervisor', 'reviewer']);
    expect(own.library_id).not.toBeNull();

    // Listed in the research community (any signed-in user)...
    const community = researchCommunityPageResponseSchema.parse(
      (await postJson(app(), '/api/research-community/paginate', { limit: 12, page: 1, col: 'updated', search: 'Mangrove Abu Dhabi' })).body,
    );
    expect(community.data.map((item) => item.id)).toEqual([research.id]);
    // ...and in the library's university libraries tab, as a master's thesis, university unknown.
    const library = libraryPageResponseSchema.parse(
      (await postJson(app(), '/api/library/paginate', { limit: 9, page: 1, collection: 'university', search: 'mangrove' }, user.headers)).body,
    );
    expect(library.data).toHaveLength(1);
    expect(library.data[0]).toMatchObject({ id: own.library_id, research_id: research.id, doc_type: 'master_thesis', university: null, author: 'Noura Al Kaabi' });
    const item = libraryDetailsResponseSchema.parse((await getJson(app(), `/api/library/${own.library_id}`, user.headers)).body).data;
    expect(item.file?.mime).toBe('application/pdf');

    // Removal by an admin takes it off both, and tells the author why.
    expect((await move(admin, research.id, 'removed', 'Published elsewhere without permission.')).status).toBe(200);
    const afterCommunity = researchCommunityPageResponseSchema.parse(
      (await postJson(app(), '/api/research-community/paginate', { limit: 12, page: 1, search: 'Mangrove Abu Dhabi' })).body,
    );
    expect(afterCommunity.tot).toBe(0);
    expect(await app().db.select().from(ebooks).where(eq(ebooks.researchId, research.id))).toEqual([]);
    await smtp.waitFor(() => decisionMailsTo(student.user.email).length === 3);
    expect(decisionMailsTo(student.user.email)[2]!.text).toMatch(/Reason:\r?\n\r?\n> Published elsewhere without permission\./);
  });

  it('rejection e-mail in Arabic for an Arabic-speaking author, with the reason', async () => {
    const { student, admin } = await cast('ar');
    const research = await submit(student, { research_type: 'general' });
    expect(research.status).toBe('under_review');
    const rejected = await move(admin, research.id, 'rejected', 'المنهجية غير واضحة.');
    expect(rejected.status).toBe(200);
    await smtp.waitFor(() => decisionMailsTo(student.user.email).length === 1);
    const mail = decisionMailsTo(student.user.email)[0]!;
    expect(mail.subject).toBe(`قرار بشأن بحثك: ${isolate(validFields().title!)}`);
    expect(mail.text).toMatch(/السبب:\r?\n\r?\n> المنهجية غير واضحة\./);
    expect(mail.text).toContain('https://scholars.example/profile?tab=research');
    // The way to the author's submissions is a link to follow in the HTML, not its address as plain text.
    expect(mail.html).toContain('<a href="https://scholars.example/profile?tab=research"');
    expect(mail.html).toContain('dir="rtl"');
    expect(mail.headers['content-language']).toBe('ar');
    // Not published anywhere.
    const [row] = await app().db.select().from(ebooks).where(eq(ebooks.researchId, research.id));
    expect(row).toBeUndefined();
  });

  it('Arabic: the supervisor’s note and the reviewer’s note are labelled as notes; an English supervisor’s link is named My students', async () => {
    const supervisor = await actor({ role: 'supervisor', locale: 'en' });
    const student = await actor({ supervisorId: supervisor.user.id, locale: 'ar' });
    const { admin } = await cast();
    const research = await submit(student, { research_type: 'master' });
    await smtp.waitFor(() => smtp.mailsTo(supervisor.user.email).length === 1);
    expect(smtp.mailsTo(supervisor.user.email)[0]!.text).toMatch(/My students:\r?\nhttps:\/\/scholars\.example\/admin\/supervision/);
    expect(smtp.mailsTo(supervisor.user.email)[0]!.text).not.toContain('Review queue');

    expect((await move(supervisor, research.id, 'under_review', 'Well structured; good luck.')).status).toBe(200);
    await smtp.waitFor(() => decisionMailsTo(student.user.email).length === 1);
    expect(decisionMailsTo(student.user.email)[0]!.text).toMatch(/ملاحظة مشرفك:\r?\n\r?\n> Well structured; good luck\./);
    expect((await move(admin, research.id, 'approved', 'منهجية سليمة.')).status).toBe(200);
    await smtp.waitFor(() => decisionMailsTo(student.user.email).length === 2);
    const approval = decisionMailsTo(student.user.email)[1]!;
    expect(approval.text).toMatch(/ملاحظة المحكّم:\r?\n\r?\n> منهجية سليمة\./);
    expect(approval.text).not.toContain('السبب:');
  });

  it('without a note, the supervisor’s approval quotes nothing', async () => {
    const { student, supervisor } = await cast('en');
    const research = await submit(student, { research_type: 'master' });
    expect((await move(supervisor, research.id, 'under_review')).status).toBe(200);
    await smtp.waitFor(() => decisionMailsTo(student.user.email).length === 1);
    const mail = decisionMailsTo(student.user.email)[0]!;
    expect(mail.text).not.toContain('note:');
    expect(mail.html).not.toContain('<blockquote');
  });

  it('a supervisor may turn down a student’s work (with a reason); it never reaches review', async () => {
    const { student, supervisor, admin } = await cast('en');
    const research = await submit(student, { research_type: 'doctorate' });
    expect((await move(supervisor, research.id, 'rejected', 'Not ready: chapter 3 is missing.')).status).toBe(200);
    expect((await move(admin, research.id, 'approved')).status).toBe(409);
    await smtp.waitFor(() => decisionMailsTo(student.user.email).length === 1);
    expect(decisionMailsTo(student.user.email)[0]!.text).toMatch(/Reason:\r?\n\r?\n> Not ready: chapter 3 is missing\./);
  });

  it('two decisions at once: only one wins', async () => {
    const { student, admin } = await cast();
    const research = await submit(student);
    const second = await actor({ role: 'admin' });
    const results = await Promise.all([move(admin, research.id, 'approved'), move(second, research.id, 'rejected', 'No.')]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const transitions = await app().db.select().from(researchReviewTransitions).where(eq(researchReviewTransitions.researchId, research.id));
    expect(transitions).toHaveLength(2);
  });

  it('reviewers open the file without a subscription; the owner too', async () => {
    const { student, supervisor, otherSupervisor } = await cast();
    const research = await submit(student, { research_type: 'master' });
    for (const who of [student, supervisor]) {
      const link = await postJson(app(), `/api/research/${research.id}/file-link`, {}, who.headers);
      expect(link.status).toBe(200);
      const file = await app().inject({ method: 'GET', url: `/api/${(link.body.data as { view_url: string }).view_url}` });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('application/pdf');
    }
    expect((await postJson(app(), `/api/research/${research.id}/file-link`, {}, otherSupervisor.headers)).status).toBe(404);
  });
});

const editForm = (fields: Record<string, string> = {}) => researchForm({ ...validFields(), ...fields }, { file: null, image: null });
const resubmit = (owner: Actor, id: number, fields: Record<string, string> = {}) => submitResearch(app(), owner.headers, editForm(fields), 'PUT', id);
const row = async (id: number) => (await app().db.select().from(researchSubmissions).where(eq(researchSubmissions.id, id)))[0]!;
const auditOf = (id: number) =>
  app()
    .db.select()
    .from(auditLog)
    .where(and(eq(auditLog.targetType, 'research'), eq(auditLog.targetId, id)))
    .orderBy(auditLog.id);
/** A word found in no other test's submission: the queue's search isolates each test's rows. */
const uniqueWord = () => `zq${randomBytes(4).toString('hex').replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!)}`;

describe('changes requested: the author edits and resubmits to the stage that asked', () => {
  it('supervisor asks for changes (note required); the edit returns it to the supervisor, clock restarted, owner transition recorded', async () => {
    const { student, supervisor } = await cast('ar');
    const research = await submit(student, { research_type: 'master' });
    expect((await move(supervisor, research.id, 'changes_requested')).status).toBe(400);
    const asked = await postJson(app(), `/api/review/research/${research.id}/transition`, { to: 'changes_requested', reason: 'أضف فصل المنهجية.', signed: true }, supervisor.headers);
    expect(asked.status).toBe(200);
    expect(reviewDetailsResponseSchema.parse(asked.body).data.status).toBe('changes_requested');
    // The author is told in their language, with the note.
    await smtp.waitFor(() => decisionMailsTo(student.user.email).length === 1);
    const mail = decisionMailsTo(student.user.email)[0]!;
    expect(mail.subject).toBe(`مطلوب تعديلات على بحثك: ${isolate(validFields().title!)}`);
    expect(mail.text).toMatch(/المطلوب تعديله:\r?\n\r?\n> أضف فصل المنهجية\./);
    // It says who asked: the supervisor, before review.
    expect(mail.text).toContain('طلب مشرفك بعض التعديلات على بحثك');

    // The author sees the request, signed: with the supervisor's name; no expected date meanwhile.
    const own = researchSubmissionResponseSchema.parse((await getJson(app(), `/api/research/${research.id}`, student.headers)).body).data;
    expect(own.status).toBe('changes_requested');
    expect(own.editable).toBe(true);
    expect(own.expected_decision).toBeNull();
    expect(own.decision).toMatchObject({ status: 'changes_requested', reason: 'أضف فصل المنهجية.' });
    expect(own.history.at(-1)).toMatchObject({ by_role: 'supervisor', by_name: supervisor.user.name });

    const before = await row(research.id);
    await app().db.update(researchSubmissions).set({ submittedAt: new Date(Date.now() - 30 * 86_400_000) }).where(eq(researchSubmissions.id, research.id));
    const arabicHeaders = { ...student.headers, 'accept-language': 'ar' };
    const saved = await submitResearch(app(), arabicHeaders, editForm({ title_en: 'Mangroves, revised' }), 'PUT', research.id);
    expect(saved.status).toBe(200);
    // It went back to the supervisor, not to the reviewers: the answer says so.
    expect(saved.body.msg).toBe('تم تحديث بحثك وإعادته إلى مشرفك ليعتمده قبل التحكيم. يصدر القرار خلال أسبوعين إلى ثلاثة أسابيع.');
    const data = researchSavedResponseSchema.parse(saved.body).data;
    expect(data.status).toBe('pending_supervisor');
    expect(data.title_en).toBe('Mangroves, revised');
    expect(new Date(data.submitted_at).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(data.expected_decision).not.toBeNull();
    expect(data.history.map((h) => [h.from, h.to, h.by_role])).toEqual([
      [null, 'pending_supervisor', 'owner'],
      ['pending_supervisor', 'changes_requested', 'supervisor'],
      ['changes_requested', 'pending_supervisor', 'owner'],
    ]);
    expect((await row(research.id)).supervisorId).toBe(before.supervisorId);
    // The supervisor is told it is the changed version they asked for (in their language), not a new submission.
    await smtp.waitFor(() => smtp.mailsTo(supervisor.user.email).length === 2);
    const [submitted, back] = smtp.mailsTo(supervisor.user.email);
    expect(submitted!.subject).toBe(`بحث لأحد طلابك بانتظار موافقتك: ${isolate(validFields().title!)}`);
    expect(back!.subject).toBe(`أُعيد تقديم بحث بعد التعديلات التي طلبتها: ${isolate(validFields().title!)}`);
    expect(back!.text).toContain(`عدّل ${isolate('نورة الكعبي')} البحث «${isolate(validFields().title!)}» (رقم ${research.id}) كما طلبت وأعاد تقديمه، وهو بانتظار موافقتك من جديد قبل التحكيم.`);
    expect(back!.text).toContain('https://scholars.example/admin/supervision');
    // The supervisor may decide again.
    expect((await move(supervisor, research.id, 'under_review')).status).toBe(200);
    // A second save is a plain edit now (no new transition).
    expect((await submitResearch(app(), arabicHeaders, editForm(), 'PUT', research.id)).body.msg).toBe('تم تحديث بحثك.');
  });

  it('English: the answers name where the work goes, the supervisor (submitted, resubmitted) or the reviewers', async () => {
    const { student, supervisor } = await cast('en');
    const sent = await submitResearch(app(), student.headers, researchForm({ ...validFields(), research_type: 'doctorate' }));
    expect(sent.body.msg).toBe('Your research was submitted: your supervisor approves it first, then it goes to review. Expect a decision within 2-3 weeks.');
    const id = researchSavedResponseSchema.parse(sent.body).data.id;
    expect((await move(supervisor, id, 'changes_requested', 'Add the methodology chapter.')).status).toBe(200);
    const saved = await resubmit(student, id);
    expect(researchSavedResponseSchema.parse(saved.body).data.status).toBe('pending_supervisor');
    expect(saved.body.msg).toBe('Your research was updated and sent back to your supervisor, who approves it before review. Expect a decision within 2-3 weeks.');
  });

  it('a reviewer asks for changes; the edit returns it to review; the author sees "reviewer" when unsigned', async () => {
    const { student, reviewer } = await cast('en');
    const research = await submit(student, { research_type: 'general' });
    expect(research.status).toBe('under_review');
    expect((await move(reviewer, research.id, 'changes_requested', 'Update the references.')).status).toBe(200);
    await smtp.waitFor(() => decisionMailsTo(student.user.email).length === 1);
    expect(decisionMailsTo(student.user.email)[0]!.subject).toBe(`Changes requested for your research: ${isolate(validFields().title_en!)}`);
    expect(decisionMailsTo(student.user.email)[0]!.text).toContain('The platform’s reviewers asked for some changes to your research');
    const own = researchSubmissionResponseSchema.parse((await getJson(app(), `/api/research/${research.id}`, student.headers)).body).data;
    expect(own.history.at(-1)).toMatchObject({ by_role: 'reviewer', by_name: null, note: 'Update the references.' });
    const saved = await resubmit(student, research.id);
    expect(saved.status).toBe(200);
    expect(saved.body.msg).toBe('Your research was updated and sent back for review. Expect a decision within 2-3 weeks.');
    expect(researchSavedResponseSchema.parse(saved.body).data.status).toBe('under_review');
    // The reviewer who asked (none is assigned) is told it is back, with the link to decide it.
    await smtp.waitFor(() => smtp.mailsTo(reviewer.user.email).length === 1);
    const back = smtp.mailsTo(reviewer.user.email)[0]!;
    expect(back.subject).toBe(`Resubmitted after the changes you asked for: ${isolate(validFields().title_en!)}`);
    expect(back.text).toContain(`${isolate('Noura Al Kaabi')} changed the research "${isolate(validFields().title_en!)}" (no. ${research.id}) as you asked and resubmitted it.`);
    expect(back.text).toContain(`https://scholars.example/admin/research/${research.id}`);
    // Another user cannot resubmit it (404), and the decision goes to the audit log.
    const stranger = await actor();
    expect((await resubmit(stranger, research.id)).status).toBe(404);
    const audit = await auditOf(research.id);
    expect(audit.map((entry) => [entry.action, entry.actorId, entry.reason])).toEqual([['research.decide', reviewer.user.id, 'Update the references.']]);
    expect(audit[0]!.details).toMatchObject({ from: 'under_review', to: 'changes_requested', signed: false });
  });

  it('the assigned reviewer is told of a resubmission in their language', async () => {
    const { student } = await cast('ar');
    const assigned = await actor({ role: 'reviewer', locale: 'ar' });
    const research = await submit(student, { research_type: 'general' });
    await app().db.update(researchSubmissions).set({ assignedReviewerId: assigned.user.id }).where(eq(researchSubmissions.id, research.id));
    expect((await move(assigned, research.id, 'changes_requested', 'حدّث المراجع.')).status).toBe(200);
    expect((await resubmit(student, research.id)).status).toBe(200);
    await smtp.waitFor(() => smtp.mailsTo(assigned.user.email).length === 1);
    const back = smtp.mailsTo(assigned.user.email)[0]!;
    expect(back.subject).toBe(`أُعيد تقديم بحث بعد التعديلات التي طلبتها: ${isolate(validFields().title!)}`);
    expect(back.text).toContain(`عدّل ${isolate('نورة الكعبي')} البحث «${isolate(validFields().title!)}» (رقم ${research.id}) كما طلبت وأعاد تقديمه`);
  });

  it('a student without a supervisor: master’s work waits at pending_supervisor, with nobody to decide yet', async () => {
    const student = await actor();
    const research = await submit(student, { research_type: 'doctorate' });
    expect(research.status).toBe('pending_supervisor');
    expect((await row(research.id)).supervisorId).toBeNull();
    const { admin } = await cast();
    // Only a supervisor approves; an administrator can still remove it.
    expect(reviewDetailsResponseSchema.parse((await getJson(app(), `/api/review/research/${research.id}`, admin.headers)).body).data.allowed).toEqual(['removed']);
  });

  it('the reviewer’s detail shows signed, the clock and submitted_at', async () => {
    const { student, admin } = await cast();
    const research = await submit(student);
    await app().db.update(researchSubmissions).set({ submittedAt: new Date(Date.now() - 16 * 86_400_000) }).where(eq(researchSubmissions.id, research.id));
    const details = reviewDetailsResponseSchema.parse((await getJson(app(), `/api/review/research/${research.id}`, admin.headers)).body).data;
    expect(details.clock).toMatchObject({ state: 'due', days: 5 });
    expect(details.submitted_at).toBe((await row(research.id)).submittedAt.toISOString());
    const decided = await postJson(app(), `/api/review/research/${research.id}/transition`, { to: 'rejected', reason: 'Out of scope.', signed: true }, admin.headers);
    const after = reviewDetailsResponseSchema.parse(decided.body).data;
    expect(after.clock).toBeNull();
    expect(after.transitions.at(-1)).toMatchObject({ signed: true, note: 'Out of scope.' });
    expect(after.transitions[0]!.signed).toBe(false);
    // The author's list gives the reason in the row, beside the state (not only in the timeline).
    const mine = researchMineResponseSchema.parse((await getJson(app(), '/api/research/mine', student.headers)).body).data;
    expect(mine.find((item) => item.id === research.id)).toMatchObject({ status: 'rejected', decision_reason: 'Out of scope.' });
  });
});

describe('the queue: filters, sort and clocks', () => {
  it('filters by status, type, category, language, overdue, assignment and search; oldest first; clocks', async () => {
    const { student, supervisor, otherSupervisor, reviewer, admin } = await cast();
    const word = uniqueWord();
    const days = (n: number) => new Date(Date.now() - n * 86_400_000);
    const english = { abstract: 'An English abstract about coastal ecosystems and their restoration in the Gulf.' };
    const a = await submit(student, { title_en: `${word} alpha`, research_type: 'general', category_id: '1' });
    const b = await submit(student, { title_en: `${word} beta`, research_type: 'master', category_id: '2', ...english });
    const c = await submit(student, { title_en: `${word} gamma`, research_type: 'general', category_id: 'other', other_category: 'Marine science', ...english });
    await setStatus(b.id, 'under_review');
    await app().db.update(researchSubmissions).set({ submittedAt: days(25) }).where(eq(researchSubmissions.id, a.id)); // overdue by 4
    await app().db.update(researchSubmissions).set({ submittedAt: days(10), assignedReviewerId: reviewer.user.id }).where(eq(researchSubmissions.id, b.id)); // open: due in 4
    await app().db.update(researchSubmissions).set({ submittedAt: days(15) }).where(eq(researchSubmissions.id, c.id)); // due: overdue in 6
    const list = async (query: string, who: Actor = admin) =>
      reviewPageResponseSchema.parse((await getJson(app(), `/api/review/research?q=${word}${query}`, who.headers)).body);
    const ids = async (query: string, who?: Actor) => (await list(query, who)).data.map((item) => item.id);

    const all = await list('');
    expect(all.data.map((item) => item.id)).toEqual([a.id, c.id, b.id]);
    expect(all.tot).toBe(3);
    expect(await ids('&sort=newest')).toEqual([b.id, c.id, a.id]);
    const byId = new Map(all.data.map((item) => [item.id, item]));
    expect(byId.get(a.id)!.clock).toMatchObject({ state: 'overdue', days: 4 });
    expect(byId.get(b.id)!.clock).toMatchObject({ state: 'open', days: 4 });
    expect(byId.get(c.id)!.clock).toMatchObject({ state: 'due', days: 6 });
    expect(byId.get(a.id)!).toMatchObject({ language: 'ar', category: { id: 1 }, other_category: null, assigned_reviewer: null });
    expect(byId.get(b.id)!).toMatchObject({ language: 'en', research_type: 'master', assigned_reviewer: { id: reviewer.user.id, name: reviewer.user.name } });
    expect(byId.get(c.id)!).toMatchObject({ category: null, other_category: 'Marine science' });

    expect(await ids('&status=under_review')).toEqual([a.id, c.id, b.id]);
    expect(await ids('&research_type=master')).toEqual([b.id]);
    expect(await ids('&category_id=2')).toEqual([b.id]);
    expect(await ids('&language=ar')).toEqual([a.id]);
    expect(await ids('&language=en')).toEqual([c.id, b.id]);
    expect(await ids('&overdue=true')).toEqual([a.id]);
    expect(await ids('&assigned=unassigned')).toEqual([a.id, c.id]);
    expect(await ids('&assigned=me', reviewer)).toEqual([b.id]);
    expect(await ids('&assigned=me')).toEqual([]);
    // Arabic-aware search: the Arabic title without its diacritics or hamza forms still finds it.
    const arabic = await getJson(app(), `/api/review/research?q=${encodeURIComponent(`${word} اثر الذكاء`)}`, admin.headers);
    expect(reviewPageResponseSchema.parse(arabic.body).data.map((item) => item.id)).toEqual([a.id, c.id, b.id]);
    // A decided one has no clock and is never overdue.
    await setStatus(a.id, 'rejected');
    expect((await list('')).data.find((item) => item.id === a.id)!.clock).toBeNull();
    expect(await ids('&overdue=1')).toEqual([]);
    // Bad filters are localized 400s.
    for (const bad of ['status=published', 'language=fr', 'assigned=you', 'sort=random', 'category_id=x']) {
      const response = await getJson(app(), `/api/review/research?${bad}`, { ...admin.headers, 'accept-language': 'ar' });
      expect(response.status, bad).toBe(400);
      expect(response.body.status).toBe(false);
    }
    // A supervisor still sees only their students' work.
    const master = await submit(student, { title_en: `${word} delta`, research_type: 'master' });
    expect(await ids('', supervisor)).toEqual([b.id, master.id]);
    expect(await ids('', otherSupervisor)).toEqual([]);
  });
});

describe('no one decides on their own submission', () => {
  it('a reviewer’s and an administrator’s own research: not in their queue, no decision offered (403 if tried), not assignable to its author; another reviewer decides', async () => {
    const { admin } = await cast();
    const reviewer = await actor({ role: 'reviewer', locale: 'ar' });
    const other = await actor({ role: 'reviewer' });
    // General research (no supervisor): straight to review.
    const own = await submit(reviewer, { research_type: 'general' });
    expect((await row(own.id)).status).toBe('under_review');
    const queue = reviewPageResponseSchema.parse((await getJson(app(), '/api/review/research?limit=100', reviewer.headers)).body).data;
    expect(queue.map((item) => item.id)).not.toContain(own.id);
    expect(reviewPageResponseSchema.parse((await getJson(app(), '/api/review/research?limit=100', other.headers)).body).data.map((item) => item.id)).toContain(own.id);
    const details = reviewDetailsResponseSchema.parse((await getJson(app(), `/api/review/research/${own.id}`, reviewer.headers)).body).data;
    expect(details.allowed).toEqual([]);
    // The author's language, the one a reason template goes in.
    expect(details.author_locale).toBe('ar');
    for (const to of ['approved', 'rejected', 'removed']) {
      const refused = await app().inject({
        method: 'POST',
        url: `/api/review/research/${own.id}/transition`,
        headers: { ...reviewer.headers, 'accept-language': 'ar' },
        payload: { to, reason: 'قرار' },
      });
      expect(refused.statusCode, to).toBe(403);
      expect(refused.json()).toMatchObject({ status: false, msg: 'لا يمكنك اتخاذ قرار في بحثك أنت: سيتولاه محكّم آخر.' });
    }
    const assigned = await app().inject({ method: 'PUT', url: `/api/review/research/${own.id}/assignee`, headers: admin.headers, payload: { reviewer_id: reviewer.user.id } });
    expect(assigned.statusCode).toBe(422);
    expect(assigned.json()).toMatchObject({ msg: 'The author of a research cannot review it: choose another reviewer.', errors: { reviewer_id: 'The author of a research cannot review it: choose another reviewer.' } });
    expect((await row(own.id)).status).toBe('under_review');
    expect((await row(own.id)).assignedReviewerId).toBeNull();
    // An administrator's own work likewise.
    const adminsOwn = await submit(admin, { research_type: 'general' });
    expect(reviewDetailsResponseSchema.parse((await getJson(app(), `/api/review/research/${adminsOwn.id}`, admin.headers)).body).data.allowed).toEqual([]);
    expect((await move(admin, adminsOwn.id, 'approved')).status).toBe(403);
    // Another reviewer decides.
    const approved = await move(other, own.id, 'approved');
    expect(approved.status).toBe(200);
    expect((await row(own.id)).status).toBe('approved');
  });
});

describe('assignment, reviewers and reason templates', () => {
  it('a reviewer assigns to themselves or another reviewer, unassigns; anything else is refused; every change audited', async () => {
    const { student, supervisor, reviewer, admin, user } = await cast();
    const second = await actor({ role: 'reviewer', name: 'Second Reviewer' });
    const research = await submit(student);
    const assign = (who: Actor, reviewerId: number | null) =>
      app().inject({ method: 'PUT', url: `/api/review/research/${research.id}/assignee`, headers: who.headers, payload: { reviewer_id: reviewerId } });

    const self = await assign(reviewer, reviewer.user.id);
    expect(self.statusCode).toBe(200);
    expect(self.json().msg).toBe(`The submission was assigned to ${reviewer.user.name}.`);
    expect(reviewDetailsResponseSchema.parse(self.json()).data.assigned_reviewer).toMatchObject({ id: reviewer.user.id });
    expect((await assign(admin, second.user.id)).statusCode).toBe(200);
    expect((await row(research.id)).assignedReviewerId).toBe(second.user.id);
    // Not a reviewer (a plain user, the administrator without the reviewer role, nobody): 422, localized.
    for (const id of [user.user.id, admin.user.id, 2_000_000_000]) {
      const refused = await app().inject({
        method: 'PUT',
        url: `/api/review/research/${research.id}/assignee`,
        headers: { ...reviewer.headers, 'accept-language': 'ar' },
        payload: { reviewer_id: id },
      });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().msg).toBe('اختر حسابًا لديه صلاحية المحكّم.');
    }
    expect((await app().inject({ method: 'PUT', url: `/api/review/research/${research.id}/assignee`, headers: reviewer.headers, payload: { reviewer_id: 'me' } })).statusCode).toBe(400);
    expect((await app().inject({ method: 'PUT', url: `/api/review/research/999999/assignee`, headers: reviewer.headers, payload: { reviewer_id: null } })).statusCode).toBe(404);
    // Supervisors and users may not assign.
    expect((await assign(supervisor, supervisor.user.id)).statusCode).toBe(403);
    expect((await assign(user, null)).statusCode).toBe(403);
    const unassigned = await assign(reviewer, null);
    expect(unassigned.statusCode).toBe(200);
    expect(unassigned.json().msg).toBe('The submission is no longer assigned.');
    expect((await row(research.id)).assignedReviewerId).toBeNull();
    const audit = await auditOf(research.id);
    expect(audit.map((entry) => [entry.action, entry.actorId, (entry.details as { reviewer_id: number | null }).reviewer_id])).toEqual([
      ['research.assign', reviewer.user.id, reviewer.user.id],
      ['research.assign', admin.user.id, second.user.id],
      ['research.assign', reviewer.user.id, null],
    ]);
  });

  it('lists the reviewers and the bilingual reason templates', async () => {
    const { reviewer, supervisor, admin } = await cast();
    const reviewers = reviewersResponseSchema.parse((await getJson(app(), '/api/review/reviewers', admin.headers)).body).data;
    expect(reviewers.map((r) => r.id)).toContain(reviewer.user.id);
    expect(reviewers.map((r) => r.id)).not.toContain(admin.user.id);
    expect((await getJson(app(), '/api/review/reviewers', supervisor.headers)).status).toBe(403);
    const templates = reasonTemplatesResponseSchema.parse((await getJson(app(), '/api/review/reason-templates', supervisor.headers)).body).data;
    expect(new Set(templates.map((t) => t.decision))).toEqual(new Set(['changes_requested', 'rejected', 'removed']));
    for (const template of templates) {
      expect(template.text).toMatch(/[\u0600-\u06ff]/);
      expect(template.text_en).toMatch(/^[A-Z]/);
    }
  });
});
