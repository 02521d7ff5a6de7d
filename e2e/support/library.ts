/**
 * Library and research exchange e2e helpers: small real files made here (a PDF, a PNG), the
 * research list of the signed-in user read through the API, and the texts of both languages.
 * Accounts come from billing.ts (`signUpViaApi`: captcha solved, OTP read from the dev outbox;
 * `prepare`: the session in localStorage; `buyThroughApi`: a paid subscription).
 */
import { expect, type APIRequestContext } from '@playwright/test';
import { SHELL_URL } from './stack';

/** A valid one-page PDF 1.4 (Helvetica) with `title` on it. */
export function makePdf(title: string): Buffer {
  const text = title.replace(/[^\x20-\x7e]/g, '').replace(/[\\()]/g, (ch) => `\\${ch}`);
  const ops = `BT /F1 18 Tf 56 770 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${ops.length} >>\nstream\n${ops}\nendstream`,
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(out.length);
    out += `${index + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  out += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/** A 1x1 PNG. */
export const makePng = () =>
  Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

export interface MySubmission {
  id: number;
  title: string;
  title_en: string;
  status: string;
  created_at: string;
}

/** `GET research/mine` as the profile's research tab reads it. */
export async function mySubmissions(request: APIRequestContext, accessToken: string): Promise<MySubmission[]> {
  const response = await request.get(`${SHELL_URL}/api/research/mine`, { headers: { authorization: `Bearer ${accessToken}` } });
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { data: MySubmission[] }).data;
}

/** A form field's label: the text, then the required mark (`*`) the screens add. */
export const labelled = (text: string) => new RegExp(`^${text.replace(/[()]/g, '\\$&')}\\s*\\*?$`);

/** Labels and messages of the screens, per language (what a reader sees). */
export const TEXTS = {
  en: {
    fields: {
      title: 'Title in Arabic',
      title_en: 'Title in English',
      description: 'Description in Arabic',
      description_en: 'Description in English',
      abstract: 'Abstract',
      category: 'Category',
      other: 'Other category',
      type: 'Research type',
      file: 'Research file (PDF)',
      image: 'Research image',
    },
    otherOption: 'Other',
    general: 'General research',
    terms: 'I have read and agree to the privacy and content policy',
    policy: 'privacy and content policy',
    submit: 'Submit research',
    save: 'Save changes',
    titleRequired: 'Title in Arabic is required',
    fixErrors: 'Please correct the fields marked in red.',
    fileType: 'The research file must be a PDF document',
    termsRequired: 'You must agree to the privacy and content policy',
    fileRequired: 'Research file is required',
    otherRequired: 'Please enter the category of your research',
    submitted: 'Your research was submitted',
    expected: /Expected decision between .+ and .+\./,
    status: 'Status: Under review',
    edit: 'Edit this submission',
    updated: 'Your research was updated.',
    progressFile: 'Upload of the research file',
    progressImage: 'Upload of the research image',
    library: {
      title: 'E-book library',
      university: 'University libraries',
      ebooks: 'E-books',
      search: 'Search the library',
      searchButton: 'Search',
      next: 'Next',
      general: 'General',
      // The label a card without a university no longer shows.
      unknown: 'Unknown university',
      universityItems: '22 items',
      ebookItems: '12 items',
      one: '1 item',
      abstract: 'Abstract',
      file: 'Book file',
      download: 'Download the PDF',
      bibtex: 'Export BibTeX',
      ris: 'Export RIS',
      denied: 'You need an active subscription to view this page',
      sharjah: 'University of Sharjah',
    },
  },
  ar: {
    fields: {
      title: 'العنوان بالعربية',
      title_en: 'العنوان بالإنجليزية',
      description: 'الوصف بالعربية',
      description_en: 'الوصف بالإنجليزية',
      abstract: 'الملخص',
      category: 'التصنيف',
      other: 'تصنيف آخر',
      type: 'نوع البحث',
      file: 'ملف البحث (PDF)',
      image: 'صورة البحث',
    },
    otherOption: 'أخرى',
    general: 'بحث عام',
    terms: 'قرأت سياسة الخصوصية والمحتوى وأوافق عليها',
    policy: 'سياسة الخصوصية والمحتوى',
    submit: 'إرسال البحث',
    save: 'حفظ التعديلات',
    titleRequired: 'العنوان بالعربية مطلوب',
    fixErrors: 'يرجى تصحيح الحقول المعلّمة باللون الأحمر.',
    fileType: 'يجب أن يكون ملف البحث مستند PDF',
    termsRequired: 'يجب الموافقة على سياسة الخصوصية والمحتوى',
    fileRequired: 'ملف البحث مطلوب',
    otherRequired: 'يرجى كتابة تصنيف بحثك',
    submitted: 'تم إرسال بحثك',
    expected: /يُتوقع صدور القرار بين .+ و.+\./,
    status: 'الحالة: قيد المراجعة',
    edit: 'تعديل هذا الطلب',
    updated: 'تم تحديث بحثك.',
    progressFile: 'رفع ملف البحث',
    progressImage: 'رفع صورة البحث',
    library: {
      title: 'المكتبة الإلكترونية',
      university: 'مكتبات الجامعات',
      ebooks: 'الكتب الإلكترونية',
      search: 'ابحث في المكتبة',
      searchButton: 'بحث',
      next: 'التالي',
      general: 'عام',
      // The label a card without a university no longer shows.
      unknown: 'جامعة غير معروفة',
      universityItems: '22 عنصرًا',
      ebookItems: '12 عنصرًا',
      one: 'عنصر واحد',
      abstract: 'الملخص',
      file: 'ملف الكتاب',
      download: 'تنزيل ملف PDF',
      bibtex: 'تصدير BibTeX',
      ris: 'تصدير RIS',
      denied: 'تحتاج إلى اشتراك نشط لعرض هذه الصفحة',
      sharjah: 'جامعة الشارقة',
    },
  },
} as const;
