/**
 * The newsletter's e-mails (issue 20): the bilingual confirmation of a sign-up, and an issue in one
 * language with its one-click unsubscribe link (body and `List-Unsubscribe` / `List-Unsubscribe-Post`
 * headers, RFC 8058). Tokens are random (32 bytes) and only their SHA-256 is stored, so a copy of
 * the database cannot unsubscribe or confirm anyone, and a link cannot be guessed.
 */
import { createHash, randomBytes } from 'node:crypto';
import { ROUTES } from '@scholars/shared-contracts/routes';
import { directionOf, type Locale } from '@scholars/shared-contracts/locale';
import { escapeHtml, greeting, PRODUCT_NAME, renderMail, type RenderedMail } from '../mail/templates';
import type { RenderedMarkdown } from '../mail/markdown';

export const newLinkToken = (): string => randomBytes(32).toString('base64url');
export const linkTokenHash = (token: string): string => createHash('sha256').update(token).digest('hex');

/** The confirmation link: the site's page with a button that confirms (a mail scanner's visit does nothing). */
export const confirmUrl = (site: string, token: string) => `${site}${ROUTES.newsletterLink('confirm', token)}`;
/**
 * The one-click unsubscribe address, the API's own: a POST (the mail client's, RFC 8058) unsubscribes;
 * a GET (a person's click) leads to the site's page with a button.
 */
export const unsubscribeUrl = (site: string, token: string) => `${site}/api/newsletter/unsubscribe?token=${encodeURIComponent(token)}`;

export function listUnsubscribeHeaders(url: string): Record<string, string> {
  return { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}

const CONFIRM_TEXTS = {
  en: {
    subject: 'Confirm your newsletter subscription',
    greeting: greeting('en'),
    intro: `This address was given to receive the ${PRODUCT_NAME.en} newsletter. Confirm it with the button below: until then nothing is sent to you.`,
    button: 'Confirm my subscription',
    ignore: 'If you did not ask for it, ignore this e-mail: you will not receive anything.',
  },
  ar: {
    subject: 'أكّد اشتراكك في النشرة البريدية',
    greeting: greeting('ar'),
    intro: `طُلب اشتراك هذا العنوان في النشرة البريدية لـ${PRODUCT_NAME.ar}. أكّده بالزر أدناه، ولن يُرسل إليك شيء قبل ذلك.`,
    button: 'تأكيد اشتراكي',
    ignore: 'إذا لم تطلب ذلك فتجاهل هذه الرسالة، ولن يصلك شيء.',
  },
} as const;

/**
 * The confirmation of a sign-up, in both languages (the sign-up's first, then the other in its own
 * direction). Fixed text and the link only: the address was typed by anyone, so the mail carries
 * nothing they wrote.
 */
export function newsletterConfirmMail(locale: Locale, link: string): RenderedMail {
  const own = CONFIRM_TEXTS[locale];
  const otherLocale: Locale = locale === 'ar' ? 'en' : 'ar';
  const other = CONFIRM_TEXTS[otherLocale];
  const otherDir = directionOf(otherLocale);
  const markup = `<div lang="${otherLocale}" dir="${otherDir}" style="margin-top:24px;padding-top:16px;border-top:1px solid #eeeeee;text-align:${otherDir === 'rtl' ? 'right' : 'left'}">
<p>${escapeHtml(other.greeting)}</p>
<p>${escapeHtml(other.intro)}</p>
<p><a href="${escapeHtml(link)}" style="color:#0f5c4d">${escapeHtml(other.button)}</a></p>
<p>${escapeHtml(other.ignore)}</p>
</div>`;
  const text = `${other.greeting}\n\n${other.intro}\n\n${other.button}:\n${link}\n\n${other.ignore}`;
  return renderMail(locale, 'newsletter_confirm', `${own.subject} · ${other.subject}`, own.greeting, [
    own.intro,
    { link, label: own.button },
    own.ignore,
    { markup, text },
  ]);
}

const ISSUE_FOOTER = {
  en: { text: `You receive this newsletter because you subscribed to it on ${PRODUCT_NAME.en}.`, label: 'Unsubscribe' },
  ar: { text: `تصلك هذه النشرة لأنك اشتركت فيها على ${PRODUCT_NAME.ar}.`, label: 'إلغاء الاشتراك' },
} as const;

const TEST_PREFIX = { en: '[Test] ', ar: '[تجربة] ' } as const;

/** An issue in one language, with the unsubscribe link of this recipient; `test`: the administrator's own test. */
export function newsletterIssueMail(
  locale: Locale,
  issue: { subject: string; body: RenderedMarkdown },
  unsubscribeLink: string,
  test = false,
): RenderedMail {
  const footer = { ...ISSUE_FOOTER[locale], link: unsubscribeLink };
  const subject = test ? `${TEST_PREFIX[locale]}${issue.subject}` : issue.subject;
  return renderMail(locale, test ? 'newsletter_test' : 'newsletter_issue', subject, null, [{ markup: issue.body.html, text: issue.body.text }], footer);
}
