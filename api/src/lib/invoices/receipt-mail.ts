/**
 * The receipt e-mail of a paid invoice, in the user's language (decisions.md "E-mail"), with a
 * link to the profile's billing tab where the PDF receipt is downloaded.
 */
import { formatInvoiceNumber } from '@scholars/shared-contracts/schemas';
import { paymentMethodLabel } from './receipt-pdf';
import { SITE_NAME, formatDate, pickLocalized, type Locale } from '@scholars/shared-contracts/locale';
import { escapeHtml, greeting, renderMail, type RenderedMail } from '../mail/templates';

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
            ['موعد الفاتورة القادمة', data.periodEnd ? day(data.periodEnd, 'ar') : '-'],
          ],
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
            ['Next billing date', data.periodEnd ? day(data.periodEnd, 'en') : '-'],
          ],
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
    lines.outro,
    { link: data.billingUrl, label: lines.billing },
  ]);
}
