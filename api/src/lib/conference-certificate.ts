/**
 * A member's certificate of attendance at a conference (decisions.md, Conferences): one A4
 * landscape page in the member's language, saying that the platform certifies their presence at
 * the conference, when and where it was held, with the certificate's number and date of issue.
 * Arabic lines are drawn as lib/pdf-text.ts says. The Arabic wording names the attendance with a
 * verbal noun (بحضور), the same for a man and a woman.
 */
import PDFDocument from 'pdfkit';
import { SITE_NAME, formatDate, type Locale } from '@scholars/shared-contracts/locale';
import { drawCentered, drawLine, lineWidth, pdfBytes, registerFonts } from './pdf-text';

export interface CertificateData {
  locale: Locale;
  /** The member's name, as on their account. */
  name: string;
  /** The conference's title in `locale` (or the other language when it has only that one). */
  title: string;
  startDate: Date;
  endDate: Date | null;
  /** The conference's own zone: its days as its attendees lived them. */
  timezone: string;
  /** Its venue in `locale`; null with `online` for a conference held online. */
  venue: string | null;
  online: boolean;
  /** Printed on the certificate, and what staff find it by: `{conference id}-{registration id}`. */
  number: string;
  issuedAt: Date;
}

export const certificateNumber = (conferenceId: number, registrationId: number) => `${conferenceId}-${registrationId}`;

/** The certificate's lines in its language (a test reads them). */
export function certificateTexts(data: CertificateData) {
  const day = (date: Date) => formatDate(date, data.locale, 'longDate', data.timezone);
  const oneDay = !data.endDate || day(data.startDate) === day(data.endDate);
  if (data.locale === 'ar') {
    return {
      heading: 'شهادة حضور',
      certifies: `يشهد ${SITE_NAME.ar} بحضور`,
      attended: 'المؤتمر',
      when: oneDay ? `المنعقد في ${day(data.startDate)}` : `المنعقد من ${day(data.startDate)} إلى ${day(data.endDate!)}`,
      where: data.venue ? `في ${data.venue}` : data.online ? 'عبر الإنترنت' : '',
      number: `رقم الشهادة: ${data.number}`,
      issued: `تاريخ الإصدار: ${formatDate(data.issuedAt, 'ar', 'longDate')}`,
    };
  }
  return {
    heading: 'Certificate of Attendance',
    certifies: `${SITE_NAME.en} certifies that`,
    attended: 'attended the conference',
    when: oneDay ? `held on ${day(data.startDate)}` : `held from ${day(data.startDate)} to ${day(data.endDate!)}`,
    where: data.venue ? `in ${data.venue}` : data.online ? 'online' : '',
    number: `Certificate no. ${data.number}`,
    issued: `Issued on ${formatDate(data.issuedAt, 'en', 'longDate')}`,
  };
}

/** The certificate as PDF bytes. */
export async function renderCertificatePdf(data: CertificateData): Promise<Buffer> {
  const texts = certificateTexts(data);
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: 0,
    lang: data.locale,
    info: { Title: `${texts.heading}: ${data.title}`, Author: SITE_NAME[data.locale], Subject: texts.heading, CreationDate: data.issuedAt },
  });
  const done = pdfBytes(doc);
  registerFonts(doc);
  const { width, height } = doc.page;
  const left = 90;
  const right = width - 90;

  // A double frame in the platform's green.
  doc.rect(24, 24, width - 48, height - 48).lineWidth(3).strokeColor('#065f46').stroke();
  doc.rect(34, 34, width - 68, height - 68).lineWidth(0.75).strokeColor('#34d399').stroke();

  let y = 70;
  y = drawCentered(doc, SITE_NAME[data.locale], y, { left, right, font: 'bold', size: 16, color: '#065f46' }) + 18;
  y = drawCentered(doc, texts.heading, y, { left, right, font: 'bold', size: 32, color: '#0f172a' }) + 22;
  y = drawCentered(doc, texts.certifies, y, { left, right, size: 14, color: '#475569' }) + 10;
  y = drawCentered(doc, data.name, y, { left, right, font: 'bold', size: 26, color: '#0f172a', maxLines: 2 }) + 10;
  y = drawCentered(doc, texts.attended, y, { left, right, size: 14, color: '#475569' }) + 8;
  y = drawCentered(doc, data.title, y, { left, right, font: 'bold', size: 20, color: '#065f46', maxLines: 3 }) + 12;
  y = drawCentered(doc, texts.when, y, { left, right, size: 13, color: '#334155' });
  if (texts.where) drawCentered(doc, texts.where, y + 2, { left, right, size: 13, color: '#334155', maxLines: 2 });

  // The number at the start edge of the footer, the date of issue at its end (mirrored in Arabic).
  const footerY = height - 80;
  const style = { size: 10, color: '#64748b' } as const;
  const [atLeft, atRight] = data.locale === 'ar' ? [texts.issued, texts.number] : [texts.number, texts.issued];
  drawLine(doc, atLeft, footerY, { ...style, x: left, rightEdge: left + lineWidth(doc, atLeft, style) });
  drawLine(doc, atRight, footerY, { ...style, x: right - lineWidth(doc, atRight, style), rightEdge: right });

  doc.end();
  return done;
}
