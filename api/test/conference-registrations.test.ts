import { describe, expect, it } from 'vitest';
import { isolate } from '@scholars/shared-contracts/locale';
import { eq } from 'drizzle-orm';
import { conferences } from '../src/db/schema';
import {
  conferenceDetailsResponseSchema,
  conferenceRegisterResponseSchema,
  myRegistrationsResponseSchema,
} from '@scholars/shared-contracts/schemas';
import { getJson, postJson, useAppWithMail, signedInUser, type CreateUserOverrides } from './helper';
import { conferenceEvent, expectValidConferenceCalendar, insertConference, mailTo, prop, sequenceOf, unescapeText } from './conference-helpers';

const { app, smtp } = useAppWithMail();


const userWithToken = (overrides: CreateUserOverrides = {}) => signedInUser(app(), overrides);

const register = (id: number, headers: Record<string, string> = {}) => postJson(app(), `/api/conference/${id}/register`, {}, headers);


describe('POST conference/:id/register', () => {
  it('refuses a visitor with 401 (and a bad token the same way)', async () => {
    const id = await insertConference(app(), { startInDays: 20 });
    const visitor = await register(id);
    expect(visitor.status).toBe(401);
    expect(visitor.body).toMatchObject({ status: false, err: 401 });
    expect((await register(id, { authorization: 'Bearer not.a.token' })).status).toBe(401);
  });

  it('registers a user, answers 201 and e-mails a confirmation in English with the .ics attached', async () => {
    const id = await insertConference(app(), { startInDays: 20, titleEn: 'Registration Test Conference', title: 'مؤتمر اختبار التسجيل' });
    const { user, headers } = await userWithToken({ locale: 'en' });
    const answer = await register(id, headers);
    expect(answer.status).toBe(201);
    const parsed = conferenceRegisterResponseSchema.parse(answer.body);
    expect(parsed.data).toMatchObject({ conference_id: id, status: 'registered' });
    expect(parsed.msg).toBe('You are registered. A confirmation email with the calendar file is on its way.');

    const mail = await mailTo(smtp, user.email, (m) => m.subject.includes('Registration Test Conference'));
    expect(mail.subject).toBe(`Registration confirmed: ${isolate('Registration Test Conference')}`);
    expect(mail.text).toContain(`Hello ${isolate(user.name)},`);
    expect(mail.text).toContain(`You are registered for “${isolate('Registration Test Conference')}”.`);
    expect(mail.text).toContain(`/conference/${id}`);
    expect(mail.attachments).toHaveLength(1);
    const [attachment] = mail.attachments;
    expect(attachment!.filename).toBe(`conference-${id}.ics`);
    expect(attachment!.contentType).toMatch(/^text\/calendar/);
    const { events } = expectValidConferenceCalendar(attachment!.content.toString('utf8'));
    expect(unescapeText(prop(events[0]!, 'SUMMARY')!.value)).toBe('Registration Test Conference');
    expect(prop(events[0]!, 'DTSTART')!.params.TZID).toBe('Asia/Dubai');
  });

  it('writes the confirmation in the user’s language (Arabic)', async () => {
    const id = await insertConference(app(), { startInDays: 21, title: 'مؤتمر الإمارات للبحث العلمي', titleEn: 'Emirates Research Conference' });
    const { user, headers } = await userWithToken({ locale: 'ar', name: 'فاطمة الزعابي' });
    expect((await register(id, headers)).status).toBe(201);
    const mail = await mailTo(smtp, user.email);
    expect(mail.subject).toBe(`تأكيد التسجيل: ${isolate('مؤتمر الإمارات للبحث العلمي')}`);
    expect(mail.text).toContain(`مرحبًا ${isolate('فاطمة الزعابي')}،`);
    expect(mail.text).toContain(`تم تسجيلك في «${isolate('مؤتمر الإمارات للبحث العلمي')}».`);
    // The site's one mail layout: right to left, the product's name, the page as a button, the signature.
    expect(mail.html).toContain('<html lang="ar" dir="rtl">');
    expect(mail.html).toContain(`>صفحة المؤتمر</a>`);
    expect(mail.text).toContain('فريق ');
    const { events } = expectValidConferenceCalendar(mail.attachments[0]!.content.toString('utf8'));
    expect(unescapeText(prop(events[0]!, 'SUMMARY')!.value)).toBe('مؤتمر الإمارات للبحث العلمي');
  });

  it('refuses a second registration with a clear message (409), in the request’s language', async () => {
    const id = await insertConference(app(), { startInDays: 22 });
    const { headers } = await userWithToken();
    expect((await register(id, headers)).status).toBe(201);
    const again = await register(id, headers);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ status: false, err: 409, msg: 'You are already registered for this conference.' });
    const arabic = await register(id, { ...headers, 'accept-language': 'ar' });
    expect(arabic.body).toMatchObject({ status: false, msg: 'أنت مسجّل في هذا المؤتمر بالفعل.' });
  });

  it('refuses a past conference and a closed registration (422); 404 for an unknown one', async () => {
    const { headers } = await userWithToken();
    const past = await insertConference(app(), { startInDays: -3 });
    const closed = await insertConference(app(), { startInDays: 30, registrationOpen: false });
    expect(await register(past, headers)).toMatchObject({ status: 422, body: { status: false, msg: 'This conference has already ended.' } });
    expect(await register(closed, headers)).toMatchObject({ status: 422, body: { status: false, msg: 'Registration for this conference is closed.' } });
    expect((await register(99999, headers)).status).toBe(404);
    // The seed's past conference (September 2026) is refused the same way.
    expect((await register(7, headers)).status).toBe(422);
  });

  it('lets a user join a conference that is under way', async () => {
    const running = await insertConference(app(), { startInDays: -0.05, durationHours: 24 });
    const { headers } = await userWithToken();
    expect((await register(running, headers)).status).toBe(201);
  });
});

describe('registration state and the user’s registrations', () => {
  it('shows `registered` in the details for the signed-in user only', async () => {
    const id = await insertConference(app(), { startInDays: 40 });
    const { headers } = await userWithToken();
    const { headers: otherHeaders } = await userWithToken();
    const details = async (h: Record<string, string>) => conferenceDetailsResponseSchema.parse((await getJson(app(), `/api/conference/${id}`, h)).body).data.registered;
    expect(await details({})).toBeNull();
    expect(await details(headers)).toBe(false);
    await register(id, headers);
    expect(await details(headers)).toBe(true);
    expect(await details(otherHeaders)).toBe(false);
    // An invalid token is a visitor on a public page.
    expect(await details({ authorization: 'Bearer x.y.z' })).toBeNull();
  });

  it('lists the caller’s registrations, newest first, with the conference', async () => {
    const first = await insertConference(app(), { startInDays: 50 });
    const second = await insertConference(app(), { startInDays: 60 });
    const { headers } = await userWithToken();
    const { headers: otherHeaders } = await userWithToken();
    await register(first, headers);
    await register(second, headers);
    await register(second, otherHeaders);
    const { status, body } = await getJson(app(), '/api/conference-registrations/mine', headers);
    expect(status).toBe(200);
    const mine = myRegistrationsResponseSchema.parse(body).data;
    expect(mine.map((r) => r.conference_id)).toEqual([second, first]);
    expect(mine[0]!.conference).toMatchObject({ id: second, mode: 'online' });
    expect((await getJson(app(), '/api/conference-registrations/mine')).status).toBe(401);
  });
});

describe('DELETE conference/:id/register', () => {
  const cancel = (id: number, headers: Record<string, string> = {}) =>
    app().inject({ method: 'DELETE', url: `/api/conference/${id}/register`, headers }).then((answer) => ({ status: answer.statusCode, body: answer.json() }));

  it('cancels the caller’s registration (seat freed, e-mailed in their language with a calendar cancellation), keeps it listed, then registers again', async () => {
    const id = await insertConference(app(), { startInDays: 26, title: 'ملتقى الإلغاء', titleEn: 'Cancel Forum' });
    await app().db.update(conferences).set({ capacity: 1 }).where(eq(conferences.id, id));
    const { user, headers } = await userWithToken({ locale: 'ar', name: 'ريم الكعبي' });
    const other = await userWithToken();
    expect((await register(id, headers)).status).toBe(201);
    // The one seat is taken.
    expect((await register(id, other.headers)).status).toBe(409);
    const confirmation = await mailTo(smtp, user.email, (m) => m.subject.startsWith('تأكيد التسجيل'));
    const added = conferenceEvent(confirmation.attachments[0]!.content.toString('utf8'), id);
    expect(added.method).toBe('PUBLISH');
    expect(sequenceOf(added.event)).toBe(0);
    expect(prop(added.event, 'ORGANIZER')!.value).toBe('mailto:no-reply@scholars.example');

    expect((await cancel(id)).status).toBe(401);
    // Someone else's cancel touches nothing of it: they are not registered.
    expect(await cancel(id, other.headers)).toMatchObject({ status: 409, body: { status: false, msg: 'You are not registered for this conference.' } });

    const done = await cancel(id, headers);
    expect(done.status).toBe(200);
    expect(conferenceRegisterResponseSchema.parse(done.body)).toMatchObject({
      msg: 'Your registration is canceled. You can register again while registration is open.',
      data: { conference_id: id, status: 'canceled', canceled_by: 'member' },
    });
    const mail = await mailTo(smtp, user.email, (m) => m.subject.startsWith('إلغاء التسجيل'));
    expect(mail.subject).toBe(`إلغاء التسجيل: ${isolate('ملتقى الإلغاء')}`);
    expect(mail.text).toContain(`مرحبًا ${isolate('ريم الكعبي')}،`);
    expect(mail.text).toContain('يزيل ملف التقويم المرفق (.ics) المؤتمرَ من تقويمك.');
    expect(mail.html).toContain('<html lang="ar" dir="rtl">');
    // The calendar entry the confirmation added is canceled: same UID, a higher SEQUENCE, METHOD:CANCEL.
    expect(mail.attachments).toHaveLength(1);
    expect(mail.attachments[0]!.contentType).toBe('text/calendar');
    const calendarText = mail.attachments[0]!.content.toString('utf8');
    expectValidConferenceCalendar(calendarText);
    const removed = conferenceEvent(calendarText, id);
    expect(removed.method).toBe('CANCEL');
    expect(prop(removed.event, 'STATUS')!.value).toBe('CANCELLED');
    expect(sequenceOf(removed.event)).toBeGreaterThan(sequenceOf(added.event));
    expect(prop(removed.event, 'ORGANIZER')!.value).toBe(prop(added.event, 'ORGANIZER')!.value);
    expect(prop(removed.event, 'ATTENDEE')!.value).toBe(`mailto:${user.email}`);
    expect(prop(removed.event, 'DTSTART')!.value).toBe(prop(added.event, 'DTSTART')!.value);
    expect(unescapeText(prop(removed.event, 'SUMMARY')!.value)).toBe('ملتقى الإلغاء');

    // The profile keeps it, marked as canceled by the member, still linking the public page.
    const mine = myRegistrationsResponseSchema.parse((await getJson(app(), '/api/conference-registrations/mine', headers)).body).data;
    expect(mine.find((entry) => entry.conference_id === id)).toMatchObject({ status: 'canceled', canceled_by: 'member', conference_public: true });
    expect(conferenceDetailsResponseSchema.parse((await getJson(app(), `/api/conference/${id}`, headers)).body).data.registered).toBe(false);
    // Twice: nothing left to cancel.
    expect((await cancel(id, headers)).status).toBe(409);

    // The seat is free for someone else; the first member can come back once one is free again.
    expect((await register(id, other.headers)).status).toBe(201);
    expect((await register(id, headers)).status).toBe(409);
    expect((await cancel(id, other.headers)).status).toBe(200);
    const again = await register(id, headers);
    expect(again.status).toBe(201);
    expect(conferenceRegisterResponseSchema.parse(again.body).data).toMatchObject({ conference_id: id, status: 'registered', canceled_by: null });
    // The revived registration's calendar is newer than the cancellation, so calendars take it.
    await smtp.waitFor(() => smtp.mailsTo(user.email).filter((m) => m.subject.startsWith('تأكيد التسجيل')).length === 2, 15_000);
    const revived = smtp.mailsTo(user.email).filter((m) => m.subject.startsWith('تأكيد التسجيل'))[1]!;
    expect(sequenceOf(conferenceEvent(revived.attachments[0]!.content.toString('utf8'), id).event)).toBeGreaterThan(sequenceOf(removed.event));
  });

  it('in English: the cancellation mail says the calendar file removes the conference', async () => {
    const id = await insertConference(app(), { startInDays: 27, title: 'منتدى', titleEn: 'English Cancel Forum' });
    const { user, headers } = await userWithToken({ locale: 'en' });
    expect((await register(id, headers)).status).toBe(201);
    expect((await cancel(id, headers)).status).toBe(200);
    const mail = await mailTo(smtp, user.email, (m) => m.subject.startsWith('Registration canceled'));
    expect(mail.subject).toBe(`Registration canceled: ${isolate('English Cancel Forum')}`);
    expect(mail.text).toContain('The attached calendar file (.ics) takes the conference out of your calendar.');
    const removed = conferenceEvent(mail.attachments[0]!.content.toString('utf8'), id);
    expect(removed.method).toBe('CANCEL');
    expect(unescapeText(prop(removed.event, 'SUMMARY')!.value)).toBe('English Cancel Forum');
    expect(sequenceOf(removed.event)).toBe(1);
  });

  it('refuses once the conference has ended (422); 404 for an unknown one', async () => {
    const { headers } = await userWithToken();
    const past = await insertConference(app(), { startInDays: -3 });
    expect(await cancel(past, headers)).toMatchObject({ status: 422, body: { status: false, msg: 'This conference has already ended.' } });
    expect((await cancel(99999, headers)).status).toBe(404);
  });
});
