/**
 * Helpers of the research exchange tests: real little files (a PDF, images, programs), the
 * submission form as multipart, and calls with a signed-in user.
 */
import type { FastifyInstance } from 'fastify';
import { researchPdf } from '../src/db/seed-assets';

/** A valid one-page PDF. */
export const pdfBytes = (title = 'A test research paper') => Buffer.from(researchPdf(title, 'An abstract for the tests.'), 'latin1');

/** A 1x1 PNG. */
export const pngBytes = () =>
  Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

/** A 2x2 JPEG (pictures are decoded when uploaded: it must be a real one). */
export const jpegBytes = () =>
  Buffer.from(
    '/9j/2wBDAAYEBQYFBAYGBQYHBwYIChAKCgkJChQODwwQFxQYGBcUFhYaHSUfGhsjHBYWICwgIyYnKSopGR8tMC0oMCUoKSj/2wBDAQcHBwoIChMKChMoGhYaKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCj/wAARCAACAAIDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAb/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAABQf/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oADAMBAAIRAxEAPwCWAAqu/9k=',
    'base64',
  );

/** A 2x2 lossy WebP. */
export const webpBytes = () => Buffer.from('UklGRjoAAABXRUJQVlA4IC4AAAAQAgCdASoCAAIAAUAmJaACdLoB+AH4AAPIAP7bUf/0YLgOB76X/2MxBXNffyAA', 'base64');

/** A Windows program (MZ header) and a Linux one (ELF), to be renamed .pdf by an attacker. */
export const exeBytes = () => Buffer.concat([Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00, 0x04, 0x00]), Buffer.alloc(120, 0)]);
export const elfBytes = () => Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00]), Buffer.alloc(120, 0)]);

export const validFields = (): Record<string, string> => ({
  title: 'أثر الذكاء الاصطناعي على جودة التعليم الجامعي',
  title_en: 'The Effect of Artificial Intelligence on the Quality of University Education',
  description: 'دراسة ميدانية في ثلاث جامعات إماراتية.',
  description_en: 'A field study in three Emirati universities.',
  abstract: 'تبحث هذه الدراسة في أثر أدوات الذكاء الاصطناعي على جودة التعليم الجامعي من وجهة نظر الطلبة وأعضاء هيئة التدريس.',
  category_id: '1',
  other_category: '',
  research_type: 'general',
  terms: 'true',
});

export interface FormFile {
  bytes: Buffer;
  name: string;
  type?: string;
}

/** The submission form as multipart: text fields, then `file` and `image` when given. */
export function researchForm(fields: Record<string, string | undefined>, files: { file?: FormFile | null; image?: FormFile | null } = {}) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) form.append(name, value);
  const file = files.file === undefined ? { bytes: pdfBytes(), name: 'research.pdf', type: 'application/pdf' } : files.file;
  const image = files.image === undefined ? { bytes: pngBytes(), name: 'cover.png', type: 'image/png' } : files.image;
  if (file) form.append('file', new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'application/octet-stream' }), file.name);
  if (image) form.append('image', new Blob([new Uint8Array(image.bytes)], { type: image.type ?? 'application/octet-stream' }), image.name);
  return form;
}

export async function submitResearch(app: FastifyInstance, headers: Record<string, string>, form: FormData, method: 'POST' | 'PUT' = 'POST', id?: number) {
  const response = await app.inject({ method, url: id ? `/api/research/${id}` : '/api/research', headers, payload: form });
  return { status: response.statusCode, body: response.json() as Record<string, unknown> & { errors?: Record<string, string>; data?: Record<string, unknown> }, response };
}

/** Is `mail` the receipt of a research submission (either language)? Tests of other mails leave it aside. */
export const isResearchReceipt = (mail: { subject: string }) => /^(We received your research|تلقّينا بحثك)/.test(mail.subject);
