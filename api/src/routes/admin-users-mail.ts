/**
 * E-mails of the users screen, in the recipient's language (decisions.md, E-mail): the account was
 * suspended (why, until when) and the suspension was lifted; a staff role was granted or revoked;
 * a subscription was ended by the administrators (why, and what was given back).
 */
import type { StaffRole } from '@scholars/shared-contracts/authorization';
import { formatAmount, formatDate, isolate, type Locale } from '@scholars/shared-contracts/locale';
import { renderMail, type RenderedMail, greeting } from '../lib/mail/templates';

export function suspendedMail(locale: Locale, input: { name: string; reason: string; endsAt: Date | null; contactLink: string }): RenderedMail {
  const until = input.endsAt ? formatDate(input.endsAt, locale, 'dateTime') : null;
  if (locale === 'ar') {
    return renderMail(locale, 'account_suspended', 'تم إيقاف حسابك', greeting(locale, input.name), [
      until ? `أوقف مسؤولو المنصة حسابك حتى ${until}.` : 'أوقف مسؤولو المنصة حسابك حتى إشعار آخر.',
      'السبب:',
      { quote: input.reason },
      'انتهت جميع جلساتك، ولا يمكنك تسجيل الدخول طوال مدة الإيقاف. يبقى ما نشرته منشورًا ما لم يُحذف.',
      { link: input.contactLink, label: 'تواصل معنا' },
    ]);
  }
  return renderMail(locale, 'account_suspended', 'Your account was suspended', greeting(locale, input.name), [
    until ? `The platform's administrators suspended your account until ${until}.` : "The platform's administrators suspended your account until further notice.",
    'Reason:',
    { quote: input.reason },
    'All your sessions have ended and you cannot sign in while it lasts. What you published stays unless it is removed.',
    { link: input.contactLink, label: 'Contact us' },
  ]);
}

export function suspensionLiftedMail(locale: Locale, input: { name: string; signInLink: string }): RenderedMail {
  if (locale === 'ar') {
    return renderMail(locale, 'account_suspension_lifted', 'تم رفع الإيقاف عن حسابك', greeting(locale, input.name), [
      'رفع مسؤولو المنصة الإيقاف عن حسابك. يمكنك تسجيل الدخول من جديد.',
      { link: input.signInLink, label: 'تسجيل الدخول' },
    ]);
  }
  return renderMail(locale, 'account_suspension_lifted', 'Your account is active again', greeting(locale, input.name), [
    "The platform's administrators lifted the suspension of your account. You can sign in again.",
    { link: input.signInLink, label: 'Sign in' },
  ]);
}

const ROLE_NAMES: Record<Locale, Record<StaffRole, string>> = {
  en: { admin: 'administrator', reviewer: 'reviewer', supervisor: 'academic supervisor' },
  ar: { admin: 'المسؤول', reviewer: 'المحكّم', supervisor: 'المشرف الأكاديمي' },
};

/** A staff role granted (with where the work is done) or revoked, by the platform's administrators. */
export function roleChangedMail(locale: Locale, input: { name: string; role: StaffRole; granted: boolean; consoleLink: string }): RenderedMail {
  const role = ROLE_NAMES[locale][input.role];
  if (locale === 'ar') {
    return input.granted
      ? renderMail(locale, 'role_granted', `لديك الآن دور ${role} في المنصة`, greeting(locale, input.name), [
          `منحك مسؤولو المنصة دور ${role}. تجد ما يخصّك في لوحة الإدارة.`,
          { link: input.consoleLink, label: 'فتح لوحة الإدارة' },
          'إن لم تتوقع هذا فتواصل معنا بالرد على هذه الرسالة.',
        ])
      : renderMail(locale, 'role_revoked', `لم يعد لديك دور ${role} في المنصة`, greeting(locale, input.name), [
          `سحب مسؤولو المنصة دور ${role} من حسابك. يبقى حسابك وما نشرته كما هما.`,
        ]);
  }
  return input.granted
    ? renderMail(locale, 'role_granted', `You are now a ${role} on the platform`, greeting(locale, input.name), [
        `The platform's administrators made you a ${role}. Your work is waiting in the console.`,
        { link: input.consoleLink, label: 'Open the console' },
        'If you did not expect this, write to us by answering this e-mail.',
      ])
    : renderMail(locale, 'role_revoked', `You are no longer a ${role} on the platform`, greeting(locale, input.name), [
        `The platform's administrators took the ${role} role from your account. Your account and what you published stay as they are.`,
      ]);
}

/**
 * The administrators ended a subscription at once: which one, when access ended, why, that nothing
 * more is charged, and the payment given back (invoice, amount, how long a card refund takes).
 */
export function subscriptionEndedMail(
  locale: Locale,
  input: { name: string; planName: string; endedAt: Date; reason: string; refund: { amount: number; currency: string; invoice: string } | null; billingLink: string; contactLink: string },
): RenderedMail {
  const date = formatDate(input.endedAt, locale, 'longDate');
  const refund = input.refund;
  if (locale === 'ar') {
    return renderMail(locale, 'subscription_ended_by_staff', `انتهى اشتراكك في «${isolate(input.planName)}»`, greeting(locale, input.name), [
      `أنهى مسؤولو المنصة اشتراكك في «${isolate(input.planName)}» في ${date}. انتهى الوصول الذي يتيحه الاشتراك، ولن يُخصم أي مبلغ آخر.`,
      'السبب:',
      { quote: input.reason },
      refund
        ? `رُدّ إليك مبلغ آخر دفعة (${formatAmount(refund.amount)} درهم، الفاتورة ${refund.invoice}) إلى وسيلة الدفع نفسها؛ يظهر في حساب البطاقة عادةً خلال 5 إلى 10 أيام عمل.`
        : 'لم يُردّ أي مبلغ مع إنهاء الاشتراك.',
      { link: input.billingLink, label: 'الاشتراكات والفواتير في ملفك الشخصي' },
      { link: input.contactLink, label: 'للاستفسار: تواصل معنا' },
    ]);
  }
  return renderMail(locale, 'subscription_ended_by_staff', `Your ${isolate(input.planName)} subscription has ended`, greeting(locale, input.name), [
    `The platform's administrators ended your ${isolate(input.planName)} subscription on ${date}. The access it gave has ended, and nothing more will be charged.`,
    'Reason:',
    { quote: input.reason },
    refund
      ? `Your last payment (${refund.currency} ${formatAmount(refund.amount)}, invoice ${refund.invoice}) was given back to the same payment method; card refunds usually show within 5 to 10 business days.`
      : 'No payment was given back with this ending.',
    { link: input.billingLink, label: 'Subscriptions and invoices in your profile' },
    { link: input.contactLink, label: 'Questions? Contact us' },
  ]);
}
