/**
 * Reading a multipart form with files: text fields as strings, files stored by {@link storeUpload}
 * with their rule. Problems with files are collected (not thrown) so that the route can answer
 * every field's error at once; on any failure the caller removes the stored files.
 *
 * Whatever the parser throws (no boundary, a body cut short, a part that never ends, a malformed
 * part header, a limit reached) becomes an {@link AppError}: a 4xx with the envelope, never a 500.
 * A client that stops sending in the middle of the body is cut off after UPLOAD_IDLE_TIMEOUT_MS; a
 * complete body the parser makes no progress on is a 400 after PARSER_STALL_MS.
 */
import type { FastifyRequest } from 'fastify';
import type { Multipart } from '@fastify/multipart';
import { AppError } from '../errors';
import { removeStored, storeUpload, type StoredFile, type UploadProblem, type UploadRule } from './store';
import type { FileStorage } from './storage';

export interface MultipartForm {
  fields: Record<string, string>;
  files: Record<string, StoredFile>;
  problems: Record<string, UploadProblem>;
}

/** Room for the text fields and the multipart framing on top of the files themselves. */
const OVERHEAD_BYTES = 1024 * 1024;

const TOO_LARGE = new Set(['FST_PARTS_LIMIT', 'FST_FILES_LIMIT', 'FST_FIELDS_LIMIT', 'FST_REQ_FILE_TOO_LARGE']);

/**
 * What the multipart parser (or the request under it) failed with, as the client's error: a
 * limit is a 413, anything else (busboy's "Unexpected end of multipart data", "Boundary
 * required", a premature close...) a 400. Only errors of the parser reach here, never ours.
 */
export function multipartError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && TOO_LARGE.has(code)) return new AppError(413, 'validation.payloadTooLarge');
  return new AppError(400, 'validation.malformedMultipart');
}

/**
 * How long the parser may sit on input it has (bytes the request holds unread, or a body read to
 * its end) without producing the next part or chunk before the body counts as one it cannot
 * read. Some malformed bodies stop it for good: a part whose header block never ends before the
 * closing boundary leaves it waiting for a header, no longer reading, so the request's buffer
 * fills, the socket is paused and nothing more ever arrives (the client waited for the idle cut-off).
 */
export const PARSER_STALL_MS = 2_000;

/**
 * Times the waits for the parser: armed only while the handler waits for the next part or the
 * next bytes of a file (not while it works on what it has, e.g. re-encoding a picture), and
 * re-armed by every chunk the request delivers.
 * - Nothing to read and nothing new from the client for UPLOAD_IDLE_TIMEOUT_MS: the request is
 *   destroyed with a 408, which ends the parse (and the half-written file) at once.
 * - Input the parser does not take for PARSER_STALL_MS: a 400 (malformed), and the rest of the
 *   body is read and dropped so the connection can carry the next request.
 */
class ClientWait {
  private idle: NodeJS.Timeout | undefined;
  private stall: NodeJS.Timeout | undefined;
  private waiting = 0;
  private listening = false;
  private ended = false;
  private refuse: (error: AppError) => void = () => undefined;
  /** Rejected when the parser stalls on input it has; every wait races it. */
  private readonly stalled = new Promise<never>((_resolve, reject) => (this.refuse = reject));
  private readonly onData = () => {
    this.idle?.refresh();
    this.stall?.refresh();
  };
  private readonly onEnd = () => {
    this.ended = true;
  };

  constructor(
    private readonly request: FastifyRequest,
    private readonly ms: number,
  ) {
    this.stalled.catch(() => undefined);
  }

  private checkStall = () => {
    const raw = this.request.raw;
    // The whole body received (`complete`, even if the parser paused the stream before its end),
    // or bytes buffered that the parser does not take: nothing is awaited from the client.
    if (!this.ended && !raw.complete && raw.readableLength === 0) {
      // Waiting for the client, not the parser: the idle timer decides.
      this.stall = setTimeout(this.checkStall, PARSER_STALL_MS);
      return;
    }
    // The rest of the body is dropped by multipartParts once the refusal ends it.
    this.refuse(new AppError(400, 'validation.malformedMultipart'));
  };

  async wait<T>(next: () => Promise<T>): Promise<T> {
    const pending = next();
    // Listening only once the parser has piped the request: a 'data' listener on an unpiped
    // stream would start it flowing and lose bytes.
    if (!this.listening) {
      this.listening = true;
      this.ended = this.request.raw.readableEnded;
      this.request.raw.on('data', this.onData);
      this.request.raw.once('end', this.onEnd);
    }
    if (this.waiting++ === 0) {
      this.idle = setTimeout(() => this.request.raw.destroy(new AppError(408, 'validation.uploadTimedOut')), this.ms);
      this.stall = setTimeout(this.checkStall, Math.min(PARSER_STALL_MS, this.ms));
    }
    try {
      return await Promise.race([pending, this.stalled]);
    } catch (error) {
      throw multipartError(error);
    } finally {
      if (--this.waiting === 0) this.clear();
    }
  }

  private clear() {
    clearTimeout(this.idle);
    clearTimeout(this.stall);
  }

  close() {
    this.clear();
    this.request.raw.off('data', this.onData);
    this.request.raw.off('end', this.onEnd);
  }
}

/** A file part's bytes; `truncated` when the parser's own size limit cut it. */
export type PartFile = AsyncIterable<Buffer> & { readonly truncated: boolean };

export type FormPart =
  | { type: 'field'; fieldname: string; value: unknown }
  | { type: 'file'; fieldname: string; filename: string | undefined; file: PartFile };

/**
 * The parts of a multipart body, with the parser's failures as {@link AppError}s and the client's
 * silences timed. Parts without a name are read and dropped. Every file part must be read to its
 * end (or the iteration abandoned) before the next part arrives.
 */
export async function* multipartParts(request: FastifyRequest, options: Parameters<FastifyRequest['parts']>[0]): AsyncGenerator<FormPart> {
  if (!request.isMultipart()) throw new AppError(415, 'validation.unsupportedMediaType');
  const wait = new ClientWait(request, request.server.config.UPLOAD_IDLE_TIMEOUT_MS);
  try {
    let parts: AsyncIterator<Multipart>;
    try {
      // Throws at once when the Content-Type has no usable boundary.
      parts = request.parts(options)[Symbol.asyncIterator]();
    } catch (error) {
      throw multipartError(error);
    }
    for (;;) {
      const next = await wait.wait(() => parts.next());
      if (next.done) return;
      const part = next.value;
      if (part.type === 'field') {
        if (part.fieldname) yield { type: 'field', fieldname: part.fieldname, value: part.value };
        continue;
      }
      const source = part.file;
      const chunks = source[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
      const file: PartFile = {
        get truncated() {
          return Boolean(source.truncated);
        },
        [Symbol.asyncIterator]: () => ({ next: () => wait.wait(() => chunks.next()) }),
      };
      if (!part.fieldname) {
        for await (const chunk of file) void chunk;
        continue;
      }
      yield { type: 'file', fieldname: part.fieldname, filename: part.filename, file };
    }
  } finally {
    wait.close();
    // What the parser left unread (it stopped at an error, or the caller stopped early) is read and
    // dropped, as Node does with a body no one reads: the parser's unpipe leaves the request paused,
    // and the connection's next request would wait behind the rest of this body for good.
    if (!request.raw.readableEnded) {
      request.raw.unpipe();
      request.raw.resume();
    }
  }
}

export async function readMultipartForm(request: FastifyRequest, rules: readonly UploadRule[], storage: FileStorage): Promise<MultipartForm> {
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
    for await (const part of multipartParts(request, options as Parameters<typeof request.parts>[0])) {
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
      const result = await storeUpload(storage, part.file, part.filename, rule);
      if (result.ok) form.files[part.fieldname] = result.file;
      else form.problems[part.fieldname] = result.problem;
    }
  } catch (error) {
    form.problems = {};
    const stored = Object.values(form.files);
    form.files = {};
    await removeStored(storage, stored.map((file) => file.path));
    throw error;
  }
  return form;
}
