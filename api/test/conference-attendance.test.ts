/**
 * Attendance and certificates (decisions.md, Conferences): once a conference has started, an
 * administrator marks registrants as present, one by one or every one not marked yet; each member
 * marked is e-mailed once, in their language, and downloads a certificate of attendance (a PDF in
 * their language, or the one asked for) from their registrations; another member's is a 404, one
 * not marked a 409; unmarking withdraws it. Real database, real SMTP capture.
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { isolate } from '@scholars/shared-contracts/locale';
import { adminRegistrationResponseSchema, attendanceAllResponseSchema, myRegistrationsResponseSchema, translateMessage } from '@scholars/shared-contracts/schemas';
import { auditLog, conferenceRegistrations, conferences } from '../src/db/schema';
import { certificateTexts } from '../src/lib/conference-certificate';
import { insertConference, mailTo } from './conference-helpers';
import { staffHeaders } from './content-helpers';
import { getJson, postJson, signedInUser, useAppWithMail, type CreateUserOverrides } from './helper';

const { app, smtp } = useAppWithMail();

type Headers = Record<string, string>;
const member = (overrides: CreateUserOverrides = {}) => signedInUser(app(), overrides);
const put = (url: string, body: unknown, headers: Headers) =>
  app()
    .inject({ method: 'PUT', url, headers: { ...headers, 'content-type': 'application/json' }, payload: JSON.stringify(body) })
    .then((answer) => ({ status: answer.statusCode, body: answer.json() }));
const certificate = (id: number, headers: Headers, query = '') => app().inject({ method: 'GET', url: `/api/conference-registrations/${id}/certificate${query}`, headers });
const mine = async (headers: Headers) => myRegistrationsResponseSchema.parse((await getJson(app(), '/api/conference-registrations/mine', headers)).body).data;
const certificateMails = (email: string) => smtp.mailsTo(email).filter((mail) => /certificate of attendance|شهادة حضورك/.test(mail.subject));

/** A conference the members registered for while it was upcoming, moved to have started `hoursAgo` ago. */
async function startedConference(accounts: Array<{ headers: Headers }>, names: { title?: string; titleEn?: string } = {}, hoursAgo = 2) {
  const id = await insertConference(app(), { startInDays: 20, ...names });
  const registrations: number[] = [];
  for (const account of accounts) {
    const answer = await postJson(app(), `/api/conference/${id}/register`, {}, account.headers);
    expect(answer.status).toBe(201);
    registrations.push((answer.body as { data: { id: number } }).data.id);
  }
  const start = new Date(Date.now() - hoursAgo * 3_600_000);
  await app().db.update(conferences).set({ startDate: start, endDate: new Date(start.getTime() + 6 * 3_600_000) }).where(eq(conferences.id, id));
  return { id, registrations };
}

describe('attendance and certificates of attendance', () => {
  it('marks a registrant once the conference has started; they are told once, in their language, and download their certificate; unmarking withdraws it', async () => {
    const { headers } = await staffHeaders(app());
    const arabic = await member({ locale: 'ar', name: 'عائشة الظاهري' });
    const other = await member({ locale: 'en', name: 'Other Member' });
    const upcoming = await insertConference(app(), { startInDays: 10 });
    const early = await postJson(app(), `/api/conference/${upcoming}/register`, {}, arabic.headers);
    const tooEarly = await put(`/api/admin/conferences/${upcoming}/registrations/${(early.body as { data: { id: number } }).data.id}/attendance`, { attended: true }, { ...headers, 'accept-language': 'ar' });
    expect(tooEarly).toMatchObject({ status: 422, body: { status: false, err: 422, msg: translateMessage('ar', 'validation.attendanceBeforeStart') } });

    const { id, registrations } = await startedConference([arabic, other], { title: 'ملتقى الحضور', titleEn: 'Attendance Forum' });
    const [arabicRegistration, otherRegistration] = registrations as [number, number];
    // Not marked yet: no certificate.
    expect((await certificate(arabicRegistration, arabic.headers)).statusCode).toBe(409);
    expect((await mine(arabic.headers)).find((row) => row.id === arabicRegistration)?.attended).toBe(false);

    const marked = await put(`/api/admin/conferences/${id}/registrations/${arabicRegistration}/attendance`, { attended: true }, headers);
    expect(marked.status).toBe(200);
    expect(marked.body.msg).toBe(translateMessage('en', 'success.attendanceMarked', { name: 'عائشة الظاهري' }));
    expect(adminRegistrationResponseSchema.parse(marked.body).data.attended_at).not.toBeNull();
    // Marking again changes nothing and mails no one again.
    expect((await put(`/api/admin/conferences/${id}/registrations/${arabicRegistration}/attendance`, { attended: true }, headers)).status).toBe(200);
    const mail = await mailTo(smtp, arabic.user.email, (found) => found.subject.startsWith('شهادة حضورك'));
    expect(mail.subject).toBe(`شهادة حضورك: ${isolate('ملتقى الحضور')}`);
    expect(mail.text).toContain('نزّلها بصيغة PDF من تسجيلاتك');
    expect(certificateMails(arabic.user.email)).toHaveLength(1);
    expect(certificateMails(other.user.email)).toHaveLength(0);

    expect((await mine(arabic.headers)).find((row) => row.id === arabicRegistration)?.attended).toBe(true);
    const pdf = await certificate(arabicRegistration, arabic.headers);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(`attachment; filename="certificate-${id}-${arabicRegistration}.pdf"`);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await certificate(arabicRegistration, arabic.headers, '?lang=en')).rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await certificate(arabicRegistration, arabic.headers, '?lang=fr')).statusCode).toBe(400);
    // Someone else's registration, or none: as if it did not exist; no token: 401.
    expect((await certificate(arabicRegistration, other.headers)).statusCode).toBe(404);
    expect((await certificate(999_999, arabic.headers)).statusCode).toBe(404);
    expect((await certificate(arabicRegistration, {})).statusCode).toBe(401);

    // A registration of another conference under this one's address: 404; a canceled one cannot be marked.
    expect((await put(`/api/admin/conferences/${upcoming}/registrations/${arabicRegistration}/attendance`, { attended: true }, headers)).status).toBe(422);
    await app().db.update(conferenceRegistrations).set({ status: 'canceled', canceledAt: new Date(), canceledBy: 'member' }).where(eq(conferenceRegistrations.id, otherRegistration));
    const canceled = await put(`/api/admin/conferences/${id}/registrations/${otherRegistration}/attendance`, { attended: true }, headers);
    expect(canceled).toMatchObject({ status: 409, body: { msg: translateMessage('en', 'validation.attendanceNotRegistered') } });
    expect((await put(`/api/admin/conferences/${id}/registrations/${otherRegistration}/attendance`, { attended: 'yes' }, headers)).status).toBe(400);

    const unmarked = await put(`/api/admin/conferences/${id}/registrations/${arabicRegistration}/attendance`, { attended: false }, { ...headers, 'accept-language': 'ar' });
    expect(unmarked.body.msg).toBe(translateMessage('ar', 'success.attendanceUnmarked', { name: 'عائشة الظاهري' }));
    expect((await certificate(arabicRegistration, arabic.headers)).statusCode).toBe(409);
    const audit = await app().db.select().from(auditLog).where(and(eq(auditLog.targetId, id), eq(auditLog.action, 'registrations.attendance')));
    expect(audit.map((entry) => (entry.details as { attended: boolean }).attended)).toEqual([true, false]);
  });

  it('marks every registered member not marked yet in one go, not the canceled ones, and tells each once', async () => {
    const { headers } = await staffHeaders(app());
    const accounts = [await member({ locale: 'en', name: 'Present One' }), await member({ locale: 'ar', name: 'حاضر اثنان' }), await member({ locale: 'en', name: 'Left Early' })];
    const { id, registrations } = await startedConference(accounts);
    await app().db.update(conferenceRegistrations).set({ status: 'canceled', canceledAt: new Date(), canceledBy: 'member' }).where(eq(conferenceRegistrations.id, registrations[2]!));
    expect((await put(`/api/admin/conferences/${id}/registrations/${registrations[0]}/attendance`, { attended: true }, headers)).status).toBe(200);

    const all = await postJson(app(), `/api/admin/conferences/${id}/attendance`, {}, headers);
    expect(all.status).toBe(200);
    expect(attendanceAllResponseSchema.parse(all.body).data.count).toBe(1);
    expect(all.body.msg).toBe(translateMessage('en', 'success.attendanceMarkedAll', { count: 1 }));
    await mailTo(smtp, accounts[1]!.user.email, (mail) => mail.subject.startsWith('شهادة حضورك'));
    expect(certificateMails(accounts[0]!.user.email)).toHaveLength(1);
    expect(certificateMails(accounts[2]!.user.email)).toHaveLength(0);
    expect((await certificate(registrations[2]!, accounts[2]!.headers)).statusCode).toBe(409);

    const notStarted = await insertConference(app(), { startInDays: 3 });
    expect((await postJson(app(), `/api/admin/conferences/${notStarted}/attendance`, {}, headers)).status).toBe(422);
    expect((await postJson(app(), '/api/admin/conferences/999999/attendance', {}, headers)).status).toBe(404);
  });

  it('words the certificate in its language, one day or several, at a venue or online', () => {
    const base = { name: 'N', title: 'T', timezone: 'Asia/Dubai', number: '7-42', issuedAt: new Date('2031-03-12T10:00:00Z') };
    const start = new Date('2031-03-10T05:00:00Z');
    const english = certificateTexts({ ...base, locale: 'en', startDate: start, endDate: new Date('2031-03-10T13:00:00Z'), venue: null, online: true });
    expect(english).toMatchObject({ heading: 'Certificate of Attendance', attended: 'attended the conference', where: 'online', number: 'Certificate no. 7-42' });
    expect(english.when).toBe('held on 10 March 2031');
    expect(english.issued).toBe('Issued on 12 March 2031');
    const arabic = certificateTexts({ ...base, locale: 'ar', startDate: start, endDate: new Date('2031-03-12T13:00:00Z'), venue: 'جامعة الإمارات', online: false });
    expect(arabic).toMatchObject({ heading: 'شهادة حضور', certifies: 'يشهد ملتقى الباحثين بحضور', where: 'في جامعة الإمارات', number: 'رقم الشهادة: 7-42' });
    expect(arabic.when).toBe('المنعقد من 10 مارس 2031 إلى 12 مارس 2031');
  });
});
