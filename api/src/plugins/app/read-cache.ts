/**
 * `app.readCache`: the public reads' cache (lib/read-cache.ts) wired to HTTP and to the bus.
 *
 * - `app.readCache.route({ tables, ttlSeconds? })` returns route options (`preValidation`, `onSend`,
 *   `onResponse`) for a public read whose answer depends only on the request (no user, no
 *   language): the serialized answer is kept per GET URL or per POST route and JSON body,
 *   with its brotli and gzip forms made once, on first demand; the next identical request is
 *   answered from memory. A GET answer also carries a weak `ETag`, `Last-Modified` and
 *   `Cache-Control: no-cache` (the browser keeps it and revalidates every time), and a request
 *   with a matching `If-None-Match` (or, without one, an `If-Modified-Since` not older than the
 *   data) gets `304 Not Modified`, whether or not the answer is still in memory. POST reads
 *   (paginate) are cached in memory only: HTTP caches do not store POST answers.
 * - `app.readCache.memo(key, tables, ttlMs, load)`: a value (a list's total) kept the same way.
 * - Invalidation, with nothing to call from the routes: every public table has a statement trigger
 *   (migrations 0008, 0014, 0023) that notifies the bus when its rows change, whoever changed them (this
 *   process, another API process, the seed, an administrator in psql); every process listens
 *   (LISTEN/NOTIFY on PostgreSQL). The notification reaches the writing process itself a little
 *   after the commit, so on PostgreSQL this process also watches its own connections and forgets
 *   at the commit (db/client.ts `onCommittedWrites`): who wrote reads the new rows next. On PGlite
 *   the trigger's notification arrives before the writing query resolves.
 *   `app.readCache.invalidate(tables)` does it by hand.
 * - While the bus is not listening (PostgreSQL connection lost), nothing is cached; when it listens
 *   again everything cached before is dropped (notifications may have been missed).
 * READ_CACHE_MAX_MB bounds the memory (0 turns the cache off).
 */
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest, onResponseHookHandler, onSendHookHandler, preValidationHookHandler } from 'fastify';
import { isInvalidateEvent } from '../../lib/bus';
import { ReadCache } from '../../lib/read-cache';
import { COMPRESS_THRESHOLD } from '../external/compress';

/** Tables whose rows the public reads show (their triggers notify the bus: migrations 0008, 0014, 0023). */
export const PUBLIC_TABLES = [
  'subscription_plans',
  'subscription_plan_features',
  'conference_categories',
  'community_categories',
  'conferences',
  'research_submissions',
  'team_members',
  'ads',
  'site_settings',
  'faq_entries',
  'site_pages',
] as const;
export type PublicTable = (typeof PUBLIC_TABLES)[number];
const isPublicTable = (table: string): table is PublicTable => (PUBLIC_TABLES as readonly string[]).includes(table);

export interface CachedRouteOptions {
  tables: readonly PublicTable[];
  /** Upper bound of an entry's life even without writes; short for answers that depend on the clock. Default 300 s. */
  ttlSeconds?: number;
}

interface Answer {
  body: Buffer;
  /** Empty for a POST answer. */
  etag: string;
  br?: Buffer;
  gzip?: Buffer;
}

export interface PublicReadCache {
  route(options: CachedRouteOptions): {
    preValidation: preValidationHookHandler;
    onSend: onSendHookHandler<unknown>;
    onResponse: onResponseHookHandler;
    compress: false;
  };
  /** `bytes`: what the value weighs against READ_CACHE_MAX_MB (a number's 64 when not said). */
  memo<T>(key: string, tables: readonly PublicTable[], ttlMs: number, load: () => Promise<T>, bytes?: number): Promise<T>;
  /** A cached total of `key` without loading it (undefined when not cached). */
  peek<T>(key: string): T | undefined;
  invalidate(tables: readonly PublicTable[]): void;
  readonly store: ReadCache;
}

declare module 'fastify' {
  interface FastifyInstance {
    readCache: PublicReadCache;
  }
}

/** Per-request state of a cached route that missed. */
interface MissState {
  key: string;
  snapshot: ReturnType<ReadCache['snapshot']>;
  release?: () => void;
}
const states = new WeakMap<FastifyRequest, MissState>();

/** JSON with sorted keys: `{a,b}` and `{b,a}` make one key. */
function stableJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  const keys = Object.keys(value as Record<string, unknown>)
    .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
    .sort();
  return `{${keys.map((key) => `${JSON.stringify(key)}:${stableJson((value as Record<string, unknown>)[key])}`).join(',')}}`;
}

/**
 * The answer's key, before validation (a hit skips it): a GET by its URL (path and query string),
 * a POST by its route and its JSON body (key order does not matter).
 */
function keyOf(request: FastifyRequest): string {
  return request.method === 'GET' ? `GET ${request.url}` : `${request.method} ${request.routeOptions.url} ${stableJson(request.body)}`;
}

const encodingChoices = new Map<string, 'br' | 'gzip' | undefined>();
/** br or gzip from Accept-Encoding (q-values honoured, br preferred on a tie), else undefined. */
export function pickEncoding(header: string | string[] | undefined): 'br' | 'gzip' | undefined {
  if (typeof header !== 'string' || header === '') return undefined;
  const known = encodingChoices.get(header);
  if (known !== undefined || encodingChoices.has(header)) return known;
  const quality = new Map<string, number>();
  for (const part of header.toLowerCase().split(',')) {
    const [token, ...params] = part.split(';').map((piece) => piece.trim());
    if (!token) continue;
    let q = 1;
    for (const param of params) {
      const match = /^q=([0-9.]+)$/.exec(param);
      if (match) q = Number(match[1]);
    }
    quality.set(token, Number.isFinite(q) ? q : 0);
  }
  const of = (name: string) => quality.get(name) ?? quality.get('*') ?? 0;
  const br = of('br');
  const gzip = of('gzip');
  const choice = br > 0 && br >= gzip ? 'br' : gzip > 0 ? 'gzip' : undefined;
  if (encodingChoices.size < 200) encodingChoices.set(header, choice);
  return choice;
}

const opaque = (etag: string) => etag.replace(/^W\//, '');

/** RFC 9110 13.1.2: weak comparison against each listed tag, or `*`. */
function noneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const mine = opaque(etag);
  return header.split(',').some((tag) => opaque(tag.trim()) === mine);
}

/** `Vary` values with `accept-encoding` added, by the value before (CORS sets the same one on every answer). */
const varyWithEncoding = new Map<string, string>();
function appendVary(reply: FastifyReply, field: 'accept-encoding') {
  const current = reply.getHeader('vary');
  if (!current) {
    reply.header('vary', field);
    return;
  }
  const list = String(current);
  let next = varyWithEncoding.get(list);
  if (next === undefined) {
    next = list.toLowerCase().split(/\s*,\s*/).includes(field) ? list : `${list}, ${field}`;
    if (varyWithEncoding.size < 50) varyWithEncoding.set(list, next);
  }
  if (next !== list) reply.header('vary', next);
}

let lastDate = { ms: NaN, text: '' };
const httpDate = (ms: number) => {
  if (lastDate.ms !== ms) lastDate = { ms, text: new Date(ms).toUTCString() };
  return lastDate.text;
};

export default fp(
  async (app) => {
    const maxBytes = app.config.READ_CACHE_MAX_MB * 1024 * 1024;
    const store = new ReadCache({ maxBytes });
    store.setEnabled(app.bus.listening);
    const unsubscribe = app.bus.subscribe({
      onEvent(event) {
        if (isInvalidateEvent(event)) store.invalidate(event.tables);
      },
      onResync() {
        store.clear();
        store.setEnabled(true);
      },
      onLost() {
        store.setEnabled(false);
      },
    });
    // This process's own writes (PostgreSQL): forgotten when the write commits, before the query
    // resolves, so whoever wrote reads the new rows next (the trigger's notification comes later,
    // through the bus). On PGlite the triggers' notifications already arrive that way.
    const { database } = app;
    const stopWrites =
      database.driver === 'postgres'
        ? database.onCommittedWrites((tables) => {
            const mine = tables.filter(isPublicTable);
            if (mine.length > 0) store.invalidate(mine);
          })
        : () => undefined;
    app.addHook('onClose', async () => {
      unsubscribe();
      stopWrites();
    });

    /** Misses being answered, by key: identical requests wait for the first instead of querying too. */
    const inflight = new Map<string, Promise<void>>();

    /** Sets the headers of `answer` and returns the payload to send (compressed when asked), or null for a 304 (no body, no Content-Length). */
    function serve(key: string, answer: Answer, tables: readonly PublicTable[], request: FastifyRequest, reply: FastifyReply): Buffer | null {
      reply.header('content-type', 'application/json; charset=utf-8');
      const compressible = answer.body.length >= COMPRESS_THRESHOLD;
      // On the 304 too: it stands for the 200 it revalidates (RFC 9110 15.4.5).
      if (compressible) appendVary(reply, 'accept-encoding');
      if (request.method === 'GET') {
        const now = Date.now();
        const changed = store.lastModified(tables);
        reply.header('etag', answer.etag);
        // Never later than now (RFC 9110 8.8.2.1).
        reply.header('last-modified', httpDate(Math.min(changed, Math.floor(now / 1000) * 1000)));
        reply.header('cache-control', 'no-cache');
        const ifNoneMatch = request.headers['if-none-match'];
        const ifModifiedSince = request.headers['if-modified-since'];
        let notModified = false;
        if (ifNoneMatch !== undefined) notModified = noneMatch(ifNoneMatch, answer.etag);
        else if (ifModifiedSince !== undefined) {
          const since = Date.parse(ifModifiedSince);
          // Only when the data changed in an earlier second than the one named (second resolution).
          notModified = Number.isFinite(since) && changed <= since && changed < Math.floor(now / 1000) * 1000;
        }
        if (notModified) {
          reply.code(304);
          return null;
        }
      }
      return compressible ? encode(answer, request, reply, key) : answer.body;
    }

    /**
     * The body in the encoding the request prefers (br, gzip, else as it is), made once per
     * answer; `key`: the stored answer whose size grows by the compressed form. Each encoder's
     * fastest level: a list page that no one asked for a moment before is compressed for that one
     * answer, and brotli's quality 4 (the usual default) made the uncached pages 10-15% slower
     * under load for answers about a fifth smaller (2.0 against 2.4 KB; docs/performance.md).
     */
    function encode(answer: Answer, request: FastifyRequest, reply: FastifyReply, key?: string): Buffer {
      const encoding = pickEncoding(request.headers['accept-encoding']);
      if (!encoding) return answer.body;
      let compressed = answer[encoding];
      if (!compressed) {
        compressed =
          encoding === 'br'
            ? brotliCompressSync(answer.body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 1, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: answer.body.length } })
            : gzipSync(answer.body, { level: 1 });
        answer[encoding] = compressed;
        if (key !== undefined) store.grow(key, compressed.length);
      }
      reply.header('content-encoding', encoding);
      return compressed;
    }

    function release(request: FastifyRequest) {
      const state = states.get(request);
      if (!state) return;
      states.delete(request);
      state.release?.();
    }

    const readCache: PublicReadCache = {
      store,
      route({ tables, ttlSeconds = 300 }) {
        const ttlMs = ttlSeconds * 1000;
        /** Answers `answer` (hit); nothing runs after it but the onSend and onResponse hooks. */
        function answerHit(key: string, answer: Answer, request: FastifyRequest, reply: FastifyReply) {
          store.hits += 1;
          const payload = serve(key, answer, tables, request, reply);
          if (payload === null) reply.send();
          else reply.send(payload);
        }
        function startMiss(key: string, request: FastifyRequest) {
          store.misses += 1;
          const state: MissState = { key, snapshot: store.snapshot(tables) };
          if (!inflight.has(key)) {
            let done!: () => void;
            const promise = new Promise<void>((resolve) => (done = resolve));
            inflight.set(key, promise);
            state.release = () => {
              if (inflight.get(key) === promise) inflight.delete(key);
              done();
            };
          }
          states.set(request, state);
        }
        // Callback-style hooks (not async): a hit is answered without a promise or a microtask
        // per hook, which is measurable at tens of thousands of answers a second (issue 6).
        const preValidation: preValidationHookHandler = function (request, reply, done) {
          if ((request.method !== 'GET' && request.method !== 'POST') || !store.enabled) return done();
          const key = keyOf(request);
          const answer = store.get(key) as Answer | undefined;
          if (answer) return answerHit(key, answer, request, reply);
          const running = inflight.get(key);
          if (!running) {
            startMiss(key, request);
            return done();
          }
          // The same answer is being made: wait for it. Bounded: a stuck first request must not hold the others.
          let timer: NodeJS.Timeout | undefined;
          const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, 5000).unref()));
          void Promise.race([running, timeout]).then(() => {
            clearTimeout(timer);
            try {
              const made = store.get(key) as Answer | undefined;
              if (made) return answerHit(key, made, request, reply);
              startMiss(key, request);
              done();
            } catch (error) {
              done(error as Error);
            }
          });
        };
        const onSend: onSendHookHandler<unknown> = function (request, reply, payload, done) {
          const state = states.get(request);
          if (!state) {
            // A hit (already encoded), or an answer made while nothing is cached (the cache is off or
            // the bus is down; a HEAD): @fastify/compress is off on these routes, so compress here.
            if (reply.statusCode !== 200 || typeof payload !== 'string' || Buffer.byteLength(payload) < COMPRESS_THRESHOLD) return done(null, payload);
            appendVary(reply, 'accept-encoding');
            try {
              return done(null, encode({ body: Buffer.from(payload), etag: '' }, request, reply));
            } catch (error) {
              return done(error as Error);
            }
          }
          let answered: unknown = payload;
          try {
            if (reply.statusCode === 200 && typeof payload === 'string') {
              const body = Buffer.from(payload);
              // Only a GET answer carries its ETag (POST answers are not kept by HTTP caches).
              const etag = request.method === 'GET' ? `W/"${createHash('sha1').update(body).digest('base64url')}"` : '';
              const answer: Answer = { body, etag };
              store.set(state.key, state.snapshot, answer, body.length + 256, ttlMs);
              answered = serve(state.key, answer, tables, request, reply);
            }
          } catch (error) {
            release(request);
            return done(error as Error);
          }
          release(request);
          done(null, answered);
        };
        const onResponse: onResponseHookHandler = function (request, _reply, done) {
          release(request);
          done();
        };
        // The read cache encodes its answers itself (brotli and gzip made once per answer): the
        // per-request negotiation of @fastify/compress is left out of these routes (issue 6).
        return { preValidation, onSend, onResponse, compress: false as const };
      },
      memo(key, tables, ttlMs, load, bytes) {
        return store.memo(key, tables, ttlMs, load, bytes);
      },
      peek<T>(key: string) {
        return store.peek(key) as T | undefined;
      },
      invalidate(tables) {
        store.invalidate(tables);
      },
    };
    app.decorate<PublicReadCache>('readCache', readCache);
  },
  { name: 'read-cache', dependencies: ['config', 'bus'] },
);
