/**
 * Input no route can store or walk safely is refused before any route sees it, with the envelope
 * (a 400 in the request's language), so that no handler, cache or query has to guard against it:
 *
 * - NUL characters: PostgreSQL text cannot hold U+0000 ("invalid byte sequence"), so a NUL in a
 *   JSON string or key, or `%00` anywhere in the address (path or query), would reach the database
 *   as a 500. A URL can only carry NUL percent-encoded; JSON can carry it as `\u0000`.
 * - Lone UTF-16 surrogates (`\ud800` escaped in JSON, half of a character): no text encodes them,
 *   and the embedded database's encoder sent the bytes around one as invalid UTF-8 (a 500). In a
 *   value one becomes U+FFFD (as a text column stores it); in a key it is refused like a NUL.
 * - JSON nested deeper than MAX_JSON_DEPTH: every body the API accepts is a few levels deep, and
 *   code that walks a body (the read cache's key, zod) recurses once per level.
 *
 * The JSON parser is Fastify's own (prototype poisoning refused), followed by one bounded walk of
 * the parsed value. Routes that read a body their own way (webhooks: raw bytes) replace it.
 */
import fp from 'fastify-plugin';
import { AppError } from '../../lib/errors';

/** Deeper than any body of the API (paginate filters: 3 levels); far below any recursion limit. */
export const MAX_JSON_DEPTH = 32;

/** A surrogate that is not half of a pair (`u` mode reads a pair as one code point). */
const LONE_SURROGATE_RE = /\p{Cs}/gu;
const hasLoneSurrogate = (text: string) => text.search(LONE_SURROGATE_RE) !== -1;
const unstorableKey = (key: string) => key.includes('\u0000') || hasLoneSurrogate(key);

/** `text` with each lone surrogate as U+FFFD, what a text column stores for one. */
const wellFormed = (text: string) => (hasLoneSurrogate(text) ? text.replace(LONE_SURROGATE_RE, '\uFFFD') : text);

/**
 * Checks and repairs a parsed JSON body in place: a 400 AppError when it nests deeper than
 * MAX_JSON_DEPTH or holds a NUL in a string or key, or a lone surrogate in a key; a lone surrogate
 * in a string value becomes U+FFFD (a textarea's length limit can cut an emoji in half: the rest
 * of the text is kept, as a text column would keep it).
 */
export function assertStorableJson(value: unknown): unknown {
  if (typeof value === 'string') {
    if (value.includes('\u0000')) throw new AppError(400, 'validation.invalidCharacters');
    return wellFormed(value);
  }
  const stack: Array<{ value: unknown; depth: number }> = [{ value, depth: 0 }];
  while (stack.length > 0) {
    const item = stack.pop()!;
    if (item.value === null || typeof item.value !== 'object') continue;
    if (item.depth >= MAX_JSON_DEPTH) throw new AppError(400, 'validation.nestedTooDeep', { maximum: MAX_JSON_DEPTH });
    const container = item.value as Record<string, unknown>;
    for (const key of Array.isArray(container) ? container.keys() : Object.keys(container)) {
      if (typeof key === 'string' && unstorableKey(key)) throw new AppError(400, 'validation.invalidCharacters');
      const entry = container[key as string];
      if (typeof entry === 'string') {
        if (entry.includes('\u0000')) throw new AppError(400, 'validation.invalidCharacters');
        container[key as string] = wellFormed(entry);
      } else stack.push({ value: entry, depth: item.depth + 1 });
    }
  }
  return value;
}

export default fp(
  async (app) => {
    // A callback hook and an indexOf on the raw address: next to nothing on the cached reads.
    app.addHook('onRequest', (request, _reply, done) => {
      done(request.url.indexOf('%00') === -1 ? undefined : new AppError(400, 'validation.invalidCharacters'));
    });

    const parseJson = app.getDefaultJsonParser('error', 'error');
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      parseJson(request, body as string, (error, value) => {
        if (error) return done(error, undefined);
        let storable: unknown;
        try {
          storable = assertStorableJson(value);
        } catch (refused) {
          return done(refused as Error, undefined);
        }
        done(null, storable);
      });
    });
  },
  { name: 'input-guards', dependencies: ['error-handler'] },
);
