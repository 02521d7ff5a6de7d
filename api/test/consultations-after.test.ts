/**
 * Consultations after the booking, and their operators (issue 23): rating rules, the consultant's
 * notes and files, "match me", the consultant's profile (apply, edit, validation), the
 * administrators' decisions, lists, cancel, staff-arranged sessions and review visibility (each in
 * the audit log), and the plans' consultation sessions (console and pricing section).
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adminConsultantsResponseSchema, consultantProfileResponseSchema, consultationSchema, consultationsPageResponseSchema } from '@scholars/shared-contracts/schemas';
import { auditLog, consultations, mailOutbox } from '../src/db/schema';
import { book, lastMail, makeConsultant, makeMember, slotsOf, type Person } from './consultation-helpers';
import { bearer, createUser, getJson, signIn, useApp } from './helper';
import { pdfBytes } from './research-helpers';

const app = useApp();
const HOUR = 3_600_000;

async function act(method: 'POST' | 'PUT' | 'GET' | 'DELETE', url: string, headers: Record<string, string>, body?: unknown) {
  const response = await app().inject({ method, url, headers: { ...headers, ...(body ? { 'content-type': 'application/json' } : {}) }, ...(body ? { payload: JSON.stringify(body) } : {}) });
  return { status: response.statusCode, body: response.json() as { status: boolean; msg?: string; data?: Record<string, unknown>; tot?: number; errors?: Record<string, string> } };
}

async function admin(): Promise<Person> {
  const user = await createUser(app(), { role: 'admin' });
  return { ...user, headers: bearer(await signIn(app(), user)) };
}

/** A session the staff arranged `hoursFromNow` from now (negative: in the past). */
async function arranged(staff: Person, consultantId: number, member: Person, hoursFromNow: number) {
  return act('POST', '/api/admin/consultations', staff.headers, {
    memberEmail: member.email,
    consultantId,
    start: new Date(Date.now() + hoursFromNow * HOUR).toISOString(),
    topic: 'Statistics for chapter 4',
    categoryId: 2,
    language: 'en',
    mode: 'onsite',
    place: 'University library, room 3',
    description: 'Arranged at the research fair.',
  });
}

function fileForm() {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(pdfBytes('Notes'))], { type: 'application/pdf' }), 'reading-list.pdf');
  return form;
}

describe('after the session', () => {
  it('only the member rates, only once it took place, 1-5; the public page shows the average and the review with the first name only', async () => {
    const staff = await admin();
    const consultant = await makeConsultant(app());
    const member = await makeMember(app(), { name: 'Aisha Rated Member' });
    const past = await arranged(staff, consultant.consultantId, member, -3);
    expect(past.status).toBe(201);
    const id = past.body.data!.id as number;
    expect(past.body.data).toMatchObject({ state: 'accepted', counts: false });
    expect((await act('GET', `/api/consultations/${id}`, member.headers)).body.data).toMatchObject({ canRate: true, canCancel: false });

    expect((await act('PUT', `/api/consultations/${id}/rating`, member.headers, { rating: 6 })).status).toBe(400);
    expect((await act('PUT', `/api/consultations/${id}/rating`, consultant.headers, { rating: 5 })).status).toBe(404);
    const rated = await act('PUT', `/api/consultations/${id}/rating`, member.headers, { rating: 4, review: 'Clear and practical advice.' });
    expect(rated.status).toBe(200);
    expect(rated.body.data).toMatchObject({ rating: 4, review: 'Clear and practical advice.' });
    // Changed within 7 days: allowed.
    expect((await act('PUT', `/api/consultations/${id}/rating`, member.headers, { rating: 5, review: 'Clear and practical advice.' })).status).toBe(200);
    const page = await getJson(app(), `/api/consultants/${consultant.consultantId}`);
    expect(page.body.data).toMatchObject({ rating: { average: 5, count: 1 }, reviews: [{ rating: 5, review: 'Clear and practical advice.', memberName: 'Aisha' }] });
    // More than 7 days later the rating is final.
    await app().db.update(consultations).set({ ratedAt: new Date(Date.now() - 8 * 24 * HOUR) }).where(eq(consultations.id, id));
    const locked = await act('PUT', `/api/consultations/${id}/rating`, member.headers, { rating: 1 });
    expect(locked.status).toBe(409);
    expect(locked.body.msg).toBe('A rating can be changed within 7 days of giving it.');

    // A future session cannot be rated yet.
    const future = await arranged(staff, consultant.consultantId, member, 72);
    const early = await act('PUT', `/api/consultations/${future.body.data!.id}/rating`, member.headers, { rating: 5 });
    expect(early.status).toBe(409);
    expect(early.body.msg).toBe('You can rate a session once it has taken place.');
  });

  it('the consultant writes notes and adds up to 5 files for the member once the session started; nobody else can', async () => {
    const staff = await admin();
    const consultant = await makeConsultant(app());
    const member = await makeMember(app());
    const id = (await arranged(staff, consultant.consultantId, member, -2)).body.data!.id as number;
    expect((await act('PUT', `/api/consultations/${id}/notes`, member.headers, { notes: 'mine' })).status).toBe(404);
    const notes = await act('PUT', `/api/consultations/${id}/notes`, consultant.headers, { notes: 'Read chapter 3 of the methods book.' });
    expect(notes.body.data).toMatchObject({ notes: 'Read chapter 3 of the methods book.' });
    for (let index = 0; index < 5; index += 1) {
      const added = await app().inject({ method: 'POST', url: `/api/consultations/${id}/files`, headers: consultant.headers, payload: fileForm() });
      expect(added.statusCode).toBe(200);
    }
    const sixth = await app().inject({ method: 'POST', url: `/api/consultations/${id}/files`, headers: consultant.headers, payload: fileForm() });
    expect(sixth.statusCode).toBe(409);
    expect((sixth.json() as { msg: string }).msg).toBe('A session can have at most 5 files.');
    expect((await app().inject({ method: 'POST', url: `/api/consultations/${id}/files`, headers: member.headers, payload: fileForm() })).statusCode).toBe(404);

    const view = consultationSchema.parse((await act('GET', `/api/consultations/${id}`, member.headers)).body.data);
    expect(view.files).toHaveLength(5);
    expect(view.notes).toBe('Read chapter 3 of the methods book.');
    const link = await act('POST', `/api/consultation-files/${view.files[0]!.id}/file-link`, member.headers);
    expect(link.status).toBe(200);
    expect((await app().inject({ method: 'GET', url: `/api/${(link.body.data as { download_url: string }).download_url}` })).statusCode).toBe(200);
    const stranger = await makeMember(app());
    expect((await act('POST', `/api/consultation-files/${view.files[0]!.id}/file-link`, stranger.headers)).status).toBe(404);
    expect((await act('DELETE', `/api/consultations/${id}/files/${view.files[0]!.id}`, consultant.headers)).body.data).toMatchObject({ files: expect.any(Array) });
    expect(((await act('GET', `/api/consultations/${id}`, member.headers)).body.data as { files: unknown[] }).files).toHaveLength(4);

    // Before the session starts there are no notes yet.
    const future = (await arranged(staff, consultant.consultantId, member, 50)).body.data!.id as number;
    expect((await act('PUT', `/api/consultations/${future}/notes`, consultant.headers, { notes: 'early' })).status).toBe(409);
  });

  it('"match me" proposes consultants of the field and language, soonest free first', async () => {
    const member = await makeMember(app());
    // Free only four weekdays from today (UTC): days after the other's first slot, 24 hours' notice
    // included, whatever day the test runs (a fixed Sunday tied with it on Saturday mornings).
    const laterDay = (new Date().getUTCDay() + 4) % 7;
    const later = await makeConsultant(app(), { fields: [6], languages: ['ar'], availability: [[laterDay, 9 * 60, 10 * 60]] });
    const sooner = await makeConsultant(app(), { fields: [6], languages: ['ar'] });
    const english = await makeConsultant(app(), { fields: [6], languages: ['en'] });
    const { body } = await act('POST', '/api/consultations/match', member.headers, { categoryId: 6, language: 'ar' });
    const ids = (body.data as unknown as Array<{ id: number }>).map((card) => card.id);
    expect(ids).toContain(sooner.consultantId);
    expect(ids).not.toContain(english.consultantId);
    expect(ids.indexOf(sooner.consultantId)).toBeLessThan(ids.includes(later.consultantId) ? ids.indexOf(later.consultantId) : Infinity);
    const unsubscribed = await makeMember(app(), { subscribed: false });
    expect((await act('POST', '/api/consultations/match', unsubscribed.headers, { categoryId: 6, language: 'ar' })).status).toBe(403);
  });
});

describe('the consultant’s profile and the operators', () => {
  const profile = {
    bio: 'أستاذ في الإحصاء التطبيقي',
    bioEn: 'Professor of applied statistics',
    categoryIds: [3, 4],
    tags: ['الإحصاء'],
    tagsEn: ['Statistics'],
    languages: ['ar', 'en'],
    timeZone: 'Asia/Dubai',
    sessionMinutes: 45,
    availability: [
      { weekday: 1, start: '09:00', end: '12:00' },
      { weekday: 1, start: '14:00', end: '16:00' },
    ],
    exceptions: ['2027-12-02'],
  };

  it('applies (pending), is approved by an administrator (audited, mailed), and stays approved when editing', async () => {
    const user = await createUser(app(), { name: 'Dr. Applicant', locale: 'ar' });
    const headers = bearer(await signIn(app(), user));
    expect((await act('GET', '/api/consultant-profile', headers)).body).toEqual({ status: true, data: null });
    const applied = await act('PUT', '/api/consultant-profile', headers, profile);
    expect(applied.status).toBe(200);
    const record = consultantProfileResponseSchema.parse(applied.body).data!;
    expect(record).toMatchObject({ status: 'pending', categoryIds: [3, 4], exceptions: ['2027-12-02'], availability: profile.availability });
    expect(applied.body.msg).toBe('Your application was sent. An administrator reviews it; we will e-mail you.');
    expect((await getJson(app(), `/api/consultants/${record.id}`)).status).toBe(404);
    // The receipt, in the account's language.
    expect((await lastMail(app(), user.email, 'consultant_applied'))?.subject).toBe('تلقّينا طلبك لتكون مستشارًا');

    const staff = await admin();
    const pending = adminConsultantsResponseSchema.parse((await act('GET', '/api/admin/consultants?status=pending&search=Applicant', staff.headers)).body);
    expect(pending.data.map((row) => row.id)).toEqual([record.id]);
    expect((await act('POST', `/api/admin/consultants/${record.id}/decision`, staff.headers, { action: 'reject' })).status).toBe(400);
    const approved = await act('POST', `/api/admin/consultants/${record.id}/decision`, staff.headers, { action: 'approve' });
    expect(approved.body.data).toMatchObject({ status: 'approved', email: user.email });
    expect((await act('POST', `/api/admin/consultants/${record.id}/decision`, staff.headers, { action: 'approve' })).status).toBe(409);
    const [audit] = await app().db.select().from(auditLog).where(and(eq(auditLog.targetType, 'consultant'), eq(auditLog.targetId, record.id)));
    expect(audit).toMatchObject({ action: 'consultant.approve', actorId: staff.id });
    expect((await lastMail(app(), user.email, 'consultant_approve'))?.subject).toBe('تمت الموافقة على ملفك كمستشار');
    expect((await getJson(app(), `/api/consultants/${record.id}`)).status).toBe(200);

    const edited = await act('PUT', '/api/consultant-profile', headers, { ...profile, sessionMinutes: 60, version: record.version + 1 });
    expect(edited.body.data).toMatchObject({ status: 'approved', sessionMinutes: 60 });
    // Only the first application is acknowledged.
    expect((await app().db.select().from(mailOutbox).where(and(eq(mailOutbox.toAddress, user.email), eq(mailOutbox.template, 'consultant_applied'))))).toHaveLength(1);
    expect((await act('PUT', '/api/consultant-profile', headers, { ...profile, version: 1 })).status).toBe(409);

    const suspended = await act('POST', `/api/admin/consultants/${record.id}/decision`, staff.headers, { action: 'suspend', reason: 'Complaints under review' });
    expect(suspended.body.data).toMatchObject({ status: 'suspended', statusReason: 'Complaints under review' });
    expect((await getJson(app(), `/api/consultants/${record.id}`)).status).toBe(404);
    expect((await act('POST', `/api/admin/consultants/${record.id}/decision`, staff.headers, { action: 'reinstate' })).body.data).toMatchObject({ status: 'approved' });
  });

  it('refuses an invalid profile with each field’s message', async () => {
    const user = await createUser(app());
    const headers = bearer(await signIn(app(), user));
    const answer = await act('PUT', '/api/consultant-profile', headers, {
      ...profile,
      timeZone: 'Mars/Olympus',
      categoryIds: [],
      sessionMinutes: 50,
      availability: [
        { weekday: 2, start: '09:00', end: '11:00' },
        { weekday: 2, start: '10:00', end: '12:00' },
        { weekday: 3, start: '12:00', end: '10:00' },
      ],
    });
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toMatchObject({
      timeZone: 'Unknown time zone',
      categoryIds: 'Choose from 1 to 10 fields.',
      sessionMinutes: 'Choose a session length of 30, 45, 60 or 90 minutes.',
      'availability.1.start': 'Two time ranges of the same day overlap.',
      'availability.2.end': 'Each time range must end after it starts, within the day (HH:MM).',
    });
  });

  it('lists sessions for administrators (state, overdue, search), cancels any (never counts, audited, both mailed)', async () => {
    const staff = await admin();
    const consultant = await makeConsultant(app(), { name: 'Dr. Overdue Consultant' });
    const member = await makeMember(app());
    const [start] = await slotsOf(app(), consultant.consultantId);
    const id = (await book(app(), member.headers, { consultantId: consultant.consultantId, start: start!, topic: 'Overdue topic' })).body.data!.id;
    expect((await act('GET', `/api/consultations/${id}`, staff.headers)).status).toBe(200);
    const notYet = consultationsPageResponseSchema.parse((await act('GET', '/api/admin/consultations?overdue=true&search=Overdue', staff.headers)).body);
    expect(notYet.data.map((row) => row.id)).not.toContain(id);
    await app().db.update(consultations).set({ acceptBy: new Date(Date.now() + 6 * HOUR) }).where(eq(consultations.id, id));
    const overdue = consultationsPageResponseSchema.parse((await act('GET', '/api/admin/consultations?overdue=true&search=Overdue', staff.headers)).body);
    expect(overdue.data.map((row) => row.id)).toEqual([id]);
    expect((await act('GET', '/api/admin/consultations?state=requested&search=Dr.%20Overdue', staff.headers)).body.tot).toBe(1);

    const canceled = await act('POST', `/api/admin/consultations/${id}/cancel`, staff.headers, { reason: 'Duplicate request' });
    expect(canceled.body.data).toMatchObject({ state: 'canceled', canceledBy: 'admin', counts: false });
    const [audit] = await app().db.select().from(auditLog).where(and(eq(auditLog.targetType, 'consultation'), eq(auditLog.targetId, id)));
    expect(audit).toMatchObject({ action: 'consultation.cancel', reason: 'Duplicate request' });
    expect(await lastMail(app(), member.email, 'consultation_canceled')).toBeDefined();
    expect(await lastMail(app(), consultant.email, 'consultation_canceled')).toBeDefined();
    expect((await act('POST', `/api/admin/consultations/${id}/cancel`, staff.headers, { reason: 'Again' })).status).toBe(409);
  });

  it('a staff-arranged session in the future is mailed to both; it respects the exclusion constraints; unknown e-mail is a 400', async () => {
    const staff = await admin();
    const consultant = await makeConsultant(app());
    const member = await makeMember(app());
    const made = await arranged(staff, consultant.consultantId, member, 60);
    expect(made.status).toBe(201);
    expect(await lastMail(app(), member.email, 'consultation_arranged')).toBeDefined();
    const [audit] = await app().db.select().from(auditLog).where(and(eq(auditLog.targetType, 'consultation'), eq(auditLog.targetId, made.body.data!.id as number)));
    expect(audit?.action).toBe('consultation.arrange');
    const clash = await arranged(staff, consultant.consultantId, await makeMember(app()), 60);
    expect(clash.status).toBe(409);
    const unknown = await act('POST', '/api/admin/consultations', staff.headers, { ...(await arrangedBody(consultant.consultantId)), memberEmail: 'nobody@example.ae' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toMatchObject({ memberEmail: 'No account has this e-mail address.' });
  });

  it('an administrator hides a review from the public page (reason, audited) and shows it again', async () => {
    const staff = await admin();
    const consultant = await makeConsultant(app());
    const member = await makeMember(app());
    const id = (await arranged(staff, consultant.consultantId, member, -5)).body.data!.id as number;
    await act('PUT', `/api/consultations/${id}/rating`, member.headers, { rating: 2, review: 'Rude remark about someone' });
    const ratings = await act('GET', '/api/admin/consultation-ratings?hidden=false', staff.headers);
    expect((ratings.body.data as unknown as Array<{ consultationId: number }>).map((row) => row.consultationId)).toContain(id);
    expect((await act('POST', `/api/admin/consultations/${id}/review-visibility`, staff.headers, { hidden: true })).status).toBe(400);
    const hidden = await act('POST', `/api/admin/consultations/${id}/review-visibility`, staff.headers, { hidden: true, reason: 'Personal remark' });
    expect(hidden.body.data).toMatchObject({ reviewHidden: true });
    expect((await getJson(app(), `/api/consultants/${consultant.consultantId}`)).body.data).toMatchObject({ rating: { count: 0 }, reviews: [] });
    const [audit] = await app().db.select().from(auditLog).where(and(eq(auditLog.action, 'consultation.review-visibility'), eq(auditLog.targetId, id)));
    expect(audit).toMatchObject({ reason: 'Personal remark', details: { hidden: true } });
    await act('POST', `/api/admin/consultations/${id}/review-visibility`, staff.headers, { hidden: false });
    expect((await getJson(app(), `/api/consultants/${consultant.consultantId}`)).body.data).toMatchObject({ rating: { count: 1 } });
  });
});

async function arrangedBody(consultantId: number) {
  return {
    consultantId,
    start: new Date(Date.now() + 90 * HOUR).toISOString(),
    topic: 'Topic',
    categoryId: 2,
    language: 'en',
    mode: 'online',
    description: 'Description',
  };
}

describe('the plans’ consultation sessions', () => {
  it('an administrator sets them (audited), the pricing section shows them', async () => {
    const staff = await admin();
    const created = await act('POST', '/api/admin/plans', staff.headers, {
      name: 'باقة الاستشارات',
      name_en: 'Consultation plan',
      price: 150,
      consultation_sessions: 4,
      features: [{ feature: 'أربع جلسات', feature_en: 'Four sessions' }],
      active: true,
    });
    expect(created.status).toBe(201);
    const plan = created.body.data as { id: number; version: number; consultation_sessions: number };
    expect(plan.consultation_sessions).toBe(4);
    const updated = await act('PUT', `/api/admin/plans/${plan.id}`, staff.headers, {
      name: 'باقة الاستشارات',
      name_en: 'Consultation plan',
      price: 150,
      consultation_sessions: 8,
      features: [{ feature: 'ثماني جلسات', feature_en: 'Eight sessions' }],
      active: true,
      version: plan.version,
    });
    expect(updated.body.data).toMatchObject({ consultation_sessions: 8 });
    const entries = await app().db.select().from(auditLog).where(and(eq(auditLog.targetType, 'plan'), eq(auditLog.targetId, plan.id)));
    expect(entries.map((entry) => JSON.stringify(entry.details)).join(' ')).toContain('consultation_sessions');
    expect((await act('POST', '/api/admin/plans', staff.headers, { name: 'x', name_en: 'x', price: 1, consultation_sessions: -1 })).status).toBe(400);
    const pricing = await getJson(app(), '/api/subscription-plan');
    const listed = (pricing.body.data as Array<{ id: number; consultation_sessions: number }>).find((row) => row.id === plan.id);
    expect(listed?.consultation_sessions).toBe(8);
    // The seeded plans carry theirs.
    expect((pricing.body.data as Array<{ id: number; consultation_sessions: number }>).find((row) => row.id === 2)?.consultation_sessions).toBe(12);
  });
});
