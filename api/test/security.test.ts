import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import configPlugin from '../src/plugins/app/config';
import helmetPlugin from '../src/plugins/external/helmet';
import { DOCS_CSP } from '../src/plugins/external/swagger';
import { FILES_CSP } from '../src/plugins/external/static';
import { PERMISSIONS_POLICY } from '@scholars/shared-contracts/schemas';
import { testConfig, useApp } from './helper';

const app = useApp();

function directives(header: string | string[] | number | undefined): Map<string, string> {
  return new Map(
    String(header ?? '')
      .split(';')
      .map((part) => part.trim())
      .filter(Boolean)
      .map((part) => {
        const [name = '', ...values] = part.split(/\s+/);
        return [name, values.join(' ')] as const;
      }),
  );
}

/** Every header helmet can set: which of them an answer carries, with their values. */
const HELMET_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'cross-origin-resource-policy',
  'origin-agent-cluster',
  'permissions-policy',
  'referrer-policy',
  'strict-transport-security',
  'x-content-type-options',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
] as const;
function helmetSet(headers: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(HELMET_HEADERS.filter((name) => headers[name] !== undefined).map((name) => [name, String(headers[name])]));
}

/** What a JSON answer carries (OWASP REST Security cheat sheet), with the default FRAME_ANCESTORS. */
const JSON_SECURITY_HEADERS = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'self'",
  'cross-origin-resource-policy': 'same-origin',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'SAMEORIGIN',
};

/**
 * What a document whose CSP has frame-ancestors carries of the API set: frame-ancestors is its one
 * framing rule, so no X-Frame-Options (issue 16).
 */
const { 'x-frame-options': _xFrameOptions, ...DOCUMENT_SECURITY_HEADERS } = JSON_SECURITY_HEADERS;

/** The headers that only act on documents: HTML and other non-JSON answers carry them, JSON does not. */
const DOCUMENT_ONLY_HEADERS = {
  'permissions-policy': PERMISSIONS_POLICY,
  'cross-origin-opener-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

describe('security headers', () => {
  it('JSON answers carry the API set exactly: a CSP that allows nothing, nosniff, referrer policy, framing rules, CORP, HSTS', async () => {
    // health (a route), a cached read (miss, then hit, then 304), a paginated read, a 404, a 400.
    const answers = [
      await app().inject({ method: 'GET', url: '/api/health' }),
      await app().inject({ method: 'GET', url: '/api/subscription-plan' }),
      await app().inject({ method: 'GET', url: '/api/subscription-plan', headers: { 'accept-encoding': 'br' } }),
      await app().inject({ method: 'POST', url: '/api/conference/paginate', payload: { limit: 5, page: 1 } }),
      await app().inject({ method: 'POST', url: '/api/conference/paginate', payload: { limit: 500, page: 1 } }),
      await app().inject({ method: 'GET', url: '/api/nope' }),
    ];
    const etag = String(answers[1]!.headers.etag);
    answers.push(await app().inject({ method: 'GET', url: '/api/subscription-plan', headers: { 'if-none-match': etag } }));
    expect(answers.map((response) => response.statusCode)).toEqual([200, 200, 200, 200, 400, 404, 304]);
    for (const response of answers) {
      expect(helmetSet(response.headers), `${response.statusCode} ${response.body.slice(0, 60)}`).toEqual(JSON_SECURITY_HEADERS);
      expect(response.headers['x-powered-by']).toBeUndefined();
    }
  });

  it('documents (HTML without a CSP of their own) get the full set: the document CSP, the site\'s Permissions-Policy and the document-only headers, framing ruled by frame-ancestors alone', async () => {
    const bare = Fastify({ logger: false });
    await bare.register(configPlugin, { config: testConfig() });
    await bare.register(helmetPlugin);
    bare.get('/page', async (_request, reply) => reply.type('text/html; charset=utf-8').send('<!doctype html><p>page</p>'));
    bare.get('/text', async () => 'plain text');
    bare.get('/json', async () => ({ status: true }));
    try {
      for (const url of ['/page', '/text']) {
        const response = await bare.inject({ method: 'GET', url });
        const csp = directives(response.headers['content-security-policy']);
        expect(csp.get('default-src')).toBe("'self'");
        expect(csp.get('script-src')).toBe("'self'");
        expect(csp.get('script-src-attr')).toBe("'none'");
        expect(csp.get('object-src')).toBe("'none'");
        expect(csp.get('base-uri')).toBe("'none'");
        expect(csp.get('frame-ancestors')).toBe("'self'");
        expect(String(response.headers['content-security-policy'])).not.toContain('unsafe');
        expect(helmetSet(response.headers)).toEqual({
          ...DOCUMENT_SECURITY_HEADERS,
          'content-security-policy': String(response.headers['content-security-policy']),
          ...DOCUMENT_ONLY_HEADERS,
        });
      }
      expect(helmetSet((await bare.inject({ method: 'GET', url: '/json' })).headers)).toEqual(JSON_SECURITY_HEADERS);
    } finally {
      await bare.close();
    }
  });

  it('frame-ancestors comes from FRAME_ANCESTORS (and X-Frame-Options is dropped for a list)', async () => {
    const bare = Fastify({ logger: false });
    await bare.register(configPlugin, { config: testConfig({ FRAME_ANCESTORS: "'self' https://partner.example" }) });
    await bare.register(helmetPlugin);
    bare.get('/', async () => ({ status: true }));
    try {
      const response = await bare.inject({ method: 'GET', url: '/' });
      expect(response.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'self' https://partner.example");
      expect(response.headers['x-frame-options']).toBeUndefined();
    } finally {
      await bare.close();
    }
  });

  it('with FRAME_ANCESTORS \'none\', JSON answers say DENY in X-Frame-Options too, documents only in frame-ancestors', async () => {
    const bare = Fastify({ logger: false });
    await bare.register(configPlugin, { config: testConfig({ FRAME_ANCESTORS: "'none'" }) });
    await bare.register(helmetPlugin);
    bare.get('/json', async () => ({ status: true }));
    bare.get('/page', async (_request, reply) => reply.type('text/html; charset=utf-8').send('<!doctype html><p>page</p>'));
    try {
      const json = await bare.inject({ method: 'GET', url: '/json' });
      expect(json.headers['x-frame-options']).toBe('DENY');
      expect(json.headers['permissions-policy']).toBeUndefined();
      const page = await bare.inject({ method: 'GET', url: '/page' });
      expect(directives(page.headers['content-security-policy']).get('frame-ancestors')).toBe("'none'");
      expect(page.headers['x-frame-options']).toBeUndefined();
      for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb']) expect(String(page.headers['permissions-policy'])).toContain(`${feature}=()`);
    } finally {
      await bare.close();
    }
  });

  it('the docs page relaxes styles for itself only and uses no inline script', async () => {
    const docs = await app().inject({ method: 'GET', url: '/api/docs' });
    expect(docs.statusCode).toBe(200);
    expect(docs.headers['content-type']).toMatch(/^text\/html/);
    const csp = directives(docs.headers['content-security-policy']);
    expect(csp.get('script-src')).toBe("'self'");
    expect(csp.get('style-src')).toBe("'self' 'unsafe-inline'");
    expect(csp.get('object-src')).toBe("'none'");
    // The docs page is a document: it keeps the document-only headers.
    expect(helmetSet(docs.headers)).toEqual({
      ...DOCUMENT_SECURITY_HEADERS,
      'content-security-policy': DOCS_CSP,
      ...DOCUMENT_ONLY_HEADERS,
    });
    // every <script> has a src
    expect(docs.body.match(/<script(?![^>]*\bsrc=)[^>]*>/g) ?? []).toEqual([]);
    const asset = await app().inject({ method: 'GET', url: '/api/docs/static/swagger-initializer.js' });
    expect(asset.statusCode).toBe(200);
    const spec = await app().inject({ method: 'GET', url: '/api/docs/json' });
    expect(spec.json()).toHaveProperty('openapi');
    // JSON of the docs routes: swagger-ui sets the docs CSP on each of its routes; no document-only headers.
    expect(helmetSet(spec.headers)).toEqual({ ...JSON_SECURITY_HEADERS, 'content-security-policy': DOCS_CSP });
    const api = await app().inject({ method: 'GET', url: '/api/team' });
    expect(helmetSet(api.headers)).toEqual(JSON_SECURITY_HEADERS);
  });

  it('answers under the rate limit carry no rate-limit header (a 429 does: errors.test.ts)', async () => {
    for (const url of ['/api/team', '/api/health', '/api/nope']) {
      const response = await app().inject({ method: 'GET', url });
      expect(Object.keys(response.headers).filter((name) => /ratelimit|retry-after/i.test(name)), url).toEqual([]);
    }
  });
});

describe('CORS', () => {
  it('allows the configured origins with credentials, and no one else', async () => {
    const allowed = await app().inject({ method: 'GET', url: '/api/team', headers: { origin: 'http://localhost:8080' } });
    expect(allowed.headers['access-control-allow-origin']).toBe('http://localhost:8080');
    expect(allowed.headers['access-control-allow-credentials']).toBe('true');

    const denied = await app().inject({ method: 'GET', url: '/api/team', headers: { origin: 'https://evil.example' } });
    expect(denied.headers['access-control-allow-origin']).toBeUndefined();
    expect(denied.headers['access-control-allow-credentials']).toBeUndefined();

    // No Origin: no CORS request, no CORS header; every answer still varies by Origin for caches.
    const sameOrigin = await app().inject({ method: 'GET', url: '/api/team' });
    expect(Object.keys(sameOrigin.headers).filter((name) => name.startsWith('access-control-'))).toEqual([]);
    for (const answer of [allowed, denied, sameOrigin]) expect(String(answer.headers.vary)).toMatch(/\bOrigin\b/);

    const preflight = await app().inject({
      method: 'OPTIONS',
      url: '/api/conference/paginate',
      headers: {
        origin: 'http://127.0.0.1:8081',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,authorization,accept-language',
      },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('http://127.0.0.1:8081');
    expect(String(preflight.headers['access-control-allow-methods'])).toContain('POST');
    expect(String(preflight.headers['access-control-allow-headers']).toLowerCase()).toContain('authorization');
  });
});

describe('/files', () => {
  it('serves seed images with their type, nosniff, a sandboxing CSP and a day of cache', async () => {
    const response = await app().inject({ method: 'GET', url: '/files/images/conferences/3.svg' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['cache-control']).toBe('public, max-age=86400');
    const csp = directives(response.headers['content-security-policy']);
    expect(csp.get('default-src')).toBe("'none'");
    expect(csp.has('sandbox')).toBe(true);
    expect(response.headers['cross-origin-resource-policy']).toBe('cross-origin');
    // A file may be opened as a page (an SVG): its own sandboxing CSP and the document-only headers;
    // that CSP says nothing on framing, so X-Frame-Options stays its framing rule.
    expect(helmetSet(response.headers)).toEqual({
      ...JSON_SECURITY_HEADERS,
      'content-security-policy': FILES_CSP,
      'cross-origin-resource-policy': 'cross-origin',
      ...DOCUMENT_ONLY_HEADERS,
    });
    // Its 304 too: a cache merges the 304's headers into the stored answer (RFC 9111 4.3.4).
    const revalidated = await app().inject({ method: 'GET', url: '/files/images/conferences/3.svg', headers: { 'if-none-match': String(response.headers.etag) } });
    expect(revalidated.statusCode).toBe(304);
    expect(helmetSet(revalidated.headers)).toEqual(helmetSet(response.headers));
  });

  it('serves uploads from FILES_DIR/public as immutable, before the seed files', async () => {
    const uploads = path.join(app().config.FILES_DIR, 'public', 'images', 'conferences');
    await mkdir(uploads, { recursive: true });
    await writeFile(path.join(uploads, '3.svg'), '<svg xmlns="http://www.w3.org/2000/svg"><title>upload</title></svg>');
    await writeFile(path.join(uploads, 'a1b2c3.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    const svg = await app().inject({ method: 'GET', url: '/files/images/conferences/3.svg' });
    expect(svg.body).toContain('<title>upload</title>');
    expect(svg.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const png = await app().inject({ method: 'GET', url: '/files/images/conferences/a1b2c3.png' });
    expect(png.statusCode).toBe(200);
    expect(png.headers['content-type']).toBe('image/png');
  });

  it.each([
    '/files/../package.json',
    '/files/%2e%2e/%2e%2e/package.json',
    '/files/..%2f..%2fprivate/research/1.pdf',
    '/files/private/research/1.pdf',
    '/files/../private/research/1.pdf',
    '/files/.hidden',
    '/files/',
    '/files/images/',
  ])('does not serve %s', async (url) => {
    const response = await app().inject({ method: 'GET', url });
    expect([400, 403, 404]).toContain(response.statusCode);
    expect(response.body).not.toContain('%PDF');
    expect(response.body).not.toContain('"dependencies"');
    expect(response.json()).toMatchObject({ status: false });
  });
});
