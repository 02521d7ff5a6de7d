/**
 * E-mail texts in the recipient's language (decisions.md, E-mail): each helper returns
 * `{ subject, text, html }` for `app.mail.enqueue({ to, locale, ...mail })`. The HTML part is a
 * small right-to-left aware layout; every value put into it is escaped. Add new helpers here
 * (review outcome, subscription receipt, conference registration...) with `renderMail`.
 */
import { SITE_NAME, directionOf, formatDate, isolate, PLATFORM_TIME_ZONE, type Locale } from '@scholars/shared-contracts/locale';
export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
  /** Stored with the outbox row (which template made it). */
  template: string;
}

export const PRODUCT_NAME: Record<Locale, string> = SITE_NAME;
/** How every e-mail signs off, in the recipient's language (one name for the team, issue 21). */
export const TEAM_SIGNATURE: Record<Locale, string> = { en: `The ${SITE_NAME.en} team`, ar: `فريق ${SITE_NAME.ar}` };

const escapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => escapes[ch] ?? ch);
}

/**
 * A paragraph of the mail: plain text, or a link, or a highlighted code, or a quote (someone's own
 * words, in their own direction), or content already made mail-safe with its text version (`markup`:
 * the newsletter's Markdown, markdown.ts).
 */
export type MailBlock = string | { link: string; label: string } | { code: string } | { quote: string } | { markup: string; text: string };

/** Small print after the signature, with one link (the newsletter's unsubscribe link). */
export interface MailFooter {
  text: string;
  link: string;
  label: string;
}

/**
 * Builds the text and HTML versions from the same blocks: a greeting (none when null), the blocks,
 * a signature, and the footer when given. Arabic mails get `dir="rtl"` and `lang="ar"`.
 */
export function renderMail(
  locale: Locale,
  template: string,
  subject: string,
  greeting: string | null,
  blocks: MailBlock[],
  footer?: MailFooter,
): RenderedMail {
  const signature = locale === 'ar' ? `مع أطيب التحيات،\n${TEAM_SIGNATURE.ar}` : `Kind regards,\n${TEAM_SIGNATURE.en}`;
  const textBlocks = blocks.map((block) => {
    if (typeof block === 'string') return block;
    if ('link' in block) return `${block.label}:\n${block.link}`;
    if ('code' in block) return block.code;
    if ('markup' in block) return block.text;
    return block.quote
      .split('\n')
      .map((line) => `> ${line}`)
      .join('\n');
  });
  const footerText = footer ? `--\n${footer.text}\n${footer.label}: ${footer.link}` : null;
  const text = [greeting, ...textBlocks, signature, footerText].filter((part) => part !== null).join('\n\n') + '\n';

  const dir = directionOf(locale);
  // Physical sides: mail clients (Outlook) ignore `start` and logical borders.
  const align = dir === 'rtl' ? 'right' : 'left';
  const htmlBlocks = blocks.map((block) => {
    if (typeof block === 'string') return `<p>${escapeHtml(block).replace(/\n/g, '<br>')}</p>`;
    if ('link' in block) {
      return `<p><a href="${escapeHtml(block.link)}" style="display:inline-block;padding:10px 18px;background:#0f5c4d;color:#ffffff;text-decoration:none;border-radius:6px">${escapeHtml(block.label)}</a></p><p style="font-size:12px;color:#555;word-break:break-all" dir="ltr">${escapeHtml(block.link)}</p>`;
    }
    if ('code' in block) {
      return `<p dir="ltr" style="font-size:28px;letter-spacing:6px;font-weight:bold;font-family:monospace;text-align:center">${escapeHtml(block.code)}</p>`;
    }
    if ('markup' in block) return block.markup;
    // A quote is someone's own words (a reason, a message): its direction is its own (`dir="auto"`), not
    // the mail's, so an Arabic reason in an English mail keeps its full stop at its end.
    return `<blockquote dir="auto" style="margin:0;padding:8px 12px;border-${align}:3px solid #ccc;color:#333">${escapeHtml(block.quote).replace(/\n/g, '<br>')}</blockquote>`;
  });
  const html = `<!doctype html>
<html lang="${locale}" dir="${dir}">
<head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f5f5f5;font-family:Arial,Tahoma,sans-serif;color:#222">
<div style="max-width:560px;margin:0 auto;background:#ffffff;padding:24px;border-radius:8px;text-align:${align}" dir="${dir}">
<h1 style="font-size:18px;margin:0 0 16px">${escapeHtml(PRODUCT_NAME[locale])}</h1>
${greeting === null ? '' : `<p>${escapeHtml(greeting)}</p>\n`}${htmlBlocks.join('\n')}
<p>${escapeHtml(signature).replace(/\n/g, '<br>')}</p>
${footer ? `<p style="margin-top:24px;padding-top:12px;border-top:1px solid #eeeeee;font-size:12px;color:#555555">${escapeHtml(footer.text)} <a href="${escapeHtml(footer.link)}" style="color:#0f5c4d">${escapeHtml(footer.label)}</a></p>\n` : ''}</div>
</body>
</html>
`;
  return { subject, text, html, template };
}

/**
 * Every mail's greeting, in the recipient's language: "Hello Name," / "مرحبًا Name،". The Arabic one
 * is the same for a man and a woman (unlike عزيزي / عزيزتي), whatever the account says or leaves out.
 * The name is isolated, as is every value someone typed that a mail's sentence carries (a title, a
 * name, an address): in a mail of the other direction its own end ("What is AI?") stays at its end.
 */
export const greeting = (locale: Locale, name?: string | null) =>
  locale === 'ar' ? (name ? `مرحبًا ${isolate(name)}،` : 'مرحبًا،') : name ? `Hello ${isolate(name)},` : 'Hello,';

/** The 6-digit code of an e-mail verification (sign-up, unverified sign-in). The code is in the subject too. */
export function otpMail(locale: Locale, input: { name?: string | null; code: string; minutes: number }): RenderedMail {
  if (locale === 'ar') {
    return renderMail(locale, 'otp_verify_email', `رمز التحقق الخاص بك: ${input.code}`, greeting(locale, input.name), [
      'استخدم الرمز التالي لتأكيد بريدك الإلكتروني:',
      { code: input.code },
      `تنتهي صلاحية الرمز خلال ${input.minutes} دقائق ولا يمكن استخدامه إلا مرة واحدة.`,
      'إذا لم تطلب هذا الرمز فتجاهل هذه الرسالة.',
    ]);
  }
  return renderMail(locale, 'otp_verify_email', `Your verification code: ${input.code}`, greeting(locale, input.name), [
    'Use this code to verify your e-mail address:',
    { code: input.code },
    `The code expires in ${input.minutes} minutes and can be used once.`,
    'If you did not ask for it, you can ignore this e-mail.',
  ]);
}

/** Password reset: the 6-digit code (OTP screen) and the single-use link (/reset-password/<token>). */
export function passwordResetMail(
  locale: Locale,
  input: { name?: string | null; code: string; link: string; codeMinutes: number; linkMinutes: number },
): RenderedMail {
  if (locale === 'ar') {
    return renderMail(locale, 'password_reset', `رمز إعادة تعيين كلمة المرور: ${input.code}`, greeting(locale, input.name), [
      'تلقّينا طلبًا لإعادة تعيين كلمة المرور لحسابك. أدخل هذا الرمز في صفحة التحقق:',
      { code: input.code },
      `أو افتح الرابط التالي (صالح لمدة ${input.linkMinutes} دقيقة ولمرة واحدة):`,
      { link: input.link, label: 'إعادة تعيين كلمة المرور' },
      `تنتهي صلاحية الرمز خلال ${input.codeMinutes} دقائق. إذا لم تطلب ذلك فتجاهل هذه الرسالة، ولن تتغير كلمة المرور.`,
    ]);
  }
  return renderMail(locale, 'password_reset', `Your password reset code: ${input.code}`, greeting(locale, input.name), [
    'We received a request to reset the password of your account. Enter this code on the verification page:',
    { code: input.code },
    `Or open this link (valid for ${input.linkMinutes} minutes, once):`,
    { link: input.link, label: 'Reset my password' },
    `The code expires in ${input.codeMinutes} minutes. If you did not ask for this, ignore this e-mail: your password stays the same.`,
  ]);
}

/**
 * After a password change or reset, to the account's address: the owner hears of it even when
 * someone else did it (a session left open, a mailbox read by another). Every other device was signed
 * out; the link starts a reset.
 */
export function passwordChangedMail(locale: Locale, input: { name?: string | null; how: 'change' | 'reset'; resetLink: string }): RenderedMail {
  if (locale === 'ar') {
    return renderMail(locale, 'password_changed', 'تم تغيير كلمة مرور حسابك', greeting(locale, input.name), [
      input.how === 'reset'
        ? 'أُعيد تعيين كلمة مرور حسابك للتو برمز أو رابط أُرسل إلى هذا البريد، وسُجّل الخروج من جميع الأجهزة.'
        : 'غُيّرت كلمة مرور حسابك للتو من صفحة الملف الشخصي، وسُجّل الخروج من جميع الأجهزة الأخرى.',
      'إذا لم تقم بذلك فأعد تعيين كلمة المرور فورًا، ثم تواصل معنا عبر نموذج التواصل:',
      { link: input.resetLink, label: 'إعادة تعيين كلمة المرور' },
    ]);
  }
  return renderMail(locale, 'password_changed', 'Your password was changed', greeting(locale, input.name), [
    input.how === 'reset'
      ? 'The password of your account was just reset with a code or link sent to this address, and every device was signed out.'
      : 'The password of your account was just changed from the profile page, and every other device was signed out.',
    'If this was not you, reset your password at once, then contact us through the contact form:',
    { link: input.resetLink, label: 'Reset my password' },
  ]);
}

/**
 * E-mail change, to the new address: the 6-digit code that confirms it. That address is not proven
 * yet, so the mail carries nothing the account wrote (not even its name): fixed text and the code.
 */
export function emailChangeCodeMail(locale: Locale, input: { code: string; minutes: number; newEmail: string }): RenderedMail {
  if (locale === 'ar') {
    return renderMail(locale, 'email_change_code', `رمز تأكيد بريدك الإلكتروني الجديد: ${input.code}`, greeting(locale), [
      `طُلب استخدام هذا العنوان (${isolate(input.newEmail)}) بريدًا إلكترونيًا لحساب في ${PRODUCT_NAME.ar}. أدخل هذا الرمز في صفحة الملف الشخصي لتأكيده:`,
      { code: input.code },
      `تنتهي صلاحية الرمز خلال ${input.minutes} دقائق ولا يمكن استخدامه إلا مرة واحدة.`,
      'إذا لم تطلب ذلك فتجاهل هذه الرسالة، ولن يُربط هذا العنوان بأي حساب.',
    ]);
  }
  return renderMail(locale, 'email_change_code', `Confirm your new e-mail address: ${input.code}`, greeting(locale), [
    `This address (${isolate(input.newEmail)}) was given as the new e-mail address of an account on ${PRODUCT_NAME.en}. Enter this code on the profile page to confirm it:`,
    { code: input.code },
    `The code expires in ${input.minutes} minutes and can be used once.`,
    'If you did not ask for this, ignore this e-mail: the address will not be attached to any account.',
  ]);
}

/** E-mail change, to the old address: a change to `newEmail` was asked for (nothing changed yet). */
export function emailChangeRequestedMail(locale: Locale, input: { name?: string | null; newEmail: string }): RenderedMail {
  if (locale === 'ar') {
    return renderMail(locale, 'email_change_requested', 'طلب تغيير البريد الإلكتروني لحسابك', greeting(locale, input.name), [
      `طُلب من داخل حسابك تغيير بريده الإلكتروني إلى: ${isolate(input.newEmail)}`,
      'لن يتغير شيء حتى يُدخَل الرمز المرسل إلى العنوان الجديد.',
      'إذا لم تطلب ذلك فغيّر كلمة المرور الآن من صفحة ملفك الشخصي أو عبر "نسيت كلمة المرور".',
    ]);
  }
  return renderMail(locale, 'email_change_requested', 'A change of your e-mail address was requested', greeting(locale, input.name), [
    `Someone signed in to your account asked to change its e-mail address to: ${isolate(input.newEmail)}`,
    'Nothing changes until the code sent to the new address is entered.',
    'If this was not you, change your password now on your profile page or with "Forgot password".',
  ]);
}

/** E-mail change, to the old address: the account's address is now `newEmail`. */
export function emailChangedMail(locale: Locale, input: { name?: string | null; newEmail: string }): RenderedMail {
  if (locale === 'ar') {
    return renderMail(locale, 'email_changed', 'تم تغيير البريد الإلكتروني لحسابك', greeting(locale, input.name), [
      `أصبح البريد الإلكتروني لحسابك: ${isolate(input.newEmail)}`,
      'لن تصل رسائل الحساب إلى هذا العنوان بعد الآن. إذا لم تقم بهذا التغيير فتواصل معنا فورًا عبر نموذج التواصل.',
    ]);
  }
  return renderMail(locale, 'email_changed', 'The e-mail address of your account was changed', greeting(locale, input.name), [
    `The e-mail address of your account is now: ${isolate(input.newEmail)}`,
    'Account e-mails no longer come to this address. If you did not make this change, contact us at once through the contact form.',
  ]);
}

/**
 * The confirmation of a closed account (decisions.md "Closing an account"), sent to the address the
 * account had, in its language, queued before the address is erased.
 */
export function accountClosedMail(
  locale: Locale,
  input: { name: string; closedAt: Date; neutralName: string; registrationsCanceled: boolean; contactLink: string },
): RenderedMail {
  const date = formatDate(input.closedAt, locale, 'longDate', PLATFORM_TIME_ZONE);
  if (locale === 'ar') {
    return renderMail(locale, 'account_closed', 'أُغلق حسابك', greeting(locale, input.name), [
      `بناءً على طلبك، أُغلق حسابك في ${PRODUCT_NAME.ar} بتاريخ ${date}.`,
      `حُذفت بياناتك الشخصية وصورتك وكلمة المرور، وسُجّل خروجك من جميع الأجهزة. تبقى الأبحاث التي قدّمتها ورسائلك في النقاشات وفواتيرك على المنصة باسم «${input.neutralName}».`,
      ...(input.registrationsCanceled ? ['وأُلغيت تسجيلاتك في المؤتمرات التي لم تنتهِ بعد.'] : []),
      'أصبح هذا العنوان متاحًا من جديد: يمكنك إنشاء حساب جديد به متى شئت.',
      'إذا لم تطلب إغلاق حسابك فتواصل معنا فورًا.',
      { link: input.contactLink, label: 'تواصل معنا' },
    ]);
  }
  return renderMail(locale, 'account_closed', 'Your account is closed', greeting(locale, input.name), [
    `As you asked, your ${PRODUCT_NAME.en} account was closed on ${date}.`,
    `Your personal details, picture and password were erased, and you were signed out on every device. The research you submitted, your chat messages and your invoices stay on the platform under the name “${input.neutralName}”.`,
    ...(input.registrationsCanceled ? ['Your registrations for conferences that have not ended yet were canceled.'] : []),
    'This address is free again: you can open a new account with it whenever you like.',
    'If you did not ask to close your account, contact us at once.',
    { link: input.contactLink, label: 'Contact us' },
  ]);
}

/**
 * Receipt to the sender of the contact form. It goes to whatever address was typed in the form,
 * so it carries nothing the sender wrote: no copy of the message and no name (either could put
 * a spammer's words or links in a mail sent from our domain), only fixed text in their language.
 */
export function contactReceiptMail(locale: Locale): RenderedMail {
  if (locale === 'ar') {
    return renderMail(locale, 'contact_receipt', 'تلقّينا رسالتك', greeting(locale), [
      'شكرًا لتواصلك معنا. وصلتنا رسالتك وسيردّ عليك فريقنا خلال يومي عمل.',
      'إذا لم تُرسل إلينا رسالة فتجاهل هذا البريد.',
    ]);
  }
  return renderMail(locale, 'contact_receipt', 'We received your message', greeting(locale), [
    'Thank you for contacting us. We received your message and our team will answer within two working days.',
    'If you did not write to us, you can ignore this e-mail.',
  ]);
}

/** A contact-form message for the staff inbox (CONTACT_INBOX). Reply-To is not set: reply to the address shown. */
export function contactStaffMail(
  locale: Locale,
  input: { id: number; fullName: string; email: string; phone: string; message: string; senderLocale: Locale },
): RenderedMail {
  if (locale === 'ar') {
    return renderMail(locale, 'contact_staff', `رسالة تواصل جديدة من ${isolate(input.fullName)}`, greeting(locale), [
      `رسالة جديدة رقم ${input.id} من نموذج التواصل:`,
      `الاسم: ${isolate(input.fullName)}\nالبريد الإلكتروني: ${isolate(input.email)}\nالهاتف: ${isolate(input.phone)}\nاللغة: ${input.senderLocale === 'ar' ? 'العربية' : 'الإنجليزية'}`,
      { quote: input.message },
    ]);
  }
  return renderMail(locale, 'contact_staff', `New contact message from ${isolate(input.fullName)}`, greeting(locale), [
    `New message #${input.id} from the contact form:`,
    `Name: ${isolate(input.fullName)}\nE-mail: ${isolate(input.email)}\nPhone: ${isolate(input.phone)}\nLanguage: ${input.senderLocale === 'ar' ? 'Arabic' : 'English'}`,
    { quote: input.message },
  ]);
}

/** A date of an e-mail (a decision expected by, a review by): the locale owner's long date, in the platform's zone. */
const mailDate = (value: Date | string, locale: Locale) => formatDate(value, locale, 'longDate', PLATFORM_TIME_ZONE);

/**
 * The notice of an amended privacy and content policy, to a member (lib/operators/policy-notices.ts):
 * the date of the saved version and the link to the policy. A service notice to account holders,
 * so it has no unsubscribe link; it says why it came.
 */
export function policyNoticeMail(locale: Locale, input: { name: string; updatedAt: Date | string; link: string }): RenderedMail {
  const date = mailDate(input.updatedAt, locale);
  if (locale === 'ar') {
    return renderMail(locale, 'policy_notice', `عدّلنا سياسة الخصوصية والمحتوى في ${PRODUCT_NAME.ar}`, greeting(locale, input.name), [
      `عدّلت إدارة ${PRODUCT_NAME.ar} سياسة الخصوصية والمحتوى في ${date}.`,
      'نرجو أن تقرأها: استمرارك في استخدام المنصة قبولٌ لها.',
      { link: input.link, label: 'اقرأ السياسة' },
      `تصلك هذه الرسالة لأن لديك حسابًا على ${PRODUCT_NAME.ar}.`,
    ]);
  }
  return renderMail(locale, 'policy_notice', `We have amended the privacy and content policy of ${PRODUCT_NAME.en}`, greeting(locale, input.name), [
    `The management of ${PRODUCT_NAME.en} amended its privacy and content policy on ${date}.`,
    'Please read it: using the platform from now on means accepting it.',
    { link: input.link, label: 'Read the policy' },
    `You receive this notice because you have an account on ${PRODUCT_NAME.en}.`,
  ]);
}

/**
 * To the member, when the renewal of a subscription was turned off or back on (decisions.md
 * "Subscriptions: renewal"), from the profile or on the payment provider's side: off says until
 * when access lasts and that nothing more is charged; on says when the next charge comes. Both
 * link to the profile's subscriptions tab and say what to do if the member did not make the change.
 */
export function renewalChangedMail(
  locale: Locale,
  input: { name: string; planName: string; renews: boolean; periodEnd: Date | string; link: string },
): RenderedMail {
  const date = mailDate(input.periodEnd, locale);
  const template = input.renews ? 'subscription_renewal_on' : 'subscription_renewal_off';
  if (locale === 'ar') {
    const label = 'الاشتراكات في ملفك الشخصي';
    const notYou = 'إذا لم يكن هذا التغيير بطلب منك، يُرجى التواصل معنا.';
    return input.renews
      ? renderMail(locale, template, `أُعيد تشغيل تجديد اشتراكك: يتجدد في ${date}`, greeting(locale, input.name), [
          `أُعيد تشغيل تجديد اشتراكك في «${isolate(input.planName)}». يتجدد الاشتراك تلقائيًا في ${date} ويُخصم حينها سعر سنة جديدة.`,
          'يمكن إيقاف التجديد في أي وقت قبل ذلك الموعد من تبويب الاشتراكات في ملفك الشخصي.',
          { link: input.link, label },
          notYou,
        ])
      : renderMail(locale, template, `أُوقف تجديد اشتراكك: ينتهي في ${date}`, greeting(locale, input.name), [
          `أُوقف تجديد اشتراكك في «${isolate(input.planName)}». يبقى الاشتراك فعّالًا حتى ${date}، ولن يُخصم أي مبلغ آخر.`,
          'يمكن إعادة تشغيل التجديد قبل ذلك الموعد من تبويب الاشتراكات في ملفك الشخصي.',
          { link: input.link, label },
          notYou,
        ]);
  }
  const label = 'Subscriptions in your profile';
  const notYou = 'If you did not make this change, please contact us.';
  return input.renews
    ? renderMail(locale, template, `Renewal is back on: your subscription renews on ${date}`, greeting(locale, input.name), [
        `Renewal of your ${isolate(input.planName)} subscription is back on. It renews automatically on ${date}, when a new year is charged.`,
        'You can turn renewal off at any time before then, from the subscriptions tab of your profile.',
        { link: input.link, label },
        notYou,
      ])
    : renderMail(locale, template, `Renewal is off: your subscription ends on ${date}`, greeting(locale, input.name), [
        `Renewal of your ${isolate(input.planName)} subscription is now off. Your subscription stays active until ${date}, and nothing more will be charged.`,
        'You can turn renewal back on before then, from the subscriptions tab of your profile.',
        { link: input.link, label },
        notYou,
      ]);
}

/**
 * The stage a new research submission goes to first (decisions.md, Research exchange and review):
 * a student's master or doctoral work to their supervisor (`supervisor`), to the supervisor they
 * named who has not accepted the invitation yet (`supervisor_invited`), or to the supervisor they
 * still have to name (`supervisor_needed`); other work to the reviewers (`review`).
 */
export type ResearchReceiptStage = 'supervisor' | 'supervisor_invited' | 'supervisor_needed' | 'review';

/**
 * Receipt of a research submission, to its author: what was received, the next stage by name, the
 * expected decision date (submitted + 21 days, `expectedBy`) and where to follow it (the profile).
 */
export function researchReceiptMail(
  locale: Locale,
  input: { name: string; title: string; researchId: number; stage: ResearchReceiptStage; expectedBy: Date | string; link: string },
): RenderedMail {
  const date = mailDate(input.expectedBy, locale);
  if (locale === 'ar') {
    const stage = {
      supervisor: 'المرحلة التالية: موافقة المشرف. يصل البحث الآن إلى مشرفك، وبعد موافقته ينتقل إلى التحكيم لدى محكّمي المنصة.',
      supervisor_invited:
        'المرحلة التالية: موافقة المشرف. يصل البحث إلى المشرف الذي سمّيته فور قبوله دعوتك، وبعد موافقته ينتقل إلى التحكيم لدى محكّمي المنصة.',
      supervisor_needed:
        'المرحلة التالية: موافقة المشرف. لم تُسمِّ مشرفًا بعد: سمِّه من تبويب الأبحاث في ملفك الشخصي، فيصله البحث، وبعد موافقته ينتقل إلى التحكيم لدى محكّمي المنصة.',
      review: 'المرحلة التالية: التحكيم لدى محكّمي المنصة.',
    }[input.stage];
    return renderMail(locale, 'research_receipt', `تلقّينا بحثك: ${isolate(input.title)}`, greeting(locale, input.name), [
      `وصلنا بحثك «${isolate(input.title)}» (رقم ${input.researchId}).`,
      stage,
      `القرار المتوقع بحلول ${date}، وسنراسلك به فور صدوره.`,
      { link: input.link, label: 'تابع بحثك في ملفك الشخصي' },
    ]);
  }
  const stage = {
    supervisor: 'Next stage: supervisor approval. Your research now goes to your supervisor; once they approve it, it goes to review by the platform’s reviewers.',
    supervisor_invited:
      'Next stage: supervisor approval. Your research goes to the supervisor you named as soon as they accept your invitation; once they approve it, it goes to review by the platform’s reviewers.',
    supervisor_needed:
      'Next stage: supervisor approval. You have not named a supervisor yet: name one in the research tab of your profile; once they approve it, it goes to review by the platform’s reviewers.',
    review: 'Next stage: review by the platform’s reviewers.',
  }[input.stage];
  return renderMail(locale, 'research_receipt', `We received your research: ${isolate(input.title)}`, greeting(locale, input.name), [
    `We received your research "${isolate(input.title)}" (no. ${input.researchId}).`,
    stage,
    `Expect a decision by ${date}; we will e-mail it to you as soon as it is taken.`,
    { link: input.link, label: 'Follow your research in your profile' },
  ]);
}

/**
 * Receipt of a conference request, to its author: it will be reviewed by `reviewBy` (created +
 * CONFERENCE_REQUEST_REVIEW_DAYS), the decision comes by e-mail, and it can be followed (and
 * edited while pending) in the profile.
 */
export function conferenceRequestReceiptMail(
  locale: Locale,
  input: { name: string; title: string; requestId: number; reviewBy: Date | string; link: string },
): RenderedMail {
  const date = mailDate(input.reviewBy, locale);
  if (locale === 'ar') {
    return renderMail(locale, 'conference_request_receipt', `تلقّينا طلب المؤتمر: ${isolate(input.title)}`, greeting(locale, input.name), [
      `وصلنا طلبك لعقد مؤتمر «${isolate(input.title)}» (رقم ${input.requestId}).`,
      `يراجع فريق المنصة الطلب، وسنراسلك بالقرار بحلول ${date}.`,
      'يمكنك متابعته في ملفك الشخصي (تبويب طلبات المؤتمرات)، وتعديله من هناك ما دام قيد المراجعة.',
      { link: input.link, label: 'تابع طلبك في ملفك الشخصي' },
    ]);
  }
  return renderMail(locale, 'conference_request_receipt', `We received your conference request: ${isolate(input.title)}`, greeting(locale, input.name), [
    `We received your request for the conference "${isolate(input.title)}" (no. ${input.requestId}).`,
    `The platform’s team reviews it and will e-mail you the decision by ${date}.`,
    'You can follow it in your profile (the conference requests tab), and edit it there while it is under review.',
    { link: input.link, label: 'Follow your request in your profile' },
  ]);
}
