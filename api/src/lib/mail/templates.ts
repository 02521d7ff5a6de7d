/**
 * E-mail texts in the recipient's language (decisions.md, E-mail): each helper returns
 * `{ subject, text, html }` for `app.mail.enqueue({ to, locale, ...mail })`. The HTML part is a
 * small right-to-left aware layout; every value put into it is escaped. Add new helpers here
 * (review outcome, subscription receipt, conference registration...) with `renderMail`.
 */
export type MailLocale = 'en' | 'ar';

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
  /** Stored with the outbox row (which template made it). */
  template: string;
}

export const PRODUCT_NAME: Record<MailLocale, string> = { en: 'Scholars Hub', ar: 'منصة الباحثين' };

const escapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => escapes[ch] ?? ch);
}

/** A paragraph of the mail: plain text, or a link, or a highlighted code. */
export type MailBlock = string | { link: string; label: string } | { code: string } | { quote: string };

/**
 * Builds the text and HTML versions from the same blocks: a greeting, the blocks, a signature.
 * Arabic mails get `dir="rtl"` and `lang="ar"`.
 */
export function renderMail(
  locale: MailLocale,
  template: string,
  subject: string,
  greeting: string,
  blocks: MailBlock[],
): RenderedMail {
  const signature = locale === 'ar' ? `مع أطيب التحيات،\nفريق ${PRODUCT_NAME.ar}` : `Kind regards,\nThe ${PRODUCT_NAME.en} team`;
  const textBlocks = blocks.map((block) => {
    if (typeof block === 'string') return block;
    if ('link' in block) return `${block.label}:\n${block.link}`;
    if ('code' in block) return block.code;
    return block.quote
      .split('\n')
      .map((line) => `> ${line}`)
      .join('\n');
  });
  const text = [greeting, ...textBlocks, signature].join('\n\n') + '\n';

  const dir = locale === 'ar' ? 'rtl' : 'ltr';
  const align = locale === 'ar' ? 'right' : 'left';
  const htmlBlocks = blocks.map((block) => {
    if (typeof block === 'string') return `<p>${escapeHtml(block).replace(/\n/g, '<br>')}</p>`;
    if ('link' in block) {
      return `<p><a href="${escapeHtml(block.link)}" style="display:inline-block;padding:10px 18px;background:#0f5c4d;color:#ffffff;text-decoration:none;border-radius:6px">${escapeHtml(block.label)}</a></p><p style="font-size:12px;color:#555;word-break:break-all" dir="ltr">${escapeHtml(block.link)}</p>`;
    }
    if ('code' in block) {
      return `<p dir="ltr" style="font-size:28px;letter-spacing:6px;font-weight:bold;font-family:monospace;text-align:center">${escapeHtml(block.code)}</p>`;
    }
    return `<blockquote style="margin:0;padding:8px 12px;border-${align === 'right' ? 'right' : 'left'}:3px solid #ccc;color:#333">${escapeHtml(block.quote).replace(/\n/g, '<br>')}</blockquote>`;
  });
  const html = `<!doctype html>
<html lang="${locale}" dir="${dir}">
<head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f5f5f5;font-family:Arial,Tahoma,sans-serif;color:#222">
<div style="max-width:560px;margin:0 auto;background:#ffffff;padding:24px;border-radius:8px;text-align:${align}" dir="${dir}">
<h1 style="font-size:18px;margin:0 0 16px">${escapeHtml(PRODUCT_NAME[locale])}</h1>
<p>${escapeHtml(greeting)}</p>
${htmlBlocks.join('\n')}
<p>${escapeHtml(signature).replace(/\n/g, '<br>')}</p>
</div>
</body>
</html>
`;
  return { subject, text, html, template };
}

const greet = (locale: MailLocale, name?: string | null) =>
  locale === 'ar' ? (name ? `مرحبًا ${name}،` : 'مرحبًا،') : name ? `Hello ${name},` : 'Hello,';

/** The 6-digit code of an e-mail verification (sign-up, unverified sign-in). The code is in the subject too. */
export function otpMail(locale: MailLocale, input: { name?: string | null; code: string; minutes: number }): RenderedMail {
  if (locale === 'ar') {
    return renderMail(locale, 'otp_verify_email', `رمز التحقق الخاص بك: ${input.code}`, greet(locale, input.name), [
      'استخدم الرمز التالي لتأكيد بريدك الإلكتروني:',
      { code: input.code },
      `تنتهي صلاحية الرمز خلال ${input.minutes} دقائق ولا يمكن استخدامه إلا مرة واحدة.`,
      'إذا لم تطلب هذا الرمز فتجاهل هذه الرسالة.',
    ]);
  }
  return renderMail(locale, 'otp_verify_email', `Your verification code: ${input.code}`, greet(locale, input.name), [
    'Use this code to verify your e-mail address:',
    { code: input.code },
    `The code expires in ${input.minutes} minutes and can be used once.`,
    'If you did not ask for it, you can ignore this e-mail.',
  ]);
}

/** Password reset: the 6-digit code (OTP screen) and the single-use link (/reset-password/<token>). */
export function passwordResetMail(
  locale: MailLocale,
  input: { name?: string | null; code: string; link: string; codeMinutes: number; linkMinutes: number },
): RenderedMail {
  if (locale === 'ar') {
    return renderMail(locale, 'password_reset', `رمز إعادة تعيين كلمة المرور: ${input.code}`, greet(locale, input.name), [
      'تلقّينا طلبًا لإعادة تعيين كلمة المرور لحسابك. أدخل هذا الرمز في صفحة التحقق:',
      { code: input.code },
      `أو افتح الرابط التالي (صالح لمدة ${input.linkMinutes} دقيقة ولمرة واحدة):`,
      { link: input.link, label: 'إعادة تعيين كلمة المرور' },
      `تنتهي صلاحية الرمز خلال ${input.codeMinutes} دقائق. إذا لم تطلب ذلك فتجاهل هذه الرسالة، ولن تتغير كلمة المرور.`,
    ]);
  }
  return renderMail(locale, 'password_reset', `Your password reset code: ${input.code}`, greet(locale, input.name), [
    'We received a request to reset the password of your account. Enter this code on the verification page:',
    { code: input.code },
    `Or open this link (valid for ${input.linkMinutes} minutes, once):`,
    { link: input.link, label: 'Reset my password' },
    `The code expires in ${input.codeMinutes} minutes. If you did not ask for this, ignore this e-mail: your password stays the same.`,
  ]);
}

/** Receipt to the sender of the contact form, with a copy of the message. */
export function contactReceiptMail(locale: MailLocale, input: { fullName: string; message: string }): RenderedMail {
  if (locale === 'ar') {
    return renderMail(locale, 'contact_receipt', 'تلقّينا رسالتك', greet(locale, input.fullName), [
      'شكرًا لتواصلك معنا. وصلتنا رسالتك وسيردّ عليك فريقنا في أقرب وقت.',
      'نص رسالتك:',
      { quote: input.message },
    ]);
  }
  return renderMail(locale, 'contact_receipt', 'We received your message', greet(locale, input.fullName), [
    'Thank you for contacting us. We received your message and our team will answer soon.',
    'Your message:',
    { quote: input.message },
  ]);
}

/** A contact-form message for the staff inbox (CONTACT_INBOX). Reply-To is not set: reply to the address shown. */
export function contactStaffMail(
  locale: MailLocale,
  input: { id: number; fullName: string; email: string; phone: string; message: string; senderLocale: MailLocale },
): RenderedMail {
  if (locale === 'ar') {
    return renderMail(locale, 'contact_staff', `رسالة تواصل جديدة من ${input.fullName}`, 'مرحبًا،', [
      `رسالة جديدة رقم ${input.id} من نموذج التواصل:`,
      `الاسم: ${input.fullName}\nالبريد الإلكتروني: ${input.email}\nالهاتف: ${input.phone}\nاللغة: ${input.senderLocale === 'ar' ? 'العربية' : 'الإنجليزية'}`,
      { quote: input.message },
    ]);
  }
  return renderMail(locale, 'contact_staff', `New contact message from ${input.fullName}`, 'Hello,', [
    `New message #${input.id} from the contact form:`,
    `Name: ${input.fullName}\nE-mail: ${input.email}\nPhone: ${input.phone}\nLanguage: ${input.senderLocale === 'ar' ? 'Arabic' : 'English'}`,
    { quote: input.message },
  ]);
}
