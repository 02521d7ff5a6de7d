/**
 * Helpers of the content routes' tests (issue 19): an administrator's session, multipart uploads
 * through `POST admin/uploads`, and small valid files.
 */
import type { FastifyInstance } from 'fastify';
import { bearer, createUser, signIn } from './helper';
import type { StaffRole } from '@scholars/shared-contracts/authorization';

/** A valid 1x1 PNG. */
export const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
/** A small valid PDF. */
export const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

export function multipartFile(field: string, filename: string, content: Buffer, contentType: string) {
  const boundary = `----scholars${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, content, tail]), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** Signed-in headers of a new account with `role` (an administrator by default). */
export async function staffHeaders(app: FastifyInstance, role: StaffRole = 'admin'): Promise<{ id: number; headers: Record<string, string> }> {
  const user = await createUser(app, { role });
  return { id: user.id, headers: bearer(await signIn(app, user)) };
}

/** `POST admin/uploads?kind=`; the answer as given. */
export function uploadContent(app: FastifyInstance, headers: Record<string, string>, kind: 'image' | 'pdf', filename: string, content: Buffer, contentType = kind === 'pdf' ? 'application/pdf' : 'image/png') {
  const body = multipartFile('file', filename, content, contentType);
  return app.inject({ method: 'POST', url: `/api/admin/uploads?kind=${kind}`, headers: { ...headers, 'content-type': body.contentType }, payload: body.payload });
}

/** The stored path of an uploaded file (fails the test when the upload is refused). */
export async function uploadedPath(app: FastifyInstance, headers: Record<string, string>, kind: 'image' | 'pdf' = 'image'): Promise<string> {
  const answer = await uploadContent(app, headers, kind, kind === 'pdf' ? 'book.pdf' : 'cover.png', kind === 'pdf' ? PDF : PNG);
  if (answer.statusCode !== 201) throw new Error(`upload refused: ${answer.statusCode} ${answer.body}`);
  return (answer.json() as { data: { path: string } }).data.path;
}
