/**
 * Reading a multipart form with files: text fields as strings, files stored by {@link storeUpload}
 * with their rule. Problems with files are collected (not thrown) so that the route can answer
 * every field's error at once; on any failure the caller removes the stored files.
 */
import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors';
import { removeStored, storeUpload, type StoredFile, type UploadProblem, type UploadRule } from './store';

export interface MultipartForm {
  fields: Record<string, string>;
  files: Record<string, StoredFile>;
  problems: Record<string, UploadProblem>;
}

/** Room for the text fields and the multipart framing on top of the files themselves. */
const OVERHEAD_BYTES = 1024 * 1024;

export async function readMultipartForm(request: FastifyRequest, rules: readonly UploadRule[], filesDir: string): Promise<MultipartForm> {
  if (!request.isMultipart()) throw new AppError(415, 'validation.unsupportedMediaType');
  // A body larger than every file at its limit plus the fields cannot be valid: refuse at once.
  const declared = Number(request.headers['content-length']);
  const largest = rules.reduce((total, rule) => total + rule.maxBytes, 0) + OVERHEAD_BYTES;
  if (Number.isFinite(declared) && declared > largest) throw new AppError(413, 'validation.payloadTooLarge');

  const byField = new Map(rules.map((rule) => [rule.field, rule]));
  const form: MultipartForm = { fields: {}, files: {}, problems: {} };
  const maxFile = Math.max(...rules.map((rule) => rule.maxBytes));
  try {
    // `throwFileSizeLimit: false`: a file cut at the limit is reported by storeUpload (413 with
    // the field's message) instead of failing the whole parse (accepted at run time, not typed).
    const options = {
      limits: { fileSize: maxFile + 1, files: rules.length + 2, fields: 40, fieldSize: 64 * 1024, parts: 60 },
      throwFileSizeLimit: false,
    };
    const parts = request.parts(options as Parameters<typeof request.parts>[0]);
    for await (const part of parts) {
      if (part.type === 'field') {
        if (!(part.fieldname in form.fields) && typeof part.value === 'string') form.fields[part.fieldname] = part.value;
        continue;
      }
      const rule = byField.get(part.fieldname);
      if (!rule || form.files[part.fieldname] || form.problems[part.fieldname]) {
        // Unknown or repeated file field: read and drop.
        for await (const chunk of part.file) void chunk;
        continue;
      }
      const result = await storeUpload(filesDir, part.file, part.filename, rule);
      if (result.ok) form.files[part.fieldname] = result.file;
      else form.problems[part.fieldname] = result.problem;
    }
  } catch (error) {
    form.problems = {};
    const stored = Object.values(form.files);
    form.files = {};
    await removeStored(filesDir, stored.map((file) => file.path));
    throw error;
  }
  return form;
}
