/**
 * Storing uploads under a server-generated name (never the user's), with the type checked on the
 * first bytes and the size counted as the bytes arrive. The bytes are assembled in the storage's
 * local staging folder, then put in the store ({@link FileStorage}: FILES_DIR or S3). Public files
 * (images) get keys `public/...` and are served at /files/...; private files (research and book
 * PDFs) `private/...`, only ever sent by authorized routes. Pictures are decoded and re-encoded
 * before they are kept ({@link normalizeImage}): bounded in pixels, no metadata.
 */
import { randomUUID } from 'node:crypto';
import { createWriteStream, type WriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { once } from 'node:events';
import path from 'node:path';
import type { ValidationMessageKey } from '@scholars/shared-contracts/schemas';
import { SNIFF_BYTES, sniffType, type SniffedType } from './sniff';
import { safeOriginalName } from './names';
import { normalizeImage, type ImageRule } from './images';
import { isStoredKey, type FileStorage } from './storage';

export interface UploadRule {
  /** The multipart field carrying the file. */
  field: string;
  /** Accepted types, recognised by content. */
  types: readonly SniffedType['mime'][];
  maxBytes: number;
  /** `public`: served under /files/; `private`: only through authorized routes. */
  root: 'public' | 'private';
  /** Folder under the root, e.g. `images/research` or `research`. */
  folder: string;
  /** Message when the content is not one of `types`. */
  typeError: ValidationMessageKey;
  /** Message when the file is missing (checked by the caller). */
  requiredError: ValidationMessageKey;
  /** Download name when the original one has no usable characters. */
  fallbackName: string;
  /** For pictures: how they are re-encoded (pictures are always re-encoded; without this, to fit 512 px). */
  image?: ImageRule;
}

export interface StoredFile {
  /** As stored in the database: `public/images/research/2026/11/<uuid>.webp`, `private/research/...`. */
  path: string;
  /** The user's name for it, made safe ({@link safeOriginalName}). */
  originalName: string;
  mime: SniffedType['mime'];
  size: number;
}

export interface UploadProblem {
  status: 400 | 413;
  key: ValidationMessageKey;
  params?: Record<string, number | string>;
}

export type StoreResult = { ok: true; file: StoredFile } | { ok: false; problem: UploadProblem };

/** A readable of file bytes; busboy marks it `truncated` when its own limit cut it. */
type FileStream = AsyncIterable<Buffer> & { truncated?: boolean; resume?: () => unknown };

export const megabytes = (bytes: number) => Math.round((bytes / (1024 * 1024)) * 10) / 10;

/**
 * Reads `stream` to the end. The file is written only once its first bytes are a type of `rule`,
 * and removed again when it turns out larger than `rule.maxBytes`. The stream is always read to
 * its end (so the rest of the multipart body keeps flowing).
 */
export async function storeUpload(storage: FileStorage, stream: FileStream, filename: string | undefined, rule: UploadRule): Promise<StoreResult> {
  const now = new Date();
  const month = `${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
  let head = Buffer.alloc(0);
  let type: SniffedType | null = null;
  let problem: UploadProblem | null = null;
  let size = 0;
  let out: WriteStream | null = null;
  let relative = '';
  let partial = '';
  let staged = '';

  const open = async (sniffed: SniffedType) => {
    const name = `${randomUUID()}.${sniffed.ext}`;
    relative = path.posix.join(rule.root, rule.folder, month, name);
    await mkdir(storage.stagingDir, { recursive: true });
    staged = path.join(storage.stagingDir, name);
    partial = `${staged}.part`;
    out = createWriteStream(partial, { flags: 'wx' });
    out.on('error', () => undefined);
  };
  const write = async (chunk: Buffer) => {
    if (!out) return;
    if (!out.write(chunk)) await once(out, 'drain');
  };

  try {
    for await (const chunk of stream) {
      if (problem) continue; // drain
      size += chunk.length;
      if (size > rule.maxBytes) {
        problem = { status: 413, key: 'validation.fileTooLarge', params: { maximum: megabytes(rule.maxBytes) } };
        continue;
      }
      if (!type) {
        head = Buffer.concat([head, chunk]);
        if (head.length < SNIFF_BYTES) continue;
        type = sniffType(head);
        if (!type || !rule.types.includes(type.mime)) {
          problem = { status: 400, key: rule.typeError };
          continue;
        }
        await open(type);
        await write(head);
        continue;
      }
      await write(chunk);
    }
    if (!problem && stream.truncated) {
      problem = { status: 413, key: 'validation.fileTooLarge', params: { maximum: megabytes(rule.maxBytes) } };
    }
    if (!problem && !type) {
      // Shorter than the sniffing window: an empty or tiny file is no accepted type. An empty part
      // without a name is a file input left empty (a plain form sends one): the field's "required";
      // a named file with nothing in it was chosen, and is empty.
      type = head.length > 0 ? sniffType(head) : null;
      if (!type || !rule.types.includes(type.mime)) problem = { status: 400, key: head.length > 0 ? rule.typeError : filename ? 'validation.fileEmpty' : rule.requiredError };
      else {
        await open(type);
        await write(head);
      }
    }
    const writer = out as WriteStream | null;
    if (writer) {
      writer.end();
      await once(writer, 'close');
    }
    if (problem || !type) {
      if (partial) await rm(partial, { force: true });
      return { ok: false, problem: problem ?? { status: 400, key: rule.typeError } };
    }
    if (type.mime.startsWith('image/')) {
      // Never kept as sent: an image rule without its own bounds gets the smaller (avatar) ones.
      const image = await normalizeImage(partial, staged, type.mime, rule.image ?? { maxSide: 512 });
      await rm(partial, { force: true });
      if (!image.ok) {
        await rm(staged, { force: true });
        return { ok: false, problem: image.problem };
      }
      size = image.size;
      await storage.put(relative, { file: staged }, type.mime);
      await rm(staged, { force: true });
    } else {
      await storage.put(relative, { file: partial }, type.mime);
      await rm(partial, { force: true });
    }
    return {
      ok: true,
      file: { path: relative, originalName: safeOriginalName(filename, type.ext, rule.fallbackName), mime: type.mime, size },
    };
  } catch (error) {
    const writer = out as WriteStream | null;
    writer?.destroy();
    if (partial) await rm(partial, { force: true });
    if (staged) await rm(staged, { force: true });
    if (relative) await storage.delete(relative).catch(() => undefined);
    throw error;
  }
}

/** Removes stored files (after a failed request, or a replaced file). Seed files are never touched. */
export async function removeStored(storage: FileStorage, paths: Array<string | null | undefined>): Promise<void> {
  for (const stored of paths) {
    if (stored && isStoredKey(stored)) await storage.delete(stored).catch(() => undefined);
  }
}
