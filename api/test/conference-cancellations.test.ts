/**
 * A conference the organizers archive or take back to draft before it ends (decisions.md,
 * Conferences): the console's call must name the number of registrants it was confirmed with (409
 * with the current number otherwise, nothing changed); then every active registration is canceled
 * as the organizers', each registrant gets an e-mail in their own language (the conference's name,
 * its date, the staff's message) with a METHOD:CANCEL of the entry the registration mail added (same
 * UID, higher SEQUENCE), the audit log counts them, and the member's profile keeps the row as
 * "canceled by the organizers". A conference that has ended tells nobody and keeps its registrations.
 * Real database (PGlite), real SMTP capture.
 */
import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { isolate } from '@scholars/shared-contracts/locale';
import {
  adminConferenceResponseSchema,
  adminRegistrationsResponseSchema,
  myRegistrationsResponseSchema,
  translateMessage,
  type AdminConference,
} from '@scholars/shared-contracts/schemas';
import { auditLog, conferenceRegistrations, conferences } from '../src/db/schema';
import { formatConferenceWhen } from '../src/routes/conferences';
import { conferenceEvent, expectValidConferenceCalendar, insertConference, mailTo, prop, sequenceOf, unescapeText } from './conference-helpers';
import { staffHeaders } from './content-helpers';
import { getJson, postJson, useAppWithMail, signedInUser, type CreateUserOverrides } from './helper';

const { app, smtp } = useAppWithMail();


type Headers = Record<string, string>;

const member = (overrides: CreateUserOverrides = {}) => signedInUser(app(), overrides);

async function record(id: number, headers: Headers): Promise<AdminConference> {
  return adminConferenceResponseSchema.parse((await getJson(app(), `/api/admin/conferences/${id}`, headers)).body).data;
}

async function setStatus(id: number, headers: Headers, body: Record<string, unknown>) {
  const answer = await postJson(app(), `/api/admin/conferences/${id}/status`, body, headers);
  return { status: answer.status, body: answer.body as { status: boolean; msg?: string; data?: unknown } };
}

const registrationsOf = (conferenceId: number) => app().db.select().from(conferenceRegistrations).where(eq(conferenceRegistrations.conferenceId, conferenceId));
const mine = async (headers: Headers) => myRegistrationsResponseSchema.parse((await getJson(app(), '/api/conference-registrations/mine', headers)).body).data;
const organisersMails = (email: string) => smtp.mailsTo(email).filter((mail) => /Canceled by the organizers|ألغاه المنظمون/.test(mail.subject));

describe('archiving a conference that has registrants and has not ended', () => {
  it('asks for the confirmed number first, then cancels, tells each registrant in their language with a calendar cancellation, audits and keeps the rows', async () => {
    const { headers, id: adminId } = await staffHeaders(app());
    const id = await insertConference(app(), { startInDays: 30, title: 'مؤتمر الطاقة المتجددة', titleEn: 'Renewable Energy Conference' });
    const arabic = await member({ locale: 'ar', name: 'مريم النعيمي' });
    const english = await member({ locale: 'en', name: 'Omar Haddad' });
    const left = await member({ locale: 'en', name: 'Left Earlier' });
    for (const who of [arabic, english, left]) expect((await postJson(app(), `/api/conference/${id}/register`, {}, who.headers)).status).toBe(201);
    // One of them had already canceled: not counted, not told again.
    expect((await app().inject({ method: 'DELETE', url: `/api/conference/${id}/register`, headers: left.headers })).statusCode).toBe(200);
    const confirmation = await mailTo(smtp, arabic.user.email, (mail) => mail.subject.startsWith('تأكيد التسجيل'));
    const added = conferenceEvent(confirmation.attachments[0]!.content.toString('utf8'), id);
    const before = await record(id, headers);
    // What the console asks from: two to tell, and it has not ended.
    expect(before).toMatchObject({ registrations: 2, ended: false });

    // Without the confirmed number (a client that did not ask), or with another one: refused, nothing changed.
    const unasked = await setStatus(id, headers, { status: 'archived', version: before.version });
    expect(unasked.status).toBe(409);
    expect(unasked.body.msg).toBe(translateMessage('en', 'validation.conferenceRegistrantsUnconfirmed', { count: 2 }));
    const wrong = await setStatus(id, { ...headers, 'accept-language': 'ar' }, { status: 'archived', version: before.version, registrants: 1 });
    expect(wrong.status).toBe(409);
    expect(wrong.body.msg).toBe(translateMessage('ar', 'validation.conferenceRegistrantsUnconfirmed', { count: 2 }));
    expect((await record(id, headers)).status).toBe('published');
    expect((await registrationsOf(id)).filter((row) => row.status === 'registered')).toHaveLength(2);

    const message = 'نعتذر: تعذّر حجز القاعة. We are sorry.';
    const archived = await setStatus(id, headers, { status: 'archived', version: before.version, registrants: 2, message });
    expect(archived.status).toBe(200);
    expect(archived.body.msg).toBe(`${translateMessage('en', 'success.contentArchived')} ${translateMessage('en', 'success.registrationsCanceledByOrganisers', { count: 2 })}`);
    const after = adminConferenceResponseSchema.parse(archived.body).data;
    expect(after).toMatchObject({ status: 'archived', registrations: 0 });

    const rows = await registrationsOf(id);
    expect(rows.find((row) => row.userId === arabic.user.id)).toMatchObject({ status: 'canceled', canceledBy: 'organizers' });
    expect(rows.find((row) => row.userId === english.user.id)).toMatchObject({ status: 'canceled', canceledBy: 'organizers' });
    expect(rows.find((row) => row.userId === left.user.id)).toMatchObject({ status: 'canceled', canceledBy: 'member' });

    // Each in their language, with the name, the date and the staff's message.
    const [conference] = await app().db.select().from(conferences).where(eq(conferences.id, id));
    const toArabic = await mailTo(smtp, arabic.user.email, (mail) => mail.subject.startsWith('ألغاه المنظمون'));
    expect(toArabic.subject).toBe(`ألغاه المنظمون: ${isolate('مؤتمر الطاقة المتجددة')}`);
    expect(toArabic.html).toContain('<html lang="ar" dir="rtl">');
    expect(toArabic.text).toContain(`مرحبًا ${isolate('مريم النعيمي')}،`);
    expect(toArabic.text).toContain(`ألغى المنظمون «${isolate('مؤتمر الطاقة المتجددة')}»، فأُلغي تسجيلك فيه.`);
    expect(toArabic.text).toContain(`الموعد: ${formatConferenceWhen(conference!, 'ar')}`);
    expect(toArabic.text).toContain('رسالة من المنظمين:');
    expect(toArabic.text).toContain(`> ${message}`);
    // The staff's words in their own direction.
    expect(toArabic.html).toMatch(/<blockquote dir="auto"[^>]*>نعتذر/);
    expect(toArabic.text).toContain('/profile?tab=registrations');

    const toEnglish = await mailTo(smtp, english.user.email, (mail) => mail.subject.startsWith('Canceled by the organizers'));
    expect(toEnglish.subject).toBe(`Canceled by the organizers: ${isolate('Renewable Energy Conference')}`);
    expect(toEnglish.text).toContain(`The organizers have canceled “${isolate('Renewable Energy Conference')}”, so your registration for it is canceled.`);
    expect(toEnglish.text).toContain(`When: ${formatConferenceWhen(conference!, 'en')}`);
    expect(toEnglish.text).toContain('A message from the organizers:');
    expect(toEnglish.text).toContain('The attached calendar file (.ics) takes the conference out of your calendar.');

    // The calendar cancellation: same UID as the confirmation's event, a higher SEQUENCE, METHOD:CANCEL, in the member's language.
    for (const [mail, title, who] of [[toArabic, 'مؤتمر الطاقة المتجددة', arabic], [toEnglish, 'Renewable Energy Conference', english]] as const) {
      expect(mail.attachments).toHaveLength(1);
      const text = mail.attachments[0]!.content.toString('utf8');
      expectValidConferenceCalendar(text);
      const removed = conferenceEvent(text, id);
      expect(removed.method).toBe('CANCEL');
      expect(prop(removed.event, 'STATUS')!.value).toBe('CANCELLED');
      expect(sequenceOf(removed.event)).toBeGreaterThan(sequenceOf(added.event));
      expect(prop(removed.event, 'ATTENDEE')!.value).toBe(`mailto:${who.user.email}`);
      expect(prop(removed.event, 'ORGANIZER')!.value).toBe(prop(added.event, 'ORGANIZER')!.value);
      expect(unescapeText(prop(removed.event, 'SUMMARY')!.value)).toBe(title);
    }
    // Nobody else was told: the one who had canceled gets nothing more.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(organisersMails(left.user.email)).toHaveLength(0);
    expect(organisersMails(arabic.user.email)).toHaveLength(1);

    // The audit log: the archive and the cancellation with its count and the message.
    const entries = await app().db.select().from(auditLog).where(and(eq(auditLog.targetType, 'conference'), eq(auditLog.targetId, id))).orderBy(desc(auditLog.id));
    expect(entries.slice(0, 2).map((entry) => entry.action)).toEqual(['registrations.cancel', 'content.archive']);
    expect(entries[0]).toMatchObject({ actorId: adminId, details: { count: 2, to: 'archived', message } });

    // The member's profile keeps the row (the conference is no longer public: not linked).
    expect((await mine(arabic.headers)).find((entry) => entry.conference_id === id)).toMatchObject({
      status: 'canceled',
      canceled_by: 'organizers',
      conference_public: false,
      conference: { id, title: 'مؤتمر الطاقة المتجددة' },
    });
    expect((await mine(left.headers)).find((entry) => entry.conference_id === id)).toMatchObject({ canceled_by: 'member', conference_public: false });
    // The staff list says who canceled.
    const listed = adminRegistrationsResponseSchema.parse((await getJson(app(), `/api/admin/conferences/${id}/registrations`, headers)).body).data;
    expect(listed.find((row) => row.user_id === english.user.id)).toMatchObject({ status: 'canceled', canceled_by: 'organizers' });
    expect(listed.find((row) => row.user_id === left.user.id)).toMatchObject({ status: 'canceled', canceled_by: 'member' });
    // The page is gone, and so is registering.
    expect((await getJson(app(), `/api/conference/${id}`)).status).toBe(404);
    expect((await postJson(app(), `/api/conference/${id}/register`, {}, english.headers)).status).toBe(404);
  });

  it('unpublishing says it was taken off the site; published again, a member registers anew and their calendar entry is newer than the cancellation', async () => {
    const { headers } = await staffHeaders(app());
    const id = await insertConference(app(), { startInDays: 40, title: 'ندوة البيانات', titleEn: 'Data Seminar' });
    const english = await member({ locale: 'en' });
    const arabic = await member({ locale: 'ar' });
    for (const who of [english, arabic]) expect((await postJson(app(), `/api/conference/${id}/register`, {}, who.headers)).status).toBe(201);
    const before = await record(id, headers);
    // No message: none quoted.
    const drafted = await setStatus(id, { ...headers, 'accept-language': 'ar' }, { status: 'draft', version: before.version, registrants: 2 });
    expect(drafted.status).toBe(200);
    expect(drafted.body.msg).toBe(`${translateMessage('ar', 'success.contentUnpublished')} ${translateMessage('ar', 'success.registrationsCanceledByOrganisers', { count: 2 })}`);
    const toEnglish = await mailTo(smtp, english.user.email, (mail) => mail.subject.startsWith('Canceled by the organizers'));
    expect(toEnglish.text).toContain(`The organizers have taken “${isolate('Data Seminar')}” off the site and canceled its registrations, yours included.`);
    expect(toEnglish.text).not.toContain('A message from the organizers');
    const toArabic = await mailTo(smtp, arabic.user.email, (mail) => mail.subject.startsWith('ألغاه المنظمون'));
    expect(toArabic.text).toContain(`سحب المنظمون «${isolate('ندوة البيانات')}» من الموقع`);
    const removed = conferenceEvent(toEnglish.attachments[0]!.content.toString('utf8'), id);

    // Published again: the canceled registrations stay canceled (they were told); registering again revives one.
    const again = await setStatus(id, headers, { status: 'published', version: before.version + 1 });
    expect(again.status).toBe(200);
    expect((await mine(english.headers)).find((entry) => entry.conference_id === id)).toMatchObject({ status: 'canceled', canceled_by: 'organizers', conference_public: true });
    expect((await postJson(app(), `/api/conference/${id}/register`, {}, english.headers)).status).toBe(201);
    await smtp.waitFor(() => smtp.mailsTo(english.user.email).filter((mail) => mail.subject.startsWith('Registration confirmed')).length === 2, 15_000);
    const revived = smtp.mailsTo(english.user.email).filter((mail) => mail.subject.startsWith('Registration confirmed'))[1]!;
    expect(sequenceOf(conferenceEvent(revived.attachments[0]!.content.toString('utf8'), id).event)).toBeGreaterThan(sequenceOf(removed.event));
    expect((await mine(english.headers)).find((entry) => entry.conference_id === id)).toMatchObject({ status: 'registered', canceled_by: null });
  });

  it('a stale confirmation (someone registered since) is refused with the new number; a longer message than allowed is a 400', async () => {
    const { headers } = await staffHeaders(app());
    const id = await insertConference(app(), { startInDays: 50 });
    const first = await member();
    expect((await postJson(app(), `/api/conference/${id}/register`, {}, first.headers)).status).toBe(201);
    const { version } = await record(id, headers);
    // The administrator was shown 1; a second member registers meanwhile.
    const second = await member();
    expect((await postJson(app(), `/api/conference/${id}/register`, {}, second.headers)).status).toBe(201);
    const stale = await setStatus(id, headers, { status: 'archived', version, registrants: 1 });
    expect(stale).toMatchObject({ status: 409, body: { msg: translateMessage('en', 'validation.conferenceRegistrantsUnconfirmed', { count: 2 }) } });
    const long = await setStatus(id, headers, { status: 'archived', version, registrants: 2, message: 'x'.repeat(2001) });
    expect(long.status).toBe(400);
    expect((await registrationsOf(id)).every((row) => row.status === 'registered')).toBe(true);
    expect((await setStatus(id, headers, { status: 'archived', version, registrants: 2 })).status).toBe(200);
  });
});

describe('archiving without anyone to tell', () => {
  it('a conference that has ended keeps its registrations and e-mails nobody; the profile still lists it, unlinked', async () => {
    const { headers } = await staffHeaders(app());
    const id = await insertConference(app(), { startInDays: -5 });
    const attendee = await member();
    await app().db.insert(conferenceRegistrations).values({ conferenceId: id, userId: attendee.user.id });
    const { version, ended, registrations } = await record(id, headers);
    // The console does not ask (it has ended), and the API needs no confirmation: nothing happens to the registrations.
    expect({ ended, registrations }).toEqual({ ended: true, registrations: 1 });
    const archived = await setStatus(id, headers, { status: 'archived', version });
    expect(archived.status).toBe(200);
    expect(archived.body.msg).toBe(translateMessage('en', 'success.contentArchived'));
    expect((await registrationsOf(id))[0]).toMatchObject({ status: 'registered', canceledBy: null });
    expect((await mine(attendee.headers)).find((entry) => entry.conference_id === id)).toMatchObject({ status: 'registered', canceled_by: null, conference_public: false });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(organisersMails(attendee.user.email)).toHaveLength(0);
    const entries = await app().db.select().from(auditLog).where(and(eq(auditLog.targetType, 'conference'), eq(auditLog.targetId, id)));
    expect(entries.map((entry) => entry.action)).toEqual(['content.archive']);
  });

  it('a conference nobody is registered for is archived without a confirmation', async () => {
    const { headers } = await staffHeaders(app());
    const id = await insertConference(app(), { startInDays: 15 });
    const { version } = await record(id, headers);
    expect((await setStatus(id, headers, { status: 'archived', version })).status).toBe(200);
  });
});
