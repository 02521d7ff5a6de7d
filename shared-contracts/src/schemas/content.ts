/**
 * What every content screen of the operator console shares with the API (issue 19): the list
 * query, the version an edit started from, draft / published / archived, the rule that published
 * content is complete in both languages, and the files the upload call hands back.
 *
 * Bilingual fields follow the tables: `title` is the Arabic text and `title_en` the English one.
 * A draft may be saved with either empty; publishing asks for both ({@link missingTranslations}).
 */
import { z } from 'zod';
import { successSchema } from './envelope';

// ---------------------------------------------------------------- lists
/** `GET admin/...?q=&page=&limit=` (and each list's own filters): `q` is the Arabic-aware search. */
export const adminListQuerySchema = z.object({
  q: z.string().trim().max(200, 'validation.maxLength').optional(),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type AdminListQuery = z.input<typeof adminListQuerySchema>;

// ---------------------------------------------------------------- versions and states
/** The version an edit started from; the save answers 409 `validation.staleEdit` when the row moved on. */
export const versionSchema = z.number({ error: 'validation.required' }).int().min(1);
/** `?version=` of a DELETE. */
export const versionQuerySchema = z.object({ version: z.coerce.number().int().min(1) });

export const CONTENT_STATUSES = ['draft', 'published', 'archived'] as const;
export const contentStatusSchema = z.enum(CONTENT_STATUSES);
export type ContentStatus = z.infer<typeof contentStatusSchema>;

/** `POST admin/<content>/{id}/status`: publish, back to draft (unpublish) or archive. */
export const contentStatusBodySchema = z.object({ status: contentStatusSchema, version: versionSchema });
export type ContentStatusBody = z.infer<typeof contentStatusBodySchema>;

// ---------------------------------------------------------------- both languages
/** A text of one language in a bilingual pair: may be empty in a draft. */
export const draftText = (max: number) => z.string().trim().max(max, 'validation.maxLength').default('');

/**
 * The fields of `pairs` (each `[arabic, english]`, e.g. `['title', 'title_en']`) left empty in
 * `values`: what refuses publishing (`validation.translationMissing` on each, in the errors map).
 * Nested rows (agenda, speakers) are checked by the caller with a prefix, e.g. `speakers.0.name`.
 */
export function missingTranslations(values: Record<string, unknown>, pairs: ReadonlyArray<readonly [string, string]>, prefix = ''): string[] {
  const empty = (key: string) => {
    const value = values[key];
    return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
  };
  const missing: string[] = [];
  for (const [ar, en] of pairs) {
    if (empty(ar) && empty(en)) continue; // an optional pair left out in both languages
    if (empty(ar)) missing.push(`${prefix}${ar}`);
    if (empty(en)) missing.push(`${prefix}${en}`);
  }
  return missing;
}

/** As {@link missingTranslations}, but a pair empty in both languages is missing too (required pairs). */
export function missingRequiredTranslations(values: Record<string, unknown>, pairs: ReadonlyArray<readonly [string, string]>, prefix = ''): string[] {
  const missing = missingTranslations(values, pairs, prefix);
  for (const [ar, en] of pairs) {
    const blank = (key: string) => typeof values[key] !== 'string' || (values[key] as string).trim() === '';
    if (blank(ar) && blank(en)) missing.push(`${prefix}${ar}`, `${prefix}${en}`);
  }
  return missing;
}

// ---------------------------------------------------------------- links
/** An absolute `https://` address with a host name and no credentials (a site, a social profile). */
export function isHttpsUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname.includes('.') && !url.username && !url.password;
  } catch {
    return false;
  }
}

// ---------------------------------------------------------------- files
/** `POST admin/uploads?kind=image|pdf` (multipart field `file`). */
export const UPLOAD_KINDS = ['image', 'pdf'] as const;
export const uploadQuerySchema = z.object({ kind: z.enum(UPLOAD_KINDS) });
export type UploadKind = z.infer<typeof uploadQuerySchema>['kind'];

/** A stored upload, as a later save refers to it. */
export const uploadedFileSchema = z.object({
  /** `public/images/content/...` (images, served at /files/...) or `private/content/...` (PDFs). */
  path: z.string(),
  original_name: z.string(),
  mime: z.string(),
  size: z.number().int(),
});
export type UploadedFile = z.infer<typeof uploadedFileSchema>;
export const uploadResponseSchema = successSchema(uploadedFileSchema);

/** A content image a save refers to: one the upload call stored (never a path of the client's choice). */
export const contentImagePathSchema = z
  .string()
  .regex(/^public\/images\/[\w-]+(\/[\w.-]+)+$/, 'validation.fileReferenceInvalid')
  .refine((value) => !value.includes('..'), 'validation.fileReferenceInvalid');
