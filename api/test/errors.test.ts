import Fastify, { type FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorEnvelopeSchema, validationMessages } from '@scholars/shared-contracts/schemas';
import configPlugin from '../src/plugins/app/config';
import i18nPlugin from '../src/plugins/app/i18n';
import errorHandlerPlugin from '../src/plugins/app/error-handler';
import rateLimitPlugin from '../src/plugins/external/rate-limit';
import { testConfig, useApp } from './helper';

const app = useApp();
const en = validationMessages.en;
const ar = validationMessages.ar;
const valid = { limit: 5, page: 1, col: 'title', search: '' };

async function post(payload: string | undefined, headers: Record<string, string> = { 'content-type': 'application/json' }, url = '/api/conference/paginate') {
  const response = await app().inject({ method: 'POST', url, headers, ...(payload === undefined ? {} : { payload }) });
  expect(response.statusCode, `${url} ${payload?.slice(0, 80)}`).toBeLessThan(500);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  const body = errorEnvelopeSchema.parse(response.json());
  expect(body.err).toBe(response.statusCode);
  return { status: response.statusCode, body };
}
const postBody = (body: unknown, headers?: Record<string, string>) =>
  post(JSON.stringify(body), { 'content-type': 'application/json', ...headers });

describe('bad payloads get a 4xx envelope, never a 500', () => {
  it.each([
    ['limit as a string', { ...valid, limit: '5' }, 'limit', en.mustBeNumber],
    ['limit as a boolean', { ...valid, limit: true }, 'limit', en.mustBeNumber],
    ['page as text', { ...valid, page: 'two' }, 'page', en.mustBeNumber],
    ['search as a number', { ...valid, search: 12 }, 'search', en.mustBeText],
    ['col as an object', { ...valid, col: { $ne: 1 } }, 'col', 'Must be one of: title, title_en, start_date, id, relevance, upcoming'],
    ['unknown col', { ...valid, col: 'password_hash' }, 'col', 'Must be one of: title, title_en, start_date, id, relevance, upcoming'],
    ['col with SQL', { ...valid, col: 'title; DROP TABLE users' }, 'col', 'Must be one of: title, title_en, start_date, id, relevance, upcoming'],
    ['negative page', { ...valid, page: -1 }, 'page', 'Must be at least 1'],
    ['page 0', { ...valid, page: 0 }, 'page', 'Must be at least 1'],
    ['fractional page', { ...valid, page: 1.5 }, 'page', en.mustBeInteger],
    ['limit 10_000', { ...valid, limit: 10_000 }, 'limit', 'Must be at most 100'],
    ['limit 0', { ...valid, limit: 0 }, 'limit', 'Must be at least 1'],
    ['limit 1e308', { ...valid, limit: 1e308 }, 'limit', en.numberOutOfRange],
    ['page 2^53', { ...valid, page: 2 ** 53 }, 'page', en.numberOutOfRange],
    ['page past the bound', { ...valid, page: 1_000_001 }, 'page', 'Must be at most 1000000'],
    ['category_id past a 32-bit id', { ...valid, category_id: 2 ** 31 }, 'category_id', 'Must be at most 2147483647'],
    ['category_id as text', { ...valid, category_id: '1 OR 1=1' }, 'category_id', en.mustBeNumber],
    ['missing limit', { page: 1 }, 'limit', en.required],
    ['search over 200 characters', { ...valid, search: 'م'.repeat(201) }, 'search', 'Must be at most 200 characters'],
  ])('%s', async (_name, body, field, message) => {
    const { status, body: envelope } = await postBody(body);
    expect(status).toBe(400);
    expect(envelope.status).toBe(false);
    expect(envelope.errors?.[field]).toBe(message);
    expect(envelope.msg).toBe(Object.values(envelope.errors ?? {})[0]);
  });

  it('missing body, empty JSON body, invalid JSON, non-object JSON', async () => {
    expect((await post(undefined, {})).body).toMatchObject({ err: 400, msg: en.bodyRequired });
    expect((await post('')).body).toMatchObject({ err: 400, msg: en.bodyRequired });
    expect((await post('{"limit": 5,')).body).toMatchObject({ err: 400, msg: en.invalidJson });
    expect((await post("{'limit': 5}")).body).toMatchObject({ err: 400, msg: en.invalidJson });
    expect((await post('null')).body).toMatchObject({ err: 400, msg: en.bodyRequired });
    for (const payload of ['[]', '"text"', '42', 'true']) {
      expect((await post(payload)).body, payload).toMatchObject({ err: 400, msg: en.bodyMustBeObject });
    }
  });

  it('prototype pollution keys, wrong content types, oversized and multipart bodies', async () => {
    expect((await post('{"__proto__": {"limit": 5}, "page": 1}')).status).toBe(400);
    expect((await post('{"constructor": {"prototype": {"x": 1}}}')).status).toBe(400);
    // Fastify reads text/plain as a string: not an object.
    expect((await post(JSON.stringify(valid), { 'content-type': 'text/plain' })).body).toMatchObject({ err: 400, msg: en.bodyMustBeObject });
    expect((await post('limit=5&page=1', { 'content-type': 'application/x-www-form-urlencoded' })).body).toMatchObject({
      err: 415,
      msg: en.unsupportedMediaType,
    });
    const huge = JSON.stringify({ ...valid, padding: 'x'.repeat(1_100_000) });
    expect((await post(huge)).body).toMatchObject({ err: 413, msg: en.payloadTooLarge });
    const boundary = '----scholars';
    const multipart = `--${boundary}\r\nContent-Disposition: form-data; name="limit"\r\n\r\n5\r\n--${boundary}--\r\n`;
    // Only the routes that read multipart (contact, profile, research) parse it: elsewhere it is
    // an unsupported type, like a form-urlencoded body.
    expect((await post(multipart, { 'content-type': `multipart/form-data; boundary=${boundary}` })).body).toMatchObject({
      err: 415,
      msg: en.unsupportedMediaType,
    });
  });

  it('ignores unknown fields and accepts the 200-character search bound', async () => {
    const response = await app().inject({
      method: 'POST',
      url: '/api/conference/paginate',
      payload: { ...valid, search: 'م'.repeat(200), extra: { nested: true } },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: true, data: [], tot: 0 });
  });

  it('every paginate endpoint rejects the same bad payloads', async () => {
    for (const url of ['/api/research-community/paginate', '/api/ads/websitePaginate']) {
      for (const body of [{ ...valid, limit: 10_000 }, { ...valid, col: 'nope' }, { ...valid, page: -3 }]) {
        expect((await post(JSON.stringify({ ...body, col: body.col === 'title' ? 'id' : body.col }), undefined, url)).status).toBe(400);
      }
      expect((await post(undefined, {}, url)).status).toBe(400);
    }
  });
});

describe('messages follow Accept-Language', () => {
  it('answers in Arabic for ar and ar-AE, in English otherwise', async () => {
    const arabic = await postBody({ ...valid, limit: 10_000, col: 'nope' }, { 'accept-language': 'ar' });
    expect(arabic.body.msg).toBe('يجب ألا تزيد القيمة على 100');
    expect(arabic.body.errors?.col).toMatch(/^يجب أن تكون القيمة إحدى: /);
    expect((await postBody({ page: 1 }, { 'accept-language': 'ar-AE,en;q=0.5' })).body.msg).toBe(ar.required);
    expect((await post(undefined, { 'accept-language': 'ar' })).body.msg).toBe(ar.bodyRequired);
    expect((await postBody({ page: 1 }, { 'accept-language': 'fr-FR' })).body.msg).toBe(en.required);
  });

  it('reads Accept-Language with the locale owner: q-values, then the wildcard, then English', async () => {
    // The parser's cases are unit-tested in shared-contracts (i18n/locale.test.ts); these go through a real answer.
    expect((await postBody({ page: 1 }, { 'accept-language': 'en;q=0.3, ar;q=0.9' })).body.msg).toBe(ar.required);
    expect((await postBody({ page: 1 }, { 'accept-language': 'en;q=0, *' })).body.msg).toBe(ar.required);
    expect((await postBody({ page: 1 }, { 'accept-language': 'ar;q=0' })).body.msg).toBe(en.required);
  });
});

describe('unknown routes', () => {
  it.each([
    ['GET', '/api/nope'],
    ['POST', '/api/conference/paginatex'],
    ['DELETE', '/api/team'],
    ['GET', '/nothing-here'],
    ['GET', '/files/images/none.svg'],
  ] as const)('%s %s -> 404 envelope', async (method, url) => {
    const response = await app().inject({ method, url, headers: { 'accept-language': 'ar' } });
    expect(response.statusCode).toBe(404);
    expect(errorEnvelopeSchema.parse(response.json())).toEqual({ status: false, msg: ar.notFound, err: 404 });
  });
});

describe('server errors hide their details', () => {
  async function bareApp(routes: (app: FastifyInstance) => void, env: Record<string, string> = {}) {
    const bare = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
    bare.setValidatorCompiler(validatorCompiler);
    bare.setSerializerCompiler(serializerCompiler);
    await bare.register(configPlugin, { config: testConfig(env) });
    await bare.register(i18nPlugin);
    await bare.register(rateLimitPlugin);
    await bare.register(errorHandlerPlugin);
    routes(bare as unknown as FastifyInstance);
    await bare.ready();
    return bare;
  }

  it('an unexpected error and a response that breaks its schema give a generic 500', async () => {
    const bare = await bareApp((instance) => {
      instance.get('/boom', async () => {
        throw new Error('connection to db-host:5432 failed for user admin');
      });
      instance.withTypeProvider<ZodTypeProvider>().get(
        '/bad-shape',
        { schema: { response: { 200: z.object({ status: z.literal(true), data: z.number() }) } } },
        async () => ({ status: true as const, data: 'not a number' as unknown as number }),
      );
    });
    try {
      for (const url of ['/boom', '/bad-shape']) {
        const response = await bare.inject({ method: 'GET', url, headers: { 'accept-language': 'ar' } });
        expect(response.statusCode).toBe(500);
        expect(response.json()).toEqual({ status: false, msg: ar.serverError, err: 500 });
        expect(response.body).not.toMatch(/db-host|admin|number|stack/);
      }
    } finally {
      await bare.close();
    }
  });

  it('over the rate limit: 429 envelope', async () => {
    const bare = await bareApp((instance) => instance.get('/ping', async () => ({ status: true })), { RATE_LIMIT_MAX: '2' });
    try {
      const answers = [];
      for (let i = 0; i < 3; i++) answers.push(await bare.inject({ method: 'GET', url: '/ping' }));
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 429]);
      // Under the limit: no rate-limit header (README, Security); over it: Retry-After and the limit.
      for (const answer of answers.slice(0, 2)) {
        expect(Object.keys(answer.headers).filter((name) => /ratelimit|retry-after/i.test(name))).toEqual([]);
      }
      const limited = await bare.inject({ method: 'GET', url: '/ping' });
      expect(limited.json()).toEqual({ status: false, msg: en.tooManyRequests, err: 429 });
      const retryAfter = Number(limited.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect(limited.headers['x-ratelimit-limit']).toBe('2');
      expect(limited.headers['x-ratelimit-remaining']).toBe('0');
      expect(Number(limited.headers['x-ratelimit-reset'])).toBe(retryAfter);
    } finally {
      await bare.close();
    }
  });
});
