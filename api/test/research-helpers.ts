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

/** The start of a JFIF JPEG (enough for the type check). */
export const jpegBytes = () =>
  Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01]), Buffer.alloc(64, 0)]);

/** A RIFF/WEBP header (lossy VP8). */
export const webpBytes = () => Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x24, 0, 0, 0]), Buffer.from('WEBPVP8 '), Buffer.alloc(40, 0)]);

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
