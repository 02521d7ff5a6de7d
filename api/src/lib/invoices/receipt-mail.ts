/**
 * The receipt e-mail of a paid invoice, in the user's language (decisions.md "E-mail"), with a
 * link to the profile's billing tab where the PDF receipt is downloaded. The next billing date only
 * while the subscription renews; once its renewal is off, the day it ends and no next charge
 * (`renewal.ts`).
 */
import { formatInvoiceNumber } from '@scholars/shared-contracts/schemas';
import { paymentMethodLabel } from './receipt-pdf';
import { SITE_NAME, formatDate, pickLocalized, type Locale } from '@scholars/shared-contracts/locale';
import { escapeHtml, greeting, renderMail, type RenderedMail } from '../mail/templates';
import type { RenewalNote } from './renewal';

export interface ReceiptMailData {
  locale: Locale;
  name: string;
  number: number;
  amount: number;
  currency: string;
  planName: string | null;
  planNameEn: string | null;
  /** The next charge, or the end of a subscription whose renewal is off; null: neither is said. */
  renewal: RenewalNote;
  paymentMethod: string | null;
  billingUrl: string;
}

const day = (date: Date, locale: Locale) => formatDate(date, locale, 'longDate');

/** The receipt in the site's one mail layout: the figures as a table, then the billing tab as a button. */
export function receiptMail(data: ReceiptMailData): RenderedMail {
  const number = formatInvoiceNumber(data.number);
  const amount = data.amount.toFixed(2);
  const method = paymentMethodLabel(data.paymentMethod, data.locale);
  const lines =
    data.locale === 'ar'
      ? {
          subject: `إيصال اشتراكك ${number}`,
          greeting: greeting('ar', data.name),
          intro: `شكرًا لاشتراكك في ${SITE_NAME.ar}. تم استلام دفعتك بنجاح.`,
          rows: [
            ['رقم الإيصال', number],
            ['الخطة', pickLocalized('ar', data.planName, data.planNameEn) || '-'],
            ['المبلغ', `${amount} درهم`],
            ['طريقة الدفع', method],
            ...(data.renewal?.renews ? [['موعد الفاتورة القادمة', day(data.renewal.nextBillingDate, 'ar')]] : []),
            ...(data.renewal && !data.renewal.renews ? [['ينتهي الاشتراك في', day(data.renewal.endsOn, 'ar')]] : []),
          ],
          renewalOff: 'التجديد متوقف، فلن يُخصم أي مبلغ آخر.',
          outro: 'الإيصال بصيغة PDF مرفق بهذه الرسالة، ويبقى متاحًا في تبويب الفواتير في ملفك الشخصي.',
          billing: 'فتح تبويب الفواتير',
        }
      : {
          subject: `Your subscription receipt ${number}`,
          greeting: greeting('en', data.name),
          intro: `Thank you for subscribing to ${SITE_NAME.en}. We have received your payment.`,
          rows: [
            ['Receipt number', number],
            ['Plan', pickLocalized('en', data.planName, data.planNameEn) || '-'],
            ['Amount', `${data.currency} ${amount}`],
            ['Payment method', method],
            ...(data.renewal?.renews ? [['Next billing date', day(data.renewal.nextBillingDate, 'en')]] : []),
            ...(data.renewal && !data.renewal.renews ? [['Subscription ends on', day(data.renewal.endsOn, 'en')]] : []),
          ],
          renewalOff: 'Renewal is off, so nothing more will be charged.',
          outro: 'The PDF receipt is attached to this e-mail; it stays in the billing tab of your profile too.',
          billing: 'Open the billing tab',
        };
  const rowsText = lines.rows.map(([label, value]) => `${label}: ${value}`).join('\n');
  // The receipt's figures as a table in the HTML part (a line each in the text part).
  const rowsHtml = `<table style="border-collapse:collapse">${lines.rows
    .map(([label, value]) => `<tr><td style="padding:4px 12px;color:#475569">${escapeHtml(label ?? '')}</td><td style="padding:4px 12px;font-weight:600">${escapeHtml(value ?? '')}</td></tr>`)
    .join('')}</table>`;
  return renderMail(data.locale, 'subscription_receipt', lines.subject, lines.greeting, [
    lines.intro,
    { markup: rowsHtml, text: rowsText },
    ...(data.renewal && !data.renewal.renews ? [lines.renewalOff] : []),
    lines.outro,
    { link: data.billingUrl, label: lines.billing },
  ]);
}
