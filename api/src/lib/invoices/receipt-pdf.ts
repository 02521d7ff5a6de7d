/**
 * The bilingual PDF receipt of an invoice: every row carries its English label at the left edge,
 * the value in the middle and the Arabic label at the right edge, so one document serves both
 * languages (Arabic lines drawn as lib/pdf-text.ts says).
 *
 * The receipt of a subscription's current period says what comes next (`renewal.ts`): its next
 * billing date while it renews, else the day it ends and that nothing more is charged.
 */
import PDFDocument from 'pdfkit';
import { formatInvoiceNumber, type InvoiceStatus } from '@scholars/shared-contracts/schemas';
import { SITE_NAME, formatDate, type Locale } from '@scholars/shared-contracts/locale';
import { ARABIC, drawLine, pdfBytes, registerFonts, type LineStyle } from '../pdf-text';
import type { RenewalNote } from './renewal';

export interface ReceiptData {
  number: number;
  issuedAt: Date;
  status: InvoiceStatus;
  /** When a refunded payment was given back. */
  refundedAt?: Date | null;
  amount: number;
  currency: string;
  customerName: string;
  customerEmail: string;
  planName: string | null;
  planNameEn: string | null;
  periodStart: Date | null;
  periodEnd: Date | null;
  paymentMethod: string | null;
  /** The next charge, or the end of a subscription whose renewal is off; null: neither is said. */
  renewal: RenewalNote;
}

export interface ReceiptRow {
  en: string;
  ar: string;
  values: string[];
}

// The platform's date format in its zone (Western digits), English: the receipt's font is Latin.
const receiptDate = (date: Date) => formatDate(date, 'en', 'date');
const money = (amount: number) => amount.toFixed(2);

const PAYMENT_METHODS: Record<string, Record<Locale, string>> = {
  card: { en: 'Card', ar: 'بطاقة' },
  local_test_card: { en: 'Test card (local checkout)', ar: 'بطاقة تجريبية - دفع محلي' },
};
export function paymentMethodLabel(method: string | null, locale: Locale): string {
  if (!method) return locale === 'ar' ? 'غير محدد' : 'Not specified';
  return PAYMENT_METHODS[method]?.[locale] ?? method;
}

function statusValues(receipt: ReceiptData): string[] {
  if (receipt.status === 'paid') return ['Paid', 'مدفوعة'];
  if (receipt.status === 'canceled') return ['Canceled', 'ملغاة'];
  return receipt.refundedAt ? [`Refunded on ${receiptDate(receipt.refundedAt)}`, 'مستردّة'] : ['Refunded', 'مستردّة'];
}

/** The receipt's rows: English label, values (English, then Arabic where they differ), Arabic label. */
export function receiptRows(receipt: ReceiptData): ReceiptRow[] {
  return [
    { en: 'Receipt number', ar: 'رقم الإيصال', values: [formatInvoiceNumber(receipt.number)] },
    { en: 'Date', ar: 'التاريخ', values: [receiptDate(receipt.issuedAt)] },
    { en: 'Billed to', ar: 'صادر باسم', values: [receipt.customerName, receipt.customerEmail] },
    {
      en: 'Plan',
      ar: 'الخطة',
      // Both languages' names, side by side like the labels.
      values: [receipt.planNameEn ?? '', receipt.planName ?? ''].filter(Boolean),
    },
    {
      en: 'Period',
      ar: 'فترة الاشتراك',
      values: receipt.periodStart && receipt.periodEnd ? [`${receiptDate(receipt.periodStart)} to ${receiptDate(receipt.periodEnd)}`] : ['-'],
    },
    {
      en: 'Payment method',
      ar: 'طريقة الدفع',
      values: [paymentMethodLabel(receipt.paymentMethod, 'en'), paymentMethodLabel(receipt.paymentMethod, 'ar')],
    },
    { en: 'Status', ar: 'الحالة', values: statusValues(receipt) },
    ...(receipt.renewal?.renews ? [{ en: 'Next billing date', ar: 'موعد الفاتورة القادمة', values: [receiptDate(receipt.renewal.nextBillingDate)] }] : []),
    ...(receipt.renewal && !receipt.renewal.renews
      ? [
          {
            en: 'Subscription ends on',
            ar: 'ينتهي الاشتراك في',
            values: [receiptDate(receipt.renewal.endsOn), 'Renewal is off, nothing more is charged', 'التجديد متوقف ولن يُخصم أي مبلغ آخر'],
          },
        ]
      : []),
  ];
}

/** The receipt as PDF bytes. */
export async function renderReceiptPdf(receipt: ReceiptData): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    lang: 'en',
    info: {
      Title: `Receipt ${formatInvoiceNumber(receipt.number)}`,
      Author: SITE_NAME.en,
      Subject: 'Payment receipt / إيصال دفع',
      CreationDate: receipt.issuedAt,
    },
  });
  const done = pdfBytes(doc);
  registerFonts(doc);

  const left = 50;
  const right = doc.page.width - 50;
  const valueX = 200;
  const valueWidth = right - 150 - valueX;

  /** One line placed from the left edge `x`, or against `rightEdge` when it is Arabic. */
  const line = (text: string, y: number, opts: LineStyle & { x?: number; rightEdge?: number } = {}) => drawLine(doc, text, y, { x: left, ...opts });

  // Header.
  doc.rect(0, 0, doc.page.width, 110).fill('#065f46');
  line(SITE_NAME.en, 38, { font: 'bold', size: 20, color: '#ffffff' });
  line(SITE_NAME.ar, 38, { rightEdge: right, font: 'bold', size: 20, color: '#ffffff' });
  line('Payment receipt', 70, { size: 12, color: '#d1fae5' });
  line('إيصال دفع', 70, { rightEdge: right, size: 12, color: '#d1fae5' });

  const paid = receipt.status === 'paid';
  const rows = receiptRows(receipt);

  let y = 140;
  for (const row of rows) {
    line(row.en, y, { color: '#475569' });
    line(row.ar, y, { rightEdge: right, color: '#475569' });
    row.values.forEach((value, index) => {
      const isArabic = ARABIC.test(value);
      line(value, y + index * 16, isArabic ? { rightEdge: valueX + valueWidth } : { x: valueX });
    });
    y += Math.max(1, row.values.length) * 16 + 12;
    doc.moveTo(left, y - 6).lineTo(right, y - 6).lineWidth(0.5).strokeColor('#e2e8f0').stroke();
  }

  // Total.
  y += 8;
  doc.roundedRect(left, y, right - left, 56, 6).fill(paid ? '#ecfdf5' : '#fef2f2');
  line('Total', y + 12, { x: left + 12, font: 'bold', size: 13 });
  line('الإجمالي', y + 12, { rightEdge: right - 12, font: 'bold', size: 13 });
  line(`${receipt.currency} ${money(receipt.amount)}`, y + 12, { x: valueX, font: 'bold', size: 13 });
  line(`${money(receipt.amount)} درهم إماراتي`, y + 32, { rightEdge: valueX + valueWidth, size: 10.5, color: '#334155' });

  y += 90;
  line('Thank you for supporting academic research.', y, { color: '#475569' });
  line('شكرًا لدعمك البحث العلمي.', y + 18, { rightEdge: right, color: '#475569' });
  line('Amounts are in UAE dirham (AED), per year.', y + 44, { size: 9, color: '#64748b' });
  line('المبالغ بالدرهم الإماراتي وعن سنة كاملة.', y + 58, { rightEdge: right, size: 9, color: '#64748b' });

  doc.end();
  return done;
}
