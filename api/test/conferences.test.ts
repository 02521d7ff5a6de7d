import { describe, expect, it } from 'vitest';
import {
  IMPORTANT_DATE_KEYS,
  conferenceDetailsResponseSchema,
  conferencePageResponseSchema,
} from '@scholars/shared-contracts/schemas';
import { getJson, postJson, useApp } from './helper';
import { expectValidConferenceCalendar, insertConference, prop, unescapeText } from './conference-helpers';

const app = useApp();

async function byCategory(body: Record<string, unknown>, headers: Record<string, string> = {}) {
  const { status, body: answer } = await postJson(app(), '/api/conference/by-category', { limit: 100, page: 1, ...body }, headers);
  expect(status).toBe(200);
  return conferencePageResponseSchema.parse(answer);
}
const ids = async (body: Record<string, unknown>) => (await byCategory(body)).data.map((c) => c.id).sort((a, b) => a - b);

describe('POST conference/by-category', () => {
  it('lists one category in the paginate envelope', async () => {
    const page = await byCategory({ category_id: 3, col: 'id' });
    expect(page.status).toBe(true);
    expect(page.tot).toBe(3);
    expect(page.data.map((c) => c.id)).toEqual([8, 9, 10]);
    expect(page.data.every((c) => c.category_id === 3)).toBe(true);
  });

  it('pages with limit and page, keeping tot; a page past the end is empty', async () => {
    const first = await byCategory({ category_id: 1, limit: 2, page: 1, col: 'id' });
    const second = await byCategory({ category_id: 1, limit: 2, page: 2, col: 'id' });
    const past = await byCategory({ category_id: 1, limit: 2, page: 9, col: 'id' });
    expect(first.tot).toBe(4);
    expect(second.tot).toBe(4);
    expect([...first.data, ...second.data].map((c) => c.id)).toEqual([1, 2, 3, 4]);
    expect(past).toMatchObject({ data: [], tot: 4 });
  });

  it('filters by mode', async () => {
    expect(await ids({ category_id: 2, mode: 'online' })).toEqual([5, 7]);
    expect(await ids({ category_id: 2, mode: 'onsite' })).toEqual([6]);
    expect(await ids({ category_id: 2, mode: 'hybrid' })).toEqual([]);
    expect(await ids({ category_id: 2, mode: null })).toEqual([5, 6, 7]);
  });

  it('sorts upcoming conferences first (soonest first), then past ones (latest first) by default', async () => {
    const page = await byCategory({ category_id: 2 });
    const now = Date.now();
    const ends = page.data.map((c) => new Date(c.end_date ?? c.start_date).getTime());
    const firstPast = ends.findIndex((end) => end < now);
    const upcoming = firstPast < 0 ? ends : ends.slice(0, firstPast);
    const past = firstPast < 0 ? [] : ends.slice(firstPast);
    expect(past.every((end) => end < now)).toBe(true);
    expect(upcoming).toEqual([...upcoming].sort((a, b) => a - b));
    expect(past).toEqual([...past].sort((a, b) => b - a));
  });

  it('searches Arabic-aware: with and without diacritics, hamza variants, ta marbuta, English', async () => {
    // Category 1 holds the AI conference (1) and the sustainability conference (2).
    expect(await ids({ category_id: 1, search: 'الذكاء الاصطناعي' })).toEqual([1]);
    expect(await ids({ category_id: 1, search: 'الذَّكَاءُ الاصْطِنَاعِيُّ' })).toEqual([1]);
    expect(await ids({ category_id: 1, search: 'الإستدامه' })).toEqual([2]);
    expect(await ids({ category_id: 1, search: 'الاستدامة' })).toEqual([2]);
    expect(await ids({ category_id: 1, search: 'ألإمارات' })).toEqual(await ids({ category_id: 1, search: 'الامارات' }));
    expect(await ids({ category_id: 1, search: 'Artificial INTELLIGENCE' })).toEqual([1]);
    expect(await ids({ category_id: 2, search: 'spss' })).toEqual([6]);
    // The search stays inside the category.
    expect(await ids({ category_id: 3, search: 'الاستدامة' })).toEqual([]);
  });

  it('refuses a missing category, an unknown mode or column, with localized field errors', async () => {
    const missing = await postJson(app(), '/api/conference/by-category', { limit: 10, page: 1 });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ status: false, err: 400 });
    expect(Object.keys(missing.body.errors as object)).toContain('category_id');

    const mode = await postJson(app(), '/api/conference/by-category', { category_id: 1, limit: 10, page: 1, mode: 'virtual' }, { 'accept-language': 'ar' });
    expect(mode.status).toBe(400);
    expect((mode.body.errors as Record<string, string>).mode).toMatch(/[\u0600-\u06FF]/);

    const col = await postJson(app(), '/api/conference/by-category', { category_id: 1, limit: 10, page: 1, col: 'password' });
    expect(col.status).toBe(400);
  });

  it('answers an unknown category with an empty page', async () => {
    expect(await byCategory({ category_id: 999 })).toMatchObject({ status: true, data: [], tot: 0 });
  });
});

describe('GET conference/:id', () => {
  it('gives the details of spec 3 in the shared shape', async () => {
    const { status, body } = await getJson(app(), '/api/conference/1');
    expect(status).toBe(200);
    const { data } = conferenceDetailsResponseSchema.parse(body);
    expect(data).toMatchObject({
      id: 1,
      category: { id: 1, name_en: 'Academic Conferences' },
      mode: 'hybrid',
      timezone: 'Asia/Dubai',
      venue_en: 'United Arab Emirates University, Al Ain',
      registered: null,
    });
    expect(data.overview_en).toContain('adaptive learning');
    expect(data.objectives).toContain('شراكات بحثية');
    expect(data.speakers.map((s) => s.name_en)).toEqual(['Dr. Sara Al Mansouri', 'Prof. Yousef Al Shamsi']);
    expect(Object.keys(data.important_dates).sort()).toEqual([...IMPORTANT_DATE_KEYS, 'paper_submission_id'].sort());
    expect(data.important_dates.paper_submission_id).toBe('SH-2027-001');
  });

  it('groups the agenda by day, in time order, with wall-clock times of the zone and instants', async () => {
    const { body } = await getJson(app(), '/api/conference/1');
    const { data } = conferenceDetailsResponseSchema.parse(body);
    expect(data.agenda.map((day) => day.date)).toEqual(['2027-02-16', '2027-02-17']);
    const [firstDay] = data.agenda;
    expect(firstDay!.items.map((item) => item.start_time)).toEqual(['09:00', '09:30', '11:00']);
    expect(firstDay!.items.every((item) => item.date === '2027-02-16')).toBe(true);
    // 09:00 in Dubai (UTC+4) is 05:00 UTC.
    expect(firstDay!.items[0]).toMatchObject({ title_en: 'Opening and welcome', start_time: '09:00', end_time: '09:30', starts_at: '2027-02-16T05:00:00.000Z', ends_at: '2027-02-16T05:30:00.000Z' });
    expect(firstDay!.items[1]).toMatchObject({ speaker_en: 'Dr. Sara Al Mansouri', location_en: 'Main hall' });
  });

  it('hides the excerpts until the conference has ended', async () => {
    const future = await insertConference(app(), { startInDays: 5, excerpts: 'ملخص' });
    const past = await insertConference(app(), { startInDays: -5, excerpts: 'ملخص' });
    const running = await insertConference(app(), { startInDays: -0.1, durationHours: 48, excerpts: 'ملخص' });
    const details = async (id: number) => conferenceDetailsResponseSchema.parse((await getJson(app(), `/api/conference/${id}`)).body).data;
    expect(await details(future)).toMatchObject({ phase: 'upcoming', excerpts: null, excerpts_en: null, registration_open: true });
    expect(await details(running)).toMatchObject({ phase: 'ongoing', excerpts: null, registration_open: true });
    expect(await details(past)).toMatchObject({ phase: 'ended', excerpts: 'ملخص', excerpts_en: 'ملخص (en)', registration_open: false });
  });

  it('reports a closed registration', async () => {
    const closed = await insertConference(app(), { startInDays: 10, registrationOpen: false });
    const { body } = await getJson(app(), `/api/conference/${closed}`);
    expect(conferenceDetailsResponseSchema.parse(body).data).toMatchObject({ phase: 'upcoming', registration_open: false });
  });

  it('answers 404 for an unknown conference and 400 for a malformed id', async () => {
    const unknown = await getJson(app(), '/api/conference/99999', { 'accept-language': 'ar' });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ status: false, err: 404, msg: 'غير موجود' });
    expect((await getJson(app(), '/api/conference/abc')).status).toBe(400);
    expect((await getJson(app(), '/api/conference/99999999999')).status).toBe(400);
  });
});

describe('GET conference/:id/ics', () => {
  it('is a valid VCALENDAR attachment with the VTIMEZONE, DTSTART/DTEND in the zone and each important date', async () => {
    const response = await app().inject({ url: '/api/conference/1/ics?lang=en' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="conference-1.ics"');
    const { calendar, events } = expectValidConferenceCalendar(response.body);
    const zone = calendar.components.find((c) => c.name === 'VTIMEZONE')!;
    expect(prop(zone, 'TZID')?.value).toBe('Asia/Dubai');
    const [main, ...dates] = events;
    expect(prop(main!, 'DTSTART')).toEqual({ name: 'DTSTART', params: { TZID: 'Asia/Dubai' }, value: '20270216T090000' });
    expect(prop(main!, 'DTEND')).toEqual({ name: 'DTEND', params: { TZID: 'Asia/Dubai' }, value: '20270217T170000' });
    expect(unescapeText(prop(main!, 'SUMMARY')!.value)).toBe('International Conference on Artificial Intelligence in Higher Education');
    expect(unescapeText(prop(main!, 'LOCATION')!.value)).toBe('United Arab Emirates University, Al Ain');
    expect(prop(main!, 'URL')?.value).toMatch(/\/conference\/1$/);

    // Conference 1 has all eight important dates of spec 3: each is an all-day entry but its start and
    // end days, which are the event itself.
    const details = conferenceDetailsResponseSchema.parse((await getJson(app(), '/api/conference/1')).body).data;
    const expected = IMPORTANT_DATE_KEYS.filter((key) => key !== 'start_date' && key !== 'end_date')
      .map((key) => details.important_dates[key])
      .filter(Boolean)
      .map((date) => date!.replace(/-/g, ''));
    expect(expected).toHaveLength(6);
    expect(dates.map((event) => prop(event, 'DTSTART')!.value).sort()).toEqual([...expected].sort());
    expect(dates.every((event) => prop(event, 'DTSTART')!.params.VALUE === 'DATE')).toBe(true);
    expect(dates.map((event) => unescapeText(prop(event, 'SUMMARY')!.value))).toContain(
      'Abstract deadline: International Conference on Artificial Intelligence in Higher Education',
    );
  });

  it('speaks the requested language (lang, else Accept-Language)', async () => {
    const ar = await app().inject({ url: '/api/conference/5/ics', headers: { 'accept-language': 'ar' } });
    const { events } = expectValidConferenceCalendar(ar.body);
    expect(unescapeText(prop(events[0]!, 'SUMMARY')!.value)).toBe('ورشة عمل: كتابة المقترح البحثي خطوة بخطوة');
    // Online, no venue: the location says so.
    expect(unescapeText(prop(events[0]!, 'LOCATION')!.value)).toBe('عبر الإنترنت');
    const en = await app().inject({ url: '/api/conference/5/ics?lang=en', headers: { 'accept-language': 'ar' } });
    expect(unescapeText(prop(expectValidConferenceCalendar(en.body).events[0]!, 'LOCATION')!.value)).toBe('Online');
  });

  it('answers 404 for an unknown conference and 400 for an unknown language', async () => {
    expect((await app().inject({ url: '/api/conference/99999/ics' })).statusCode).toBe(404);
    expect((await app().inject({ url: '/api/conference/1/ics?lang=fr' })).statusCode).toBe(400);
  });
});
