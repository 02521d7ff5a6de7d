/**
 * E-mails of the conferences console, in the recipient's language (decisions.md, E-mail): the
 * conference made from someone's request is published (its link), the organizers' message to
 * every registrant (written in both languages; each gets their account's), and the cancellation of
 * each registration when a conference that has not ended is archived or taken back to draft.
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
