/**
 * A member reschedules a consultation (decisions.md, Issue 23): the session waits for the consultant
 * again (`requested`, a new deadline), and both are told, each in their language and on the
 * consultant's clocks (the zone named, as every consultation mail): the consultant is asked to
 * accept the new time, the member's request is confirmed, both mails say from when to when. An
 * accepted session is in both calendars: each mail then carries a METHOD:CANCEL of its UID at a
 * higher SEQUENCE, naming the former time; accepting the new time sends a REQUEST at a higher one
 * still. Real database (PGlite), real SMTP capture.
 */
import { describe, expect, it } from 'vitest';
import { isolate } from '@scholars/shared-contracts/locale';
import { formatDate, formatDateRange, formatTimeZone, type Locale } from '@scholars/shared-contracts/locale';
import { parseIcs, prop, sequenceOf, type IcsComponent } from './conference-helpers';
import { book, makeConsultant, makeMember, slotsOf } from './consultation-helpers';
import { useAppWithMail, type CapturedMail } from './helper';

const { app, smtp } = useAppWithMail();
const HOUR = 3_600_000;
const ZONE = 'Asia/Dubai';


async function act(url: string, headers: Record<string, string>, body: unknown = {}) {
  const response = await app().inject({ method: 'POST', url, headers: { ...headers, 'content-type': 'application/json' }, payload: JSON.stringify(body) });
  return { status: response.statusCode, body: response.json() as { status: boolean; msg?: string; data?: Record<string, unknown> } };
}

/** Waits for the `n`th mail (1-based) to `email` whose subject matches, and returns it. */
async function nthMail(email: string, pattern: RegExp, n = 1): Promise<CapturedMail> {
  await smtp.waitFor(() => smtp.mailsTo(email).filter((mail) => pattern.test(mail.subject)).length >= n, 15_000);
  return smtp.mailsTo(email).filter((mail) => pattern.test(mail.subject))[n - 1]!;
}

function sessionEvent(mail: CapturedMail): { method: string | undefined; event: IcsComponent } {
  const attachment = mail.attachments.find((file) => file.filename.endsWith('.ics'));
  if (!attachment) throw new Error(`no .ics in “${mail.subject}”`);
  const calendar = parseIcs(attachment.content.toString('utf8'));
  return { method: prop(calendar, 'METHOD')?.value, event: calendar.components.find((component) => component.name === 'VEVENT')! };
}

const range = (start: string, locale: Locale) => `${formatDateRange(new Date(start), new Date(Date.parse(start) + HOUR), locale, ZONE)} (${formatTimeZone(ZONE, locale, new Date(start))})`;

describe('rescheduling an accepted session', () => {
  it('tells both from when to when in their language, removes the accepted event from both calendars, and the acceptance of the new time puts it back', async () => {
    const consultant = await makeConsultant(app(), { timeZone: ZONE, locale: 'ar', name: 'د. سلمى الحمادي' });
    const member = await makeMember(app(), { locale: 'en', name: 'Hamdan Saeed' });
    const slots = await slotsOf(app(), consultant.consultantId);
    const id = (await book(app(), member.headers, { consultantId: consultant.consultantId, start: slots[0]!, topic: 'The analysis plan' })).body.data!.id;
    expect((await act(`/api/consultations/${id}/accept`, consultant.headers, { meetingLink: 'https://meet.example/abc' })).status).toBe(200);
    const accepted = sessionEvent(await nthMail(member.email, /^Consultation confirmed/));
    expect(accepted.method).toBe('REQUEST');
    const acceptedForConsultant = sessionEvent(await nthMail(consultant.email, /^تأكيد جلسة استشارة/));

    const moved = await act(`/api/consultations/${id}/reschedule`, member.headers, { start: slots[5]!, reason: 'امتحان في ذلك اليوم' });
    expect(moved.status).toBe(200);
    expect(moved.body.data).toMatchObject({ state: 'requested', start: slots[5]! });
    const acceptBy = new Date(moved.body.data!.acceptBy as string);
    // Both cards say it was moved, from when and why (the consultant's is not a new request).
    const rescheduled = { from: slots[0]!, at: expect.any(String), reason: 'امتحان في ذلك اليوم' };
    expect(moved.body.data!.rescheduled).toEqual(rescheduled);
    const seen = await app().inject({ method: 'GET', url: `/api/consultations/${id}`, headers: consultant.headers });
    expect(seen.json().data.rescheduled).toEqual(rescheduled);

    // The consultant (Arabic): asked to accept, the member's reason quoted, from when to when, the deadline.
    const toConsultant = await nthMail(consultant.email, /^طلب تغيير موعد استشارة/);
    expect(toConsultant.subject).toBe(`طلب تغيير موعد استشارة: ${isolate('The analysis plan')}`);
    expect(toConsultant.html).toContain('<html lang="ar" dir="rtl">');
    expect(toConsultant.text).toContain(`غيّر ${isolate('Hamdan Saeed')} موعد الجلسة «${isolate('The analysis plan')}» ويطلب موافقتك على الموعد الجديد.`);
    expect(toConsultant.text).toContain('> امتحان في ذلك اليوم');
    expect(toConsultant.text).toContain(`الموعد السابق: ${range(slots[0]!, 'ar')}`);
    expect(toConsultant.text).toContain(`الموعد الجديد: ${range(slots[5]!, 'ar')}`);
    expect(toConsultant.text).toContain(`قبل ${formatDate(acceptBy, 'ar', 'dateTime', ZONE)}`);
    expect(toConsultant.text).toContain('يزيل الملف المرفق (.ics) الجلسة في موعدها السابق من تقويمك');

    // The member (English): their request confirmed, from when to when, who must answer by when.
    const toMember = await nthMail(member.email, /^Consultation moved/);
    expect(toMember.subject).toBe(`Consultation moved: ${isolate('The analysis plan')}`);
    expect(toMember.text).toContain(`You moved your session with ${isolate('د. سلمى الحمادي')} on “${isolate('The analysis plan')}” to a new time; they are asked to accept it.`);
    expect(toMember.text).toContain(`Former time: ${range(slots[0]!, 'en')}`);
    expect(toMember.text).toContain(`New time: ${range(slots[5]!, 'en')}`);
    expect(toMember.text).toContain(`The session waits for ${isolate('د. سلمى الحمادي')} to accept until ${formatDate(acceptBy, 'en', 'dateTime', ZONE)}`);
    expect(toMember.text).toContain('The attached file (.ics) removes the session at its former time from your calendar');

    // Both calendars: METHOD:CANCEL of the accepted event's UID, a higher SEQUENCE, at the former time (with its meeting link).
    for (const [mail, before] of [[toMember, accepted], [toConsultant, acceptedForConsultant]] as const) {
      const canceled = sessionEvent(mail);
      expect(canceled.method).toBe('CANCEL');
      expect(prop(canceled.event, 'STATUS')!.value).toBe('CANCELLED');
      expect(prop(canceled.event, 'UID')!.value).toBe(prop(before.event, 'UID')!.value);
      expect(sequenceOf(canceled.event)).toBeGreaterThan(sequenceOf(before.event));
      expect(prop(canceled.event, 'DTSTART')!.value).toBe(prop(before.event, 'DTSTART')!.value);
      expect(prop(canceled.event, 'DTSTART')!.params.TZID).toBe(ZONE);
      expect(prop(canceled.event, 'LOCATION')!.value).toBe('https://meet.example/abc');
    }
    const cancelSequence = sequenceOf(sessionEvent(toMember).event);

    // The consultant accepts the new time: a REQUEST at a higher SEQUENCE still, at the new time.
    expect((await act(`/api/consultations/${id}/accept`, consultant.headers)).status).toBe(200);
    const again = sessionEvent(await nthMail(member.email, /^Consultation confirmed/, 2));
    expect(again.method).toBe('REQUEST');
    expect(prop(again.event, 'UID')!.value).toBe(prop(accepted.event, 'UID')!.value);
    expect(sequenceOf(again.event)).toBeGreaterThan(cancelSequence);
    expect(prop(again.event, 'DTSTART')!.value).not.toBe(prop(accepted.event, 'DTSTART')!.value);
  });
});

describe('rescheduling a request not yet accepted', () => {
  it('both are told (Arabic member, English consultant), without a calendar file: no calendar holds it yet', async () => {
    const consultant = await makeConsultant(app(), { timeZone: ZONE, locale: 'en', name: 'Dr. Salma' });
    const member = await makeMember(app(), { locale: 'ar', name: 'حمدان سعيد' });
    const slots = await slotsOf(app(), consultant.consultantId);
    const id = (await book(app(), member.headers, { consultantId: consultant.consultantId, start: slots[1]!, topic: 'خطة التحليل' })).body.data!.id;
    expect((await act(`/api/consultations/${id}/reschedule`, member.headers, { start: slots[6]!, reason: 'Travel' })).status).toBe(200);

    const toMember = await nthMail(member.email, /^تغيير موعد جلسة الاستشارة/);
    expect(toMember.subject).toBe(`تغيير موعد جلسة الاستشارة: ${isolate('خطة التحليل')}`);
    expect(toMember.html).toContain('<html lang="ar" dir="rtl">');
    expect(toMember.text).toContain(`نقلتَ جلستك مع ${isolate('Dr. Salma')} بعنوان «${isolate('خطة التحليل')}» إلى موعد جديد`);
    expect(toMember.text).toContain(`الموعد السابق: ${range(slots[1]!, 'ar')}`);
    expect(toMember.text).toContain(`الموعد الجديد: ${range(slots[6]!, 'ar')}`);
    expect(toMember.text).not.toContain('.ics');
    expect(toMember.attachments).toHaveLength(0);

    const toConsultant = await nthMail(consultant.email, /^Consultation moved, please answer/);
    expect(toConsultant.text).toContain(`${isolate('حمدان سعيد')} moved the session “${isolate('خطة التحليل')}” to a new time and asks you to accept it.`);
    expect(toConsultant.text).toContain(`Former time: ${range(slots[1]!, 'en')}`);
    expect(toConsultant.text).toContain(`New time: ${range(slots[6]!, 'en')}`);
    expect(toConsultant.text).toContain('> Travel');
    expect(toConsultant.attachments).toHaveLength(0);
  });
});
