/**
 * E-mails of the conferences console, in the recipient's language (decisions.md, E-mail): the
 * conference made from someone's request is published (its link), and the organisers' message to
 * every registrant (written in both languages; each gets their account's).
 */
import type { Locale } from '@scholars/shared-contracts/locale';
import { renderMail, type RenderedMail, greeting } from '../lib/mail/templates';

/** To the requester, once, when the conference made from their request is first published. */
export function requestedConferencePublishedMail(locale: Locale, input: { name: string; title: string; link: string }): RenderedMail {
  if (locale === 'ar') {
    return renderMail(locale, 'conference-request-published', `نُشر مؤتمرك: ${input.title}`, greeting(locale, input.name), [
      `يسعدنا إبلاغك بأن المؤتمر «${input.title}» الذي طلبته منشور الآن على المنصة، ويمكن للباحثين التسجيل فيه.`,
      { link: input.link, label: 'صفحة المؤتمر' },
    ]);
  }
  return renderMail(locale, 'conference-request-published', `Your conference is published: ${input.title}`, greeting(locale, input.name), [
    `Good news: the conference “${input.title}” you requested is now published on the platform, and researchers can register for it.`,
    { link: input.link, label: 'The conference page' },
  ]);
}

/** The organisers' message to a registrant, in the registrant's language. */
export function registrantMail(locale: Locale, input: { name: string; subject: string; body: string; conference: string; link: string }): RenderedMail {
  const about = locale === 'ar' ? `رسالة من منظمي المؤتمر «${input.conference}» الذي سجّلت فيه:` : `A message from the organisers of “${input.conference}”, which you registered for:`;
  return renderMail(locale, 'conference-registrants', input.subject, greeting(locale, input.name), [
    about,
    input.body,
    { link: input.link, label: locale === 'ar' ? 'صفحة المؤتمر' : 'The conference page' },
  ]);
}
