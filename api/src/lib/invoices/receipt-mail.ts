/**
 * The receipt e-mail of a paid invoice, in the user's language (decisions.md "E-mail"), with a
 * link to the profile's billing tab where the PDF receipt is downloaded.
 */
import { formatInvoiceNumber } from '@scholars/shared-contracts/schemas';
import { escapeHtml } from '../payments/checkout-page';
import { paymentMethodLabel } from './receipt-pdf';
import { SITE_NAME, directionOf, formatDate, pickLocalized, type Locale } from '@scholars/shared-contracts/locale';
import { greeting, TEAM_SIGNATURE } from '../mail/templates';

export interface ReceiptMailData {
  locale: Locale;
  name: string;
  number: number;
  amount: number;
  currency: string;
  planName: string | null;
  planNameEn: string | null;
  periodEnd: Date | null;
  paymentMethod: string | null;
  billingUrl: string;
}

const day = (date: Date, locale: Locale) => formatDate(date, locale, 'longDate');

export function receiptMail(data: ReceiptMailData): { subject: string; text: string; html: string } {
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
            ['موعد الفاتورة القادمة', data.periodEnd ? day(data.periodEnd, 'ar') : '-'],
          ],
          outro: 'يمكنك تنزيل الإيصال بصيغة PDF من تبويب الفواتير في ملفك الشخصي:',
          signature: TEAM_SIGNATURE.ar,
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
            ['Next billing date', data.periodEnd ? day(data.periodEnd, 'en') : '-'],
          ],
          outro: 'Download the PDF receipt from the billing tab of your profile:',
          signature: TEAM_SIGNATURE.en,
        };
  const text = [
    lines.greeting,
    '',
    lines.intro,
    '',
    ...lines.rows.map(([label, value]) => `${label}: ${value}`),
    '',
    lines.outro,
    data.billingUrl,
    '',
    lines.signature,
  ].join('\n');
  const dir = directionOf(data.locale);
  const html = `<div dir="${dir}" lang="${data.locale}" style="font-family:Tahoma,Arial,sans-serif;line-height:1.6;color:#0f172a">
<p>${escapeHtml(lines.greeting)}</p>
<p>${escapeHtml(lines.intro)}</p>
<table style="border-collapse:collapse">${lines.rows
    .map(([label, value]) => `<tr><td style="padding:4px 12px;color:#475569">${escapeHtml(label ?? '')}</td><td style="padding:4px 12px;font-weight:600">${escapeHtml(value ?? '')}</td></tr>`)
    .join('')}</table>
<p>${escapeHtml(lines.outro)} <a href="${escapeHtml(data.billingUrl)}">${escapeHtml(data.billingUrl)}</a></p>
<p>${escapeHtml(lines.signature)}</p>
</div>`;
  return { subject: lines.subject, text, html };
}
