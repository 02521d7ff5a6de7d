/**
 * Request generation for the fuzz tests (api/test/fuzz.test.ts, shell/server/fuzz-through-shell.test.ts):
 * from the API's own OpenAPI document, hostile requests for every operation, sent over real HTTP,
 * and the check every answer must pass (no 5xx, the error envelope on a 4xx, an answer in time).
 *
 * Values follow the property names, types, enums and patterns the schema declares, but are as
 * often hostile: wrong types, NUL and other control characters, lone surrogates, U+202E, strings
 * up to ~1.1 MB (over the 1 MiB body limit), JSON nested thousands of levels deep, huge, negative
 * and NaN-like numbers, unknown properties; and raw bodies that are not JSON, wrong content types,
 * malformed multipart.
 */
import http from 'node:http';
import fc from 'fast-check';
import { errorEnvelopeSchema } from '@scholars/shared-contracts/schemas';

type Schema = {
  type?: string | string[];
  enum?: unknown[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  nullable?: boolean;
  additionalProperties?: boolean | Schema;
};

export interface Operation {
  method: string;
  /** OpenAPI path template, e.g. /api/conference/{id}. */
  path: string;
  pathParams: Array<{ name: string; schema: Schema }>;
  queryParams: Array<{ name: string; schema: Schema }>;
  /** requestBody media types and their schemas. */
  bodies: Record<string, Schema>;
}

interface OpenApiDocument {
  paths: Record<string, Record<string, { parameters?: Array<{ in: string; name: string; schema?: Schema }>; requestBody?: { content: Record<string, { schema?: Schema }> } }>>;
}

/** Every operation of the document (hidden routes are not in it). */
export function operationsOf(document: unknown): Operation[] {
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries((document as OpenApiDocument).paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      const parameters = operation.parameters ?? [];
      operations.push({
        method: method.toUpperCase(),
        path,
        pathParams: parameters.filter((p) => p.in === 'path').map((p) => ({ name: p.name, schema: p.schema ?? {} })),
        queryParams: parameters.filter((p) => p.in === 'query').map((p) => ({ name: p.name, schema: p.schema ?? {} })),
        bodies: Object.fromEntries(Object.entries(operation.requestBody?.content ?? {}).map(([type, media]) => [type, media.schema ?? {}])),
      });
    }
  }
  return operations;
}

// ------------------------------------------------------------------------------------ values
/** JSON text spliced into a body as is (nesting too deep for JSON.stringify to build cheaply). */
export class RawJson {
  constructor(readonly text: string) {}
}

/** Nesting far beyond the API's limit (32) and beyond any recursive walker's comfort. */
const deepNesting = fc
  .tuple(fc.integer({ min: 30, max: 20_000 }), fc.boolean())
  .map(([depth, arrays]) => new RawJson(arrays ? `${'['.repeat(depth)}${']'.repeat(depth)}` : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`));

const LONE_SURROGATES = ['\uD800', '\uDBFF', '\uDC00', '\uDFFF', 'a\uD83D', '\uDE00b'];
const CONTROL = [...Array(32).keys()].map((code) => String.fromCharCode(code)).concat(['\u007F', '\u0085', '\u2028', '\u2029', '\uFEFF']);
const BIDI = ['\u202E', '\u202D', '\u2066', '\u2067', '\u2068', '\u2069', '\u200F', '\u061C'];
const NAN_LIKE = ['NaN', '-NaN', 'Infinity', '-Infinity', '-0', '0', '1e308', '-1e308', '1e309', '0x10', '0b1', '1_000', ' 1', '1 ', '+1', '01', '1.0', '1.5', '', ' ', 'null', 'undefined', 'true', 'false', '[]', '{}', '[object Object]', '__proto__', 'constructor', '../../etc/passwd', "' OR 1=1 --", '<script>alert(1)</script>', '%00', '%', '\\', '"'];

const oddChar = fc.oneof(
  fc.constantFrom(...LONE_SURROGATES, ...CONTROL, ...BIDI),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
);

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 3, arbitrary: fc.array(fc.oneof(oddChar, fc.string({ maxLength: 4 })), { maxLength: 12 }).map((parts) => parts.join('')) },
  { weight: 3, arbitrary: fc.constantFrom(...NAN_LIKE) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', minLength: 201, maxLength: 400 }) },
  // Rare: long strings, up to just over the 1 MiB body limit.
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.string({ unit: 'binary', minLength: 1, maxLength: 6 }), fc.integer({ min: 1_000, max: 1_100_000 }))
      .map(([unit, length]) => unit.repeat(Math.ceil(length / unit.length)).slice(0, length)),
  },
);

const hostileNumber = fc.oneof(
  fc.constantFrom(-0, 0, -1, 1e308, -1e308, 5e-324, Number.MAX_SAFE_INTEGER + 2, -Number.MAX_SAFE_INTEGER - 2, 2 ** 31, 2 ** 31 - 1, -(2 ** 31) - 1, 2 ** 63, 2 ** 64, 0.5, 1.5),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** Any JSON value with hostile leaves, a few levels deep; sometimes nesting thousands deep. */
export const hostileValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    { weight: 4, arbitrary: hostileString },
    { weight: 3, arbitrary: hostileNumber },
    { weight: 1, arbitrary: fc.constantFrom(null, true, false) },
    { weight: 1, arbitrary: fc.array(tie('value'), { maxLength: 4 }) },
    { weight: 1, arbitrary: fc.dictionary(hostileString, tie('value'), { maxKeys: 4 }) },
    { weight: 1, arbitrary: deepNesting },
  ),
})).value;

/** Best effort: a value the schema would accept, or close to it (one field valid, others hostile). */
function plausible(schema: Schema, depth = 0): fc.Arbitrary<unknown> {
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((s) => plausible(s, depth)));
  if (schema.allOf?.length) return plausible(schema.allOf[0]!, depth);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'integer': {
      const min = Math.max(schema.minimum ?? -1000, -(2 ** 31));
      const max = Math.min(schema.maximum ?? 1000, 2 ** 31 - 1);
      // The bounds themselves, where off-by-one and overflow live.
      return fc.oneof(fc.integer({ min, max }), fc.constantFrom(min, max));
    }
    case 'number':
      return fc.double({ min: schema.minimum ?? -1000, max: schema.maximum ?? 1000, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'array':
      return depth > 3 ? fc.constant([]) : fc.array(plausible(schema.items ?? {}, depth + 1), { maxLength: 3 });
    case 'object':
      if (depth > 3) return fc.constant({});
      return fc.record(
        Object.fromEntries(Object.entries(schema.properties ?? {}).map(([name, property]) => [name, plausible(property, depth + 1)])),
        { requiredKeys: (schema.required ?? []).filter((name) => schema.properties?.[name]) },
      );
    case 'string': {
      if (schema.format === 'email') return fc.emailAddress();
      if (schema.pattern) {
        try {
          return fc.stringMatching(new RegExp(schema.pattern), { size: 'xsmall' });
        } catch {
          // A pattern fast-check cannot generate from: fall through to a plain string.
        }
      }
      // Within the declared length but with the characters that trip stores and matchers:
      // LIKE wildcards, quotes, backslashes, control characters, lone surrogates, U+202E.
      const minLength = schema.minLength ?? 0;
      const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? 30, 300));
      return fc.oneof(
        fc.string({ minLength, maxLength: Math.min(maxLength, 60) }),
        fc
          .array(fc.oneof(oddChar, fc.constantFrom('%', '_', '\\', "'", '"', '*', ':', '&', '|', '!', '(', ')', '<', '>', ' ', 'ا', 'ي')), { minLength, maxLength: Math.min(maxLength, 60) })
          .map((parts) => parts.join('')),
        fc.constant('x'.repeat(maxLength)),
      );
    }
    default:
      return fc.oneof(fc.string({ maxLength: 10 }), fc.integer({ min: 1, max: 50 }));
  }
}

const valueFor = (schema: Schema, depth = 0) =>
  fc.oneof({ weight: 2, arbitrary: plausible(schema, depth) }, { weight: 3, arbitrary: hostileValue });

/** An object with the schema's properties (each present or not), plausible or hostile, plus unknown ones. */
function objectFor(schema: Schema, depth = 0): fc.Arbitrary<Record<string, unknown>> {
  const properties = Object.entries(schema.properties ?? {});
  const record: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [name, property] of properties) record[name] = valueFor(property, depth);
  const declared = fc.record(record, { requiredKeys: [] });
  const extra = fc.dictionary(fc.oneof(hostileString, fc.constantFrom('__proto__', 'constructor', 'prototype', 'id', 'role', 'userId', 'user_id')), hostileValue, { maxKeys: 3 });
  return fc.tuple(declared, fc.option(extra, { freq: 3 })).map(([known, unknown]) => ({ ...(unknown ?? {}), ...known }));
}

/** JSON text of `value`, with RawJson nodes spliced in. */
export function toJsonText(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  if (Array.isArray(value)) return `[${value.map(toJsonText).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.entries(value).map(([key, entry]) => `${JSON.stringify(key)}:${toJsonText(entry)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

// ------------------------------------------------------------------------------------ addresses
/** Percent-encodes the UTF-8 bytes of `text` (a lone surrogate becomes U+FFFD, as a browser sends it). */
function encodeBytes(text: string): string {
  return [...Buffer.from(text, 'utf8')]
    .map((byte) => (/[A-Za-z0-9\-_.~]/.test(String.fromCharCode(byte)) ? String.fromCharCode(byte) : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`))
    .join('');
}

/** A segment or query value as sent: encoded, or raw escapes no decoder accepts. */
const addressValue = (schema: Schema) =>
  fc.oneof(
    { weight: 3, arbitrary: fc.oneof(plausible(schema), fc.constantFrom(1, 2, 3, 5, 10)).map((v) => encodeBytes(String(v))) },
    { weight: 4, arbitrary: fc.oneof(hostileString.filter((s) => s.length < 5_000), hostileNumber.map(String)).map(encodeBytes) },
    { weight: 1, arbitrary: fc.constantFrom('%', '%zz', '%FF', '%C0%80', '%ED%A0%80', '%E2%80%AE', '%2e%2e', '..', '.', '%2F', '%3F', '%23', 'a'.repeat(201), '%25', '+', '%20') },
  );

// ------------------------------------------------------------------------------------ bodies
const JSON_TYPES = ['application/json', 'application/json; charset=utf-8', 'application/json; charset=utf-16', 'application/json; charset=latin1', 'APPLICATION/JSON', 'application/vnd.api+json', 'application/json;;', 'application/json; charset="'];
const OTHER_TYPES = ['text/plain', 'application/xml', 'application/x-www-form-urlencoded', 'application/octet-stream', 'image/png', 'multipart/mixed', '*/*', 'foo', ';', 'text/html; charset=utf-8'];

/** multipart/form-data bodies that are wrong in the ways parsers stumble on. */
function malformedMultipart(fields: string[]): fc.Arbitrary<{ contentType: string; body: Buffer }> {
  const boundary = fc.constantFrom('XyZ', '----fuzz', 'a'.repeat(70), 'b'.repeat(200), '"quoted"', ' ');
  const field = fc.oneof(fc.constantFrom(...(fields.length ? fields : ['file']), 'file', 'avatar', 'image'), hostileString.filter((s) => s.length < 200));
  const part = fc
    .record({ name: field, value: hostileString, file: fc.option(fc.constantFrom('a.png', 'a.jpg', '../../x.pdf', 'a\u202Egnp.exe', 'x'.repeat(300), '')), type: fc.constantFrom('image/png', 'image/jpeg', 'application/pdf', 'text/plain', '') })
    .map(({ name, value, file, type }) => ({ name: name.replace(/[\r\n"]/g, '_'), value, file, type }));
  return fc
    .record({
      boundary,
      parts: fc.array(part, { minLength: 0, maxLength: 4 }),
      mode: fc.constantFrom('no-boundary', 'truncated', 'no-end', 'no-headers', 'ok', 'garbage-preamble', 'empty'),
      cut: fc.nat(),
    })
    .map(({ boundary, parts, mode, cut }) => {
      const b = boundary.replace(/"/g, '');
      const chunks = parts.map(
        (p) =>
          `--${b}\r\nContent-Disposition: form-data; name="${p.name}"${p.file !== null ? `; filename="${p.file.replace(/[\r\n"]/g, '_')}"` : ''}\r\n${p.type ? `Content-Type: ${p.type}\r\n` : ''}\r\n${p.value}\r\n`,
      );
      let text = `${chunks.join('')}--${b}--\r\n`;
      if (mode === 'no-end') text = chunks.join('');
      if (mode === 'no-headers') text = `--${b}\r\n\r\n${parts[0]?.value ?? ''}\r\n--${b}--\r\n`;
      if (mode === 'garbage-preamble') text = `garbage\r\n${text}`;
      if (mode === 'empty') text = '';
      let body = Buffer.from(text, 'utf8');
      if (mode === 'truncated' && body.length > 0) body = body.subarray(0, cut % body.length);
      const contentType = mode === 'no-boundary' ? 'multipart/form-data' : `multipart/form-data; boundary=${boundary}`;
      return { contentType, body };
    });
}

export interface FuzzRequest {
  method: string;
  /** Path and query as sent (already encoded). */
  url: string;
  headers: Record<string, string>;
  body?: Buffer;
  /** Who signs the request: nobody, the subscribed member, the administrator, a forged token. */
  as: 'visitor' | 'member' | 'admin' | 'forged';
}

export interface Tokens {
  member: string;
  admin: string;
}

/** Requests for one operation. */
export function requestArbitrary(operation: Operation): fc.Arbitrary<FuzzRequest> {
  const pathValues = fc.tuple(...operation.pathParams.map((p) => addressValue(p.schema)));
  const queryNames = [...operation.queryParams.map((p) => p.name)];
  const query = fc.array(
    fc.tuple(
      fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...(queryNames.length ? queryNames : ['q'])) }, { weight: 1, arbitrary: fc.oneof(hostileString.filter((s) => s.length < 100), fc.constantFrom('__proto__', 'constructor', 'limit', 'page')) }),
      addressValue(operation.queryParams[0]?.schema ?? {}),
    ),
    { maxLength: 4 },
  );
  const mediaTypes = Object.keys(operation.bodies);
  const jsonSchema = operation.bodies['application/json'];
  const multipartSchema = operation.bodies['multipart/form-data'];
  const takesBody = ['POST', 'PUT', 'PATCH', 'DELETE'].includes(operation.method);

  const jsonBody = fc
    .tuple(
      fc.oneof(
        { weight: 5, arbitrary: objectFor(jsonSchema ?? multipartSchema ?? {}) },
        { weight: 3, arbitrary: plausible(jsonSchema ?? multipartSchema ?? { type: 'object' }) },
        { weight: 2, arbitrary: hostileValue },
        { weight: 1, arbitrary: deepNesting },
      ),
      fc.constantFrom(...JSON_TYPES),
    )
    .map(([value, contentType]) => ({ contentType, body: Buffer.from(toJsonText(value), 'utf8') }));
  const rawBody = fc.record({
    contentType: fc.option(fc.constantFrom(...JSON_TYPES, ...OTHER_TYPES), { freq: 6 }),
    body: fc.oneof(
      fc.uint8Array({ maxLength: 200 }).map((bytes) => Buffer.from(bytes)),
      fc.constantFrom('', '{', '{"a":', '[', 'null', '"x"', '1', 'true', '{"__proto__":{"x":1}}', '{"constructor":{"prototype":{"x":1}}}', '\uFEFF{}', '{}garbage', 'a=1&b=2').map((text) => Buffer.from(text, 'utf8')),
      hostileString.map((text) => Buffer.from(text, 'utf8')),
    ),
  });
  const multipartFields = Object.keys((multipartSchema ?? jsonSchema)?.properties ?? {});
  const body: fc.Arbitrary<{ contentType: string | null; body: Buffer } | null> = !takesBody
    ? fc.oneof({ weight: 5, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: rawBody })
    : fc.oneof(
        { weight: jsonSchema ? 6 : 2, arbitrary: jsonBody },
        { weight: 3, arbitrary: rawBody },
        { weight: multipartSchema ? 4 : 1, arbitrary: malformedMultipart(multipartFields) },
        { weight: mediaTypes.length ? 1 : 3, arbitrary: fc.constant(null) },
      );

  return fc
    .record({
      pathValues,
      query,
      body,
      as: fc.constantFrom('member', 'member', 'member', 'member', 'member', 'visitor', 'visitor', 'visitor', 'forged', 'admin'),
      language: fc.constantFrom('en', 'ar', 'ar-AE,ar;q=0.9', '*', 'xx', '', ';q=', 'en;q=NaN'),
    })
    .map(({ pathValues, query, body, as, language }) => {
      let index = 0;
      const path = operation.path.replace(/\{[^}]+\}/g, () => pathValues[index++] ?? '1');
      const search = query.map(([name, value]) => `${encodeBytes(name)}=${value}`).join('&');
      const headers: Record<string, string> = { 'accept-language': language };
      if (body?.contentType) headers['content-type'] = body.contentType;
      return { method: operation.method, url: search ? `${path}?${search}` : path, headers, body: body?.body, as: as as FuzzRequest['as'] };
    });
}

// ------------------------------------------------------------------------------------ sending
export interface Answer {
  status: number;
  contentType: string;
  body: string;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });

/** Sends `request` to `origin` (http://127.0.0.1:port); rejects when no whole answer comes in `timeoutMs`. */
export function send(origin: string, request: FuzzRequest, tokens: Tokens, timeoutMs = 10_000): Promise<Answer> {
  const { hostname, port } = new URL(origin);
  const headers: Record<string, string> = { ...request.headers };
  if (request.as === 'member') headers.authorization = `Bearer ${tokens.member}`;
  if (request.as === 'admin') headers.authorization = `Bearer ${tokens.admin}`;
  if (request.as === 'forged') headers.authorization = `Bearer ${tokens.member.slice(0, -4)}AAAA`;
  if (request.body) headers['content-length'] = String(request.body.length);
  return new Promise<Answer>((resolve, reject) => {
    const timer = setTimeout(() => {
      outgoing.destroy();
      reject(new Error(`no answer within ${timeoutMs} ms`));
    }, timeoutMs);
    const outgoing = http.request({ host: hostname, port, method: request.method, path: request.url, headers, agent }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        clearTimeout(timer);
        resolve({ status: response.statusCode ?? 0, contentType: String(response.headers['content-type'] ?? ''), body: Buffer.concat(chunks).toString('utf8') });
      });
      response.on('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
    });
    outgoing.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    outgoing.end(request.body);
  });
}

/** Throws unless `answer` is below 500 and, when an error, the envelope. */
export function checkAnswer(answer: Answer): void {
  if (answer.status >= 500 || answer.status < 100) throw new Error(`status ${answer.status}: ${answer.body.slice(0, 500)}`);
  if (answer.status < 400) return;
  let parsed: unknown;
  try {
    parsed = JSON.parse(answer.body);
  } catch {
    throw new Error(`status ${answer.status} without a JSON body (${answer.contentType}): ${answer.body.slice(0, 300)}`);
  }
  const envelope = errorEnvelopeSchema.safeParse(parsed);
  if (!envelope.success) throw new Error(`status ${answer.status} without the error envelope: ${answer.body.slice(0, 300)}`);
}

/** A short, replayable description of a request (long bodies cut). */
export function describeRequest(request: FuzzRequest): string {
  const body = request.body ? request.body.toString('utf8') : '';
  const shownBody = body.length > 600 ? `${JSON.stringify(body.slice(0, 600))}... (${request.body!.length} bytes)` : JSON.stringify(body);
  const url = request.url.length > 400 ? `${request.url.slice(0, 400)}... (${request.url.length} chars)` : request.url;
  return `${request.method} ${url} as ${request.as}\n  headers: ${JSON.stringify(request.headers)}\n  body: ${shownBody}`;
}

/** FUZZ_STATS=1: answers counted by operation and status, printed after the run (to see what the cases reach). */
export const stats = process.env.FUZZ_STATS ? new Map<string, number>() : undefined;

/** The seed of one operation's run: the base seed mixed with the operation, so each gets its own stream. */
export function operationSeed(baseSeed: number, operation: Operation): number {
  let hash = baseSeed | 0;
  for (const char of `${operation.method} ${operation.path}`) hash = (Math.imul(hash, 31) + char.charCodeAt(0)) | 0;
  return hash;
}

/** Runs `count` requests of `operation` from `seed`; resolves with a failure report, or null. */
export async function fuzzOperation(
  origin: string,
  operation: Operation,
  tokens: Tokens,
  options: { seed: number; numRuns: number; path?: string; timeoutMs?: number },
): Promise<string | null> {
  const details = await fc.check(
    fc.asyncProperty(requestArbitrary(operation), async (request) => {
      let answer: Answer;
      try {
        answer = await send(origin, request, tokens, options.timeoutMs);
      } catch (error) {
        throw new Error(`${(error as Error).message}\n${describeRequest(request)}`);
      }
      if (stats) {
        const key = `${operation.method} ${operation.path} ${answer.status}`;
        stats.set(key, (stats.get(key) ?? 0) + 1);
      }
      try {
        checkAnswer(answer);
      } catch (error) {
        throw new Error(`${(error as Error).message}\n${describeRequest(request)}`);
      }
    }),
    // No shrinking unless FUZZ_SHRINK=1: a hang costs the full timeout per shrink step; the request is printed as sent.
    { seed: options.seed, numRuns: options.numRuns, path: options.path, endOnFailure: !process.env.FUZZ_SHRINK, verbose: 0 },
  );
  if (!details.failed) return null;
  const message = details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
  return `${operation.method} ${operation.path} (seed ${details.seed}, path "${details.counterexamplePath}", after ${details.numRuns} runs, ${details.numShrinks} shrinks):\n${message}`;
}

export interface FuzzSettings {
  baseSeed: number;
  /** Requests in all, spread over the operations. */
  totalRuns: number;
  /** Only this operation ("POST /api/x"), to replay a failure. */
  only?: string;
  /** fast-check's counterexample path, to replay one failing case. */
  path?: string;
}

/** FUZZ_RUNS, FUZZ_SEED, FUZZ_OP, FUZZ_PATH; a fixed seed unless a longer run was asked for. */
export function fuzzSettings(defaultRuns: number): FuzzSettings {
  const runs = Number(process.env.FUZZ_RUNS);
  const seed = Number(process.env.FUZZ_SEED);
  const longRun = Number.isInteger(runs) && runs > 0;
  return {
    totalRuns: longRun ? runs : defaultRuns,
    // CI replays the same cases every time; `npm run fuzz` explores new ones unless given a seed.
    baseSeed: Number.isInteger(seed) ? seed : longRun ? Math.floor(Math.random() * 2 ** 31) : 160_016,
    only: process.env.FUZZ_OP || undefined,
    path: process.env.FUZZ_PATH || undefined,
  };
}

/** Fuzzes every operation (or FUZZ_OP's) at `origin`; resolves with the failure reports. */
export async function fuzzAll(origin: string, operations: Operation[], tokens: Tokens, settings: FuzzSettings): Promise<string[]> {
  const chosen = settings.only ? operations.filter((op) => `${op.method} ${op.path}` === settings.only) : operations;
  if (chosen.length === 0) throw new Error(`FUZZ_OP ${settings.only} is no operation of the document`);
  const perOperation = Math.max(1, Math.ceil(settings.totalRuns / chosen.length));
  const failures: string[] = [];
  for (const operation of chosen) {
    const started = Date.now();
    const failure = await fuzzOperation(origin, operation, tokens, {
      seed: operationSeed(settings.baseSeed, operation),
      numRuns: perOperation,
      path: settings.only ? settings.path : undefined,
    });
    // The long run reports as it goes (a slow operation, a failure being shrunk).
    if (process.env.FUZZ_RUNS && failure) console.log(`FAIL ${operation.method} ${operation.path}: ${perOperation} cases, ${Date.now() - started} ms`);
    if (failure) {
      failures.push(`${failure}\n  replay: FUZZ_SEED=${settings.baseSeed} FUZZ_OP='${operation.method} ${operation.path}' FUZZ_PATH='${failure.match(/path "([^"]*)"/)?.[1] ?? ''}'`);
    }
  }
  return failures;
}
