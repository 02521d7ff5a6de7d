/**
 * The consultations' e-mails, each in its recipient's language (lib/mail/templates `renderMail`),
 * and the session's calendar invitation (lib/ical `consultationCalendar`): on a request (to the
 * consultant), on accept (both, METHOD:REQUEST), on decline or expiry (the member), on cancel (the
 * other party, METHOD:CANCEL), on reschedule (both: the consultant is asked to accept the new time,
 * the member's request is confirmed; each says from when to when, and when the session had been
 * accepted each carries the METHOD:CANCEL of the former time), the reminder (both), and the
 * consultant's application decisions. Times are shown in the recipient's zone choice: the
 * consultant's zone, named.
 */
import { formatDate, formatDateRange, formatTimeZone, isolate, type Locale } from '@scholars/shared-contracts/locale';
import { renderMail, type RenderedMail, greeting } from '../mail/templates';
import { consultationCalendar } from '../ical';
import type { MailAttachment } from '../mail/transport';

export interface MailPerson {
  id: number;
  name: string;
  email: string;
  locale: Locale;
}

/** What every session mail needs. */
export interface SessionMailContext {
  id: number;
  topic: string;
  start: Date;
  end: Date;
  acceptBy: Date;
  timeZone: string;
  mode: 'online' | 'onsite';
  place: string | null;
  meetingLink: string | null;
  sequence: number;
  member: MailPerson;
  consultant: MailPerson & { consultantId: number };
  /** Site address without a trailing slash. */
  site: string;
}

/** A session's time in `locale`, on the consultant's clocks, the zone named in the reader's language. */
const timeRange = (range: { start: Date; end: Date }, timeZone: string, locale: Locale) =>
  `${formatDateRange(range.start, range.end, locale, timeZone)} (${formatTimeZone(timeZone, locale, range.start)})`;
const when = (session: SessionMailContext, locale: Locale) => timeRange(session, session.timeZone, locale);
const where = (session: SessionMailContext, locale: Locale) =>
  session.mode === 'onsite' ? isolate(session.place ?? '') : (session.meetingLink ?? (locale === 'ar' ? 'عبر الإنترنت (يُرسل الرابط لاحقًا)' : 'Online (the link follows)'));
const deskLink = (session: SessionMailContext) => `${session.site}/profile?tab=consultations`;
const consultantPage = (session: SessionMailContext) => `${session.site}/consultations/${session.consultant.consultantId}`;

/** The `.ics` of the session, for `recipient`'s language. */
export function sessionInvitation(session: SessionMailContext, method: 'REQUEST' | 'CANCEL', locale: Locale, now = new Date()): MailAttachment {
  const content = consultationCalendar(
    {
      id: session.id,
      timeZone: session.timeZone,
      start: session.start,
      end: session.end,
      summary: locale === 'ar' ? `استشارة أكاديمية: ${session.topic}` : `Academic consultation: ${session.topic}`,
      description: locale === 'ar' ? `${session.member.name} مع ${session.consultant.name}` : `${session.member.name} with ${session.consultant.name}`,
      location: session.mode === 'onsite' ? session.place : session.meetingLink,
      url: deskLink(session),
      sequence: session.sequence,
      consultant: { name: session.consultant.name, email: session.consultant.email },
      member: { name: session.member.name, email: session.member.email },
    },
    method,
    now,
  );
  return { filename: `consultation-${session.id}.ics`, content, contentType: `text/calendar; charset=utf-8; method=${method}` };
}

export type SessionMailKind = 'requested' | 'accepted' | 'declined' | 'expired' | 'canceled' | 'rescheduled' | 'reminder' | 'arranged';

/** What a reschedule mail needs besides the session (at its new time): the former time, and whether it had been accepted (in calendars). */
export interface FormerTime {
  start: Date;
  end: Date;
  wasAccepted: boolean;
}

/**
 * The mail of `kind` for `to` (one of the session's two people). `reason`: a decline's, a cancel's or
 * a reschedule's; `former`: a reschedule's former time.
 */
export function sessionMail(kind: SessionMailKind, session: SessionMailContext, to: MailPerson, reason: string | null = null, former: FormerTime | null = null): RenderedMail {
  const locale = to.locale;
  const ar = locale === 'ar';
  // Typed names and topics keep their own direction in the sentences (templates.ts, greeting).
  const other = isolate(to.id === session.member.id ? session.consultant.name : session.member.name);
  const topic = isolate(session.topic);
  const time = `${ar ? 'الموعد' : 'When'}: ${when(session, locale)}`;
  const place = `${ar ? 'المكان' : 'Where'}: ${where(session, locale)}`;
  const reasonLine = reason ? [{ quote: reason }] : [];
  const template = `consultation_${kind}`;
  const desk = { link: deskLink(session), label: ar ? 'استشاراتي' : 'My consultations' };
  const pickAgain = { link: consultantPage(session), label: ar ? 'اختر موعدًا آخر' : 'Pick another time' };
  const deadline = formatDate(session.acceptBy, locale, 'dateTime', session.timeZone);
  switch (kind) {
    case 'requested':
      return renderMail(locale, template, ar ? `طلب استشارة: ${topic}` : `Consultation request: ${topic}`, greeting(locale, to.name), [
        ar ? `طلب ${other} جلسة استشارة معك بعنوان «${topic}».` : `${other} asks you for a consultation on “${topic}”.`,
        ...reasonLine,
        time,
        ar ? `يُرجى القبول أو الاعتذار قبل ${deadline}؛ بعدها يسقط الطلب.` : `Please accept or decline before ${deadline}; after that the request expires.`,
        desk,
      ]);
    case 'rescheduled': {
      // The session waits for the consultant again (state `requested`): the consultant is asked, the member's request confirmed.
      const toMember = to.id === session.member.id;
      const from = former ? timeRange(former, session.timeZone, locale) : null;
      const moved = from
        ? [ar ? `الموعد السابق: ${from}` : `Former time: ${from}`, ar ? `الموعد الجديد: ${when(session, locale)}` : `New time: ${when(session, locale)}`]
        : [time];
      const calendarNote = former?.wasAccepted
        ? [
            ar
              ? 'يزيل الملف المرفق (.ics) الجلسة في موعدها السابق من تقويمك؛ وتصلك دعوة جديدة إذا قُبل الموعد الجديد.'
              : 'The attached file (.ics) removes the session at its former time from your calendar; a new invitation follows if the new time is accepted.',
          ]
        : [];
      if (toMember) {
        return renderMail(locale, template, ar ? `تغيير موعد جلسة الاستشارة: ${topic}` : `Consultation moved: ${topic}`, greeting(locale, to.name), [
          ar
            ? `نقلتَ جلستك مع ${other} بعنوان «${topic}» إلى موعد جديد، وأُرسل إليه طلب الموافقة عليه.`
            : `You moved your session with ${other} on “${topic}” to a new time; they are asked to accept it.`,
          ...moved,
          ar
            ? `الجلسة بانتظار موافقة ${other} حتى ${deadline}؛ إذا لم يردّ حتى ذلك الحين يسقط الطلب ولا يُحتسب من رصيدك.`
            : `The session waits for ${other} to accept until ${deadline}; if they do not answer by then, the request expires and does not count against your sessions.`,
          ...calendarNote,
          desk,
        ]);
      }
      return renderMail(locale, template, ar ? `طلب تغيير موعد استشارة: ${topic}` : `Consultation moved, please answer: ${topic}`, greeting(locale, to.name), [
        ar ? `غيّر ${other} موعد الجلسة «${topic}» ويطلب موافقتك على الموعد الجديد.` : `${other} moved the session “${topic}” to a new time and asks you to accept it.`,
        ...reasonLine,
        ...moved,
        ar ? `يُرجى القبول أو الاعتذار قبل ${deadline}؛ بعدها يسقط الطلب.` : `Please accept or decline before ${deadline}; after that the request expires.`,
        ...calendarNote,
        desk,
      ]);
    }
    case 'accepted':
    case 'arranged':
      return renderMail(locale, template, ar ? `تأكيد جلسة استشارة: ${topic}` : `Consultation confirmed: ${topic}`, greeting(locale, to.name), [
        ar ? `تأكدت جلستك مع ${other} بعنوان «${topic}».` : `Your session with ${other} on “${topic}” is confirmed.`,
        time,
        place,
        ar ? 'تضيف الدعوة المرفقة (.ics) الجلسة إلى تقويمك.' : 'The attached invitation (.ics) adds the session to your calendar.',
        desk,
      ]);
    case 'declined':
    case 'expired':
      return renderMail(
        locale,
        template,
        ar ? `لم تتأكد جلسة الاستشارة: ${topic}` : `Consultation not confirmed: ${topic}`,
        greeting(locale, to.name),
        [
          kind === 'declined'
            ? ar
              ? `اعتذر ${other} عن جلسة «${topic}».`
              : `${other} declined the session on “${topic}”.`
            : ar
              ? `لم يرد ${other} على طلب جلسة «${topic}» في المهلة المحددة، فسقط الطلب.`
              : `${other} did not answer your request for “${topic}” in time, so it expired.`,
          ...reasonLine,
          time,
          ar ? 'لا تُحتسب هذه الجلسة من رصيدك. يمكنك اختيار موعد آخر.' : 'It does not count against your sessions. You can pick another time.',
          pickAgain,
        ],
      );
    case 'canceled':
      return renderMail(locale, template, ar ? `أُلغيت جلسة الاستشارة: ${topic}` : `Consultation canceled: ${topic}`, greeting(locale, to.name), [
        ar ? `أُلغيت جلسة «${topic}».` : `The session on “${topic}” was canceled.`,
        ...reasonLine,
        time,
        ar ? 'يزيل الملف المرفق (.ics) الجلسة من تقويمك.' : 'The attached file (.ics) removes the session from your calendar.',
        desk,
      ]);
    case 'reminder':
      return renderMail(locale, template, ar ? `تذكير: جلسة استشارة غدًا: ${topic}` : `Reminder: consultation tomorrow: ${topic}`, greeting(locale, to.name), [
        ar ? `نذكّرك بجلستك مع ${other} بعنوان «${topic}».` : `A reminder of your session with ${other} on “${topic}”.`,
        time,
        place,
        desk,
      ]);
  }
}

/** The receipt of a consultant application: what happens next. */
export function consultantAppliedMail(to: MailPerson, site: string): RenderedMail {
  const ar = to.locale === 'ar';
  return renderMail(to.locale, 'consultant_applied', ar ? 'تلقّينا طلبك لتكون مستشارًا' : 'We received your consultant application', greeting(to.locale, to.name), [
    ar
      ? 'شكرًا لتقدّمك. يراجع مسؤولو المنصة ملفك، وسنراسلك بالقرار. يمكنك تعديل ملفك في أثناء المراجعة.'
      : 'Thank you for applying. The platform’s administrators will review your profile and e-mail you their decision. You can edit your profile while it is reviewed.',
    { link: `${site}/profile?tab=consultations`, label: ar ? 'ملفي كمستشار' : 'My consultant profile' },
  ]);
}

/** The consultant's application decided by an administrator. */
export function consultantDecisionMail(action: 'approve' | 'reject' | 'suspend' | 'reinstate', to: MailPerson, reason: string | null, site: string): RenderedMail {
  const ar = to.locale === 'ar';
  const texts = {
    approve: ar ? ['تمت الموافقة على ملفك كمستشار', 'أصبح ملفك ظاهرًا في صفحة الاستشارات ويمكن للأعضاء حجز مواعيدك المتاحة.'] : ['Your consultant profile is approved', 'Your profile is on the consultations page now and members can book your free times.'],
    reject: ar ? ['لم تتم الموافقة على طلبك كمستشار', 'راجع السبب أدناه؛ يمكنك تعديل ملفك وإرساله مجددًا.'] : ['Your consultant application was not approved', 'See the reason below; you can edit your profile and send it again.'],
    suspend: ar ? ['أُوقف ملفك كمستشار', 'لم يعد ملفك ظاهرًا ولا يمكن حجز مواعيد جديدة معك.'] : ['Your consultant profile is suspended', 'Your profile is no longer listed and no new sessions can be booked with you.'],
    reinstate: ar ? ['أُعيد تفعيل ملفك كمستشار', 'أصبح ملفك ظاهرًا من جديد ويمكن للأعضاء حجز مواعيدك.'] : ['Your consultant profile is active again', 'Your profile is listed again and members can book your free times.'],
  }[action];
  return renderMail(to.locale, `consultant_${action}`, texts[0]!, greeting(to.locale, to.name), [
    texts[1]!,
    ...(reason ? [{ quote: reason }] : []),
    { link: `${site}/profile?tab=consultations`, label: ar ? 'ملفي كمستشار' : 'My consultant profile' },
  ]);
}
