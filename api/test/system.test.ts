import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { healthResponseSchema } from '@scholars/shared-contracts/schemas';
import { build, getJson, usePostgres, useApp } from './helper';

const app = useApp();

describe('health', () => {
  it('GET /api/health checks the database', async () => {
    const { status, body } = await getJson(app(), '/api/health');
    expect(status).toBe(200);
    const { data } = healthResponseSchema.parse(body);
    expect(data.database).toBe('ok');
    expect(data.driver).toBe(usePostgres ? 'postgres' : 'pglite');
  });
});

interface JsonSchema {
  type?: string;
  properties?: Record<string, unknown>;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
}

interface Operation {
  requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown>; required?: string[] } }> };
  parameters?: Array<{ in: string; name: string }>;
  responses: Record<string, { content?: Record<string, { schema: JsonSchema }> }>;
}

describe('OpenAPI document', () => {
  it('/api/openapi.json documents the spec calls, each with its envelope and error answers', async () => {
    const { status, body } = await getJson(app(), '/api/openapi.json');
    expect(status).toBe(200);
    expect(body.openapi).toBe('3.0.3');
    const paths = body.paths as Record<string, Record<string, Operation>>;
    const routes = Object.entries(paths).flatMap(([url, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${url}`));
    // The calls of spec 7 that the web client makes; features add more routes around them.
    expect(routes).toEqual(
      expect.arrayContaining([
        'GET /api/health',
        'GET /api/subscription-plan',
        'GET /api/conference-categories',
        'GET /api/community-categories',
        'POST /api/conference/paginate',
        'POST /api/research-community/paginate',
        'GET /api/team',
        'GET /api/team/{id}',
        'POST /api/ads/websitePaginate',
        'GET /api/site-settings',
        'POST /api/auth/register',
        'POST /api/auth/login',
        'POST /api/tokens/refresh-token',
        'POST /api/tokens/logout',
        'POST /api/stripe/create-subscription',
        'POST /api/base/contact',
        'POST /api/newsletter-subscribers',
      ]),
    );
    for (const [url, methods] of Object.entries(paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        const where = `${method.toUpperCase()} ${url}`;
        // Every documented operation is a route the server really has.
        expect(app().hasRoute({ method: method.toUpperCase() as 'GET', url: url.replace(/\{(\w+)\}/g, ':$1') }), where).toBe(true);
        const success = operation.responses['200'] ?? operation.responses['201'];
        // HTML pages (the local checkout) answer errors as pages too; every API call documents its 400.
        const isHtmlPage = success !== undefined && success.content === undefined;
        if (!isHtmlPage) expect(operation.responses['400'], `${where} 400`).toBeDefined();
        const json = success?.content?.['application/json']?.schema;
        // An envelope, or a union of envelopes (one answer shape per outcome). File downloads
        // declare an untyped body (their type comes from the stored file).
        // The member's data export is a JSON file to keep (documented by its own schema), not an answer.
        const envelopes = json && where !== 'GET /api/profile/export' ? (json.anyOf ?? json.oneOf ?? [json]) : [];
        for (const envelope of envelopes.filter((schema) => schema.type !== undefined || schema.properties !== undefined)) {
          expect(envelope.properties, `${where} envelope`).toHaveProperty('status');
        }
        if (method === 'post' && /paginate$/i.test(url)) {
          const schema = operation.requestBody?.content['application/json']?.schema;
          expect(schema?.required, `${where} body`).toEqual(expect.arrayContaining(['limit', 'page']));
          expect(schema?.properties).toHaveProperty('col');
          expect(schema?.properties).toHaveProperty('search');
        }
      }
    }
    expect(paths['/api/team/{id}']?.get?.parameters).toEqual([expect.objectContaining({ in: 'path', name: 'id' })]);
    expect(paths['/api/team/{id}']?.get?.responses['404']).toBeDefined();
    const plans = paths['/api/subscription-plan']?.get?.responses['200']?.content?.['application/json']?.schema;
    expect(JSON.stringify(plans)).toContain('subscription_plan_features');
  });

  it('a field the API fills in when it is left out is optional in the document', async () => {
    const { body } = await getJson(app(), '/api/openapi.json');
    const paths = body.paths as Record<string, Record<string, Operation>>;
    const bodyOf = (url: string, method: string) => paths[url]?.[method]?.requestBody?.content['application/json']?.schema;
    const ebook = bodyOf('/api/admin/ebooks', 'post');
    expect(ebook?.properties).toHaveProperty('pages');
    for (const field of ['pages', 'published_year', 'keywords', 'category_id', 'university_id']) {
      expect(ebook?.required ?? [], `admin/ebooks ${field}`).not.toContain(field);
    }
    const university = bodyOf('/api/admin/universities', 'post');
    expect(university?.properties).toHaveProperty('sort_order');
    expect(university?.required ?? [], 'sort_order').not.toContain('sort_order');
    const metadata = bodyOf('/api/admin/research/{id}', 'put');
    expect(metadata?.required).toEqual(expect.arrayContaining(['title', 'category_id', 'updated_at']));
    expect(metadata?.required, 'other_category').not.toContain('other_category');
    const queries = (url: string) => (paths[url]?.get?.parameters ?? []) as Array<{ in: string; name: string; required?: boolean }>;
    for (const [url, flag] of [['/api/review/research', 'overdue'], ['/api/admin/consultations', 'overdue'], ['/api/admin/consultation-ratings', 'hidden']] as const) {
      expect(queries(url).find((parameter) => parameter.name === flag), `${url} ${flag}`).toEqual(expect.objectContaining({ in: 'query', required: false }));
    }
  });

  it('the docs UI is served at /api/docs and reads the same document', async () => {
    const page = await app().inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('swagger-ui');
    const fromUi = await getJson(app(), '/api/docs/json');
    const direct = await getJson(app(), '/api/openapi.json');
    expect(fromUi.body.paths).toEqual(direct.body.paths);
  });
});

describe('shutdown', () => {
  it('a request in progress when the close begins gets its answer, then its kept-alive connection is closed (no wait for the keep-alive timeout)', async () => {
    const server = await build();
    let socket: net.Socket | undefined;
    try {
      await server.listen({ port: 0, host: '127.0.0.1' });
      const port = (server.server.address() as net.AddressInfo).port;
      const body = JSON.stringify({ limit: 2, page: 1, col: 'title', search: '' });
      socket = net.connect(port, '127.0.0.1');
      await new Promise((resolve) => socket!.once('connect', resolve));
      let received = '';
      socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
      const ended = new Promise<void>((resolve) => socket!.once('close', () => resolve()));
      // Half of the body: the request is in progress (not idle) when the close begins.
      const head = `POST /api/conference/paginate HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n`;
      socket.write(head + body.slice(0, 10));
      await new Promise((resolve) => setTimeout(resolve, 100));
      const started = Date.now();
      const closing = server.close();
      await new Promise((resolve) => setTimeout(resolve, 100));
      socket.write(body.slice(10));
      await closing;
      await ended;
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(received).toMatch(/^HTTP\/1\.1 200 /);
      expect(received).toContain('"status":true');
    } finally {
      socket?.destroy();
      await server.cleanup();
    }
  });
});
