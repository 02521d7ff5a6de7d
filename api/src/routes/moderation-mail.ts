/**
 * E-mails of moderation, in the recipient's language (decisions.md, "Reports and moderation"): the
 * author of a removed chat message or profile text, a warned author, and each reporter told the
 * outcome. None names the moderator. (A removed research is told by the review's mail, a
 * suspension by the users screen's.)
 */
import type { Locale } from '@scholars/shared-contracts/locale';
import type { ReportItemType } from '@scholars/shared-contracts/schemas';
import { renderMail, type RenderedMail, greeting } from '../lib/mail/templates';

const itemNames: Record<Locale, Record<ReportItemType, string>> = {
  en: { chat_message: 'a message you wrote in a research chat', research: 'your research', profile: 'the texts and picture of your public profile' },
  ar: { chat_message: 'رسالة كتبتها في محادثة بحث', research: 'بحثك', profile: 'نصوص ملفك الشخصي العام وصورته' },
};
const reportedNames: Record<Locale, Record<ReportItemType, string>> = {
  en: { chat_message: 'a chat message', research: 'a research', profile: 'a profile' },
  ar: { chat_message: 'رسالة في محادثة', research: 'بحث', profile: 'ملف شخصي' },
};

/** To the author: their content was removed (`remove`) or they are warned (`warn`), with the moderator's reason. */
export function authorModerationMail(
  locale: Locale,
  input: { name: string; action: 'remove' | 'warn'; itemType: ReportItemType; reason: string; policyLink: string; contactLink: string },
): RenderedMail {
  const item = itemNames[locale][input.itemType];
  if (locale === 'ar') {
    const removed = input.action === 'remove';
    return renderMail(locale, `moderation_${input.action}`, removed ? 'أُزيل محتوى لك' : 'تنبيه بشأن محتوى لك', greeting(locale, input.name), [
      removed
        ? `أزال مشرفو المنصة ${item} بعد بلاغ، وفق سياسة الخصوصية والمحتوى.`
        : `راجع مشرفو المنصة ${item} بعد بلاغ. لم يُزل شيء، لكننا ننبهك إلى سياسة الخصوصية والمحتوى.`,
      'السبب:',
      { quote: input.reason },
      'قد يؤدي تكرار المخالفات إلى إيقاف الحساب.',
      { link: input.policyLink, label: 'سياسة الخصوصية والمحتوى' },
      'إن رأيت أن القرار خاطئ فاكتب إلينا لنراجعه.',
      { link: input.contactLink, label: 'الاعتراض على القرار' },
    ]);
  }
  const removed = input.action === 'remove';
  return renderMail(locale, `moderation_${input.action}`, removed ? 'Content of yours was removed' : 'A warning about your content', greeting(locale, input.name), [
    removed
      ? `After a report, the platform's moderators removed ${item}, under the privacy and content policy.`
      : `After a report, the platform's moderators reviewed ${item}. Nothing was removed, but we remind you of the privacy and content policy.`,
    'Reason:',
    { quote: input.reason },
    'Repeated breaches may lead to the suspension of the account.',
    { link: input.policyLink, label: 'Privacy and content policy' },
    'If you think the decision is wrong, write to us and we will look at it again.',
    { link: input.contactLink, label: 'Appeal the decision' },
  ]);
}

/** To a reporter: the outcome of their report ("action taken" or "no action"). */
export function reporterOutcomeMail(locale: Locale, input: { name: string; itemType: ReportItemType; actionTaken: boolean }): RenderedMail {
  const item = reportedNames[locale][input.itemType];
  if (locale === 'ar') {
    return renderMail(locale, 'moderation_outcome', input.actionTaken ? 'نتيجة بلاغك: اتُّخذ إجراء' : 'نتيجة بلاغك: لم يُتَّخذ إجراء', greeting(locale, input.name), [
      `شكرًا لإبلاغك عن ${item}. راجعه مشرفو المنصة.`,
      input.actionTaken ? 'النتيجة: اتُّخذ إجراء وفق سياسة الخصوصية والمحتوى.' : 'النتيجة: لم يُتَّخذ إجراء، إذ لم يجد المشرفون فيه مخالفة للسياسة.',
    ]);
  }
  return renderMail(locale, 'moderation_outcome', input.actionTaken ? 'Your report: action taken' : 'Your report: no action', greeting(locale, input.name), [
    `Thank you for reporting ${item}. The platform's moderators reviewed it.`,
    input.actionTaken ? 'Outcome: action was taken under the privacy and content policy.' : 'Outcome: no action was taken; the moderators found no breach of the policy.',
  ]);
}
