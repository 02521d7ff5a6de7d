import { describe, expect, it } from 'vitest';
import { healthResponseSchema } from '@scholars/shared-contracts/schemas';
import { getJson, usePostgres, useApp } from './helper';

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

interface Operation {
  requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown>; required?: string[] } }> };
  parameters?: Array<{ in: string; name: string }>;
  responses: Record<string, { content?: Record<string, { schema: { properties?: Record<string, unknown> } }> }>;
}

describe('OpenAPI document', () => {
  it('/api/openapi.json lists every route with its schemas', async () => {
    const { status, body } = await getJson(app(), '/api/openapi.json');
    expect(status).toBe(200);
    expect(body.openapi).toBe('3.0.3');
    const paths = body.paths as Record<string, Record<string, Operation>>;
    const routes = Object.entries(paths).flatMap(([url, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${url}`));
    expect(routes.sort()).toEqual(
      [
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
      ].sort(),
    );
    for (const [url, methods] of Object.entries(paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        const ok = operation.responses['200']?.content?.['application/json']?.schema;
        expect(ok?.properties, `${method} ${url} 200`).toHaveProperty('status');
        expect(operation.responses['400'], `${method} ${url} 400`).toBeDefined();
        if (method === 'post') {
          const schema = operation.requestBody?.content['application/json']?.schema;
          expect(schema?.required, `${method} ${url} body`).toEqual(expect.arrayContaining(['limit', 'page']));
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

  it('the docs UI is served at /api/docs and reads the same document', async () => {
    const page = await app().inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('swagger-ui');
    const fromUi = await getJson(app(), '/api/docs/json');
    const direct = await getJson(app(), '/api/openapi.json');
    expect(fromUi.body.paths).toEqual(direct.body.paths);
  });
});
