/**
 * Conferences in the operator console (issue 19): the list, a record with agenda, speakers and
 * important dates, versioned saves (409 over a newer one), publishing only when complete in both
 * languages, what the public site shows (published only), seats, deletion while nothing refers to
 * it, the registrants (list, CSV, e-mail to all), categories, and the audit entry of every change.
 */
import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  adminConferenceCategoriesResponseSchema,
  adminConferenceCategoryResponseSchema,
  adminConferenceResponseSchema,
  adminConferencesResponseSchema,
  adminRegistrationsResponseSchema,
  conferenceCategoriesResponseSchema,
  conferenceDetailsResponseSchema,
  conferencePageResponseSchema,
  todayIsoDate,
  translateMessage,
  type AdminConference,
  type ConferenceWriteInput,
} from '@scholars/shared-contracts/schemas';
import { auditLog, conferenceRegistrations, conferences, mailOutbox } from '../src/db/schema';
import { staffHeaders, uploadedPath } from './content-helpers';
import { bearer, createUser, getJson, postJson, signIn, useApp } from './helper';

const getApp = useApp();
const inDays = (days: number) => addDays(todayIsoDate(), days);
let sequence = 0;

/** A complete bilingual conference 60 days from now, with two agenda rows, a speaker and important dates. */
function conferenceBody(overrides: Partial<ConferenceWriteInput> = {}): ConferenceWriteInput {
  sequence += 1;
  const start = inDays(60);
  return {
    title: `مؤتمر الروبوتات التعليمية ${sequence}`,
    title_en: `Educational Robotics Conference ${sequence}`,
    description: 'لقاء حول الروبوتات في الفصول الدراسية',
    description_en: 'A meeting on robots in classrooms',
    overview: 'نظرة عامة على المؤتمر',
    overview_en: 'An overview of the conference',
    objectives: 'تبادل الخبرات',
    objectives_en: 'Share experience',
    excerpts: '',
    excerpts_en: '',
    category_id: 1,
    mode: 'onsite',
    venue: 'دبي، القاعة الكبرى',
    venue_en: 'Dubai, Grand Hall',
    timezone: 'Asia/Dubai',
    start_date: start,
    start_time: '09:00',
    end_date: addDays(start, 1),
    end_time: '17:00',
    capacity: null,
    registration_open: true,
    image: null,
    keywords: ['robotics'],
    agenda: [
      { date: start, start_time: '09:00', end_time: '10:00', title: 'الافتتاح', title_en: 'Opening', speaker: '', speaker_en: '', location: 'القاعة أ', location_en: 'Hall A' },
      { date: addDays(start, 1), start_time: '11:00', end_time: '12:30', title: 'ورشة البرمجة', title_en: 'Coding workshop', speaker: 'د. ليلى حداد', speaker_en: 'Dr. Layla Haddad', location: '', location_en: '' },
    ],
    speakers: [{ name: 'د. ليلى حداد', name_en: 'Dr. Layla Haddad', title: 'أستاذة', title_en: 'Professor', bio: 'باحثة في التعليم', bio_en: 'Education researcher', image: null }],
    important_dates: {
      paper_submission_deadline: inDays(20),
      notification_of_acceptance: inDays(35),
      camera_ready_submission: inDays(45),
      start_date: start,
      end_date: addDays(start, 1),
      abstract_deadline: inDays(10),
      full_paper_deadline: inDays(25),
      early_bird_deadline: inDays(30),
      paper_submission_id: 'ERC-2027',
    },
    ...overrides,
  };
}

type Headers = Record<string, string>;
const send = async (method: 'PUT' | 'DELETE' | 'POST', url: string, headers: Headers, body?: unknown) => {
  const response = await getApp().inject({
    method,
    url,
    headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
  return { status: response.statusCode, body: response.json() as Record<string, unknown> & { errors?: Record<string, string>; msg?: string } };
};

async function create(headers: Headers, overrides: Partial<ConferenceWriteInput> = {}): Promise<AdminConference> {
  const answer = await postJson(getApp(), '/api/admin/conferences', conferenceBody(overrides), headers);
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return adminConferenceResponseSchema.parse(answer.body).data;
}

/** The form's values of a record (what a PUT sends back). */
function valuesOf(record: AdminConference) {
  const { id: _id, status: _status, registrations: _registrations, waiting: _waiting, ended: _ended, request_id: _request, first_published_at: _first, updated_at: _updated, ...values } = record;
  return values;
}

const setStatus = (headers: Headers, record: { id: number; version: number }, status: string) =>
  send('POST', `/api/admin/conferences/${record.id}/status`, headers, { status, version: record.version });

async function publish(headers: Headers, record: AdminConference): Promise<AdminConference> {
  const answer = await setStatus(headers, record, 'published');
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return adminConferenceResponseSchema.parse(answer.body).data;
}

const audits = (targetType: string, targetId: number) =>
  getApp().db.select().from(auditLog).where(and(eq(auditLog.targetType, targetType), eq(auditLog.targetId, targetId))).orderBy(desc(auditLog.id));

/** The ids `POST conference/paginate` lists for `search`. */
async function publicIds(search: string): Promise<number[]> {
  const answer = await postJson(getApp(), '/api/conference/paginate', { limit: 50, page: 1, col: 'id', search });
  return conferencePageResponseSchema.parse(answer.body).data.map((item) => item.id);
}

async function registerUser(conferenceId: number, overrides: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(getApp(), overrides);
  const answer = await postJson(getApp(), `/api/conference/${conferenceId}/register`, {}, bearer(await signIn(getApp(), user)));
  return { user, answer };
}

describe('admin/conferences: create, read, list', () => {
  it('creates a draft with its agenda, speakers and important dates, audited; the public site does not show it', async () => {
    const app = getApp();
    const { headers, id: adminId } = await staffHeaders(app);
    const image = await uploadedPath(app, headers);
    const record = await create(headers, { image, capacity: 120 });
    expect(record).toMatchObject({ status: 'draft', version: 1, image, capacity: 120, registrations: 0, request_id: null, first_published_at: null, start_time: '09:00', end_time: '17:00' });
    expect(record.agenda.map((row) => row.title_en)).toEqual(['Opening', 'Coding workshop']);
    expect(record.speakers[0]).toMatchObject({ name_en: 'Dr. Layla Haddad', bio: 'باحثة في التعليم' });
    expect(record.important_dates).toMatchObject({ early_bird_deadline: inDays(30), paper_submission_id: 'ERC-2027' });
    const [stored] = await app.db.select().from(conferences).where(eq(conferences.id, record.id));
    // 09:00 in Dubai (UTC+4).
    expect(stored!.startDate.toISOString()).toBe(`${inDays(60)}T05:00:00.000Z`);

    const [entry] = await audits('conference', record.id);
    expect(entry).toMatchObject({ actorId: adminId, action: 'content.create' });

    expect((await getJson(app, `/api/conference/${record.id}`)).status).toBe(404);
    expect((await app.inject({ method: 'GET', url: `/api/conference/${record.id}/ics` })).statusCode).toBe(404);
    expect(await publicIds(record.title_en)).toEqual([]);
    const byCategory = await postJson(app, '/api/conference/by-category', { category_id: 1, limit: 100, page: 1, search: record.title_en });
    expect(byCategory.body.tot).toBe(0);
    const { answer } = await registerUser(record.id);
    expect(answer.status).toBe(404);
  });

  it('refuses invalid input in the envelope, each field marked, in the language asked', async () => {
    const app = getApp();
    const { headers } = await staffHeaders(app);
    const start = inDays(40);
    const cases: Array<[Partial<ConferenceWriteInput>, string]> = [
      [{ end_date: addDays(start, -1), start_date: start }, 'end_date'],
      [{ start_time: '25:00' }, 'start_time'],
      [{ image: 'public/../../etc/passwd' }, 'image'],
      [{ image: 'https://example.com/x.png' }, 'image'],
      [{ capacity: 0 }, 'capacity'],
      [{ timezone: 'Mars/Olympus' }, 'timezone'],
      [{ title: '', title_en: '' }, 'title'],
      [{ mode: 'virtual' as 'online' }, 'mode'],
    ];
    for (const [overrides, field] of cases) {
      const answer = await postJson(app, '/api/admin/conferences', conferenceBody(overrides), { ...headers, 'accept-language': 'ar' });
      expect(answer.status, field).toBe(400);
      expect(answer.body.status).toBe(false);
      expect(Object.keys(answer.body.errors as object), field).toContain(field);
      expect(answer.body.msg).toMatch(/[\u0600-\u06FF]/);
    }
    const row = await postJson(app, '/api/admin/conferences', conferenceBody({ agenda: [{ date: inDays(60), start_time: '09:00', end_time: '10:00', title: '', title_en: '' }] }), headers);
    expect(row.status).toBe(400);
    expect(row.body.errors).toEqual({ 'agenda.0.title': translateMessage('en', 'validation.oneLanguageRequired') });
    // A session on a day the conference is not held (its dates moved, its agenda not), or ending before it starts.
    const row2 = { title: 'جلسة', title_en: 'A session', speaker: '', speaker_en: '', location: '', location_en: '' };
    const outside = await postJson(
      app,
      '/api/admin/conferences',
      conferenceBody({ agenda: [{ ...row2, date: addDays(start, 30), start_time: '09:00', end_time: '10:00' }, { ...row2, date: addDays(start, 20), start_time: '11:00', end_time: '10:30' }] }),
      { ...headers, 'accept-language': 'ar' },
    );
    expect(outside.status).toBe(400);
    expect(outside.body.errors).toEqual({
      'agenda.0.date': translateMessage('ar', 'validation.agendaOutsideConference'),
      'agenda.1.end_time': translateMessage('ar', 'validation.sessionEndBeforeStart'),
    });
    const category = await postJson(app, '/api/admin/conferences', conferenceBody({ category_id: 999_999 }), headers);
    expect(category.status).toBe(400);
    expect(category.body.errors).toEqual({ category_id: translateMessage('en', 'validation.conferenceCategoryUnknown') });
  });

  it('lists every status with an Arabic-aware search, status and category filters and pages', async () => {
    const app = getApp();
    const { headers } = await staffHeaders(app);
    const first = await create(headers, { title: 'مُؤتمر الأرشفة السحابية الأول', title_en: 'Cloud Archiving One', category_id: 2 });
    const second = await create(headers, { title: 'مؤتمر الارشفه السحابيه الثاني', title_en: 'Cloud Archiving Two', category_id: 3 });
    await publish(headers, second);

    const list = (query: string) => getJson(app, `/api/admin/conferences?${query}`, headers).then((answer) => adminConferencesResponseSchema.parse(answer.body));
    const found = await list(`q=${encodeURIComponent('الأرشفة السحابية')}`);
    expect(found.data.map((item) => item.id)).toEqual([second.id, first.id]);
    expect(found.tot).toBe(2);
    expect(found.data[0]).toMatchObject({ status: 'published', category: { id: 3 }, registrations: 0, version: 2 });
    expect((await list(`q=${encodeURIComponent('السحابية')}&status=draft`)).data.map((item) => item.id)).toEqual([first.id]);
    expect((await list(`q=${encodeURIComponent('cloud archiving')}&category_id=2`)).data.map((item) => item.id)).toEqual([first.id]);
    const paged = await list(`q=${encodeURIComponent('cloud archiving')}&limit=1&page=2`);
    expect(paged).toMatchObject({ tot: 2, data: [{ id: first.id }] });
    expect((await list('sort=start&limit=100')).tot).toBeGreaterThan(10);

    const bad = await getJson(app, '/api/admin/conferences?status=deleted', headers);
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ status: false });
    expect((await getJson(app, '/api/admin/conferences/999999', headers)).status).toBe(404);
  });
});

describe('admin/conferences: saves and states', () => {
  it('saves the whole record at its version (agenda and speakers replaced), refuses a stale one (409) and logs what changed', async () => {
    const app = getApp();
    const { headers } = await staffHeaders(app);
    const record = await create(headers);
    const edit = { ...valuesOf(record), venue_en: 'Dubai, Hall B', agenda: [record.agenda[1]!], speakers: [] };
    const saved = await send('PUT', `/api/admin/conferences/${record.id}`, headers, edit);
    expect(saved.status).toBe(200);
    const after = adminConferenceResponseSchema.parse(saved.body).data;
    expect(after).toMatchObject({ version: 2, venue_en: 'Dubai, Hall B', speakers: [] });
    expect(after.agenda.map((row) => row.title_en)).toEqual(['Coding workshop']);
    const [entry] = await audits('conference', record.id);
    expect(entry).toMatchObject({ action: 'content.update' });
    expect((entry!.details as { changed: string[] }).changed.sort()).toEqual(['agenda', 'speakers', 'venue_en']);

    const stale = await send('PUT', `/api/admin/conferences/${record.id}`, { ...headers, 'accept-language': 'ar' }, { ...edit, venue_en: 'Lost change', version: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.msg).toBe(translateMessage('ar', 'validation.staleEdit'));
    const kept = adminConferenceResponseSchema.parse((await getJson(app, `/api/admin/conferences/${record.id}`, headers)).body).data;
    expect(kept.venue_en).toBe('Dubai, Hall B');
    expect((await send('PUT', '/api/admin/conferences/999999', headers, { ...edit, version: 1 })).status).toBe(404);
    expect((await send('PUT', `/api/admin/conferences/${record.id}`, headers, valuesOf(record) as unknown as object)).status).toBe(409);
    const noVersion: Record<string, unknown> = { ...edit };
    delete noVersion.version;
    expect((await send('PUT', `/api/admin/conferences/${record.id}`, headers, noVersion)).status).toBe(400);
  });

  it('publishes only when complete in both languages (fields marked), then shows it on the public site at once', async () => {
    const app = getApp();
    const { headers } = await staffHeaders(app);
    const body = conferenceBody();
    const record = await create(headers, {
      title_en: '',
      agenda: [body.agenda![0]!, { ...body.agenda![1]!, speaker_en: '' }],
      speakers: [{ ...body.speakers![0]!, bio_en: '' }],
      excerpts: 'مقتطفات',
    });
    const refused = await setStatus({ ...headers, 'accept-language': 'ar' }, record, 'published');
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toBe(translateMessage('ar', 'validation.translationsMissing', { count: 4 }));
    expect(refused.body.errors).toEqual(
      Object.fromEntries(['title_en', 'excerpts_en', 'agenda.1.speaker_en', 'speakers.0.bio_en'].map((field) => [field, translateMessage('ar', 'validation.translationMissing')])),
    );

    // The carousel's and the list's cached answers are read before, to see them dropped.
    expect(await publicIds(record.title)).toEqual([]);
    const complete = await send('PUT', `/api/admin/conferences/${record.id}`, headers, { ...valuesOf(record), title_en: body.title_en, excerpts_en: 'Excerpts', agenda: body.agenda, speakers: body.speakers });
    expect(complete.status).toBe(200);
    const published = await publish(headers, adminConferenceResponseSchema.parse(complete.body).data);
    expect(published).toMatchObject({ status: 'published', version: 3 });
    expect(published.first_published_at).not.toBeNull();

    expect(await publicIds(record.title)).toEqual([record.id]);
    const details = conferenceDetailsResponseSchema.parse((await getJson(app, `/api/conference/${record.id}`)).body).data;
    expect(details).toMatchObject({ title: record.title, title_en: body.title_en, venue_en: 'Dubai, Grand Hall', mode: 'onsite', registration_open: true });
    expect(details.agenda.map((day) => day.items.map((item) => item.title_en))).toEqual([['Opening'], ['Coding workshop']]);
    expect(details.speakers.map((speaker) => speaker.name_en)).toEqual(['Dr. Layla Haddad']);
    expect(details.important_dates).toMatchObject({ early_bird_deadline: inDays(30), paper_submission_id: 'ERC-2027' });
    expect((await audits('conference', record.id)).map((entry) => entry.action).slice(0, 2)).toEqual(['content.publish', 'content.update']);

    // A published conference stays complete: a save that breaks a pair is refused.
    const breaking = await send('PUT', `/api/admin/conferences/${record.id}`, headers, { ...valuesOf(published), overview_en: ' ' });
    expect(breaking.status).toBe(400);
    expect(breaking.body.errors).toEqual({ overview_en: translateMessage('en', 'validation.translationMissing') });
    // An online conference needs no venue; on-site and hybrid ones do.
    const online = await create(headers, { mode: 'online', venue: '', venue_en: '' });
    expect((await setStatus(headers, online, 'published')).status).toBe(200);
    const hybrid = await create(headers, { mode: 'hybrid', venue: '', venue_en: '' });
    expect(Object.keys((await setStatus(headers, hybrid, 'published')).body.errors ?? {})).toEqual(['venue', 'venue_en']);
  });

  it('unpublishes and archives: the public site hides it again; a stale state change is refused', async () => {
    const app = getApp();
    const { headers } = await staffHeaders(app);
    const published = await publish(headers, await create(headers));
    expect((await getJson(app, `/api/conference/${published.id}`)).status).toBe(200);
    const archived = await setStatus(headers, published, 'archived');
    expect(archived.status).toBe(200);
    expect(archived.body.msg).toBe(translateMessage('en', 'success.contentArchived'));
    expect((await getJson(app, `/api/conference/${published.id}`)).status).toBe(404);
    expect(await publicIds(published.title_en)).toEqual([]);
    expect((await setStatus(headers, published, 'draft')).status).toBe(409);
    const back = await setStatus(headers, { id: published.id, version: published.version + 1 }, 'draft');
    expect(back.status).toBe(200);
    expect(back.body.msg).toBe(translateMessage('en', 'success.contentUnpublished'));
    expect((await audits('conference', published.id)).map((entry) => entry.action).slice(0, 3)).toEqual(['content.unpublish', 'content.archive', 'content.publish']);
    expect((await setStatus(headers, { id: published.id, version: published.version + 2 }, 'hidden')).status).toBe(400);
  });

  it('deletes only what nothing refers to, at its version', async () => {
    const app = getApp();
    const { headers } = await staffHeaders(app);
    const unused = await create(headers);
    expect((await send('DELETE', `/api/admin/conferences/${unused.id}?version=7`, headers)).status).toBe(409);
    expect((await send('DELETE', `/api/admin/conferences/${unused.id}`, headers)).status).toBe(400);
    const deleted = await send('DELETE', `/api/admin/conferences/${unused.id}?version=1`, headers);
    expect(deleted).toMatchObject({ status: 200, body: { status: true, msg: translateMessage('en', 'success.contentDeleted') } });
    expect((await getJson(app, `/api/admin/conferences/${unused.id}`, headers)).status).toBe(404);
    expect((await audits('conference', unused.id))[0]).toMatchObject({ action: 'content.delete' });

    const used = await publish(headers, await create(headers));
    await registerUser(used.id);
    const refused = await send('DELETE', `/api/admin/conferences/${used.id}?version=${used.version}`, { ...headers, 'accept-language': 'ar' });
    expect(refused.status).toBe(409);
    // The count stands apart from the words: no counted noun to agree with it (Arabic: 1, 2, 3-10, 11+).
    expect(refused.body.msg).toBe('لا يمكن حذف هذا ما دامت عناصر مرتبطة به (عددها: 1). أرشفه، أو انقل هذه العناصر أولًا.');
    expect((await getJson(app, `/api/admin/conferences/${used.id}`, headers)).status).toBe(200);
  });
});

describe('seats', () => {
  it('refuses a registration once every seat is taken (409), and says registration is closed because it is full', async () => {
    const app = getApp();
    const { headers } = await staffHeaders(app);
    const record = await publish(headers, await create(headers, { capacity: 2 }));
    expect((await registerUser(record.id)).answer.status).toBe(201);
    // Two at once for the last seat: one gets it.
    const [a, b] = await Promise.all([registerUser(record.id), registerUser(record.id)]);
    expect([a.answer.status, b.answer.status].sort()).toEqual([201, 409]);
    const refused = [a, b].find((attempt) => attempt.answer.status === 409)!;
    // The number stands apart from the words ('all 1 seats' read wrong on a one-seat workshop).
    expect(refused.answer.body.msg).toBe('This conference is full: every seat is taken (2).');
    const details = conferenceDetailsResponseSchema.parse((await getJson(app, `/api/conference/${record.id}`)).body).data;
    expect(details.registration_open).toBe(false);
    expect(details.full).toBe(true);
    const listed = adminConferenceResponseSchema.parse((await getJson(app, `/api/admin/conferences/${record.id}`, headers)).body).data;
    expect(listed.registrations).toBe(2);
  });

  it('a save with more seats gives them to the members waiting, first come first seated', async () => {
    const app = getApp();
    const { headers } = await staffHeaders(app);
    const record = await publish(headers, await create(headers, { capacity: 1 }));
    expect((await registerUser(record.id)).answer.status).toBe(201);
    const waiting = [await createUser(app), await createUser(app)];
    for (const user of waiting) expect((await postJson(app, `/api/conference/${record.id}/waiting-list`, {}, bearer(await signIn(app, user)))).status).toBe(201);
    // The console sees how many wait: on the record and in the list.
    const before = adminConferenceResponseSchema.parse((await getJson(app, `/api/admin/conferences/${record.id}`, headers)).body).data;
    expect(before).toMatchObject({ registrations: 1, waiting: 2 });
    const listed = adminConferencesResponseSchema.parse((await getJson(app, `/api/admin/conferences?q=${encodeURIComponent(record.title_en)}`, headers)).body).data;
    expect(listed.find((item) => item.id === record.id)).toMatchObject({ registrations: 1, waiting: 2 });
    const saved = await send('PUT', `/api/admin/conferences/${record.id}`, headers, { ...valuesOf(before), capacity: 2 });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(adminConferenceResponseSchema.parse(saved.body).data).toMatchObject({ registrations: 2, waiting: 1 });
    const first = conferenceDetailsResponseSchema.parse((await getJson(app, `/api/conference/${record.id}`, bearer(await signIn(app, waiting[0]!)))).body).data;
    const second = conferenceDetailsResponseSchema.parse((await getJson(app, `/api/conference/${record.id}`, bearer(await signIn(app, waiting[1]!)))).body).data;
    expect(first).toMatchObject({ registered: true, waiting: null });
    expect(second).toMatchObject({ registered: false, waiting: 1, full: true });
  });
});

describe('registrants', () => {
  it('lists them with a search, exports CSV for Excel (BOM, Arabic, quoting, no formulas) and e-mails each in their language', async () => {
    const app = getApp();
    const { headers, id: adminId } = await staffHeaders(app);
    const record = await publish(headers, await create(headers));
    const salem = await registerUser(record.id, { name: 'سالم المُزروعي', locale: 'ar', phone: '+971501112233' });
    const tricky = await registerUser(record.id, { name: '=HYPERLINK("http://evil.example","x"), Jr.', locale: 'en' });
    const other = await registerUser(record.id, { name: 'Noura Canceled', locale: 'en' });
    await app.db
      .update(conferenceRegistrations)
      .set({ status: 'canceled', canceledAt: new Date() })
      .where(and(eq(conferenceRegistrations.userId, other.user.id), eq(conferenceRegistrations.conferenceId, record.id)));

    const list = adminRegistrationsResponseSchema.parse((await getJson(app, `/api/admin/conferences/${record.id}/registrations`, headers)).body);
    expect(list.tot).toBe(3);
    expect(list.data.map((row) => row.user_id)).toEqual([other.user.id, tricky.user.id, salem.user.id]);
    const search = adminRegistrationsResponseSchema.parse((await getJson(app, `/api/admin/conferences/${record.id}/registrations?q=${encodeURIComponent('المزروعي')}`, headers)).body);
    expect(search.data).toMatchObject([{ user_id: salem.user.id, email: salem.user.email, phone: '+971501112233', status: 'registered' }]);
    expect((await getJson(app, '/api/admin/conferences/999999/registrations', headers)).status).toBe(404);

    const exported = await app.inject({ method: 'GET', url: `/api/admin/conferences/${record.id}/registrations/export`, headers: { ...headers, 'accept-language': 'ar' } });
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(exported.headers['content-disposition']).toBe(`attachment; filename="conference-${record.id}-registrations.csv"`);
    const bytes = exported.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString('utf8').split('\r\n');
    expect(lines[0]).toBe('الاسم,البريد الإلكتروني,الهاتف,تاريخ التسجيل (Asia/Dubai),الحالة,الحضور');
    expect(lines[1]).toMatch(new RegExp(`^سالم المُزروعي,${salem.user.email.replace(/\./g, '\\.')},'\\+971501112233,\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2},مسجّل,$`));
    expect(lines[2]!.startsWith(`"'=HYPERLINK(""http://evil.example"",""x""), Jr.",${tricky.user.email},`)).toBe(true);
    expect(lines).toHaveLength(5);
    expect(lines[4]).toBe('');

    const incomplete = await postJson(app, `/api/admin/conferences/${record.id}/registrations/mail`, { subject: 'تذكير', subject_en: '', body: 'نص', body_en: 'Text' }, headers);
    expect(incomplete.status).toBe(400);
    expect(Object.keys(incomplete.body.errors as object)).toEqual(['subject_en']);
    const mailed = await postJson(app, `/api/admin/conferences/${record.id}/registrations/mail`, { subject: 'تذكير بالموعد', subject_en: 'A reminder', body: 'نلقاكم غدًا.', body_en: 'See you tomorrow.' }, headers);
    expect(mailed.status).toBe(200);
    expect(mailed.body).toMatchObject({ status: true, data: { count: 2 }, msg: 'The e-mail is on its way to the registrants (2), each in their language.' });
    const queued = await app.db.select().from(mailOutbox).where(eq(mailOutbox.template, 'conference-registrants'));
    const toSalem = queued.find((mail) => mail.toAddress === salem.user.email)!;
    expect(toSalem).toMatchObject({ subject: 'تذكير بالموعد', locale: 'ar' });
    expect(toSalem.textBody).toContain('نلقاكم غدًا.');
    expect(toSalem.textBody).toContain(`/conference/${record.id}`);
    expect(queued.find((mail) => mail.toAddress === tricky.user.email)).toMatchObject({ subject: 'A reminder', locale: 'en' });
    expect(queued.some((mail) => mail.toAddress === other.user.email)).toBe(false);
    expect((await audits('conference', record.id))[0]).toMatchObject({ action: 'registrations.mail', actorId: adminId, details: { count: 2, subject: 'تذكير بالموعد', subject_en: 'A reminder' } });

    const empty = await publish(headers, await create(headers));
    const none = await postJson(app, `/api/admin/conferences/${empty.id}/registrations/mail`, { subject: 'ت', subject_en: 'R', body: 'ن', body_en: 'T' }, headers);
    expect(none.status).toBe(409);
  });
});

describe('admin/conference-categories', () => {
  it('adds, renames at its version, lists with counts, and deletes only an empty category; the public list follows', async () => {
    const app = getApp();
    const { headers } = await staffHeaders(app);
    // Read (and cache) the public list first.
    expect(conferenceCategoriesResponseSchema.parse((await getJson(app, '/api/conference-categories')).body).data.some((c) => c.name_en === 'Robotics Days')).toBe(false);

    const missing = await postJson(app, '/api/admin/conference-categories', { name: 'أيام الروبوت', name_en: ' ' }, headers);
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.body.errors as object)).toEqual(['name_en']);
    const created = await postJson(app, '/api/admin/conference-categories', { name: 'أيام الروبوت', name_en: 'Robotics Days', sort_order: 50 }, headers);
    expect(created.status).toBe(201);
    const category = adminConferenceCategoryResponseSchema.parse(created.body).data;
    expect(category).toMatchObject({ sort_order: 50, version: 1, conferences: 0 });
    expect(conferenceCategoriesResponseSchema.parse((await getJson(app, '/api/conference-categories')).body).data.map((c) => c.name_en)).toContain('Robotics Days');

    const renamed = await send('PUT', `/api/admin/conference-categories/${category.id}`, headers, { name: 'أيام الروبوتات', name_en: 'Robotics Days', sort_order: 5, version: 1 });
    expect(renamed.status).toBe(200);
    expect((await send('PUT', `/api/admin/conference-categories/${category.id}`, headers, { name: 'x', name_en: 'y', version: 1 })).status).toBe(409);

    const list = adminConferenceCategoriesResponseSchema.parse((await getJson(app, `/api/admin/conference-categories?q=${encodeURIComponent('الروبوتات')}`, headers)).body);
    expect(list.data).toEqual([{ id: category.id, name: 'أيام الروبوتات', name_en: 'Robotics Days', sort_order: 5, version: 2, conferences: 0 }]);
    const seeded = adminConferenceCategoriesResponseSchema.parse((await getJson(app, '/api/admin/conference-categories?limit=100', headers)).body);
    expect(seeded.data.find((c) => c.id === 1)!.conferences).toBeGreaterThan(0);

    const conference = await create(headers, { category_id: category.id });
    const inUse = await send('DELETE', `/api/admin/conference-categories/${category.id}?version=2`, headers);
    expect(inUse.status).toBe(409);
    expect(inUse.body.msg).toBe('This category cannot be deleted while it holds items (count: 1). Move them to another category first.');
    await send('DELETE', `/api/admin/conferences/${conference.id}?version=1`, headers);
    expect((await send('DELETE', `/api/admin/conference-categories/${category.id}?version=1`, headers)).status).toBe(409);
    expect((await send('DELETE', `/api/admin/conference-categories/${category.id}?version=2`, headers)).status).toBe(200);
    expect(conferenceCategoriesResponseSchema.parse((await getJson(app, '/api/conference-categories')).body).data.map((c) => c.id)).not.toContain(category.id);
    expect((await audits('conference_category', category.id)).map((entry) => entry.action)).toEqual(['content.delete', 'content.update', 'content.create']);
  });

  it('is for administrators only', async () => {
    const app = getApp();
    const { headers } = await staffHeaders(app, 'reviewer');
    expect((await getJson(app, '/api/admin/conference-categories', headers)).status).toBe(403);
    expect((await getJson(app, '/api/admin/conferences', headers)).status).toBe(403);
  });
});
