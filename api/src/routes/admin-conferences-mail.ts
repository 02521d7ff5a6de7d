/**
 * E-mails of the conferences console, in the recipient's language (decisions.md, E-mail): the
 * conference made from someone's request is published (its link), the organizers' message to
 * every registrant (written in both languages; each gets their account's), and, when a conference
 * that has not ended is archived or taken back to draft, the cancellation of each registration and
 * the closing of its waiting list; a member marked as present, their certificate of attendance.
 */
import { isolate, type Locale } from '@scholars/shared-contracts/locale';
import { renderMail, type RenderedMail, greeting } from '../lib/mail/templates';

/** To the requester, once, when the conference made from their request is first published. */
export function requestedConferencePublishedMail(locale: Locale, input: { name: string; title: string; link: string }): RenderedMail {
  if (locale === 'ar') {
    return renderMail(locale, 'conference-request-published', `نُشر مؤتمرك: ${isolate(input.title)}`, greeting(locale, input.name), [
      `يسعدنا إبلاغك بأن المؤتمر «${isolate(input.title)}» الذي طلبته منشور الآن على المنصة، ويمكن للباحثين التسجيل فيه.`,
      { link: input.link, label: 'صفحة المؤتمر' },
    ]);
  }
  return renderMail(locale, 'conference-request-published', `Your conference is published: ${isolate(input.title)}`, greeting(locale, input.name), [
    `Good news: the conference “${isolate(input.title)}” you requested is now published on the platform, and researchers can register for it.`,
    { link: input.link, label: 'The conference page' },
  ]);
}

/** The organizers' message to a registrant, in the registrant's language. */
export function registrantMail(locale: Locale, input: { name: string; subject: string; body: string; conference: string; link: string }): RenderedMail {
  const about = locale === 'ar' ? `رسالة من منظمي المؤتمر «${isolate(input.conference)}» الذي سجّلت فيه:` : `A message from the organizers of “${isolate(input.conference)}”, which you registered for:`;
  return renderMail(locale, 'conference-registrants', input.subject, greeting(locale, input.name), [
    about,
    input.body,
    { link: input.link, label: locale === 'ar' ? 'صفحة المؤتمر' : 'The conference page' },
  ]);
}

/**
 * To each registrant of a conference the organizers archived (`archived`) or took off the site
 * (`draft`) before it ended: their registration is canceled, when the conference was, the staff's
 * message (quoted as written, in its own direction), the calendar cancellation attached, and their
 * registrations in the profile (the conference's page is no longer public).
 */
export function organisersCanceledMail(
  locale: Locale,
  input: { name: string; title: string; when: string; status: 'archived' | 'draft'; message: string | null; link: string },
): RenderedMail {
  const ar = locale === 'ar';
  const lead =
    input.status === 'archived'
      ? ar
        ? `ألغى المنظمون «${isolate(input.title)}»، فأُلغي تسجيلك فيه. لا يلزمك فعل شيء.`
        : `The organizers have canceled “${isolate(input.title)}”, so your registration for it is canceled. Nothing is needed from you.`
      : ar
        ? `سحب المنظمون «${isolate(input.title)}» من الموقع وألغوا التسجيلات فيه، ومنها تسجيلك. إذا نُشر من جديد يمكنك التسجيل مرة أخرى من صفحته.`
        : `The organizers have taken “${isolate(input.title)}” off the site and canceled its registrations, yours included. If it is published again, you can register again from its page.`;
  return renderMail(locale, 'conference-canceled-by-organisers', ar ? `ألغاه المنظمون: ${isolate(input.title)}` : `Canceled by the organizers: ${isolate(input.title)}`, greeting(locale, input.name), [
    lead,
    `${ar ? 'الموعد' : 'When'}: ${input.when}`,
    ...(input.message ? [ar ? 'رسالة من المنظمين:' : 'A message from the organizers:', { quote: input.message }] : []),
    ar ? 'يزيل ملف التقويم المرفق (.ics) المؤتمرَ من تقويمك.' : 'The attached calendar file (.ics) takes the conference out of your calendar.',
    { link: input.link, label: ar ? 'تسجيلاتي' : 'My registrations' },
  ]);
}

/**
 * To each member waiting for a seat at a conference the organizers archived or took off the site
 * before it ended: the list is closed and their place removed (no seat will be given from it), the
 * staff's message quoted, and their registrations in the profile.
 */
export function waitingListClosedMail(
  locale: Locale,
  input: { name: string; title: string; when: string; status: 'archived' | 'draft'; message: string | null; link: string },
): RenderedMail {
  const ar = locale === 'ar';
  const title = isolate(input.title);
  const lead =
    input.status === 'archived'
      ? ar
        ? `ألغى المنظمون «${title}»، فأُغلقت قائمة الانتظار فيه وأُزيل مكانك منها. لا يلزمك فعل شيء.`
        : `The organizers have canceled “${title}”, so its waiting list is closed and your place on it removed. Nothing is needed from you.`
      : ar
        ? `سحب المنظمون «${title}» من الموقع وأغلقوا قائمة الانتظار فيه، فأُزيل مكانك منها. إذا نُشر من جديد يمكنك التسجيل أو الانضمام إلى قائمة الانتظار مرة أخرى من صفحته.`
        : `The organizers have taken “${title}” off the site and closed its waiting list, so your place on it is removed. If it is published again, you can register or join its waiting list again from its page.`;
  return renderMail(locale, 'conference-waiting-list-closed', ar ? `أُغلقت قائمة الانتظار: ${title}` : `Waiting list closed: ${title}`, greeting(locale, input.name), [
    lead,
    `${ar ? 'الموعد' : 'When'}: ${input.when}`,
    ...(input.message ? [ar ? 'رسالة من المنظمين:' : 'A message from the organizers:', { quote: input.message }] : []),
    { link: input.link, label: ar ? 'تسجيلاتي' : 'My registrations' },
  ]);
}

/** To a member the organizers marked as present: their certificate of attendance is in their registrations. */
export function certificateReadyMail(locale: Locale, input: { name: string; title: string; link: string }): RenderedMail {
  const title = isolate(input.title);
  if (locale === 'ar') {
    return renderMail(locale, 'conference-certificate-ready', `شهادة حضورك: ${title}`, greeting(locale, input.name), [
      `سجّل منظمو «${title}» حضورك، وشهادة الحضور جاهزة: نزّلها بصيغة PDF من تسجيلاتك في ملفك الشخصي.`,
      { link: input.link, label: 'تسجيلاتي' },
    ]);
  }
  return renderMail(locale, 'conference-certificate-ready', `Your certificate of attendance: ${title}`, greeting(locale, input.name), [
    `The organizers of “${title}” have marked you as present, and your certificate of attendance is ready: download it as a PDF from your registrations in your profile.`,
    { link: input.link, label: 'My registrations' },
  ]);
}
