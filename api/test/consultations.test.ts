/**
 * Consultations through the HTTP API (issue 23): the public list and slots, booking (one booking
 * per slot under concurrency, on PGlite and on PostgreSQL), the plan allowance per subscription
 * year, privacy between consultants and members, accept / decline and their mails with a valid
 * .ics, the housekeeping job's expiry and reminder with a fixed `now`, cancel and reschedule.
 * Ratings, notes, files, the profile, the operators and the plan field: consultations-after.test.ts.
 */
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { isolate } from '@scholars/shared-contracts/locale';
import { consultationSchema, consultantPageSchema, consultantsPageResponseSchema } from '@scholars/shared-contracts/schemas';
import { consultations, subscriptions } from '../src/db/schema';
import { runMaintenance } from '../src/lib/maintenance';
import { parseIcs, prop, expectValidConferenceCalendar } from './conference-helpers';
import { book, icsOf, lastMail, mailsTo, makeConsultant, makeMember, slotsOf, subscribe } from './consultation-helpers';
import { postJson, useApp, getJson } from './helper';

const app = useApp();
const HOUR = 3_600_000;

async function act(method: 'POST' | 'PUT' | 'GET', url: string, headers: Record<string, string>, body?: unknown) {
  const response = await app().inject({ method, url, headers: { ...headers, ...(body ? { 'content-type': 'application/json' } : {}) }, ...(body ? { payload: JSON.stringify(body) } : {}) });
  return { status: response.statusCode, body: response.json() as { status: boolean; msg?: string; data?: Record<string, unknown> } };
}

describe('public consultants', () => {
  it('finds a consultant by an Arabic field name, a part of it, and a tag, in either language; lists only approved ones', async () => {
    const ai = await makeConsultant(app(), { name: 'Dr. Search Test', fields: [2] });
    await makeConsultant(app(), { name: 'Dr. Pending Search Test', fields: [2], status: 'pending' });
    const search = async (text: string) => {
      const { body } = await postJson(app(), '/api/consultants/paginate', { limit: 50, page: 1, search: text });
      return consultantsPageResponseSchema.parse(body).data.map((card) => card.id);
    };
    expect(await search('الهندسة وتقنية المعلومات')).toContain(ai.consultantId);
    // Folded like every search: without the definite article, other hamza forms, in part.
    expect(await search('هندسه')).toContain(ai.consultantId);
    expect(await search('Engineering')).toContain(ai.consultantId);
    expect(await search('Search Test')).toEqual([ai.consultantId]);
    const seeded = await search('الذكاء الاصطناعي');
    expect(seeded.length).toBeGreaterThan(0);
    expect(await search('ذكاء')).toEqual(seeded);
  });

  it('answers a card with fields, rating and the next free slot; 404 for a consultant who is not approved', async () => {
    const consultant = await makeConsultant(app(), { timeZone: 'Asia/Dubai' });
    const { status, body } = await getJson(app(), `/api/consultants/${consultant.consultantId}`);
    expect(status).toBe(200);
    const page = consultantPageSchema.parse(body.data);
    expect(page).toMatchObject({ timeZone: 'Asia/Dubai', sessionMinutes: 60, rating: { average: null, count: 0 }, reviews: [] });
    expect(page.fields.map((field) => field.nameEn)).toEqual(['Engineering & Information Technology']);
    expect(new Date(page.nextSlot!).getTime()).toBeGreaterThanOrEqual(Date.now() + 24 * HOUR - 60_000);
    const pending = await makeConsultant(app(), { status: 'suspended' });
    expect((await getJson(app(), `/api/consultants/${pending.consultantId}`)).status).toBe(404);
    expect((await getJson(app(), `/api/consultants/${pending.consultantId}/slots`)).status).toBe(404);
  });

  it('answers free slots for `days` days from `from`, in UTC with the consultant’s zone', async () => {
    const consultant = await makeConsultant(app(), { timeZone: 'Asia/Dubai', availability: [[0, 9 * 60, 11 * 60], [3, 9 * 60, 11 * 60]] });
    const from = new Date(Date.now() + 3 * 24 * HOUR).toISOString().slice(0, 10);
    const { body } = await getJson(app(), `/api/consultants/${consultant.consultantId}/slots?from=${from}&days=7`);
    const data = body.data as { timeZone: string; slots: Array<{ start: string; end: string }> };
    expect(data.timeZone).toBe('Asia/Dubai');
    expect(data.slots).toHaveLength(4);
    for (const slot of data.slots) expect(['05:00', '06:00']).toContain(slot.start.slice(11, 16));
    expect((await getJson(app(), `/api/consultants/${consultant.consultantId}/slots?days=29`)).status).toBe(400);
  });
});

describe('booking', () => {
  it('books a free slot (201), e-mails the consultant a request with the deadline, and takes the slot off the list', async () => {
    const consultant = await makeConsultant(app(), { locale: 'ar' });
    const member = await makeMember(app(), { name: 'Maryam Booking' });
    const [start] = await slotsOf(app(), consultant.consultantId);
    const { status, body } = await book(app(), member.headers, { consultantId: consultant.consultantId, start: start! }, { attach: true });
    expect(status).toBe(201);
    expect(body.msg).toBe('Your request was sent. The consultant answers within 48 hours; we will e-mail you.');
    const session = consultationSchema.parse(body.data);
    expect(session).toMatchObject({ state: 'requested', start: start!, attachment: { name: 'draft-chapter.pdf' }, counts: true, canCancel: true, canReschedule: true, canRate: false });
    expect(new Date(session.acceptBy).getTime()).toBeLessThanOrEqual(Date.now() + 48 * HOUR);
    expect(await slotsOf(app(), consultant.consultantId)).not.toContain(start);
    const mail = await lastMail(app(), consultant.email, 'consultation_requested');
    expect(mail?.locale).toBe('ar');
    expect(mail?.subject).toBe(`طلب استشارة: ${isolate('Choosing a methodology')}`);
    expect(mail?.textBody).toContain('يُرجى القبول أو الاعتذار قبل');
  });

  it('refuses a time that is no slot (400), a visitor (401), a member without a subscription (403), one’s own slot (400)', async () => {
    const consultant = await makeConsultant(app(), { availability: [[1, 9 * 60, 10 * 60]] });
    const member = await makeMember(app());
    const [start] = await slotsOf(app(), consultant.consultantId);
    const off = new Date(new Date(start!).getTime() + 30 * 60_000).toISOString();
    const wrong = await book(app(), member.headers, { consultantId: consultant.consultantId, start: off });
    expect(wrong.status).toBe(400);
    expect(wrong.body.msg).toBe('This time is not one of the consultant’s free slots. Please pick a slot from the list.');
    expect((await book(app(), {}, { consultantId: consultant.consultantId, start: start! })).status).toBe(401);
    const unsubscribed = await makeMember(app(), { subscribed: false });
    expect((await book(app(), unsubscribed.headers, { consultantId: consultant.consultantId, start: start! })).status).toBe(403);
    await subscribe(app(), consultant.id);
    const own = await book(app(), consultant.headers, { consultantId: consultant.consultantId, start: start! });
    expect(own.status).toBe(400);
    const missing = await book(app(), member.headers, { consultantId: consultant.consultantId, start: start!, topic: '', mode: 'onsite' });
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toMatchObject({ topic: 'The topic is required.', place: 'An on-site session needs a place.' });
  });

  it('concurrent bookings of one slot by several members give exactly one booking; the others are told the slot was taken', async () => {
    const consultant = await makeConsultant(app());
    const [start] = await slotsOf(app(), consultant.consultantId);
    const members = await Promise.all(Array.from({ length: 6 }, () => makeMember(app())));
    const answers = await Promise.all(members.map((member) => book(app(), member.headers, { consultantId: consultant.consultantId, start: start! })));
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    for (const answer of answers.filter((entry) => entry.status === 409)) expect(answer.body.msg).toBe('Someone booked this time a moment ago. Please pick another slot.');
    const [row] = await app()
      .db.select({ n: sql<number>`count(*)::int` })
      .from(consultations)
      .where(eq(consultations.consultantId, consultant.consultantId));
    expect(row?.n).toBe(1);
  });

  it('the database itself refuses two active sessions of one consultant, or of one member, that overlap', async () => {
    const consultant = await makeConsultant(app());
    const member = await makeMember(app());
    const [start] = await slotsOf(app(), consultant.consultantId);
    const { body } = await book(app(), member.headers, { consultantId: consultant.consultantId, start: start! });
    const [row] = await app().db.select().from(consultations).where(eq(consultations.id, body.data!.id));
    const { id: _id, createdAt: _c, updatedAt: _u, ...copy } = row!;
    const other = await makeMember(app());
    const overlapping = { ...copy, memberId: other.id, startsAt: new Date(row!.startsAt.getTime() + 30 * 60_000), endsAt: new Date(row!.endsAt.getTime() + 30 * 60_000) };
    await expect(app().db.insert(consultations).values(overlapping)).rejects.toThrow();
    // A declined one does not hold the time.
    await app().db.insert(consultations).values({ ...overlapping, state: 'declined' });
    // The member cannot be in two sessions at once either, with any consultant.
    const second = await makeConsultant(app());
    await expect(app().db.insert(consultations).values({ ...copy, consultantId: second.consultantId })).rejects.toThrow();
  });
});

describe('the allowance per subscription year', () => {
  it('refuses the session beyond the plan’s with the message pointing to the plans; declined, expired and early-canceled ones give theirs back', async () => {
    const consultant = await makeConsultant(app());
    const member = await makeMember(app(), { sessions: 2 });
    const slots = await slotsOf(app(), consultant.consultantId);
    const first = await book(app(), member.headers, { consultantId: consultant.consultantId, start: slots[0]! });
    const second = await book(app(), member.headers, { consultantId: consultant.consultantId, start: slots[2]! });
    expect([first.status, second.status]).toEqual([201, 201]);
    expect((await act('GET', '/api/consultations/allowance', member.headers)).body.data).toMatchObject({ included: 2, used: 2, remaining: 0 });
    const third = await book(app(), member.headers, { consultantId: consultant.consultantId, start: slots[4]! });
    expect(third.status).toBe(403);
    expect(third.body.msg).toBe('Your plan’s 2 consultation sessions for this subscription year are used; choose a plan with more sessions among the plans on the home page.');

    // Declined by the consultant: it no longer counts.
    expect((await act('POST', `/api/consultations/${first.body.data!.id}/decline`, consultant.headers, { reason: 'Away that week' })).status).toBe(200);
    // Canceled by the member more than 24 hours ahead: no longer counts either.
    expect((await act('POST', `/api/consultations/${second.body.data!.id}/cancel`, member.headers, { reason: 'Clash' })).status).toBe(200);
    // A request never accepted is in nobody's calendar: the consultant is told, the member who canceled gets no calendar file.
    expect(await lastMail(app(), member.email, 'consultation_canceled')).toBeUndefined();
    expect(await lastMail(app(), consultant.email, 'consultation_canceled')).toBeDefined();
    expect((await act('GET', '/api/consultations/allowance', member.headers)).body.data).toMatchObject({ used: 0, remaining: 2 });
    const again = await book(app(), member.headers, { consultantId: consultant.consultantId, start: slots[4]! });
    expect(again.status).toBe(201);
    // Expired by the job: gives it back too.
    const row = (await app().db.select().from(consultations).where(eq(consultations.id, again.body.data!.id)))[0]!;
    await runMaintenance(app().db, new Date(row.acceptBy.getTime() + 60_000), { mail: app().mail, site: 'http://localhost:8080' });
    expect((await app().db.select().from(consultations).where(eq(consultations.id, row.id)))[0]).toMatchObject({ state: 'expired', counts: false });
    expect((await act('GET', '/api/consultations/allowance', member.headers)).body.data).toMatchObject({ used: 0 });
  });

  it('a late cancel by the member counts; a new subscription year starts from zero', async () => {
    const consultant = await makeConsultant(app());
    const member = await makeMember(app(), { sessions: 1 });
    const [start] = await slotsOf(app(), consultant.consultantId);
    const booked = await book(app(), member.headers, { consultantId: consultant.consultantId, start: start! });
    // The session comes within 24 hours (time passes): the member's cancel counts, and says so first.
    const soon = new Date(Date.now() + 5 * HOUR);
    await app()
      .db.update(consultations)
      .set({ startsAt: soon, endsAt: new Date(soon.getTime() + HOUR), acceptBy: soon })
      .where(eq(consultations.id, booked.body.data!.id));
    const view = await act('GET', `/api/consultations/${booked.body.data!.id}`, member.headers);
    expect(view.body.data).toMatchObject({ canCancel: true, cancelCounts: true, canReschedule: false });
    const canceled = await act('POST', `/api/consultations/${booked.body.data!.id}/cancel`, member.headers, { reason: 'Ill' });
    expect(canceled.body.data).toMatchObject({ state: 'canceled', canceledBy: 'member', counts: true });
    expect((await act('GET', '/api/consultations/allowance', member.headers)).body.data).toMatchObject({ used: 1, remaining: 0 });
    const [later] = (await slotsOf(app(), consultant.consultantId)).slice(3);
    expect((await book(app(), member.headers, { consultantId: consultant.consultantId, start: later! })).status).toBe(403);
    // Renewed: the current period starts now, the earlier session belongs to the previous year.
    await app()
      .db.update(subscriptions)
      .set({ currentPeriodStart: new Date(Date.now() + 1000), currentPeriodEnd: new Date(Date.now() + 366 * 24 * HOUR) })
      .where(eq(subscriptions.userId, member.id));
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await act('GET', '/api/consultations/allowance', member.headers)).body.data).toMatchObject({ included: 1, used: 0, remaining: 1 });
    expect((await book(app(), member.headers, { consultantId: consultant.consultantId, start: later! })).status).toBe(201);
  });

  it('a plan without sessions is told so, not that its 0 sessions are used', async () => {
    const consultant = await makeConsultant(app());
    const member = await makeMember(app(), { sessions: 0 });
    const [start] = await slotsOf(app(), consultant.consultantId);
    expect((await act('GET', '/api/consultations/allowance', member.headers)).body.data).toMatchObject({ included: 0, used: 0, remaining: 0 });
    const refused = await book(app(), member.headers, { consultantId: consultant.consultantId, start: start! });
    expect(refused.status).toBe(403);
    expect(refused.body.msg).toBe('Your plan includes no consultation sessions; choose a plan with sessions among the plans on the home page.');
  });

  it('two concurrent bookings of the member’s last session give one', async () => {
    const consultant = await makeConsultant(app());
    const member = await makeMember(app(), { sessions: 1 });
    const slots = await slotsOf(app(), consultant.consultantId);
    const answers = await Promise.all([0, 2, 4].map((index) => book(app(), member.headers, { consultantId: consultant.consultantId, start: slots[index]! })));
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 403, 403]);
  });

  it('answers null without an active subscription', async () => {
    const member = await makeMember(app(), { subscribed: false });
    expect((await act('GET', '/api/consultations/allowance', member.headers)).body).toEqual({ status: true, data: null });
  });
});

describe('privacy', () => {
  it('a consultant cannot see or act on another consultant’s sessions (404), a member cannot read another member’s', async () => {
    const mine = await makeConsultant(app());
    const other = await makeConsultant(app());
    const member = await makeMember(app());
    const stranger = await makeMember(app());
    const [start] = await slotsOf(app(), mine.consultantId);
    const { body } = await book(app(), member.headers, { consultantId: mine.consultantId, start: start! });
    const id = body.data!.id;
    expect((await act('GET', `/api/consultations/${id}`, mine.headers)).status).toBe(200);
    for (const headers of [other.headers, stranger.headers]) {
      expect((await act('GET', `/api/consultations/${id}`, headers)).status).toBe(404);
      expect((await act('POST', `/api/consultations/${id}/accept`, headers, {})).status).toBe(404);
      expect((await act('POST', `/api/consultations/${id}/decline`, headers, { reason: 'x' })).status).toBe(404);
      expect((await act('POST', `/api/consultations/${id}/cancel`, headers, { reason: 'x' })).status).toBe(404);
      expect((await act('POST', `/api/consultations/${id}/file-link`, headers)).status).toBe(404);
    }
    // The member cannot answer their own request either.
    expect((await act('POST', `/api/consultations/${id}/accept`, member.headers, {})).status).toBe(404);
    const list = async (headers: Record<string, string>, as: string) => (await act('POST', '/api/consultations/paginate', headers, { limit: 50, page: 1, as })).body as unknown as { data: Array<{ id: number }>; tot: number };
    expect((await list(other.headers, 'consultant')).data.map((row) => row.id)).not.toContain(id);
    expect((await list(mine.headers, 'consultant')).data.map((row) => row.id)).toEqual([id]);
    expect((await list(stranger.headers, 'member')).tot).toBe(0);
    expect((await list(member.headers, 'member')).data.map((row) => row.id)).toEqual([id]);
    const searched = async (search: string) => (await act('POST', '/api/consultations/paginate', member.headers, { limit: 50, page: 1, as: 'member', search })).body as unknown as { tot: number };
    expect((await searched('methodology')).tot).toBe(1);
    expect((await searched('no such topic')).tot).toBe(0);
    // The participants get a link to the attachment-less session's file: none (404), never someone else's.
    expect((await act('POST', `/api/consultations/${id}/file-link`, member.headers)).status).toBe(404);
  });

  it('the member’s attachment is a private file behind a signed link for the two participants only', async () => {
    const consultant = await makeConsultant(app());
    const member = await makeMember(app());
    const stranger = await makeMember(app());
    const [start] = await slotsOf(app(), consultant.consultantId);
    const { body } = await book(app(), member.headers, { consultantId: consultant.consultantId, start: start! }, { attach: true });
    const id = body.data!.id;
    const link = await act('POST', `/api/consultations/${id}/file-link`, consultant.headers);
    expect(link.status).toBe(200);
    const file = await app().inject({ method: 'GET', url: `/api/${(link.body.data as { view_url: string }).view_url}` });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await act('POST', `/api/consultations/${id}/file-link`, stranger.headers)).status).toBe(404);
    expect((await app().inject({ method: 'GET', url: `/api/consultations/${id}/file?token=forged` })).statusCode).toBe(403);
  });
});

describe('accept, decline and the mails', () => {
  it('only the consultant accepts; both get the invitation in their language with a valid .ics (REQUEST, zone, stable UID, rising SEQUENCE)', async () => {
    const consultant = await makeConsultant(app(), { timeZone: 'Europe/London', locale: 'en', name: 'Dr. Ics Test' });
    const member = await makeMember(app(), { locale: 'ar', name: 'ليلى' });
    const [start] = await slotsOf(app(), consultant.consultantId);
    const { body } = await book(app(), member.headers, { consultantId: consultant.consultantId, start: start! });
    const id = body.data!.id;
    expect((await act('POST', `/api/consultations/${id}/accept`, consultant.headers, { meetingLink: 'http://insecure.example' })).status).toBe(400);
    const accepted = await act('POST', `/api/consultations/${id}/accept`, consultant.headers, { meetingLink: 'https://meet.example/abc' });
    expect(accepted.status).toBe(200);
    expect(accepted.body.data).toMatchObject({ state: 'accepted', meetingLink: 'https://meet.example/abc', canAnswer: false });
    expect((await act('POST', `/api/consultations/${id}/accept`, consultant.headers, {})).status).toBe(409);

    const toMember = await lastMail(app(), member.email, 'consultation_accepted');
    const toConsultant = await lastMail(app(), consultant.email, 'consultation_accepted');
    expect(toMember?.subject).toBe(`تأكيد جلسة استشارة: ${isolate('Choosing a methodology')}`);
    expect(toConsultant?.subject).toBe(`Consultation confirmed: ${isolate('Choosing a methodology')}`);
    const ics = icsOf(toMember);
    const { calendar, events } = expectValidConferenceCalendar(ics);
    expect(prop(calendar, 'METHOD')?.value).toBe('REQUEST');
    expect(calendar.components.map((component) => component.name)).toContain('VTIMEZONE');
    const event = events[0]!;
    expect(prop(event, 'DTSTART')?.params.TZID).toBe('Europe/London');
    expect(prop(event, 'LOCATION')?.value).toBe('https://meet.example/abc');
    expect(prop(event, 'ORGANIZER')?.value).toBe(`mailto:${consultant.email}`);
    const uid = prop(event, 'UID')!.value;
    const sequence = Number(prop(event, 'SEQUENCE')!.value);
    expect(toMember?.attachments?.[0]?.contentType).toBe('text/calendar; charset=utf-8; method=REQUEST');

    // The participant's own copy of the invitation, and a cancel: same UID, higher SEQUENCE, METHOD:CANCEL.
    const own = await app().inject({ method: 'GET', url: `/api/consultations/${id}/ics`, headers: member.headers });
    expect(own.statusCode).toBe(200);
    expect(prop(parseIcs(own.body).components.find((c) => c.name === 'VEVENT')!, 'UID')?.value).toBe(uid);
    expect((await act('POST', `/api/consultations/${id}/cancel`, consultant.headers, { reason: 'A conflict came up' })).status).toBe(200);
    const cancel = parseIcs(icsOf(await lastMail(app(), member.email, 'consultation_canceled')));
    expect(prop(cancel, 'METHOD')?.value).toBe('CANCEL');
    const canceledEvent = cancel.components.find((c) => c.name === 'VEVENT')!;
    expect(prop(canceledEvent, 'UID')?.value).toBe(uid);
    expect(Number(prop(canceledEvent, 'SEQUENCE')?.value)).toBeGreaterThan(sequence);
    expect(prop(canceledEvent, 'STATUS')?.value).toBe('CANCELLED');
    expect((await app().inject({ method: 'GET', url: `/api/consultations/${id}/ics`, headers: member.headers })).statusCode).toBe(409);
    // The consultant who canceled had the session in their calendar too (the acceptance's REQUEST): it goes from there as well.
    const ownCancel = parseIcs(icsOf(await lastMail(app(), consultant.email, 'consultation_canceled')));
    expect(prop(ownCancel, 'METHOD')?.value).toBe('CANCEL');
    expect(prop(ownCancel.components.find((c) => c.name === 'VEVENT')!, 'UID')?.value).toBe(uid);
  });

  it('a decline needs a reason; the member is mailed the reason and the way to pick again', async () => {
    const consultant = await makeConsultant(app());
    const member = await makeMember(app());
    const [start] = await slotsOf(app(), consultant.consultantId);
    const { body } = await book(app(), member.headers, { consultantId: consultant.consultantId, start: start! });
    const id = body.data!.id;
    // A waiting request is the consultant's to decline, not to cancel (the member is told less by a cancel).
    expect((await act('GET', `/api/consultations/${id}`, consultant.headers)).body.data).toMatchObject({ canCancel: false, canAnswer: true });
    expect((await act('GET', `/api/consultations/${id}`, member.headers)).body.data).toMatchObject({ canCancel: true });
    const cancel = await act('POST', `/api/consultations/${id}/cancel`, consultant.headers, { reason: 'Busy' });
    expect(cancel.status).toBe(409);
    expect(cancel.body.msg).toBe('A request still waiting for your answer is declined, not canceled: use Decline and write the reason for the member.');
    const empty = await act('POST', `/api/consultations/${id}/decline`, consultant.headers, { reason: ' ' });
    expect(empty.status).toBe(400);
    expect(empty.body.msg).toBe('Please write the reason.');
    expect((await act('POST', `/api/consultations/${id}/decline`, consultant.headers, { reason: 'Outside my field' })).body.data).toMatchObject({ state: 'declined', decisionReason: 'Outside my field', counts: false });
    const mail = await lastMail(app(), member.email, 'consultation_declined');
    expect(mail?.textBody).toContain('Outside my field');
    expect(mail?.textBody).toContain(`/consultations/${consultant.consultantId}`);
    expect(await slotsOf(app(), consultant.consultantId)).toContain(start);
  });

  it('the housekeeping job expires unanswered requests past their deadline (mailing the member) and reminds both 24 hours before, once', async () => {
    const consultant = await makeConsultant(app(), { locale: 'ar' });
    const member = await makeMember(app());
    const slots = await slotsOf(app(), consultant.consultantId);
    const silent = (await book(app(), member.headers, { consultantId: consultant.consultantId, start: slots[0]! })).body.data!.id;
    const answered = (await book(app(), member.headers, { consultantId: consultant.consultantId, start: slots[30]! })).body.data!.id;
    await act('POST', `/api/consultations/${answered}/accept`, consultant.headers, {});
    const [silentRow] = await app().db.select().from(consultations).where(eq(consultations.id, silent));
    const context = { mail: app().mail, site: 'http://localhost:8080' };

    // Just before the deadline nothing happens; just after, it expires and the member is told.
    await runMaintenance(app().db, new Date(silentRow!.acceptBy.getTime() - 60_000), context);
    expect((await app().db.select().from(consultations).where(eq(consultations.id, silent)))[0]?.state).toBe('requested');
    await runMaintenance(app().db, new Date(silentRow!.acceptBy.getTime() + 11 * 60_000), context);
    expect((await app().db.select().from(consultations).where(eq(consultations.id, silent)))[0]?.state).toBe('expired');
    const expiredMail = await lastMail(app(), member.email, 'consultation_expired');
    expect(expiredMail?.textBody).toContain(`/consultations/${consultant.consultantId}`);
    const late = await act('POST', `/api/consultations/${silent}/accept`, consultant.headers, {});
    expect(late.status).toBe(409);

    const [acceptedRow] = await app().db.select().from(consultations).where(eq(consultations.id, answered));
    const dayBefore = new Date(acceptedRow!.startsAt.getTime() - 23 * HOUR);
    await runMaintenance(app().db, new Date(dayBefore.getTime() - 2 * HOUR), context);
    expect(await lastMail(app(), member.email, 'consultation_reminder')).toBeUndefined();
    await runMaintenance(app().db, dayBefore, context);
    await runMaintenance(app().db, new Date(dayBefore.getTime() + 20 * 60_000), context);
    const reminders = (await mailsTo(app(), member.email)).filter((mail) => mail.template === 'consultation_reminder');
    expect(reminders).toHaveLength(1);
    expect(await lastMail(app(), consultant.email, 'consultation_reminder')).toMatchObject({ locale: 'ar' });
  });

  it('an unanswered request cannot be accepted past its deadline even before the job runs', async () => {
    const consultant = await makeConsultant(app());
    const member = await makeMember(app());
    const [start] = await slotsOf(app(), consultant.consultantId);
    const id = (await book(app(), member.headers, { consultantId: consultant.consultantId, start: start! })).body.data!.id;
    await app().db.update(consultations).set({ acceptBy: new Date(Date.now() - 1000) }).where(eq(consultations.id, id));
    const answer = await act('POST', `/api/consultations/${id}/accept`, consultant.headers, {});
    expect(answer.status).toBe(409);
    expect(answer.body.msg).toBe('The time to answer this request has passed.');
  });
});

describe('cancel and reschedule', () => {
  it('the consultant cannot cancel within 24 hours (409 with the way out); the member may, and it counts', async () => {
    const consultant = await makeConsultant(app());
    const member = await makeMember(app());
    const [start] = await slotsOf(app(), consultant.consultantId);
    const id = (await book(app(), member.headers, { consultantId: consultant.consultantId, start: start! })).body.data!.id;
    await act('POST', `/api/consultations/${id}/accept`, consultant.headers, {});
    const soon = new Date(Date.now() + 3 * HOUR);
    await app().db.update(consultations).set({ startsAt: soon, endsAt: new Date(soon.getTime() + HOUR) }).where(eq(consultations.id, id));
    const refused = await act('POST', `/api/consultations/${id}/cancel`, consultant.headers, { reason: 'Busy' });
    expect(refused.status).toBe(409);
    expect(refused.body.msg).toContain('please contact the member'.replace('please', 'Please'));
    expect((await act('GET', `/api/consultations/${id}`, consultant.headers)).body.data).toMatchObject({ canCancel: false });
    expect((await act('POST', `/api/consultations/${id}/reschedule`, member.headers, { start: start!, reason: 'x' })).status).toBe(409);
  });

  it('the member reschedules to another free slot (until 24 hours before): it waits for the consultant again, the old time is free', async () => {
    const consultant = await makeConsultant(app());
    const member = await makeMember(app());
    const slots = await slotsOf(app(), consultant.consultantId);
    const id = (await book(app(), member.headers, { consultantId: consultant.consultantId, start: slots[0]! })).body.data!.id;
    await act('POST', `/api/consultations/${id}/accept`, consultant.headers, {});
    const moved = await act('POST', `/api/consultations/${id}/reschedule`, member.headers, { start: slots[5]!, reason: 'An exam that day' });
    expect(moved.status).toBe(200);
    expect(moved.body.data).toMatchObject({ state: 'requested', start: slots[5]!, counts: true });
    const free = await slotsOf(app(), consultant.consultantId);
    expect(free).toContain(slots[0]);
    expect(free).not.toContain(slots[5]);
    expect((await lastMail(app(), consultant.email, 'consultation_rescheduled'))?.textBody).toContain('An exam that day');
    // Another member's session holds its time: no reschedule onto it.
    const other = await makeMember(app());
    await book(app(), other.headers, { consultantId: consultant.consultantId, start: slots[7]! });
    expect((await act('POST', `/api/consultations/${id}/reschedule`, member.headers, { start: slots[7]!, reason: 'x' })).status).toBe(409);
    // Only the member reschedules.
    expect((await act('POST', `/api/consultations/${id}/reschedule`, consultant.headers, { start: slots[9]!, reason: 'x' })).status).toBe(404);
  });
});
