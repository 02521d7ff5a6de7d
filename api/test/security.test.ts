import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import configPlugin from '../src/plugins/app/config';
import helmetPlugin from '../src/plugins/external/helmet';
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

describe('security headers', () => {
  it('API answers carry a strict CSP, nosniff, a strict referrer policy and framing rules', async () => {
    for (const url of ['/api/health', '/api/nope']) {
      const response = await app().inject({ method: 'GET', url });
      const csp = directives(response.headers['content-security-policy']);
      expect(csp.get('default-src')).toBe("'self'");
      expect(csp.get('script-src')).toBe("'self'");
      expect(csp.get('script-src-attr')).toBe("'none'");
      expect(csp.get('object-src')).toBe("'none'");
      expect(csp.get('base-uri')).toBe("'none'");
      expect(csp.get('frame-ancestors')).toBe("'self'");
      expect(String(response.headers['content-security-policy'])).not.toContain('unsafe');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('no-referrer');
      expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(response.headers['x-powered-by']).toBeUndefined();
    }
  });

  it('frame-ancestors comes from FRAME_ANCESTORS (and X-Frame-Options is dropped for a list)', async () => {
    const bare = Fastify({ logger: false });
    await bare.register(configPlugin, { config: testConfig({ FRAME_ANCESTORS: "'self' https://partner.example" }) });
    await bare.register(helmetPlugin);
    bare.get('/', async () => ({ status: true }));
    try {
      const response = await bare.inject({ method: 'GET', url: '/' });
      expect(directives(response.headers['content-security-policy']).get('frame-ancestors')).toBe("'self' https://partner.example");
      expect(response.headers['x-frame-options']).toBeUndefined();
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
    // every <script> has a src
    expect(docs.body.match(/<script(?![^>]*\bsrc=)[^>]*>/g) ?? []).toEqual([]);
    const asset = await app().inject({ method: 'GET', url: '/api/docs/static/swagger-initializer.js' });
    expect(asset.statusCode).toBe(200);
    const spec = await app().inject({ method: 'GET', url: '/api/docs/json' });
    expect(spec.json()).toHaveProperty('openapi');
    const api = await app().inject({ method: 'GET', url: '/api/team' });
    expect(String(api.headers['content-security-policy'])).not.toContain('unsafe-inline');
  });

  it('rate-limit headers are sent', async () => {
    const response = await app().inject({ method: 'GET', url: '/api/team' });
    expect(Number(response.headers['x-ratelimit-limit'])).toBeGreaterThan(0);
    expect(response.headers['x-ratelimit-remaining']).toBeDefined();
  });
});

describe('CORS', () => {
  it('allows the configured origins with credentials, and no one else', async () => {
    const allowed = await app().inject({ method: 'GET', url: '/api/team', headers: { origin: 'http://localhost:8080' } });
    expect(allowed.headers['access-control-allow-origin']).toBe('http://localhost:8080');
    expect(allowed.headers['access-control-allow-credentials']).toBe('true');

    const denied = await app().inject({ method: 'GET', url: '/api/team', headers: { origin: 'https://evil.example' } });
    expect(denied.headers['access-control-allow-origin']).toBeUndefined();

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
