import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  libraryDetailsResponseSchema,
  libraryPageResponseSchema,
  researchCommunityPageResponseSchema,
  researchSavedResponseSchema,
  researchSubmissionResponseSchema,
  REVIEW_TRANSITIONS,
  reviewDetailsResponseSchema,
  reviewPageResponseSchema,
  RESEARCH_STATUSES,
  type ResearchStatus,
} from '@scholars/shared-contracts/schemas';
import { ebooks, researchReviewTransitions, researchSubmissions } from '../src/db/schema';
import { bearer, build, createUser, getJson, postJson, signIn, startSmtpCapture, type SmtpCapture, type TestApp, type TestUser } from './helper';
import { researchForm, submitResearch, validFields } from './research-helpers';
import type { Locale } from '@scholars/shared-contracts/locale';

let smtp: SmtpCapture;
let application: TestApp;
const app = () => application;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  application = await build({ env: { SMTP_URL: smtp.url, MAIL_POLL_INTERVAL_MS: '50', PUBLIC_BASE_URL: 'https://scholars.example' } });
});
afterAll(async () => {
  await application?.cleanup();
  await smtp?.stop();
});

interface Actor {
  user: TestUser;
  headers: Record<string, string>;
}

async function actor(overrides: Parameters<typeof createUser>[1] = {}): Promise<Actor> {
  const user = await createUser(app(), overrides);
  return { user, headers: bearer(await signIn(app(), user)) };
}

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
    expect(details.allowed.sort()).toEqual(['rejected', 'under_review']);
    const forAdmin = reviewDetailsResponseSchema.parse((await getJson(app(), `/api/review/research/${research.id}`, admin.headers)).body).data;
    expect(forAdmin.allowed).toEqual(['removed']);
  });
});

describe('the state machine: every legal and illegal transition with its role', () => {
  type Who = 'supervisor' | 'otherSupervisor' | 'reviewer';
  const targets = ['under_review', 'approved', 'rejected', 'removed'] as const;

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

    expect((await move(supervisor, research.id, 'under_review')).status).toBe(200);
    await smtp.waitFor(() => smtp.mailsTo(student.user.email).length === 1);
    expect(smtp.mailsTo(student.user.email)[0]!.subject).toBe('Your supervisor approved your research: Mangrove Restoration along the Abu Dhabi Coast');

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

    await smtp.waitFor(() => smtp.mailsTo(student.user.email).length === 2);
    const mail = smtp.mailsTo(student.user.email)[1]!;
    expect(mail.subject).toBe('Your research was approved: Mangrove Restoration along the Abu Dhabi Coast');
    expect(mail.text).toContain(`https://scholars.example/community/${research.id}`);
    expect(mail.text).toContain('Reason: Sound method and clear results.');
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
    await smtp.waitFor(() => smtp.mailsTo(student.user.email).length === 3);
    expect(smtp.mailsTo(student.user.email)[2]!.text).toContain('Reason: Published elsewhere without permission.');
  });

  it('rejection e-mail in Arabic for an Arabic-speaking author, with the reason', async () => {
    const { student, admin } = await cast('ar');
    const research = await submit(student, { research_type: 'general' });
    expect(research.status).toBe('under_review');
    const rejected = await move(admin, research.id, 'rejected', 'المنهجية غير واضحة.');
    expect(rejected.status).toBe(200);
    await smtp.waitFor(() => smtp.mailsTo(student.user.email).length === 1);
    const mail = smtp.mailsTo(student.user.email)[0]!;
    expect(mail.subject).toBe(`قرار بشأن بحثك: ${validFields().title}`);
    expect(mail.text).toContain('السبب: المنهجية غير واضحة.');
    expect(mail.text).toContain('https://scholars.example/profile');
    expect(mail.html).toContain('dir="rtl"');
    expect(mail.headers['content-language']).toBe('ar');
    // Not published anywhere.
    const [row] = await app().db.select().from(ebooks).where(eq(ebooks.researchId, research.id));
    expect(row).toBeUndefined();
  });

  it('a supervisor may turn down a student’s work (with a reason); it never reaches review', async () => {
    const { student, supervisor, admin } = await cast('en');
    const research = await submit(student, { research_type: 'doctorate' });
    expect((await move(supervisor, research.id, 'rejected', 'Not ready: chapter 3 is missing.')).status).toBe(200);
    expect((await move(admin, research.id, 'approved')).status).toBe(409);
    await smtp.waitFor(() => smtp.mailsTo(student.user.email).length === 1);
    expect(smtp.mailsTo(student.user.email)[0]!.text).toContain('Reason: Not ready: chapter 3 is missing.');
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
