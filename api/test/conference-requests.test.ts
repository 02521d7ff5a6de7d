import { describe, expect, it } from 'vitest';
import { isolate } from '@scholars/shared-contracts/locale';
import { and, eq } from 'drizzle-orm';
import {
  addDays,
  adminConferenceResponseSchema,
  CONFERENCE_REQUEST_REVIEW_DAYS,
  conferenceDetailsResponseSchema,
  conferenceRequestResponseSchema,
  conferenceRequestsPageResponseSchema,
  conferenceRequestsResponseSchema,
  todayIsoDate,
  translateMessage,
  type ValidationMessageKey,
} from '@scholars/shared-contracts/schemas';
import { getJson, postJson, useAppWithMail, type CapturedMail, signedInUser, type CreateUserOverrides } from './helper';
import { mailTo } from './conference-helpers';
import { directionOf, formatDate, PLATFORM_TIME_ZONE } from '@scholars/shared-contracts/locale';
import { auditLog } from '../src/db/schema';

const { app, smtp } = useAppWithMail();


const userWithToken = (overrides: CreateUserOverrides = {}) => signedInUser(app(), overrides);

const validRequest = () => ({
  full_name: 'Mariam Al Kaabi',
  academic_level: 'phd',
  major_field: 'Educational technology',
  university: 'United Arab Emirates University',
  university_email: 'mariam.alkaabi@uaeu.ac.ae',
  phone: '+971501234567',
  country: 'United Arab Emirates',
  conference_title: 'Learning Analytics in Gulf Universities',
  main_language: 'ar_en',
  supporting_institution: 'College of Education',
  proposed_start_date: addDays(todayIsoDate(), 90),
  duration_days: 2,
  location_type: 'hybrid',
  venue: 'Al Ain, main campus',
  objectives: 'Share practice; build a regional network',
  notes: 'Evening sessions preferred',
});

const put = async (url: string, body: unknown, headers: Record<string, string> = {}) => {
  const response = await app().inject({ method: 'PUT', url, headers: { 'content-type': 'application/json', ...headers }, payload: JSON.stringify(body) });
  return { status: response.statusCode, body: response.json() as Record<string, unknown> };
};

/** A decision mail (not the receipt sent on submission). */
const isDecision = (mail: CapturedMail) => !/^(We received your conference request|تلقّينا طلب المؤتمر)/.test(mail.subject);

const en = (key: ValidationMessageKey, params = {}) => translateMessage('en', key, params);

describe('POST conference-requests: the receipt (issue 21)', () => {
  it.each([
    ['en', 'Ahmed Al Hosani', `We received your conference request: ${isolate('Learning Analytics in Gulf Universities')}`, `Hello ${isolate('Ahmed Al Hosani')},`, 'will e-mail you the decision by'],
    ['ar', 'سالم المزروعي', `تلقّينا طلب المؤتمر: ${isolate('Learning Analytics in Gulf Universities')}`, `مرحبًا ${isolate('سالم المزروعي')}،`, 'وسنراسلك بالقرار بحلول'],
  ] as const)('e-mails the author in their language (%s): reviewed by created + 14 days, followed in the profile', async (locale, name, subject, hello, by) => {
    const owner = await userWithToken({ locale, name });
    // The page's language is the other one: the receipt follows the account's.
    const answer = await postJson(app(), '/api/conference-requests', validRequest(), { ...owner.headers, 'accept-language': locale === 'ar' ? 'en' : 'ar' });
    expect(answer.status).toBe(201);
    const created = conferenceRequestResponseSchema.parse(answer.body).data;
    const mail = await mailTo(smtp, owner.user.email);
    expect(mail.subject).toBe(subject);
    expect(mail.text).toContain(hello);
    expect(mail.text).toContain(created.id.toString());
    const reviewBy = formatDate(new Date(Date.parse(created.created_at) + CONFERENCE_REQUEST_REVIEW_DAYS * 86_400_000), locale, 'longDate', PLATFORM_TIME_ZONE);
    expect(mail.text).toContain(`${by} ${reviewBy}`);
    expect(mail.text).toMatch(/https?:\/\/\S+\/profile\?tab=requests\b/);
    expect(mail.html).toContain(`dir="${directionOf(locale)}"`);
  });

  it('14 days, as decisions.md says', () => expect(CONFERENCE_REQUEST_REVIEW_DAYS).toBe(14));
});

describe('POST conference-requests: validation (spec 3 and 5)', () => {
  it('needs a signed-in user', async () => {
    const answer = await postJson(app(), '/api/conference-requests', validRequest());
    expect(answer.status).toBe(401);
    expect(answer.body).toMatchObject({ status: false, err: 401 });
  });

  const required: Array<[field: string, key: ValidationMessageKey]> = [
    ['full_name', 'validation.fullNameRequired'],
    ['academic_level', 'validation.academicLevelRequired'],
    ['major_field', 'validation.majorFieldRequired'],
    ['university', 'validation.universityRequired'],
    ['university_email', 'validation.universityEmailRequired'],
    ['phone', 'validation.phoneRequired'],
    ['country', 'validation.countryRequired'],
    ['conference_title', 'validation.conferenceTitleRequired'],
    ['main_language', 'validation.mainLanguageRequired'],
    ['proposed_start_date', 'validation.proposedDateRequired'],
    ['duration_days', 'validation.durationRequired'],
    ['location_type', 'validation.locationTypeRequired'],
    ['venue', 'validation.venueRequired'],
    ['objectives', 'validation.objectivesRequired'],
  ];

  it.each(required)('%s is required (missing and empty)', async (field, key) => {
    const { headers } = await userWithToken();
    const missing: Record<string, unknown> = validRequest();
    delete missing[field];
    const answer = await postJson(app(), '/api/conference-requests', missing, headers);
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual({ [field]: en(key) });
    expect(answer.body.msg).toBe(en(key));
    if (field !== 'duration_days') {
      const empty = await postJson(app(), '/api/conference-requests', { ...validRequest(), [field]: '  ' }, headers);
      expect(empty.status).toBe(400);
      expect((empty.body.errors as Record<string, string>)[field]).toBe(en(key));
    }
  });

  it('answers in Arabic with Accept-Language: ar', async () => {
    const { headers } = await userWithToken();
    const answer = await postJson(app(), '/api/conference-requests', { ...validRequest(), venue: '' }, { ...headers, 'accept-language': 'ar' });
    expect(answer.body.errors).toEqual({ venue: 'مكان الانعقاد مطلوب' });
  });

  it.each([
    ['university_email', 'not-an-email', 'validation.emailInvalid'],
    ['university_email', 'mariam@gmail.com', 'validation.universityEmailPersonal'],
    ['university_email', 'mariam@hotmail.ae', 'validation.universityEmailPersonal'],
    ['phone', '12345', 'validation.phoneInvalid'],
    ['phone', '+971 5', 'validation.phoneInvalid'],
    ['phone', '+1234567890123456', 'validation.phoneInvalid'],
    ['phone', '1 '.repeat(16), 'validation.maxLength'],
    ['proposed_start_date', todayIsoDate(), 'validation.proposedDateFuture'],
    ['proposed_start_date', '2020-01-01', 'validation.proposedDateFuture'],
    ['proposed_start_date', '2031-02-30', 'validation.proposedDateInvalid'],
    ['proposed_start_date', '15/03/2031', 'validation.proposedDateInvalid'],
    ['duration_days', 0, 'validation.durationMin'],
    ['duration_days', 1.5, 'validation.mustBeInteger'],
    ['duration_days', '3', 'validation.mustBeInteger'],
    ['duration_days', 366, 'validation.durationMax'],
    ['academic_level', 'bachelor', 'validation.invalidOption'],
    ['location_type', 'virtual', 'validation.invalidOption'],
  ] as Array<[string, unknown, ValidationMessageKey]>)('%s = %j is refused (%s)', async (field, value, key) => {
    const { headers } = await userWithToken();
    const answer = await postJson(app(), '/api/conference-requests', { ...validRequest(), [field]: value }, headers);
    expect(answer.status).toBe(400);
    const message = (answer.body.errors as Record<string, string>)[field];
    expect(message).toBeDefined();
    // Messages with placeholders are filled in (durationMax, maxLength, invalidOption).
    expect(message!.startsWith(en(key).split('{{')[0]!)).toBe(true);
  });

  it('accepts a request without the optional fields, stores it pending, with its last day', async () => {
    const { headers } = await userWithToken();
    const body: Record<string, unknown> = { ...validRequest(), supporting_institution: '', duration_days: 3 };
    delete body.notes;
    const answer = await postJson(app(), '/api/conference-requests', body, headers);
    expect(answer.status).toBe(201);
    const { data, msg } = conferenceRequestResponseSchema.parse(answer.body);
    expect(msg).toBe('Your conference request was sent. We will email you our decision.');
    expect(data).toMatchObject({
      status: 'pending',
      supporting_institution: null,
      notes: null,
      duration_days: 3,
      proposed_end_date: addDays(body.proposed_start_date as string, 2),
      review_note: null,
      conference_id: null,
    });
  });
});

describe('conference requests: owner only', () => {
  it('shows a request to its owner and answers 404 to anyone else', async () => {
    const owner = await userWithToken();
    const other = await userWithToken();
    const created = conferenceRequestResponseSchema.parse((await postJson(app(), '/api/conference-requests', validRequest(), owner.headers)).body).data;
    const mine = await getJson(app(), `/api/conference-requests/${created.id}`, owner.headers);
    expect(mine.status).toBe(200);
    expect(conferenceRequestResponseSchema.parse(mine.body).data.conference_title).toBe('Learning Analytics in Gulf Universities');
    const theirs = await getJson(app(), `/api/conference-requests/${created.id}`, other.headers);
    expect(theirs.status).toBe(404);
    expect((await getJson(app(), `/api/conference-requests/${created.id}`)).status).toBe(401);
    expect((await getJson(app(), '/api/conference-requests/99999', owner.headers)).status).toBe(404);

    const list = conferenceRequestsResponseSchema.parse((await getJson(app(), '/api/conference-requests/mine', owner.headers)).body).data;
    expect(list.map((r) => r.id)).toContain(created.id);
    const otherList = conferenceRequestsResponseSchema.parse((await getJson(app(), '/api/conference-requests/mine', other.headers)).body).data;
    expect(otherList.map((r) => r.id)).not.toContain(created.id);
  });

  it('lets the owner edit a pending request; another user gets 404 and changes nothing', async () => {
    const owner = await userWithToken();
    const other = await userWithToken();
    const created = conferenceRequestResponseSchema.parse((await postJson(app(), '/api/conference-requests', validRequest(), owner.headers)).body).data;

    const edited = await put(`/api/conference-requests/${created.id}`, { ...validRequest(), conference_title: 'Learning Analytics 2.0', duration_days: 4 }, owner.headers);
    expect(edited.status).toBe(200);
    const data = conferenceRequestResponseSchema.parse(edited.body);
    expect(data.msg).toBe('Your conference request was updated.');
    expect(data.data).toMatchObject({ conference_title: 'Learning Analytics 2.0', duration_days: 4, status: 'pending' });

    const hijack = await put(`/api/conference-requests/${created.id}`, { ...validRequest(), conference_title: 'Hijacked' }, other.headers);
    expect(hijack.status).toBe(404);
    const after = conferenceRequestResponseSchema.parse((await getJson(app(), `/api/conference-requests/${created.id}`, owner.headers)).body).data;
    expect(after.conference_title).toBe('Learning Analytics 2.0');

    const invalid = await put(`/api/conference-requests/${created.id}`, { ...validRequest(), phone: 'abc' }, owner.headers);
    expect(invalid.status).toBe(400);
    expect(invalid.body.errors).toEqual({ phone: en('validation.phoneInvalid') });
  });
});

const createRequest = async (headers: Record<string, string>, overrides: Record<string, unknown> = {}) =>
  conferenceRequestResponseSchema.parse((await postJson(app(), '/api/conference-requests', { ...validRequest(), ...overrides }, headers)).body).data;

const decisions = (requestId: number) =>
  app()
    .db.select()
    .from(auditLog)
    .where(and(eq(auditLog.action, 'conference-request.decide'), eq(auditLog.targetId, requestId)));

describe('the decision (reviewers and administrators)', () => {
  it('is for reviewers and administrators only', async () => {
    const owner = await userWithToken();
    const created = await createRequest(owner.headers);
    expect((await put(`/api/conference-requests/${created.id}/decision`, { status: 'approved' })).status).toBe(401);
    expect((await put(`/api/conference-requests/${created.id}/decision`, { status: 'approved' }, owner.headers)).status).toBe(403);
    expect((await getJson(app(), '/api/conference-requests', owner.headers)).status).toBe(403);
    const reviewer = await userWithToken({ role: 'reviewer' });
    expect((await getJson(app(), '/api/conference-requests', reviewer.headers)).status).toBe(200);
    // The staff read a request; its owner's other users cannot.
    expect((await getJson(app(), `/api/conference-requests/${created.id}`, reviewer.headers)).status).toBe(200);
  });

  it('rejects with a reason and e-mails the owner in their language, over SMTP', async () => {
    const owner = await userWithToken({ locale: 'ar', name: 'سالم المزروعي' });
    const admin = await userWithToken({ role: 'admin' });
    const created = await createRequest(owner.headers, { conference_title: 'ملتقى الذكاء الاصطناعي' });

    const noReason = await put(`/api/conference-requests/${created.id}/decision`, { status: 'rejected' }, admin.headers);
    expect(noReason.status).toBe(400);
    expect(noReason.body.errors).toEqual({ reason: en('validation.decisionReasonRequired') });

    const decided = await put(`/api/conference-requests/${created.id}/decision`, { status: 'rejected', reason: 'التواريخ المقترحة تتعارض مع مؤتمر آخر' }, admin.headers);
    expect(decided.status).toBe(200);
    expect(conferenceRequestResponseSchema.parse(decided.body).data).toMatchObject({ status: 'rejected', review_note: 'التواريخ المقترحة تتعارض مع مؤتمر آخر', conference_id: null });

    const mail = await mailTo(smtp, owner.user.email, isDecision);
    expect(mail.subject).toBe('لم تتم الموافقة على طلب المؤتمر');
    expect(mail.text).toContain(`مرحبًا ${isolate('سالم المزروعي')}،`);
    expect(mail.text).toContain(`«${isolate('ملتقى الذكاء الاصطناعي')}»`);
    // The note is a quote in its own direction (the site's one mail layout).
    expect(mail.text).toMatch(/ملاحظة المراجع:\r?\n\r?\n> التواريخ المقترحة تتعارض مع مؤتمر آخر/);
    expect(mail.html).toContain('<blockquote dir="auto"');
    expect(mail.html).toContain('<html lang="ar" dir="rtl">');
    expect(mail.text).toContain(`/request-conference?edit=${created.id}`);

    // Decided: no second decision, no more edits by the owner.
    expect((await put(`/api/conference-requests/${created.id}/decision`, { status: 'approved' }, admin.headers)).status).toBe(409);
    const edit = await put(`/api/conference-requests/${created.id}`, validRequest(), owner.headers);
    expect(edit).toMatchObject({ status: 409, body: { msg: 'This request has already been reviewed and can no longer be edited.' } });
    expect((await decisions(created.id)).map((entry) => [entry.actorId, entry.reason, entry.details])).toEqual([
      [admin.user.id, 'التواريخ المقترحة تتعارض مع مؤتمر آخر', { from: 'pending', to: 'rejected' }],
    ]);
  });

  it('asks for changes with a note: the owner is told, edits the request, and it is pending again', async () => {
    const owner = await userWithToken({ locale: 'en', name: 'Hessa Al Suwaidi' });
    const reviewer = await userWithToken({ role: 'reviewer' });
    const created = await createRequest(owner.headers, { conference_title: 'Water Futures Forum' });

    const noNote = await put(`/api/conference-requests/${created.id}/decision`, { status: 'changes_requested', reason: ' ' }, reviewer.headers);
    expect(noNote.status).toBe(400);
    expect(noNote.body.errors).toEqual({ reason: en('validation.conferenceRequestNoteRequired') });

    const sentBack = await put(`/api/conference-requests/${created.id}/decision`, { status: 'changes_requested', reason: 'Please add the supporting institution' }, reviewer.headers);
    expect(sentBack.status).toBe(200);
    expect(conferenceRequestResponseSchema.parse(sentBack.body).data).toMatchObject({ status: 'changes_requested', review_note: 'Please add the supporting institution' });
    const mail = await mailTo(smtp, owner.user.email, isDecision);
    expect(mail.subject).toBe('Your conference request needs changes');
    expect(mail.text).toMatch(/Reviewer’s note:\r?\n\r?\n> Please add the supporting institution/);
    expect(mail.text).toContain(`/request-conference?edit=${created.id}`);

    // Waiting for the owner: no decision meanwhile.
    expect((await put(`/api/conference-requests/${created.id}/decision`, { status: 'approved' }, reviewer.headers)).status).toBe(409);
    // The owner reads the note, edits, and the request is pending again.
    const mine = conferenceRequestResponseSchema.parse((await getJson(app(), `/api/conference-requests/${created.id}`, owner.headers)).body).data;
    expect(mine).toMatchObject({ status: 'changes_requested', review_note: 'Please add the supporting institution' });
    const edited = await put(`/api/conference-requests/${created.id}`, { ...validRequest(), conference_title: 'Water Futures Forum', supporting_institution: 'Ministry of Energy' }, owner.headers);
    expect(edited.status).toBe(200);
    expect(conferenceRequestResponseSchema.parse(edited.body)).toMatchObject({
      msg: 'Your changes were sent: the request is with our reviewers again, and we will e-mail you their decision.',
      // The note stays: the staff queue shows what was asked beside the changed request.
      data: { status: 'pending', supporting_institution: 'Ministry of Energy', review_note: 'Please add the supporting institution' },
    });
    expect((await decisions(created.id)).map((entry) => entry.details)).toEqual([{ from: 'pending', to: 'changes_requested' }]);
  });

  it('lists pending first then oldest first, with a status filter, an Arabic-aware search and pages', async () => {
    const owner = await userWithToken();
    const reviewer = await userWithToken({ role: 'reviewer' });
    const first = await createRequest(owner.headers, { conference_title: 'مُؤتمر الإدارة المائية' });
    const second = await createRequest(owner.headers, { conference_title: 'مؤتمر الإدارة المائيه الثاني' });
    await put(`/api/conference-requests/${first.id}/decision`, { status: 'rejected', reason: 'out of scope' }, reviewer.headers);

    const all = conferenceRequestsPageResponseSchema.parse((await getJson(app(), '/api/conference-requests?limit=100', reviewer.headers)).body);
    const statuses = all.data.map((item) => item.status);
    expect(statuses.indexOf('rejected')).toBeGreaterThan(statuses.lastIndexOf('pending'));
    expect(all.tot).toBeGreaterThanOrEqual(2);

    const found = conferenceRequestsPageResponseSchema.parse((await getJson(app(), `/api/conference-requests?q=${encodeURIComponent('الإداره المائية')}`, reviewer.headers)).body);
    expect(found.data.map((item) => item.id)).toEqual([second.id, first.id]);
    expect(found.tot).toBe(2);
    const pending = conferenceRequestsPageResponseSchema.parse((await getJson(app(), `/api/conference-requests?status=pending&q=${encodeURIComponent('المائية')}`, reviewer.headers)).body);
    expect(pending.data.map((item) => item.id)).toEqual([second.id]);
    const paged = conferenceRequestsPageResponseSchema.parse((await getJson(app(), `/api/conference-requests?q=${encodeURIComponent('المائية')}&limit=1&page=2`, reviewer.headers)).body);
    expect(paged).toMatchObject({ tot: 2, data: [{ id: first.id }] });
    expect((await getJson(app(), '/api/conference-requests?page=0', reviewer.headers)).status).toBe(400);
  });

  it('approves into a draft conference, which an administrator completes and publishes; the requester gets its link once', async () => {
    const owner = await userWithToken({ locale: 'en' });
    const reviewer = await userWithToken({ role: 'reviewer' });
    const admin = await userWithToken({ role: 'admin' });
    const body = { ...validRequest(), conference_title: 'Gulf Learning Analytics Summit', duration_days: 2 };
    const created = await createRequest(owner.headers, body);

    const pending = conferenceRequestsPageResponseSchema.parse((await getJson(app(), '/api/conference-requests?status=pending&limit=100', reviewer.headers)).body).data;
    expect(pending.map((r) => r.id)).toContain(created.id);
    expect(pending.every((r) => r.status === 'pending')).toBe(true);

    const approved = await put(`/api/conference-requests/${created.id}/decision`, { status: 'approved', reason: '' }, reviewer.headers);
    expect(approved.status).toBe(200);
    const decided = conferenceRequestResponseSchema.parse(approved.body);
    expect(decided.msg).toMatch(/^Approved: a draft conference was made/);
    const conferenceId = decided.data.conference_id!;
    expect(conferenceId).toBeGreaterThan(0);
    const mail = await mailTo(smtp, owner.user.email, isDecision);
    expect(mail.subject).toBe('Your conference request was approved');
    expect(mail.text).toContain(`“${isolate('Gulf Learning Analytics Summit')}” was approved`);
    expect((await decisions(created.id)).map((entry) => entry.details)).toEqual([{ from: 'pending', to: 'approved', conference_id: conferenceId }]);

    // A draft: not on the public site; its owner does not get the draft's id either.
    expect((await getJson(app(), `/api/conference/${conferenceId}`)).status).toBe(404);
    const ownerView = conferenceRequestResponseSchema.parse((await getJson(app(), `/api/conference-requests/${created.id}`, owner.headers)).body).data;
    expect(ownerView).toMatchObject({ status: 'approved', conference_id: null });

    // Prefilled from the request: each text in the fields of its own language (English here; the Arabic
    // ones wait for a translation), 09:00 on the proposed day to 17:00 on the last day, Dubai time, no category.
    const draft = adminConferenceResponseSchema.parse((await getJson(app(), `/api/admin/conferences/${conferenceId}`, admin.headers)).body).data;
    expect(draft).toMatchObject({
      status: 'draft',
      title: '',
      title_en: 'Gulf Learning Analytics Summit',
      objectives: '',
      objectives_en: body.objectives,
      venue: '',
      venue_en: body.venue,
      mode: 'hybrid',
      category_id: null,
      timezone: 'Asia/Dubai',
      start_date: body.proposed_start_date,
      start_time: '09:00',
      end_date: addDays(body.proposed_start_date, 1),
      end_time: '17:00',
      request_id: created.id,
      first_published_at: null,
    });
    expect(draft.important_dates).toMatchObject({ start_date: body.proposed_start_date, end_date: addDays(body.proposed_start_date, 1) });

    // Incomplete (no description or overview, no Arabic title): publishing is refused, each field named.
    const refused = await postJson(app(), `/api/admin/conferences/${conferenceId}/status`, { status: 'published', version: draft.version }, admin.headers);
    expect(refused.status).toBe(400);
    expect(Object.keys(refused.body.errors as object)).toEqual(expect.arrayContaining(['title', 'description', 'description_en', 'overview', 'overview_en']));
    expect(Object.keys(refused.body.errors as object)).not.toContain('title_en');

    const { id: _id, status: _status, registrations: _registrations, ended: _ended, request_id: _request, first_published_at: _first, updated_at: _updated, ...values } = draft;
    const completed = await put(
      `/api/admin/conferences/${conferenceId}`,
      {
        ...values,
        category_id: 2,
        title: 'قمة الخليج لتحليلات التعلم',
        objectives: 'تبادل الخبرات وبناء شبكة إقليمية',
        venue: 'العين، الحرم الرئيسي',
        description: 'قمة خليجية لتحليلات التعلم',
        description_en: 'A Gulf summit on learning analytics',
        overview: 'نظرة عامة',
        overview_en: 'Overview',
      },
      admin.headers,
    );
    expect(completed.status).toBe(200);
    const saved = adminConferenceResponseSchema.parse(completed.body).data;
    const published = await postJson(app(), `/api/admin/conferences/${conferenceId}/status`, { status: 'published', version: saved.version }, admin.headers);
    expect(published.status).toBe(200);

    const link = await mailTo(smtp, owner.user.email, (m) => m.subject === `Your conference is published: ${isolate('Gulf Learning Analytics Summit')}`);
    expect(link.text).toContain(`/conference/${conferenceId}`);
    const details = conferenceDetailsResponseSchema.parse((await getJson(app(), `/api/conference/${conferenceId}`)).body).data;
    expect(details).toMatchObject({ title_en: 'Gulf Learning Analytics Summit', category: { id: 2 }, mode: 'hybrid', phase: 'upcoming', registration_open: true });
    expect(details.start_date).toBe(`${body.proposed_start_date}T05:00:00.000Z`);
    expect(details.end_date).toBe(`${addDays(body.proposed_start_date, 1)}T13:00:00.000Z`);
    const list = await postJson(app(), '/api/conference/by-category', { category_id: 2, limit: 50, page: 1, search: 'learning analytics' });
    expect((list.body.data as Array<{ id: number }>).map((c) => c.id)).toEqual([conferenceId]);
    // Now its owner gets the link too.
    const mine = conferenceRequestsResponseSchema.parse((await getJson(app(), '/api/conference-requests/mine', owner.headers)).body).data;
    expect(mine.find((r) => r.id === created.id)?.conference_id).toBe(conferenceId);

    // Back to draft and published again: no second mail.
    const unpublished = adminConferenceResponseSchema.parse((await postJson(app(), `/api/admin/conferences/${conferenceId}/status`, { status: 'draft', version: saved.version + 1 }, admin.headers)).body).data;
    expect((await postJson(app(), `/api/admin/conferences/${conferenceId}/status`, { status: 'published', version: unpublished.version }, admin.headers)).status).toBe(200);
    await app().mail.processDue();
    expect(smtp.mailsTo(owner.user.email).filter((m) => m.subject.startsWith('Your conference is published'))).toHaveLength(1);
    // A request that refers to the conference keeps it from being deleted.
    const refusedDelete = await app().inject({ method: 'DELETE', url: `/api/admin/conferences/${conferenceId}?version=${unpublished.version + 1}`, headers: admin.headers });
    expect(refusedDelete.statusCode).toBe(409);
  });
});
