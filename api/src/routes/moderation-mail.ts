/**
 * E-mails of moderation, in the recipient's language (decisions.md, "Reports and moderation"): the
 * author of a removed chat message or profile text, a warned author, and each reporter told the
 * outcome. None names the moderator. (A removed research is told by the review's mail, a
 * suspension by the users screen's.)
 *
 * Each names the item it is about, as its reader knows it: a chat message by its research's title
 * (in the mail's language), when it was sent and the start of its text; a research by its title; a
 * profile by its owner's name. A reporter is also told when they reported it (they may have filed
 * several), and a link leads to the research or profile while it is still published.
 */
import { formatDate, formatTimeZone, isolate, pickLocalized, PLATFORM_TIME_ZONE, type Locale } from '@scholars/shared-contracts/locale';
import type { ReportItemType } from '@scholars/shared-contracts/schemas';
import { renderMail, type MailBlock, type RenderedMail, greeting } from '../lib/mail/templates';
import { quoteOf, type ItemIdentity } from '../lib/moderation/items';

/**
 * The item a decision was about (lib/moderation/items.ts `itemIdentity`), and the page the mails
 * link to: the research (its chat for a message) or the profile; null once it is no longer shown.
 */
interface MailItem {
  item: ItemIdentity;
  link: string | null;
}

/** An instant of a mail: the locale owner's date and time in the platform's zone, the zone named. */
const when = (value: Date, locale: Locale) =>
  `${formatDate(value, locale, 'dateTime', PLATFORM_TIME_ZONE)} (${formatTimeZone(PLATFORM_TIME_ZONE, locale, value)})`;

interface Words {
  /** The item, to its author ("removed {item}"). */
  authorItems: Record<ReportItemType, string>;
  /** The item, to a reporter ("Thank you for reporting {item}"). */
  reportedItems: Record<ReportItemType, string>;
  research(id: number, title: string): string;
  sent(at: string): string;
  profile(name: string): string;
  reportedAt(at: string): string;
  message: string;
  openChat: string;
  openResearch: string;
  openOwnProfile: string;
  openProfile: string;
}

const texts: Record<Locale, Words> = {
  en: {
    authorItems: { chat_message: 'a message you wrote in a research chat', research: 'your research', profile: 'the texts and picture of your public profile' },
    reportedItems: { chat_message: 'a chat message', research: 'a research', profile: 'a profile' },
    research: (id: number, title: string) => `Research: "${isolate(title)}" (no. ${id})`,
    sent: (at: string) => `Sent: ${at}`,
    profile: (name: string) => `Profile: ${isolate(name)}`,
    reportedAt: (at: string) => `Date of your report: ${at}`,
    message: 'Message:',
    openChat: "The research's chat",
    openResearch: "The research's page",
    openOwnProfile: 'Your public profile',
    openProfile: 'The profile',
  },
  ar: {
    authorItems: { chat_message: 'رسالة كتبتها في محادثة بحث', research: 'بحثك', profile: 'نصوص ملفك الشخصي العام وصورته' },
    reportedItems: { chat_message: 'رسالة في محادثة', research: 'بحث', profile: 'ملف شخصي' },
    research: (id: number, title: string) => `البحث: «${isolate(title)}» (رقم ${id})`,
    sent: (at: string) => `وقت الإرسال: ${at}`,
    profile: (name: string) => `الملف الشخصي: ${isolate(name)}`,
    reportedAt: (at: string) => `تاريخ بلاغك: ${at}`,
    message: 'نص الرسالة:',
    openChat: 'محادثة البحث',
    openResearch: 'صفحة البحث',
    openOwnProfile: 'ملفك الشخصي العام',
    openProfile: 'الملف الشخصي',
  },
};

/**
 * What names the item: for a chat message its research, when it was sent and the start of its text;
 * for a research its title; for a profile (a reporter's mail) its owner's name; for a reporter, when
 * they reported it. Apart: the link to the research or profile while it is shown.
 */
function named(locale: Locale, { item, link: page }: MailItem, reader: { reportedAt: Date } | 'author'): { blocks: MailBlock[]; link: MailBlock[] } {
  const words = texts[locale];
  const lines: string[] = [];
  const blocks: MailBlock[] = [];
  let link: MailBlock[] = [];
  if (item.type === 'profile') {
    if (reader !== 'author') lines.push(words.profile(item.name));
    if (page) link = [{ link: page, label: reader === 'author' ? words.openOwnProfile : words.openProfile }];
  } else {
    // The title in the mail's language (the other one when the research has only that one).
    lines.push(words.research(item.research.id, pickLocalized(locale, item.research.title, item.research.titleEn)));
    if (item.type === 'chat_message') lines.push(words.sent(when(item.sentAt, locale)));
    if (page) link = [{ link: page, label: item.type === 'chat_message' ? words.openChat : words.openResearch }];
  }
  if (reader !== 'author') lines.push(words.reportedAt(when(reader.reportedAt, locale)));
  if (lines.length > 0) blocks.push(lines.join('\n'));
  if (item.type === 'chat_message') blocks.push(words.message, { quote: quoteOf(item.text) });
  return { blocks, link };
}

/** To the author: their content was removed (`remove`) or they are warned (`warn`), with the moderator's reason. */
export function authorModerationMail(
  locale: Locale,
  input: MailItem & { name: string; action: 'remove' | 'warn'; reason: string; policyLink: string; contactLink: string },
): RenderedMail {
  const item = texts[locale].authorItems[input.item.type];
  const removed = input.action === 'remove';
  const about = named(locale, input, 'author');
  if (locale === 'ar') {
    return renderMail(locale, `moderation_${input.action}`, removed ? 'أُزيل محتوى لك' : 'تنبيه بشأن محتوى لك', greeting(locale, input.name), [
      removed
        ? `أزال مشرفو المنصة ${item} بعد بلاغ، وفق سياسة الخصوصية والمحتوى.`
        : `راجع مشرفو المنصة ${item} بعد بلاغ. لم يُزل شيء، لكننا ننبهك إلى سياسة الخصوصية والمحتوى.`,
      ...about.blocks,
      ...about.link,
      'السبب:',
      { quote: input.reason },
      'قد يؤدي تكرار المخالفات إلى إيقاف الحساب.',
      { link: input.policyLink, label: 'سياسة الخصوصية والمحتوى' },
      'إن رأيت أن القرار خاطئ فاكتب إلينا لنراجعه.',
      { link: input.contactLink, label: 'الاعتراض على القرار' },
    ]);
  }
  return renderMail(locale, `moderation_${input.action}`, removed ? 'Content of yours was removed' : 'A warning about your content', greeting(locale, input.name), [
    removed
      ? `After a report, the platform's moderators removed ${item}, under the privacy and content policy.`
      : `After a report, the platform's moderators reviewed ${item}. Nothing was removed, but we remind you of the privacy and content policy.`,
    ...about.blocks,
    ...about.link,
    'Reason:',
    { quote: input.reason },
    'Repeated breaches may lead to the suspension of the account.',
    { link: input.policyLink, label: 'Privacy and content policy' },
    'If you think the decision is wrong, write to us and we will look at it again.',
    { link: input.contactLink, label: 'Appeal the decision' },
  ]);
}

/** To a reporter: the outcome of their report ("action taken" or "no action"), naming the item and when they reported it. */
export function reporterOutcomeMail(locale: Locale, input: MailItem & { name: string; reportedAt: Date; actionTaken: boolean }): RenderedMail {
  const item = texts[locale].reportedItems[input.item.type];
  const about = named(locale, input, { reportedAt: input.reportedAt });
  if (locale === 'ar') {
    // The pronoun agrees with the item: a message (رسالة) is feminine, a research and a profile masculine.
    const feminine = input.item.type === 'chat_message';
    return renderMail(locale, 'moderation_outcome', input.actionTaken ? 'نتيجة بلاغك: اتُّخذ إجراء' : 'نتيجة بلاغك: لم يُتَّخذ إجراء', greeting(locale, input.name), [
      `شكرًا لإبلاغك عن ${item}. ${feminine ? 'راجعها' : 'راجعه'} مشرفو المنصة.`,
      ...about.blocks,
      input.actionTaken
        ? 'النتيجة: اتُّخذ إجراء وفق سياسة الخصوصية والمحتوى.'
        : `النتيجة: لم يُتَّخذ إجراء، إذ لم يجد المشرفون ${feminine ? 'فيها' : 'فيه'} مخالفة للسياسة.`,
      ...about.link,
    ]);
  }
  return renderMail(locale, 'moderation_outcome', input.actionTaken ? 'Your report: action taken' : 'Your report: no action', greeting(locale, input.name), [
    `Thank you for reporting ${item}. The platform's moderators reviewed it.`,
    ...about.blocks,
    input.actionTaken ? 'Outcome: action was taken under the privacy and content policy.' : 'Outcome: no action was taken; the moderators found no breach of the policy.',
    ...about.link,
  ]);
}
